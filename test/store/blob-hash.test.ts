/** putAsync hashes in slices (a turn of the event loop between them); the name must be the whole file's SHA-256. */
import { afterAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobStore } from "../../src/store/blobs.ts";

const dir = mkdtempSync(join(tmpdir(), "packsmith-blob-hash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MiB = 1024 * 1024;

test("hashAsync and putAsync name a blob by the SHA-256 of all its bytes, across slice boundaries", async () => {
  const store = new BlobStore(dir);
  for (const size of [0, 1, 4 * MiB - 1, 4 * MiB, 4 * MiB + 1, 9 * MiB + 7]) {
    const bytes = new Uint8Array(size).map((_, i) => (i * 31 + (i >> 12)) & 0xff);
    const expected = createHash("sha256").update(bytes).digest("hex");
    expect(await BlobStore.hashAsync(bytes)).toBe(expected);
    expect(await store.putAsync(bytes)).toBe(expected);
    expect(new Uint8Array(readFileSync(store.pathOf(expected)))).toEqual(bytes);
  }
});
