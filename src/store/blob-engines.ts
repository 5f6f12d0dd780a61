/** The `--blobs` setting made into a blob store: the data folder's when it is absent, the bucket's otherwise. */
import { type BlobStorage, FolderBlobs } from "./blob-store.ts";
import { S3Blobs, type S3BlobsOptions } from "./blobs-s3.ts";
import { parseBlobsUrl } from "./engine-urls.ts";
import { EngineUnavailable } from "./engines.ts";

/**
 * Opens the blob store a process runs on, and proves it answers before anything is served: a wrong URL is
 * BadEngineUrl, an endpoint that cannot be reached EngineUnavailable, a bucket that is missing or refuses the keys
 * an Error saying so; each is one line for the start-up message.
 */
export async function openBlobStorage(
  setting: string | undefined,
  folderRoot: string,
  options: S3BlobsOptions = {},
): Promise<BlobStorage> {
  if (!setting) return new FolderBlobs(folderRoot);
  const url = parseBlobsUrl(setting);
  const s3 = new S3Blobs(url, options);
  try {
    await s3.verify();
  } catch (e) {
    if (e instanceof EngineUnavailable) throw e;
    throw new Error(`--blobs s3://${url.bucket}/${url.prefix} refused: ${e instanceof Error ? e.message : e}`, {
      cause: e,
    });
  }
  return s3;
}
