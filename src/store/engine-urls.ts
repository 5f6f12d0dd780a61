/**
 * The `--database` and `--blobs` settings: which engine a URL names, refused with one clear line when it
 * names none this build has.
 */

export class BadEngineUrl extends Error {
  override name = "BadEngineUrl";
}

/** `postgres://user:pass@host:port/db?sslmode=…` (or postgresql://). Anything else is refused saying why. */
export function parseDatabaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadEngineUrl("--database is not a URL: expected postgres://user:password@host:5432/dbname");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    throw new BadEngineUrl(
      `--database must be a postgres:// or postgresql:// URL, got a ${url.protocol}// URL (leave it unset for the sqlite file in --data)`,
    );
  if (!url.hostname) throw new BadEngineUrl("--database URL has no host (postgres://user@host:5432/dbname)");
  if (url.pathname.replace(/^\//, "") === "") throw new BadEngineUrl("--database URL names no database (…/dbname)");
  return url;
}

export interface BlobsUrl {
  bucket: string;
  /** Key prefix inside the bucket, "" or ending in "/". */
  prefix: string;
}

/** `s3://BUCKET[/prefix]`; credentials, endpoint and region come from the S3_* / AWS_* variables, not the URL. */
export function parseBlobsUrl(text: string): BlobsUrl {
  const m = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/.exec(text);
  if (!m)
    throw new BadEngineUrl(
      `--blobs must be an s3://BUCKET[/prefix] URL (credentials and endpoint come from S3_*/AWS_* variables), got "${text.replace(/\/\/[^/]*@/, "//***@")}"`,
    );
  const bucket = m[1];
  // Not echoed: what precedes the @ would be a secret.
  if (bucket.includes("@")) throw new BadEngineUrl("--blobs URL must not carry credentials: use S3_ACCESS_KEY_ID");
  // S3's bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens, starting and ending alnum.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new BadEngineUrl(`--blobs bucket "${bucket}" is not a valid S3 bucket name (3-63 of a-z 0-9 . -)`);
  const path = (m[2] ?? "").replace(/^\/+/, "").replace(/\/+$/, "");
  if (path.split("/").some((p) => p === "." || p === ".."))
    throw new BadEngineUrl(`--blobs prefix "${path}" has a . or .. segment`);
  return { bucket, prefix: path ? `${path}/` : "" };
}
