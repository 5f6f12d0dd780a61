/**
 * A stored blob as a Blob the HTTP layer can size and slice (ops/conditional.ts: length, ETag, ranges), on either
 * engine, always read through this process (never a redirect to the bucket: a presigned S3 URL would hand the
 * client a second origin and a credential-bearing link).
 *
 * The folder's blob is its own file. An S3 object of up to 8 MiB (nearly every asset and most packs) is read whole
 * into memory; a larger one is served from the local copy `localPath` keeps (content-addressed, reused, swept once
 * a day old), because Bun sends any stream chunked whatever Content-Length says, and a file keeps the length and
 * byte ranges without holding the object in memory.
 */
import { type BlobStorage, FolderBlobs } from "./blob-store.ts";

const S3_IN_MEMORY_BYTES = 8 * 1024 * 1024;

export async function blobBody(blobs: BlobStorage, hash: string, size?: number | null): Promise<Blob> {
  if (blobs instanceof FolderBlobs) return blobs.folder.file(hash);
  const bytes = size ?? (await blobs.size(hash));
  if (bytes !== undefined && bytes <= S3_IN_MEMORY_BYTES)
    return new Blob([(await blobs.get(hash)) as Uint8Array<ArrayBuffer>]);
  return Bun.file(await blobs.localPath(hash));
}
