import { describe, expect, test } from "bun:test";
import { unzipSync, Zip, ZipDeflate } from "fflate";
import { existsSync, readdirSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_ZIP_LIMITS, formatBytes, openZip, ZipError, type ZipArchive } from "../../src/pack/zip-read.ts";
import { makeZip, type RawEntry } from "../fixtures/zips/make-zip.ts";
import { CORPUS as SHARED_CORPUS } from "../support/corpus.ts";

const CORPUS = `${SHARED_CORPUS}/packs`;
const MiB = 1024 * 1024;
const enc = new TextEncoder();

const one = (entry: RawEntry, limits = {}) => openZip(makeZip([entry]), limits);
const skipOf = (z: ZipArchive) => z.skipped.map((s) => s.code);
function refusal(bytes: Uint8Array, limits = {}): string {
  try {
    openZip(bytes, limits);
  } catch (e) {
    expect(e).toBeInstanceOf(ZipError);
    return (e as Error).message;
  }
  throw new Error("expected the zip to be refused");
}

describe("defaults", () => {
  test("sizes in messages", () => {
    expect([0, 1023, 1024, 1536, 5 * 1024 * MiB, 64 * MiB + 1].map(formatBytes)).toEqual([
      "0 bytes",
      "1023 bytes",
      "1 KiB",
      "1.5 KiB",
      "5 GiB",
      "67,108,865 bytes",
    ]);
  });
  test("documented limits", () => {
    expect(DEFAULT_ZIP_LIMITS).toEqual({
      maxEntries: 20_000,
      maxTotalSize: 1024 * MiB,
      maxEntrySize: 64 * MiB,
      maxRatio: 200,
      ratioFloor: 16 * 1024,
    });
  });
});

describe("well-formed archives", () => {
  const packs = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => f.endsWith(".zip")) : [];
  if (!packs.length) test.skip("corpus packs (the shared corpus beside the repository is absent)", () => {});
  for (const file of packs) {
    test(`${file}: every entry reads the same bytes fflate finds`, async () => {
      const bytes = new Uint8Array(await Bun.file(join(CORPUS, file)).arrayBuffer());
      const z = openZip(bytes);
      const reference = unzipSync(bytes);
      const files = Object.keys(reference).filter((n) => !n.endsWith("/"));
      expect(z.entries.map((e) => e.name).sort()).toEqual(files.sort());
      expect(z.skipped.every((s) => s.code === "directory")).toBe(true);
      for (const e of z.entries) expect(z.read(e)).toEqual(reference[e.name]);
    });
  }

  test.skipIf(!Bun.which("zip"))("zip made by Info-ZIP `zip` reads back, stored and deflated", () => {
    const dir = mkdtempSync(join(tmpdir(), "zipread-"));
    try {
      writeFileSync(join(dir, "a.txt"), "hello ".repeat(1000));
      writeFileSync(join(dir, "b.bin"), new Uint8Array([1, 2, 3]));
      expect(Bun.spawnSync(["zip", "-q", "-X", "out.zip", "a.txt", "b.bin"], { cwd: dir }).exitCode).toBe(0);
      const z = openZip(new Uint8Array(readFileSync(join(dir, "out.zip"))));
      expect(z.get("a.txt")!.method).toBe(8);
      expect(z.readText(z.get("a.txt")!)).toBe("hello ".repeat(1000));
      expect(z.read(z.get("b.bin")!)).toEqual(new Uint8Array([1, 2, 3]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("streamed zip with data descriptors (sizes only in the central directory)", () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      chunks.push(chunk);
    });
    const f = new ZipDeflate("assets/minecraft/sounds.json", { level: 6 });
    zip.add(f);
    f.push(enc.encode('{"a":1}'.repeat(300)), true);
    zip.end();
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) bytes.set(c, at), (at += c.length);
    const z = openZip(bytes);
    expect(new TextDecoder().decode(z.read(z.entries[0]))).toBe('{"a":1}'.repeat(300));
  });

  test("a zip comment, even one holding a fake end record, is skipped over", () => {
    const fake = new Uint8Array(40);
    new DataView(fake.buffer).setUint32(4, 0x06054b50, true);
    const z = openZip(makeZip([{ name: "pack.mcmeta", data: "{}" }], { comment: fake }));
    expect(z.entries.map((e) => e.name)).toEqual(["pack.mcmeta"]);
    const text = openZip(makeZip([{ name: "x", data: "1" }], { comment: "made by hand" }));
    expect(text.comment).toBe("made by hand");
  });

  test("ZIP64 end records and extra fields are read", () => {
    const z = openZip(
      makeZip(
        [
          { name: "a.png", data: "abc", zip64: true },
          { name: "b.png", data: "defg", method: 0, zip64: true },
        ],
        { zip64End: true },
      ),
    );
    expect(z.entries.map((e) => [e.name, e.size])).toEqual([
      ["a.png", 3],
      ["b.png", 4],
    ]);
    expect(z.readText(z.get("b.png")!)).toBe("defg");
    expect(z.readText(z.get("a.png")!)).toBe("abc");
  });

  test("an empty archive opens with no entries", () => {
    const z = openZip(makeZip([]));
    expect(z.entries).toEqual([]);
    expect(z.skipped).toEqual([]);
  });

  test("folders are listed as skipped folders, not entries; ./ and // are normalised", () => {
    const z = openZip(
      makeZip([
        { name: "assets/", method: 0 },
        { name: "./assets//x.png", data: "x" },
        { name: "d", unixMode: 0o040755, method: 0 },
      ]),
    );
    expect(z.entries.map((e) => e.name)).toEqual(["assets/x.png"]);
    expect(skipOf(z)).toEqual(["directory", "directory"]);
  });

  test("zero-length files read as empty", () => {
    const z = openZip(
      makeZip([
        { name: "empty.json", data: "" },
        { name: "empty2", method: 0 },
      ]),
    );
    expect(z.entries.map((e) => z.read(e).length)).toEqual([0, 0]);
  });

  test("read returns a fresh copy, and the leading byte-order mark is dropped from text", () => {
    const z = openZip(makeZip([{ name: "s.json", data: "\ufeff{}", method: 0 }]));
    const a = z.read(z.entries[0]);
    a[0] = 0;
    expect(z.readText(z.entries[0])).toBe("{}");
  });
});

