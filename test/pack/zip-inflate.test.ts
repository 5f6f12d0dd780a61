import { describe, expect, test } from "bun:test";
import { inflateSync, zipSync } from "fflate";
import { formatBytes, INFLATE_OFF_THREAD_FROM, openZip, ZipError, type ZipArchive } from "../../src/pack/zip-read.ts";
import { deflateZeros, makeZip, packZip, type RawEntry } from "../fixtures/zips/make-zip.ts";
import { encodePng } from "../../src/media/png.ts";
import { pngInfo } from "../../src/media/png-decode.ts";

/**
 * Reading an entry's bytes (src/pack/zip-inflate.ts under ZipArchive's read, readAsync and readHead): what the
 * central directory declared is all that is believed, so an entry that inflates to more, to less or to other bytes
 * is refused on read. Opening archives and choosing their entries is test/pack/zip-read.test.ts.
 */

const MiB = 1024 * 1024;
const enc = new TextEncoder();

const one = (entry: RawEntry) => openZip(makeZip([entry]));
function readFailure(z: ZipArchive, name: string): string {
  try {
    z.read(z.get(name)!);
  } catch (e) {
    expect(e).toBeInstanceOf(ZipError);
    return (e as Error).message;
  }
  throw new Error(`expected reading ${name} to fail`);
}

describe("reading entries that lie", () => {
  test("declared-size bomb: 1 KiB declared, 1 GiB inside, stops with a clear error", () => {
    const small = deflateZeros(258 * 100 + 1);
    expect(inflateSync(small)).toEqual(new Uint8Array(258 * 100 + 1)); // the fixture really is a zero run
    const z = one({ name: "bomb.png", compressed: deflateZeros(1024 * MiB), size: 1024, crc: 0 });
    expect(z.entries[0].size).toBe(1024);
    expect(readFailure(z, "bomb.png")).toBe("entry bomb.png inflates past its declared size of 1 KiB");
  });

  test("declared size larger than the data: refused on read", () => {
    const z = one({ name: "short.png", data: "abc", size: 10 });
    expect(readFailure(z, "short.png")).toBe("entry short.png inflates to 3 bytes, not its declared 10 bytes");
  });

  test("declared size smaller than the data: refused on read", () => {
    const z = one({ name: "long.png", data: "abcdefgh", size: 4 });
    expect(readFailure(z, "long.png")).toContain("inflates past its declared size of 4 bytes");
  });

  test("bad CRC: refused on read, stored or deflated", () => {
    expect(readFailure(one({ name: "c.png", data: "hello", crc: 1234 }), "c.png")).toBe(
      "entry c.png fails its CRC-32 check (damaged archive)",
    );
    expect(readFailure(one({ name: "c.png", data: "hello", method: 0, crc: 1234 }), "c.png")).toContain("CRC-32");
  });

  test("garbage instead of deflate data", () => {
    const z = one({ name: "g.png", compressed: new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff]), size: 5 });
    expect(readFailure(z, "g.png")).toContain("not valid deflate data");
  });

  test("an entry from another archive is refused", () => {
    const a = openZip(packZip({ "x.png": "1" }));
    const b = openZip(packZip({ "x.png": "1" }));
    expect(() => b.read(a.entries[0])).toThrow("does not belong to this archive");
  });

  test("fflate's own zips read back (independent codec)", () => {
    const files = { "a/b.json": enc.encode('{"x":1}'), "c.png": new Uint8Array(3000).map((_, i) => i % 13) };
    const z = openZip(zipSync(files));
    for (const [name, data] of Object.entries(files)) expect(z.read(z.get(name)!)).toEqual(data);
  });
});

/** What `readAsync` throws for an entry, to compare with what `read` throws. */
async function asyncFailure(z: ZipArchive, name: string): Promise<string> {
  try {
    await z.readAsync(z.get(name)!);
  } catch (e) {
    expect(e).toBeInstanceOf(ZipError);
    return (e as Error).message;
  }
  throw new Error(`expected reading ${name} asynchronously to fail`);
}

