/**
 * The blob store as the rest of the service will see it once it runs on more than one machine: asynchronous,
 * content-addressed (a blob is named by the SHA-256 of its bytes, so writing one twice is harmless and a name
 * never changes meaning), with two engines behind it: the data folder (FolderBlobs, over blobs.ts's BlobStore)
 * and an S3 bucket (S3Blobs, blobs-s3.ts). test/support/blob-store-suite.ts holds both to one contract.
 */
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { BlobStore } from "./blobs.ts";
import { type EngineHealth, probe } from "./engines.ts";

/** Bytes `start` to `end`, both included (as an HTTP Range says them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStorage {
  readonly engine: "folder" | "s3";
  /** Stores bytes; answers their hash. Equal bytes are stored once. */
  put(bytes: Uint8Array): Promise<string>;
  /**
   * Stores a stream, hashing as it comes. Nothing is stored under any name unless the stream ended whole
   * within `maxBytes` (else BlobTooLarge, or the stream's own error).
   */
  putStream(body: ReadableStream<Uint8Array>, options?: { maxBytes?: number }): Promise<{ hash: string; size: number }>;
  has(hash: string): Promise<boolean>;
  /** The whole blob; BlobNotFound when there is none by that hash. */
  get(hash: string): Promise<Uint8Array>;
  /** The blob's size in bytes, or undefined when there is none. */
  size(hash: string): Promise<number | undefined>;
  /** The bytes of a blob known to exist (ask `size` first: the range must lie inside it), read as they are sent. */
  stream(hash: string, range?: ByteRange): ReadableStream<Uint8Array>;
  /** Removes a blob; one already gone is fine. */
  delete(hash: string): Promise<void>;
  /** Every hash stored, in no promised order (backups, garbage collection). */
  list(): AsyncIterable<string>;
  /**
   * A file on this machine holding the blob, for the work that reads a zip by path or maps it into memory
   * (import planning and checks in worker threads): the folder's own file, or a copy of the S3 object kept in
   * the local cache folder. Read-only; BlobNotFound when there is no such blob.
   */
  localPath(hash: string): Promise<string>;
  /** A bounded probe for /healthz. */
  ping(): Promise<EngineHealth>;
}

export class BlobNotFound extends Error {
  override name = "BlobNotFound";
  constructor(readonly hash: string) {
    super(`no blob ${hash}`);
  }
}

export class BlobTooLarge extends Error {
  override name = "BlobTooLarge";
  constructor(readonly maxBytes: number) {
    super(`the stream is longer than ${maxBytes} bytes`);
  }
}

export const isBlobHash = (hash: string) => /^[0-9a-f]{64}$/.test(hash);

/** Refuses anything that is not a blob name before it reaches a path or a key (no traversal, no listing). */
export function checkHash(hash: string): string {
  if (!isBlobHash(hash)) throw new Error(`not a blob hash: ${hash}`);
  return hash;
}

/**
 * Reads a stream to its end through `sink`, hashing it and counting its bytes, refusing it past maxBytes.
 * Shared by both engines: each writes the bytes somewhere that is not yet the blob's name.
 */
export async function hashStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  sink: (chunk: Uint8Array) => unknown,
): Promise<{ hash: string; size: number }> {
  const hasher = new Bun.CryptoHasher("sha256");
  let size = 0;
  for await (const chunk of body) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError("a blob stream must yield Uint8Array chunks");
    size += chunk.length;
    if (size > maxBytes) throw new BlobTooLarge(maxBytes);
    hasher.update(chunk);
    await sink(chunk);
  }
  return { hash: hasher.digest("hex"), size };
}

/** Ends a file writer whose file is being abandoned or was already ended; a second end must not mask the first error. */
export async function endQuietly(writer: { end(error?: Error): number | Promise<number> }): Promise<void> {
  try {
    await writer.end();
  } catch {}
}

/** The data folder's blobs, asynchronously: the same files the synchronous BlobStore reads and writes. */
export class FolderBlobs implements BlobStorage {
  readonly engine = "folder" as const;
  readonly folder: BlobStore;

  constructor(folder: BlobStore | string) {
    this.folder = typeof folder === "string" ? new BlobStore(folder) : folder;
  }

  put(bytes: Uint8Array): Promise<string> {
    return this.folder.putAsync(bytes);
  }

  async putStream(body: ReadableStream<Uint8Array>, options: { maxBytes?: number } = {}) {
    // Written under tmp/ and renamed into place only once whole (adopt), so a reader never sees part of it.
    const tmp = this.folder.tempPath();
    const writer = Bun.file(tmp).writer();
    try {
      const got = await hashStream(body, options.maxBytes ?? Number.POSITIVE_INFINITY, (c) => writer.write(c));
      await writer.end();
      this.folder.adopt(tmp, got.hash);
      return got;
    } catch (e) {
      await endQuietly(writer);
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async has(hash: string): Promise<boolean> {
    return this.folder.has(checkHash(hash));
  }

  async get(hash: string): Promise<Uint8Array> {
    try {
      return await this.folder.get(checkHash(hash));
    } catch (e) {
      if ((e as { code?: string }).code === "ENOENT") throw new BlobNotFound(hash);
      throw e;
    }
  }

  async size(hash: string): Promise<number | undefined> {
    const f = this.folder.file(checkHash(hash));
    return (await f.exists()) ? f.size : undefined;
  }

  stream(hash: string, range?: ByteRange): ReadableStream<Uint8Array> {
    const file = this.folder.file(checkHash(hash));
    return (range ? file.slice(range.start, range.end + 1) : file).stream();
  }

  async localPath(hash: string): Promise<string> {
    if (!this.folder.has(checkHash(hash))) throw new BlobNotFound(hash);
    return this.folder.pathOf(hash);
  }

  async delete(hash: string): Promise<void> {
    this.folder.remove(checkHash(hash));
  }

  async *list(): AsyncIterable<string> {
    for (const shard of await readdir(this.folder.root)) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue; // tmp/ and anything else that is not a blob
      for (const rest of await readdir(join(this.folder.root, shard))) {
        const hash = shard + rest;
        if (isBlobHash(hash)) yield hash;
      }
    }
  }

  ping(): Promise<EngineHealth> {
    // The folder is up when its temp folder can be listed (a missing mount or a dead disk fails here).
    return probe("folder", 2000, () => readdir(join(this.folder.root, "tmp")));
  }
}
