import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { DomainError } from "../../src/domain-error.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { rngFrom } from "../../src/gen/rng.ts";
import { crc32 } from "../../src/media/crc32.ts";

/** An independent bitwise CRC-32 (IEEE, reflected) to check the native one against. */
function tableCrc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return ~c >>> 0;
}
import { DOS_DATE, zipBytes, zipChunks, zipStream, ZipWriter, type ZipEntry } from "../../src/pack/zip-write.ts";

const dir = mkdtempSync(join(tmpdir(), "zip-write-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (s: string) => new TextEncoder().encode(s);

function noise(n: number, seed: number): Uint8Array {
  const rng = rngFrom(seed);
  return Uint8Array.from({ length: n }, () => (rng() * 256) | 0);
}

function samplePng(): Uint8Array {
  const img = newRgba(16, 16);
  const rng = rngFrom(7);
  for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : (rng() * 256) | 0;
  return encodePng(img);
}

const model = JSON.stringify(
  { parent: "minecraft:block/cube_all", textures: { all: "minecraft:block/ruby" } },
  null,
  2,
);
const ENTRIES: ZipEntry[] = [
  {
    name: "pack.mcmeta",
    data: text('{\n  "pack": {\n    "pack_format": 46,\n    "description": "t"\n  }\n}\n'),
    compress: true,
  },
  { name: "pack.png", data: samplePng(), compress: false },
  { name: "assets/minecraft/models/block/ruby.json", data: text(model.repeat(20)), compress: true },
  { name: "assets/minecraft/textures/block/ruby.png", data: samplePng(), compress: false },
  { name: "assets/packsmith/sounds/noise.ogg", data: noise(200_000, 1), compress: true },
  { name: "assets/packsmith/lang/empty.json", data: new Uint8Array(0), compress: true },
  { name: "assets/packsmith/textures/font/glyph_ü_★.png", data: samplePng(), compress: false },
];

/** Local-header fields of each entry, walking the archive from the start. */
function localHeaders(zip: Uint8Array) {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: { name: string; flags: number; method: number; time: number; date: number; packed: number }[] = [];
  let at = 0;
  while (v.getUint32(at, true) === 0x04034b50) {
    const nameLen = v.getUint16(at + 26, true);
    const packed = v.getUint32(at + 18, true);
    const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLen));
    out.push({
      name,
      flags: v.getUint16(at + 6, true),
      method: v.getUint16(at + 8, true),
      time: v.getUint16(at + 10, true),
      date: v.getUint16(at + 12, true),
      packed,
    });
    at += 30 + nameLen + v.getUint16(at + 28, true) + packed;
  }
  return out;
}

function unzipTest(zip: Uint8Array, name: string): { code: number; out: string } {
  const file = join(dir, name);
  writeFileSync(file, zip);
  const r = Bun.spawnSync(["unzip", "-t", file]);
  return { code: r.exitCode, out: r.stdout.toString() + r.stderr.toString() };
}

describe("zip output", () => {
  const zip = zipBytes(ENTRIES);

  test("passes unzip -t", () => {
    const { code, out } = unzipTest(zip, "sample.zip");
    expect(out).toContain("No errors detected");
    expect(code).toBe(0);
    for (const e of ENTRIES) expect(out).toContain(e.name);
  });

  test("fflate reads every entry back byte for byte, in order", () => {
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(ENTRIES.map((e) => e.name));
    for (const e of ENTRIES) expect(new Uint8Array(files[e.name])).toEqual(new Uint8Array(e.data));
  });

  test("deflates what shrinks, stores what does not, and marks non-ASCII names UTF-8", () => {
    const headers = localHeaders(zip);
    expect(headers.map((h) => [h.name, h.method, h.flags])).toEqual([
      ["pack.mcmeta", 8, 0],
      ["pack.png", 0, 0],
      ["assets/minecraft/models/block/ruby.json", 8, 0],
      ["assets/minecraft/textures/block/ruby.png", 0, 0],
      ["assets/packsmith/sounds/noise.ogg", 0, 0], // random bytes: deflate would grow them
      ["assets/packsmith/lang/empty.json", 0, 0],
      ["assets/packsmith/textures/font/glyph_ü_★.png", 0, 0x0800],
    ]);
    expect(headers[2].packed).toBeLessThan(ENTRIES[2].data.length / 10);
    expect(headers[4].packed).toBe(ENTRIES[4].data.length);
  });

  test("every entry carries 2000-01-01 00:00", () => {
    for (const h of localHeaders(zip)) expect([h.time, h.date]).toEqual([0, DOS_DATE]);
    const file = join(dir, "dated.zip");
    writeFileSync(file, zip);
    const listing = Bun.spawnSync(["unzip", "-l", file]).stdout.toString();
    // unzip prints ISO or US dates depending on its build
    expect(listing.match(/(2000-01-01|01-01-2000) 00:00/g)?.length).toBe(ENTRIES.length);
  });

  test("identical input gives identical bytes through every interface", async () => {
    expect(zipBytes(ENTRIES)).toEqual(zip);
    const chunks: Uint8Array[] = [];
    for await (const c of zipChunks(ENTRIES)) chunks.push(c);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(zip);
    const streamed = new Uint8Array(await new Response(zipStream(ENTRIES)).arrayBuffer());
    expect(streamed).toEqual(zip);
  });

  test("an empty archive is valid", () => {
    const empty = zipBytes([]);
    expect(empty.length).toBe(22);
    expect(Object.keys(unzipSync(empty))).toEqual([]);
  });
});

