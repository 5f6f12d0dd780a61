/**
 * Blobs in an S3 bucket (AWS S3, MinIO, Swift's s3api, R2…) through Bun.S3Client. Keys mirror the blob folder:
 * `<prefix>ab/cdef…`, named by the SHA-256 of the bytes.
 *
 * S3 has no rename, copy-into-place or conditional write that every S3-compatible server offers, so the name
 * comes first: bytes are hashed before anything is written under their key, and the write is then idempotent
 * (equal bytes, equal key). A stream whose hash is only known at its end is spooled to a local temp file while
 * it is hashed, then uploaded from there (multipart past one part); an upload that fails is never completed, so
 * no partial object appears under the key. Bun's streaming writer is not used for this: `end(err)` completes
 * the upload instead of aborting it.
 *
 * Credentials, endpoint and region come from the S3_* / AWS_* variables Bun.S3Client reads (S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_ENDPOINT, S3_REGION, S3_SESSION_TOKEN, or the AWS_ names).
 */
import { S3Client, type S3Options } from "bun";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import {
  BlobNotFound,
  type BlobStorage,
  type ByteRange,
  checkHash,
  endQuietly,
  hashStream,
  isBlobHash,
} from "./blob-store.ts";
import type { BlobsUrl } from "./engine-urls.ts";
import { EngineUnavailable, type EngineHealth, probe } from "./engines.ts";

/** S3's smallest multipart part (except the last) is 5 MiB; 8 MiB parts keep a 500 MB zip at ~63 parts. */
const PART_SIZE = 8 * 1024 * 1024;
/** Above this a put asks first whether the blob is there: a HEAD is cheaper than sending the bytes again. */
const ASK_FIRST_BYTES = 256 * 1024;
/** S3 error codes that mean "not now", not "no": the caller answers 503 and may retry. */
const DOWN =
  /^(Connection|ECONN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_|Timeout|RequestTimeout|SlowDown|ServiceUnavailable|InternalError)/;

export interface S3BlobsOptions {
  /** Client settings over what the environment gives (tests pass the endpoint and keys). */
  client?: S3Options;
  /** Multipart part size, at least 5 MiB. */
  partSize?: number;
  /** Keys asked per list request (S3's maximum and default is 1000). */
  listPageSize?: number;
  /** Where streams are spooled while hashed. */
  spoolDir?: string;
  /** Where local copies of objects are kept for work that needs a file (localPath); the spool folder if unset. */
  cacheDir?: string;
}

export class S3Blobs implements BlobStorage {
  readonly engine = "s3" as const;
  private readonly client: S3Client;
  private readonly partSize: number;

  constructor(
    readonly where: BlobsUrl,
    private readonly options: S3BlobsOptions = {},
  ) {
    this.partSize = options.partSize ?? PART_SIZE;
    if (this.partSize < 5 * 1024 * 1024) throw new Error("S3 multipart parts must be at least 5 MiB");
    this.client = new S3Client({ ...s3OptionsFromEnv(), ...options.client, bucket: where.bucket });
  }

  private key(hash: string): string {
    checkHash(hash);
    return `${this.where.prefix}${hash.slice(0, 2)}/${hash.slice(2)}`;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const hash = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
    const key = this.key(hash);
    await this.call(async () => {
      if (bytes.length > ASK_FIRST_BYTES && (await this.client.exists(key))) return;
      await this.client.write(key, bytes, { type: "application/octet-stream", partSize: this.partSize });
    });
    return hash;
  }

  async putStream(body: ReadableStream<Uint8Array>, options: { maxBytes?: number } = {}) {
    const dir = this.options.spoolDir ?? tmpdir();
    await mkdir(dir, { recursive: true });
    const spool = join(dir, `packsmith-s3-${randomBytes(8).toString("hex")}`);
    const writer = Bun.file(spool).writer();
    try {
      const got = await hashStream(body, options.maxBytes ?? Number.POSITIVE_INFINITY, (c) => writer.write(c));
      await writer.end();
      const key = this.key(got.hash);
      await this.call(async () => {
        if (await this.client.exists(key)) return;
        // A Bun.file body larger than one part goes up as a multipart upload (blob-stores.test.ts checks the ETag); S3 shows
        // such an object only once CompleteMultipartUpload succeeds, so a failed upload leaves nothing at the key.
        await this.client.write(key, Bun.file(spool), {
          type: "application/octet-stream",
          partSize: this.partSize,
          queueSize: 2,
          retry: 2,
        });
      });
      return got;
    } finally {
      await endQuietly(writer);
      await rm(spool, { force: true });
    }
  }

  has(hash: string): Promise<boolean> {
    return this.call(() => this.client.exists(this.key(hash)));
  }

