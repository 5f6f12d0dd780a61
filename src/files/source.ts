import { Type } from "@sinclair/typebox";
import type { SqlDriver } from "../store/sql.ts";
import { mapFile } from "../store/blobs.ts";
import type { Services } from "../services.ts";
import type { Caller } from "../core/keys.ts";
import { ApiError } from "../core/errors.ts";
import { formatBytes } from "../core/format.ts";
import { fetchUrl } from "./fetch-url.ts";
import { receivedUpload, markUploadUsed } from "./uploads.ts";

/** `file`: exactly one of upload, url, base64, text (spec "Upload and import"). */
export const FileSource = Type.Object(
  {
    upload: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: "Upload id from POST /uploads, after PUTting the bytes to its url.",
      }),
    ),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: "Public https URL to download." })),
    base64: Type.Optional(
      Type.String({ minLength: 1, description: "File bytes in base64 (a data: URI is fine), up to 8 MB." }),
    ),
    text: Type.Optional(Type.String({ minLength: 1, description: "File text (model JSON, .bbmodel), up to 8 MB." })),
  },
  { additionalProperties: false, description: "Exactly one of upload, url, base64, text." },
);

export interface ResolvedFile {
  bytes: Uint8Array;
  fileName: string | null;
  /** The blob already holding these bytes (an upload), so a caller that stores them need not hash them again. */
  blob?: string;
  /** Marks a used upload id spent; call inside the transaction that records the result, with its tx. */
  consume(tx: SqlDriver): Promise<void>;
}

/** Fetches the bytes a `file` object names; nothing is spent until `consume()`. */
export async function resolveFile(
  svc: Services,
  caller: Caller,
  file: { upload?: string; url?: string; base64?: string; text?: string },
  /** mapUpload: an upload's bytes are mapped from its blob, not read (pack zips, up to hundreds of MB). */
  opts: { mapUpload?: boolean } = {},
): Promise<ResolvedFile> {
  const given = (["upload", "url", "base64", "text"] as const).filter((k) => file[k] !== undefined);
  if (given.length !== 1)
    throw new ApiError(
      "invalid_request",
      `file must have exactly one of upload, url, base64, text (got ${given.length ? given.join(", ") : "none"})`,
    );
  const limit = svc.config.limits.inlineFileBytes;
  const none = async () => {};
  // The limit is on the file, not on its spelling: UTF-8 bytes of text, decoded bytes of base64.
  const tooLarge = (field: string, size: number) =>
    new ApiError(
      "file_too_large",
      `file.${field} holds ${formatBytes(size)}; the limit for an inline file is ${formatBytes(limit)}`,
    );
  if (file.text !== undefined) {
    const bytes = new TextEncoder().encode(file.text);
    if (bytes.length > limit) throw tooLarge("text", bytes.length);
    return { bytes, fileName: null, consume: none };
  }
  if (file.base64 !== undefined) {
    const bytes = decodeBase64(file.base64);
    if (bytes.length > limit) throw tooLarge("base64", bytes.length);
    return { bytes, fileName: null, consume: none };
  }
  if (file.url !== undefined) {
    const f = svc.config.fetch;
    const got = await fetchUrl(file.url, { ...f, maxBytes: svc.config.limits.urlFetchBytes });
    return { bytes: got.bytes, fileName: got.fileName, consume: none };
  }
  const up = await receivedUpload(svc, caller.account.id, file.upload!);
  return {
    bytes: opts.mapUpload ? mapFile(await svc.blobs.localPath(up.blob)) : await svc.blobs.get(up.blob),
    blob: up.blob,
    fileName: up.fileName,
    consume: (tx) => markUploadUsed(tx, up.id),
  };
}

const DATA_URI = /^data:[^,]*?;base64,/i;

function decodeBase64(text: string): Uint8Array {
  const body = text.replace(DATA_URI, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body) || body.length % 4 === 1)
    throw new ApiError("invalid_request", "file.base64 is not valid base64");
  return new Uint8Array(Buffer.from(body, body.includes("-") || body.includes("_") ? "base64url" : "base64"));
}

/** A pack zip (import, check) may not pass the configured size; refused before anything reads it. */
export function refuseOversizedPackZip(svc: Services, bytes: Uint8Array): void {
  if (bytes.length > svc.config.limits.importZipBytes)
    throw new ApiError("file_too_large", `pack zips are limited to ${formatBytes(svc.config.limits.importZipBytes)}`);
}