describe("archives refused as a whole", () => {
  test("random bytes, a RAR header and short input are not zips", () => {
    const noise = new Uint8Array(5000).map((_, i) => (i * 7919) % 251);
    expect(refusal(noise)).toBe("not a zip archive (no end-of-central-directory record)");
    const rar = new Uint8Array([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00, ...new Array(100).fill(0)]);
    expect(refusal(rar)).toContain("not a zip archive");
    expect(refusal(new Uint8Array(3))).toContain("not a zip archive");
  });

  test("too many entries: at the limit opens, one past is refused (default 20,000)", () => {
    const many = (n: number) => makeZip(Array.from({ length: n }, (_, i) => ({ name: `f${i}`, method: 0 })));
    expect(openZip(many(20_000)).entries.length).toBe(20_000);
    expect(refusal(many(20_001))).toBe("zip holds 20,001 entries; the limit is 20,000");
    expect(refusal(many(11), { maxEntries: 10 })).toBe("zip holds 11 entries; the limit is 10");
  });

  test("total declared size: 1 GiB opens, past it is refused (entries are never inflated)", () => {
    // 64 MiB declared per entry behind 335,545 bytes of data keeps each at exactly the 200:1 ratio limit.
    const junk = new Uint8Array(Math.ceil((64 * MiB) / 200)).fill(7);
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `big${i}.png`, compressed: junk, size: 64 * MiB }));
    expect(openZip(makeZip(entries(16))).entries.length).toBe(16);
    expect(refusal(makeZip([...entries(16), { name: "one-more", data: "x" }]))).toBe(
      "zip declares 1,073,741,825 bytes uncompressed; the limit is 1 GiB",
    );
    expect(refusal(makeZip(entries(80)))).toBe("zip declares 5 GiB uncompressed; the limit is 1 GiB");
  });

  test("overlapping entries (the 'better zip bomb' construction) are refused", () => {
    // b's local header and data sit inside a's stored data, so a's bytes are counted twice.
    const inner = makeZip([{ name: "b", data: "xyz", method: 0 }]).subarray(0, 30 + 1 + 3);
    const z = makeZip([
      { name: "a", data: inner, method: 0 },
      { name: "b", data: "xyz", method: 0, localOffset: 30 + 1 },
    ]);
    expect(refusal(z)).toBe("zip entries a and b share bytes (a zip-bomb construction)");
  });

  test("two records pointing at one local header: the one whose name disagrees is skipped", () => {
    const z = openZip(
      makeZip([
        { name: "a", data: "x".repeat(100) },
        { name: "b", data: "x".repeat(100), pointAt: 0 },
      ]),
    );
    expect(z.entries.map((e) => e.name)).toEqual(["a"]);
    expect(skipOf(z)).toEqual(["damaged"]);
  });

  test("truncated, spanned or miscounted archives are refused", () => {
    const good = makeZip([
      { name: "a", data: "1" },
      { name: "b", data: "2" },
    ]);
    expect(refusal(good.subarray(0, good.length - 30))).toContain("not a zip archive");
    expect(refusal(makeZip([{ name: "a", data: "1" }], { disk: 1 }))).toContain("multi-part");
    expect(refusal(makeZip([{ name: "a", data: "1" }], { declaredEntries: 3 }))).toContain(
      "central directory is damaged",
    );
  });
});

