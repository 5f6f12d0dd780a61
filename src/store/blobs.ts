import { mkdirSync, renameSync, existsSync, statSync, writeFileSync, unlinkSync } from "node:fs";
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

  /** Stores bytes and returns their hash; a second put of equal bytes writes nothing. */
  put(bytes: Uint8Array): string {
    const hash = BlobStore.hash(bytes);
    const path = this.pathOf(hash);
    if (existsSync(path)) return hash;
    mkdirSync(join(this.root, hash.slice(0, 2)), { recursive: true });
    const tmp = this.tempPath();
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
    return hash;
  }

  /** Adopts a file already written under tmp/ (streamed uploads) once its hash is known. */
  adopt(tmpFile: string, hash: string): string {
    const path = this.pathOf(hash);
    if (existsSync(path)) {
      unlinkSync(tmpFile);
      return hash;
    }
    mkdirSync(join(this.root, hash.slice(0, 2)), { recursive: true });
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

  async get(hash: string): Promise<Uint8Array> {
    return new Uint8Array(await this.file(hash).arrayBuffer());
  }
}
