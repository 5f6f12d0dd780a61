import { randomBytes } from "node:crypto";
import { open, unlink } from "node:fs/promises";
import type { Services } from "../services.ts";
import { ApiError } from "../core/errors.ts";
import { nowIso } from "../store/db.ts";
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
 * Streams a PUT body to a temp file while hashing it, then adopts it into the blob store: the bytes are
 * never held in memory whole, and a body over the limit is cut off and its partial file removed.
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
  const tmp = svc.blobs.tempPath();
  // Awaited writes through a file handle: a write stream's buffered writes could still land after it was
  // destroyed on a refusal, raising an 'error' event nobody listens to (an uncaught exception).
  const out = await open(tmp, "wx");
  const hasher = new Bun.CryptoHasher("sha256");
  let size = 0;
  try {
    for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw new ApiError("file_too_large", `uploads are limited to ${formatBytes(limit)}`);
      hasher.update(chunk);
      await out.write(chunk);
    }
    await out.close();
  } catch (e) {
    await out.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw e;
  }
  if (size === 0) {
    await unlink(tmp).catch(() => {});
    throw new ApiError("invalid_request", "the upload body is empty");
  }
  // Re-checked at the end: the id may have been used (or expired) while the body streamed, and a late
  // PUT must not turn a used id back into a received one.
  const hash = hasher.digest("hex");
  const r = await svc.db.run(
    "UPDATE uploads SET status = 'received', blob = ?, size_bytes = ? WHERE id = ? AND status != 'used' AND expires_at > ?",
    [hash, size, id, Date.now()],
  );
  if (!r.changes) {
    await unlink(tmp).catch(() => {});
    throw gone(id);
  }
  svc.blobs.adopt(tmp, hash);
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
