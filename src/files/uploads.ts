import { randomBytes } from "node:crypto";
import type { Services } from "../services.ts";
import { ApiError } from "../core/errors.ts";
import { nowIso } from "../store/db.ts";
import { BlobTooLarge } from "../store/blob-store.ts";
import type { SqlDriver } from "../store/sql.ts";
import { formatBytes } from "../core/format.ts";

/** Upload ids live fifteen minutes and are spent by their first use (spec Limits). */
export const UPLOAD_TTL_MS = 15 * 60_000;

const gone = (id: string) =>
  new ApiError("upload_not_found", `no upload '${id}' (ids expire after fifteen minutes and work once)`);

export async function createUpload(svc: Services, accountId: number, fileName: string | null) {
  const id = "up_" + randomBytes(12).toString("base64url");
  const expiresAt = Date.now() + UPLOAD_TTL_MS;
  await svc.db.run(
    "INSERT INTO uploads (id, account_id, status, file_name, expires_at, created_at) VALUES (?, ?, 'waiting', ?, ?, ?)",
    [id, accountId, fileName, expiresAt, nowIso()],
  );
  return { id, expiresAt: new Date(expiresAt).toISOString() };
}

async function liveUpload(svc: Services, accountId: number, id: string) {
  const r = await svc.db.get<any>("SELECT * FROM uploads WHERE id = ? AND account_id = ?", [id, accountId]);
  if (!r || r.status === "used" || Number(r.expires_at) <= Date.now()) throw gone(id);
  return r;
}

/**
 * Streams a PUT body into the blob store while hashing it (on either engine): the bytes are never held in
 * memory whole, and a body over the limit is cut off with nothing stored.
 */
export async function receiveUpload(
  svc: Services,
  accountId: number,
  id: string,
  request: Request,
): Promise<{ sizeBytes: number }> {
  await liveUpload(svc, accountId, id);
  const limit = svc.config.limits.uploadBytes;
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (declared > limit) throw new ApiError("file_too_large", `uploads are limited to ${formatBytes(limit)}`);
  // The blob first (streamed and hashed; nothing is stored under any name unless the body ended whole within
  // the limit), then the row: a row never names bytes that are not stored. A refused row leaves a blob nobody
  // names, harmless in a content-addressed store.
  let stored: { hash: string; size: number };
  try {
    stored = await svc.blobs.putStream(request.body ?? new Blob([]).stream(), { maxBytes: limit });
  } catch (e) {
    if (e instanceof BlobTooLarge) throw new ApiError("file_too_large", `uploads are limited to ${formatBytes(limit)}`);
    throw e;
  }
  const { hash, size } = stored;
  if (size === 0) throw new ApiError("invalid_request", "the upload body is empty");
  // Re-checked at the end: the id may have been used (or expired) while the body streamed, and a late
  // PUT must not turn a used id back into a received one.
  const r = await svc.db.run(
    "UPDATE uploads SET status = 'received', blob = ?, size_bytes = ? WHERE id = ? AND status != 'used' AND expires_at > ?",
    [hash, size, id, Date.now()],
  );
  if (!r.changes) throw gone(id);
  return { sizeBytes: size };
}

/** An upload whose bytes have arrived and that may still be used. */
export async function receivedUpload(
  svc: Services,
  accountId: number,
  id: string,
): Promise<{ id: string; blob: string; fileName: string | null }> {
  const r = await liveUpload(svc, accountId, id);
  if (r.status !== "received")
    throw new ApiError("upload_not_found", `upload '${id}' has no bytes yet; PUT the file to its url first`);
  return { id, blob: r.blob, fileName: r.file_name };
}

/** Spends an upload id; guarded so two concurrent uses cannot both succeed. */
export async function markUploadUsed(db: SqlDriver, id: string): Promise<void> {
  const r = await db.run("UPDATE uploads SET status = 'used' WHERE id = ? AND status = 'received'", [id]);
  if (!r.changes) throw gone(id);
}
