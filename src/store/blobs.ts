import {
  mkdirSync,
  renameSync,
  existsSync,
  statSync,
  writeFileSync,
  unlinkSync,
  readFileSync,
  readdirSync,
  rmSync,
} from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Lru } from "../lru.ts";

/** Bytes of recently read blobs kept in memory, and the largest blob kept. */
const READ_CACHE_BYTES = 64 * 1024 * 1024;
const READ_CACHE_MAX_BLOB = 256 * 1024;

/**
 * Content-addressed blob store: `<root>/ab/cdef…` named by the SHA-256 of the bytes.
 * Written to a temp file and renamed so a reader never sees half a blob; equal bytes share one file.
 */
/** Bytes hashed per turn of the event loop by `hashAsync`. */
const HASH_SLICE = 4 * 1024 * 1024;

export class BlobStore {
  constructor(readonly root: string) {
    mkdirSync(join(root, "tmp"), { recursive: true });
  }

  static hash(bytes: Uint8Array): string {
    return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  }

  /**
   * `hash` in slices with a turn of the event loop between them: SHA-256 runs at ~300 MB/s here, so a 48 MiB file
   * hashed at once held every other request for ~150 ms (Bun has no off-thread digest; crypto.subtle's runs on
   * the calling thread too). A 4 MiB slice is ~13 ms.
   */
  static async hashAsync(bytes: Uint8Array): Promise<string> {
    const hasher = new Bun.CryptoHasher("sha256");
    for (let at = 0; at < bytes.length; at += HASH_SLICE) {
      if (at > 0) await new Promise((r) => setImmediate(r));
      hasher.update(bytes.subarray(at, at + HASH_SLICE));
    }
    return hasher.digest("hex");
  }

  /** The blob's bytes mapped from its file rather than read (see mapFile): for pack zips, which can be 500 MB. */
  map(hash: string): Uint8Array {
    return mapFile(this.pathOf(hash));
  }

  pathOf(hash: string): string {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return join(this.root, hash.slice(0, 2), hash.slice(2));
  }

  /** Shard folders known to exist, so a put costs one mkdir per folder rather than one per blob. */
  private readonly shards = new Set<string>();

  private shard(hash: string): void {
    const dir = hash.slice(0, 2);
    if (this.shards.has(dir)) return;
    mkdirSync(join(this.root, dir), { recursive: true });
    this.shards.add(dir);
  }

  /** Stores bytes and returns their hash; a second put of equal bytes writes nothing. */
  put(bytes: Uint8Array): string {
    const slot = this.slotFor(bytes);
    if (!slot.tmp) return slot.hash;
    try {
      writeFileSync(slot.tmp, bytes);
      renameSync(slot.tmp, slot.path);
    } catch (e) {
      discardTemp(slot.tmp, e);
    }
    return this.stored(slot.hash);
  }

  /**
   * `put` with the file written off the JS thread. Many of these at once overlap their file
   * creations (bulk imports), and the server keeps answering while the disk works.
   */
  async putAsync(bytes: Uint8Array): Promise<string> {
    const slot = this.slotFor(bytes, await BlobStore.hashAsync(bytes));
    if (!slot.tmp) return slot.hash;
    try {
      await writeFile(slot.tmp, bytes);
      await rename(slot.tmp, slot.path);
    } catch (e) {
      discardTemp(slot.tmp, e);
    }
    return this.stored(slot.hash);
  }

  /** Where bytes go: their hash and path, and a temp file to write first ("" when the blob is already stored). */
  private slotFor(bytes: Uint8Array, hash = BlobStore.hash(bytes)): { hash: string; path: string; tmp: string } {
    const path = this.pathOf(hash);
    if (existsSync(path)) return { hash, path, tmp: "" };
    this.shard(hash);
    return { hash, path, tmp: this.tempPath() };
  }

  private stored(hash: string): string {
    this.known.add(hash);
    return hash;
  }

  /** Adopts a file already written under tmp/ (streamed uploads) once its hash is known. */
  adopt(tmpFile: string, hash: string): string {
    const path = this.pathOf(hash);
    if (existsSync(path)) {
      unlinkSync(tmpFile);
      return hash;
    }
    this.shard(hash);
    renameSync(tmpFile, path);
    this.known.add(hash);
    return hash;
  }

  /** Removes everything under tmp/: called by the server holding the folder's lock, before it writes any. */
  sweepTemp(): number {
    const dir = join(this.root, "tmp");
    let n = 0;
    for (const f of readdirSync(dir)) {
      rmSync(join(dir, f), { force: true, recursive: true });
      n++;
    }
    return n;
  }

  tempPath(): string {
    return join(this.root, "tmp", `${Date.now()}-${randomBytes(8).toString("hex")}`);
  }

  /**
   * Hashes known to be stored: an export asks `has` for every file it plans, and one stat per file was a
   * tenth of an export's time. Blobs are never removed behind this class's back; whatever removes one
   * must drop it from here too.
   */
  private readonly known = new Set<string>();

  has(hash: string): boolean {
    if (this.known.has(hash)) return true;
    if (!existsSync(this.pathOf(hash))) return false;
    this.known.add(hash);
    return true;
  }

  /** Removes a blob (garbage collection of blobs no row names); absent already is fine. */
  remove(hash: string): void {
    rmSync(this.pathOf(hash), { force: true });
    this.known.delete(hash);
    this.recent.delete(hash);
  }

  size(hash: string): number {
    return statSync(this.pathOf(hash)).size;
  }

  file(hash: string) {
    return Bun.file(this.pathOf(hash));
  }

  /**
   * Blobs are pack files (mostly a few KB): one synchronous read beats an async file round trip. Small
   * blobs are kept in a bounded cache (content-addressed bytes never change), so exporting a pack again
   * copies from memory instead of paying four syscalls per file (bench/export.ts). The bytes returned are
   * shared with the cache: callers never write into them.
   */
  async get(hash: string): Promise<Uint8Array> {
    const hit = this.recent.get(hash);
    if (hit) return hit;
    const path = this.pathOf(hash);
    const bytes = readFileSync(path);
    this.recent.set(hash, bytes);
    return bytes;
  }

  /**
   * A blob known to be big (an uploaded pack zip), read off the JS thread: a synchronous read of hundreds of
   * megabytes would hold every other request. Not cached.
   */
  async getLarge(hash: string): Promise<Uint8Array> {
    return new Uint8Array(await Bun.file(this.pathOf(hash)).arrayBuffer());
  }

  private readonly recent = new Lru<Uint8Array>(READ_CACHE_BYTES, (b) => b.length, READ_CACHE_MAX_BLOB);
}

/**
 * A file's bytes through a read-only mapping: pages come in as they are touched and are the page cache's to
 * drop, so a 500 MB pack zip costs no heap and no copy (issue 13: memory bounded while imports run). Safe for
 * blobs: one is never rewritten in place (a put writes a temp file and renames it), and removing a mapped file
 * keeps its pages. An empty file cannot be mapped; its bytes are an empty array.
 */
export function mapFile(path: string): Uint8Array {
  return statSync(path).size === 0 ? new Uint8Array(0) : Bun.mmap(path, { shared: false });
}

/** A failed write (a full disk leaves a partial temp file) removes its temp file, so the space comes back. */
function discardTemp(tmp: string, e: unknown): never {
  rmSync(tmp, { force: true });
  throw e;
}
