import { mkdirSync, renameSync, existsSync, statSync, writeFileSync, unlinkSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Content-addressed blob store: `<root>/ab/cdef…` named by the SHA-256 of the bytes.
 * Written to a temp file and renamed so a reader never sees half a blob; equal bytes share one file.
 */
export class BlobStore {
  constructor(readonly root: string) {
    mkdirSync(join(root, "tmp"), { recursive: true });
  }

  static hash(bytes: Uint8Array): string {
    return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
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
    const hash = BlobStore.hash(bytes);
    const path = this.pathOf(hash);
    if (existsSync(path)) return hash;
    this.shard(hash);
    const tmp = this.tempPath();
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
    return hash;
  }

  /**
   * `put` with the file written off the JS thread. Many of these at once overlap their file
   * creations (bulk imports), and the server keeps answering while the disk works.
   */
  async putAsync(bytes: Uint8Array): Promise<string> {
    const hash = BlobStore.hash(bytes);
    const path = this.pathOf(hash);
    if (existsSync(path)) return hash;
    this.shard(hash);
    const tmp = this.tempPath();
    await writeFile(tmp, bytes);
    await rename(tmp, path);
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
    return hash;
  }

  tempPath(): string {
    return join(this.root, "tmp", `${Date.now()}-${randomBytes(8).toString("hex")}`);
  }

  has(hash: string): boolean {
    return existsSync(this.pathOf(hash));
  }

  size(hash: string): number {
    return statSync(this.pathOf(hash)).size;
  }

  file(hash: string) {
    return Bun.file(this.pathOf(hash));
  }

  /** Blobs are pack files (mostly a few KB): one synchronous read beats an async file round trip. */
  async get(hash: string): Promise<Uint8Array> {
    return readFileSync(this.pathOf(hash));
  }
}