describe("entries skipped with a reason", () => {
  const cases: [string, RawEntry, string][] = [
    ["../evil", { name: "../evil.png", data: "x" }, "unsafe_path"],
    ["nested ..", { name: "assets/../../evil.png", data: "x" }, "unsafe_path"],
    ["/abs", { name: "/etc/passwd", data: "x" }, "absolute_path"],
    ["C:\\x", { name: "C:\\x", data: "x" }, "absolute_path"],
    ["C:/x", { name: "C:/x", data: "x" }, "absolute_path"],
    ["backslashes", { name: "assets\\minecraft\\x.png", data: "x" }, "backslash"],
    ["symlink", { name: "link.png", data: "/etc/passwd", method: 0, unixMode: 0o120777 }, "symlink"],
    ["invalid UTF-8", { name: new Uint8Array([0x61, 0xff, 0xfe, 0x2e, 0x70]), data: "x" }, "invalid_name"],
    ["control character", { name: "a\u0000.png", data: "x" }, "invalid_name"],
    ["encrypted flag", { name: "secret.png", data: "x", flags: 0x801 }, "encrypted"],
    ["AES method 99", { name: "aes.png", data: "x", method: 99 }, "encrypted"],
    ["bzip2 method", { name: "b.png", data: "x", method: 12 }, "unsupported_method"],
    ["stored sizes disagree", { name: "s.png", data: "abcd", method: 0, size: 2 }, "damaged"],
    ["local header names another file", { name: "a.png", data: "x", localName: "b.png" }, "damaged"],
  ];
  for (const [label, entry, code] of cases) {
    test(label, () => {
      const z = openZip(makeZip([entry, { name: "ok.png", data: "fine" }]));
      expect(skipOf(z)).toEqual([code as never]);
      expect(z.skipped[0].detail.length).toBeGreaterThan(10);
      expect(z.entries.map((e) => e.name)).toEqual(["ok.png"]);
      expect(z.readText(z.entries[0])).toBe("fine");
    });
  }

  test("duplicate names keep the first copy; normalisation is case-sensitive", () => {
    const z = openZip(
      makeZip([
        { name: "a.png", data: "1" },
        { name: "./a.png", data: "2" },
        { name: "a.png", data: "3" },
        { name: "A.png", data: "4" },
      ]),
    );
    expect(z.entries.map((e) => e.name)).toEqual(["a.png", "A.png"]);
    expect(z.readText(z.get("a.png")!)).toBe("1");
    expect(skipOf(z)).toEqual(["duplicate", "duplicate"]);
  });

  test("entry size: 64 MiB declared is kept, one byte more is skipped", () => {
    const data = new Uint8Array(Math.ceil((64 * MiB + 1) / 200));
    expect(one({ name: "at.png", compressed: data, size: 64 * MiB }).entries.length).toBe(1);
    const z = one({ name: "past.png", compressed: data, size: 64 * MiB + 1 });
    expect(skipOf(z)).toEqual(["too_large"]);
    expect(z.skipped[0].detail).toBe("entry past.png declares 67,108,865 bytes; the limit per file is 64 MiB");
  });

  test("compression ratio: 200:1 is kept, above it skipped; small entries are exempt", () => {
    expect(one({ name: "r.json", compressed: new Uint8Array(1000), size: 200_000 }).entries.length).toBe(1);
    const z = one({ name: "r.json", compressed: new Uint8Array(1000), size: 200_001 });
    expect(skipOf(z)).toEqual(["suspicious_ratio"]);
    expect(z.skipped[0].detail).toContain("above the 200:1 limit");
    // 16 KiB of spaces deflates ~500:1 but is below the floor
    const spaces = one({ name: "pretty.json", data: " ".repeat(16 * 1024) });
    expect(spaces.entries.length).toBe(1);
    expect(spaces.readText(spaces.entries[0]).length).toBe(16 * 1024);
  });
});