describe("readAsync: large entries inflated off the JS thread, same bytes and errors as read", () => {
  const BIG = INFLATE_OFF_THREAD_FROM * 3;
  /** Compressible but not trivially (a ~20:1 ratio): runs of pseudo-random bytes. */
  const runs = (n: number, seed: number) => {
    const out = new Uint8Array(n);
    for (let i = 0, s = seed; i < n; ) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      out.fill(s >>> 24, i, (i += 1 + ((s >>> 8) & 31)));
    }
    return out;
  };

  test("stored, deflated and empty entries, small and large, read the same bytes both ways", async () => {
    const files: RawEntry[] = [
      { name: "big.json", data: runs(BIG, 1) },
      { name: "big-stored.ogg", data: runs(BIG, 2), method: 0 },
      { name: "at-threshold.bin", data: runs(INFLATE_OFF_THREAD_FROM, 3) },
      { name: "below-threshold.bin", data: runs(INFLATE_OFF_THREAD_FROM - 1, 4) },
      { name: "small.png", data: runs(3000, 5) },
      { name: "empty.txt", data: "" },
      { name: "empty-stored.txt", data: "", method: 0 },
    ];
    const z = openZip(makeZip(files));
    expect(z.entries.map((e) => e.name)).toEqual(files.map((f) => f.name as string));
    for (const f of files) {
      const entry = z.get(f.name as string)!;
      const got = await z.readAsync(entry);
      expect(got).toEqual(f.data instanceof Uint8Array ? f.data : new Uint8Array(0));
      expect(got).toEqual(z.read(entry));
    }
  });

  test("a large entry inflating past its declared size is stopped with read's error", async () => {
    const z = one({ name: "bomb.json", compressed: deflateZeros(1024 * MiB), size: BIG, crc: 0 });
    const message = await asyncFailure(z, "bomb.json");
    expect(message).toBe(`entry bomb.json inflates past its declared size of ${formatBytes(BIG)}`);
    expect(message).toBe(readFailure(z, "bomb.json"));
  });

  test("a large entry inflating short of its declared size is refused with read's error", async () => {
    const z = one({ name: "short.json", data: runs(BIG, 6), size: BIG + 1 });
    const message = await asyncFailure(z, "short.json");
    expect(message).toBe(`entry short.json inflates to ${formatBytes(BIG)}, not its declared ${formatBytes(BIG + 1)}`);
    expect(message).toBe(readFailure(z, "short.json"));
  });

  test("bad CRC, garbage data and a foreign entry: read's errors", async () => {
    const z = openZip(
      makeZip([
        { name: "crc.json", data: runs(BIG, 7), crc: 1234 },
        { name: "garbage.json", compressed: new Uint8Array(300_000).fill(0xff), size: BIG },
      ]),
    );
    expect(await asyncFailure(z, "crc.json")).toBe("entry crc.json fails its CRC-32 check (damaged archive)");
    expect(await asyncFailure(z, "garbage.json")).toContain("not valid deflate data");
    expect(await asyncFailure(z, "garbage.json")).toBe(readFailure(z, "garbage.json"));
    const other = openZip(packZip({ "x.png": "1" }));
    await expect(z.readAsync(other.entries[0])).rejects.toThrow("does not belong to this archive");
  });
});

describe("readHead: an entry's first bytes without reading it all", () => {
  const big = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 2654435761) >>> 24);
  const text = new TextEncoder().encode(Array.from({ length: 5000 }, (_, i) => `line ${i * 7919}\n`).join(""));
  for (const level of [0, 6] as const) {
    test(`${level ? "deflated" : "stored"} entries: the prefix equals the file's, never longer than the file`, () => {
      const zip = openZip(zipSync({ "big.bin": big, "text.txt": text, "tiny.txt": new Uint8Array([7, 8]) }, { level }));
      for (const [name, whole] of [
        ["big.bin", big],
        ["text.txt", text],
      ] as const)
        for (const n of [1, 33, 1000, 70_000]) expect(zip.readHead(zip.get(name)!, n)).toEqual(whole.subarray(0, n));
      expect(zip.readHead(zip.get("tiny.txt")!, 33)).toEqual(new Uint8Array([7, 8]));
    });
  }

  test("a PNG's size comes from 33 bytes of a deflated entry", () => {
    const png = encodePng({ width: 300, height: 7, data: new Uint8Array(300 * 7 * 4).fill(200) });
    const zip = openZip(zipSync({ "t.png": png }, { level: 9 }));
    expect(pngInfo(zip.readHead(zip.get("t.png")!, 33))).toMatchObject({ width: 300, height: 7 });
  });
});
