/**
 * One contract for every blob engine (the data folder, an S3 bucket): `describeBlobStorage` runs the same tests
 * on whatever `open` gives, as Hono runs one router suite over all its routers.
 */
import { describe, expect, test } from "bun:test";
import { BlobNotFound, type BlobStorage, BlobTooLarge } from "../../src/store/blob-store.ts";

const sha256 = (b: Uint8Array) => new Bun.CryptoHasher("sha256").update(b).digest("hex");
const random = (n: number) => {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(b.subarray(i, Math.min(n, i + 65536)));
  return b;
};
/** A stream of `bytes` in chunks of `chunk`, failing after `failAfter` chunks when given. */
function streamOf(bytes: Uint8Array, chunk: number, failAfter?: number): ReadableStream<Uint8Array> {
  let at = 0;
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (failAfter !== undefined && sent === failAfter) return c.error(new Error("the client went away"));
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
      sent++;
    },
  });
}
const all = async (s: BlobStorage) => {
  const out: string[] = [];
  for await (const h of s.list()) out.push(h);
  return out.sort();
};

/**
 * `open` answers a fresh, empty store for each test; a store listing over pages must be opened with a small
 * page size so that paging is exercised (the suite stores 7 blobs).
 */
export function describeBlobStorage(name: string, open: () => Promise<BlobStorage>, skip?: string | null) {
  if (skip) console.warn(`blob store suite on ${name} skipped: ${skip}`);
  describe.skipIf(!!skip)(`blob store: ${name}`, () => {
    test("put answers the SHA-256 of the bytes; get, has, size and list agree; equal bytes are one blob", async () => {
      const s = await open();
      const bytes = random(3000);
      const hash = await s.put(bytes);
      expect(hash).toBe(sha256(bytes));
      expect(await s.put(bytes.slice())).toBe(hash);
      expect(await s.has(hash)).toBe(true);
      expect(await s.size(hash)).toBe(3000);
      expect([...(await s.get(hash))]).toEqual([...bytes]);
      expect(await all(s)).toEqual([hash]);
      const empty = await s.put(new Uint8Array(0));
      expect(await s.size(empty)).toBe(0);
      expect((await s.get(empty)).length).toBe(0);
      expect(await all(s)).toEqual([hash, empty].sort());
    });

    test("an unknown hash is absent, and a name that is not a hash is refused before it reaches a path or key", async () => {
      const s = await open();
      const unknown = "0".repeat(64);
      expect(await s.has(unknown)).toBe(false);
      expect(await s.size(unknown)).toBeUndefined();
      await expect(s.get(unknown)).rejects.toBeInstanceOf(BlobNotFound);
      for (const bad of ["../../etc/passwd", "A".repeat(64), "abc", `${"0".repeat(63)}/`])
        await expect(s.has(bad)).rejects.toThrow(/not a blob hash/);
    });

    test("stream answers the whole blob or exactly the bytes of a range", async () => {
      const s = await open();
      const bytes = random(100_000);
      const hash = await s.put(bytes);
      expect(sha256(await new Response(s.stream(hash)).bytes())).toBe(hash);
      const mid = await new Response(s.stream(hash, { start: 1000, end: 1999 })).bytes();
      expect([...mid]).toEqual([...bytes.subarray(1000, 2000)]);
      const last = await new Response(s.stream(hash, { start: 99_999, end: 99_999 })).bytes();
      expect([...last]).toEqual([bytes[99_999]]);
    });

    test("putStream stores what the stream carried, up to and including maxBytes and not one byte more", async () => {
      const s = await open();
      const bytes = random(70_000);
      const got = await s.putStream(streamOf(bytes, 4096), { maxBytes: 70_000 });
      expect(got).toEqual({ hash: sha256(bytes), size: 70_000 });
      expect([...(await s.get(got.hash))]).toEqual([...bytes]);
      const longer = random(70_001);
      await expect(s.putStream(streamOf(longer, 4096), { maxBytes: 70_000 })).rejects.toBeInstanceOf(BlobTooLarge);
      expect(await s.has(sha256(longer))).toBe(false);
      expect(await all(s)).toEqual([got.hash]);
    });

    test("a stream that fails part way stores nothing, under any name", async () => {
      const s = await open();
      const bytes = random(50_000);
      await expect(s.putStream(streamOf(bytes, 8192, 3))).rejects.toThrow("the client went away");
      expect(await all(s)).toEqual([]);
      expect(await s.has(sha256(bytes.subarray(0, 3 * 8192)))).toBe(false);
    });

    test("a stream larger than one multipart part arrives whole", async () => {
      const s = await open();
      const bytes = random(11 * 1024 * 1024 + 5);
      const got = await s.putStream(streamOf(bytes, 256 * 1024));
      expect(got).toEqual({ hash: sha256(bytes), size: bytes.length });
      expect(await s.size(got.hash)).toBe(bytes.length);
      expect(sha256(await s.get(got.hash))).toBe(got.hash);
      const tail = await new Response(s.stream(got.hash, { start: bytes.length - 10, end: bytes.length - 1 })).bytes();
      expect([...tail]).toEqual([...bytes.subarray(bytes.length - 10)]);
    }, 120_000);

    test("delete removes one blob (again is fine); list pages through many", async () => {
      const s = await open();
      const hashes = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => s.put(random(10 + n))));
      expect(await all(s)).toEqual([...hashes].sort());
      await s.get(hashes[0]); // read once first: a read cache must not outlive the blob
      await s.delete(hashes[0]);
      await s.delete(hashes[0]);
      expect(await s.has(hashes[0])).toBe(false);
      await expect(s.get(hashes[0])).rejects.toBeInstanceOf(BlobNotFound);
      expect(await all(s)).toEqual(hashes.slice(1).sort());
      // Put back after a delete: the bytes are there again.
      const again = random(5);
      const h = await s.put(again);
      await s.delete(h);
      expect(await s.put(again)).toBe(h);
      expect([...(await s.get(h))]).toEqual([...again]);
    });

    test("many puts of the same bytes at once make one blob", async () => {
      const s = await open();
      const bytes = random(300_000);
      const hashes = await Promise.all(Array.from({ length: 6 }, () => s.put(bytes.slice())));
      expect(new Set(hashes)).toEqual(new Set([sha256(bytes)]));
      expect(await all(s)).toEqual([sha256(bytes)]);
      expect(sha256(await s.get(hashes[0]))).toBe(hashes[0]);
    });

    test("ping says the engine is up", async () => {
      const s = await open();
      expect(await s.ping()).toMatchObject({ engine: s.engine, ok: true });
    });
  });
}