describe("refusals", () => {
  const badNames = [
    "",
    "/pack.mcmeta",
    "assets\\minecraft\\x.png",
    "assets//x.png",
    "assets/",
    "../x",
    "a/../b",
    "./a",
    "a/.",
    "a\u0000b",
    "a\nb",
  ];
  for (const name of badNames) {
    test(`name ${JSON.stringify(name)}`, () => {
      const w = new ZipWriter();
      expect(() => w.add({ name, data: text("x"), compress: false })).toThrow(DomainError);
      try {
        w.add({ name, data: text("x"), compress: false });
      } catch (e) {
        expect((e as DomainError).errorCode).toBe("export_failed");
      }
    });
  }

  test("names with dots inside a segment are fine", () => {
    expect(
      Object.keys(unzipSync(zipBytes([{ name: "a..b/..c/x.png.mcmeta", data: text("{}"), compress: true }]))),
    ).toEqual(["a..b/..c/x.png.mcmeta"]);
  });

  test("a duplicate name, and adding after finish", () => {
    const w = new ZipWriter();
    w.add({ name: "a.json", data: text("1"), compress: true });
    expect(() => w.add({ name: "a.json", data: text("2"), compress: true })).toThrow(
      'zip entry "a.json" is added twice',
    );
    w.finish();
    expect(() => w.add({ name: "b.json", data: text("1"), compress: true })).toThrow("already finished");
    expect(() => w.finish()).toThrow("already finished");
  });

  test("entry count: 65534 entries are written, one more is refused", () => {
    const w = new ZipWriter();
    const parts: Uint8Array[] = [];
    const empty = new Uint8Array(0);
    for (let i = 0; i < 65534; i++) parts.push(...w.add({ name: `f${i}`, data: empty, compress: false }));
    expect(() => w.add({ name: "one-more", data: empty, compress: false })).toThrow("more than 65534 entries");
    parts.push(w.finish());
    const zip = new Uint8Array(Buffer.concat(parts));
    expect(Object.keys(unzipSync(zip)).length).toBe(65534);
    expect(unzipTest(zip, "many.zip").code).toBe(0);
  });

  test("size cap: at the cap the archive is written, one byte under it is refused", () => {
    // "a" with 10 stored bytes: local 30+1+10, central 46+1, end 22 = 110 bytes
    const entry = { name: "a", data: text("0123456789"), compress: false };
    const w = new ZipWriter({ maxBytes: 110 });
    w.add(entry);
    expect(w.finish().length).toBe(69);
    const tight = new ZipWriter({ maxBytes: 109 });
    tight.add(entry);
    expect(() => tight.finish()).toThrow("zip would grow past 109 bytes in its central directory");
    expect(() => new ZipWriter({ maxBytes: 40 }).add(entry)).toThrow('zip would grow past 40 bytes at "a"');
  });

  test("a bad entry mid-stream errors the stream", async () => {
    const entries = [ENTRIES[0], { name: "../evil", data: text("x"), compress: false }];
    await expect(new Response(zipStream(entries)).arrayBuffer()).rejects.toThrow(
      'zip entry name "../evil" has a ".." segment',
    );
  });
});

describe("streaming", () => {
  test("entries are pulled only as output is read", async () => {
    let pulled = 0;
    async function* big(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 50; i++) {
        pulled++;
        yield { name: `sounds/s${i}.ogg`, data: noise(100_000, i), compress: false };
      }
    }
    const reader = zipStream(big()).getReader();
    const first = await reader.read();
    expect(first.value!.length).toBeGreaterThan(0);
    expect(pulled).toBeLessThanOrEqual(2);
    await reader.cancel();
  });
});

describe("crc32", () => {
  test("matches the table CRC of src/media/png.ts, including continuation", () => {
    for (const n of [0, 1, 7, 64, 1000, 100_003]) {
      const data = noise(n, n);
      expect(crc32(data)).toBe(tableCrc32(data));
      const cut = n >> 1;
      expect(crc32(data.subarray(cut), crc32(data.subarray(0, cut)))).toBe(tableCrc32(data));
    }
    expect(crc32(text("123456789"))).toBe(0xcbf43926); // the CRC-32 check value
  });
});