  get(hash: string): Promise<Uint8Array> {
    return this.call(() => this.client.file(this.key(hash)).bytes(), hash);
  }

  async size(hash: string): Promise<number | undefined> {
    try {
      return (await this.call(() => this.client.stat(this.key(hash)), hash)).size;
    } catch (e) {
      if (e instanceof BlobNotFound) return undefined;
      throw e;
    }
  }

  stream(hash: string, range?: ByteRange): ReadableStream<Uint8Array> {
    // The bytes themselves, from a (ranged) GET: `new Response(s3file)` would answer a redirect to a presigned
    // URL, and downloads stream through the service, never redirect to the bucket.
    const file = this.client.file(this.key(hash));
    return (range ? file.slice(range.start, range.end + 1) : file).stream();
  }

  async localPath(hash: string): Promise<string> {
    // Content-addressed: a copy once whole is right for good, so it is reused. Written under a temporary name
    // and renamed, so a reader never maps a half-downloaded file.
    const dir = this.options.cacheDir ?? this.options.spoolDir ?? tmpdir();
    const path = join(dir, `s3-copy-${checkHash(hash)}`);
    if (await Bun.file(path).exists()) return path;
    await mkdir(dir, { recursive: true });
    const part = `${path}.${randomBytes(6).toString("hex")}.part`;
    if ((await this.size(hash)) === undefined) throw new BlobNotFound(hash);
    const writer = Bun.file(part).writer();
    try {
      // Streamed to disk: an imported pack can be hundreds of MB.
      await this.call(async () => {
        for await (const chunk of this.stream(hash)) writer.write(chunk);
        await writer.end();
      });
      await rename(part, path);
    } finally {
      await endQuietly(writer);
      await rm(part, { force: true });
    }
    return path;
  }

  /**
   * Removes local copies (localPath) and spool files not touched for `maxAgeMs`: a process's start-up
   * housekeeping, since the copies are kept for reuse and a crash can leave a spool file behind. Anything
   * younger is left alone: another process sharing the folder may be using it. Answers how many went.
   */
  async sweepLocal(maxAgeMs = 24 * 3600_000, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const dir of new Set([this.options.cacheDir ?? this.options.spoolDir, this.options.spoolDir])) {
      if (!dir) continue; // the system temp folder is not ours to sweep
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.startsWith("s3-copy-") && !name.startsWith("packsmith-s3-")) continue;
        const path = join(dir, name);
        const st = await stat(path).catch(() => null);
        if (st && now - st.mtimeMs > maxAgeMs) {
          await rm(path, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  async delete(hash: string): Promise<void> {
    await this.call(() => this.client.delete(this.key(hash)));
  }

  async *list(): AsyncIterable<string> {
    let continuationToken: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.list({
          prefix: this.where.prefix,
          maxKeys: this.options.listPageSize ?? 1000,
          ...(continuationToken ? { continuationToken } : {}),
        }),
      );
      for (const o of page.contents ?? []) {
        const hash = o.key.slice(this.where.prefix.length).replace("/", "");
        if (isBlobHash(hash) && o.key === this.key(hash)) yield hash;
      }
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** One-key listing of the prefix: proves the endpoint answers, the bucket exists and the keys are accepted. */
  async verify(): Promise<void> {
    await this.call(() => this.client.list({ prefix: this.where.prefix, maxKeys: 1 }));
  }

  ping(timeoutMs = 5000): Promise<EngineHealth> {
    return probe("s3", timeoutMs, () => this.verify());
  }

  /** Runs an S3 call, answering a missing key as BlobNotFound and an unreachable server as EngineUnavailable. */
  private async call<T>(fn: () => Promise<T>, hash?: string): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const code = String((e as { code?: string }).code ?? "");
      if (hash && code === "NoSuchKey") throw new BlobNotFound(hash);
      if (DOWN.test(code))
        throw new EngineUnavailable("s3", `the S3 bucket ${this.where.bucket} is unreachable (${code})`, { cause: e });
      throw e;
    }
  }
}

/**
 * The S3_* / AWS_* variables, read when a store is made. Bun.S3Client reads the same names, but only as the
 * process started; reading them here keeps one rule (S3_ before AWS_) and lets a caller pass another env.
 */
export function s3OptionsFromEnv(env: Record<string, string | undefined> = process.env): S3Options {
  const pick = (name: string) => env[`S3_${name}`] || env[`AWS_${name}`] || undefined;
  const options: S3Options = {
    accessKeyId: pick("ACCESS_KEY_ID"),
    secretAccessKey: pick("SECRET_ACCESS_KEY"),
    sessionToken: pick("SESSION_TOKEN"),
    endpoint: pick("ENDPOINT"),
    region: pick("REGION"),
  };
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}
