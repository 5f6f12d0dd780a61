import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { SqliteDriver } from "../../src/store/sqlite-driver.ts";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MAX_LOOKUP_HASHES,
  ORIGIN_MIGRATION,
  OriginRegistry,
  PAD_MAX_TOTAL,
  PAD_MIN_TOTAL,
  validateHashes,
  validatePrefix,
} from "../../src/origin/registry.ts";
import { apiErrorOf, apiRejectionOf } from "../support/api-error.ts";

const dir = mkdtempSync(join(tmpdir(), "packsmith-origin-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let dbCount = 0;

function openDb(path = join(dir, `r${dbCount++}.sqlite`)): Database {
  const db = new Database(path, { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(ORIGIN_MIGRATION);
  return db;
}

/** Deterministic 64-hex-character strings from a seed (xorshift), fast enough for a million. */
function hashes(count: number, seed: number, prefix = ""): string[] {
  let s = seed >>> 0 || 1;
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let h = prefix;
    while (h.length < 64) {
      (s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>>= 0);
      h += s.toString(16).padStart(8, "0");
    }
    out.push(h.slice(0, 64));
  }
  return out;
}

const HEX64 = /^[0-9a-f]{64}$/;
let db: Database;
let reg: OriginRegistry;
beforeEach(() => {
  db = openDb();
  reg = new OriginRegistry(new SqliteDriver(db));
});

describe("register", () => {
  test("counts new records; the first registration wins and keeps its time, form and kind", async () => {
    const [a, b] = hashes(2, 1);
    const t1 = new Date("2025-03-01T10:00:00.000Z");
    expect(await reg.register([{ hash: a, form: "png", kind: "texture" }], t1)).toBe(1);
    expect(
      await reg.register(
        [
          { hash: a.toUpperCase(), form: "json", kind: "model" },
          { hash: b, form: "json", kind: "model" },
          { hash: b, form: "png", kind: "font" },
        ],
        new Date(),
      ),
    ).toBe(1);
    expect((await reg.lookup([a, b])).results).toEqual([
      { hash: a, verdict: "generated", form: "png", kind: "texture", firstSeen: "2025-03-01T10:00:00.000Z" },
      { hash: b, verdict: "generated", form: "json", kind: "model", firstSeen: expect.any(String) },
    ]);
    expect(await reg.count()).toBe(2);
  });

  test("a bad entry anywhere in the batch records nothing", async () => {
    const [a, b] = hashes(2, 2);
    await expect(
      reg.register([
        { hash: a, form: "png", kind: "texture" },
        { hash: b.slice(1), form: "png", kind: "texture" },
      ]),
    ).rejects.toThrow("entry 1");
    await expect(reg.register([{ hash: a, form: "", kind: "texture" }])).rejects.toThrow("form and kind");
    expect(await reg.count()).toBe(0);
  });

  test("the table is a WITHOUT ROWID table and both reads use its primary key", () => {
    const sql = (db.query("SELECT sql FROM sqlite_master WHERE name = 'origin_records'").get() as { sql: string }).sql;
    expect(sql).toContain("WITHOUT ROWID");
    const plan = (q: string) =>
      (db.query(`EXPLAIN QUERY PLAN ${q}`).all("a", "b") as { detail: string }[]).map((r) => r.detail).join(" ");
    expect(plan("SELECT * FROM origin_records WHERE hash = ? OR hash = ?")).toContain("PRIMARY KEY");
    expect(plan("SELECT * FROM origin_records WHERE hash >= ? AND hash < ?")).toMatch(
      /SEARCH .*PRIMARY KEY \(hash>\? AND hash<\?\)/,
    );
    db.exec(ORIGIN_MIGRATION); // idempotent
  });
});

describe("lookup", () => {
  test("answers in the order sent, duplicates included, and counts matches", async () => {
    const [a, b, c] = hashes(3, 3);
    await reg.register([
      { hash: a, form: "png", kind: "texture" },
      { hash: c, form: "json", kind: "model" },
    ]);
    const { results, matched } = await reg.lookup([c, b, a.toUpperCase(), c]);
    expect(results.map((r) => [r.hash, r.verdict])).toEqual([
      [c, "generated"],
      [b, "no_record"],
      [a, "generated"],
      [c, "generated"],
    ]);
    expect(results[1]).toEqual({ hash: b, verdict: "no_record" });
    expect(matched).toBe(3);
    expect(await reg.lookup([])).toEqual({ results: [], matched: 0 });
  });

  test(`at most ${MAX_LOOKUP_HASHES} hashes: the bound passes, one more is refused`, async () => {
    expect((await reg.lookup(hashes(MAX_LOOKUP_HASHES, 4))).results).toHaveLength(MAX_LOOKUP_HASHES);
    const err = await apiRejectionOf(reg.lookup(hashes(MAX_LOOKUP_HASHES + 1, 4)));
    expect(err.errorCode).toBe("invalid_request");
    expect(err.message).toBe("hashes holds 257 entries; at most 256 per call");
  });

  test("bad input is invalid_request naming the problem", () => {
    expect(apiErrorOf(() => validateHashes("abc")).message).toContain("must be an array");
    expect(apiErrorOf(() => validateHashes({ hashes: [] })).message).toContain("must be an array");
    const good = hashes(1, 5)[0];
    expect(apiErrorOf(() => validateHashes([good, good.slice(1)])).message).toBe(
      "hashes[1] must be 64 hexadecimal characters (a SHA-256 in hex)",
    );
    expect(apiErrorOf(() => validateHashes([good + "0"])).message).toContain("hashes[0]");
    expect(apiErrorOf(() => validateHashes([good.slice(1) + "g"])).message).toContain("hashes[0]");
    expect(apiErrorOf(() => validateHashes([42])).message).toContain("hashes[0]");
    expect(validateHashes([good.toUpperCase()])).toEqual([good]);
  });
});

describe("range", () => {
  test("lists exactly the prefix's bucket, sorted by suffix, lowercase, with the edges of the bucket", async () => {
    const inside = ["abcde" + "0".repeat(59), "abcde" + "f".repeat(59), ...hashes(5, 6, "abcde")];
    const outside = ["abcdd" + "f".repeat(59), "abcdf" + "0".repeat(59), "abcc" + "f".repeat(60)];
    await reg.register([...inside, ...outside].map((hash) => ({ hash, form: "png", kind: "texture" })));
    const { prefix, suffixes } = await reg.range("ABCDE");
    expect(prefix).toBe("abcde");
    expect(suffixes.map((s) => s.suffix)).toEqual(inside.map((h) => h.slice(5)).sort());
    expect(
      suffixes.every((s) => s.suffix.length === 59 && s.form === "png" && s.kind === "texture" && !("decoy" in s)),
    ).toBe(true);
    expect((await reg.range("abcdd")).suffixes.map((s) => s.suffix)).toEqual(["f".repeat(59)]);
    expect((await reg.range("00000")).suffixes).toEqual([]);
  });

  test("the last bucket, fffff, is reachable", async () => {
    await reg.register([{ hash: "f".repeat(64), form: "json", kind: "model" }]);
    expect((await reg.range("fffff")).suffixes.map((s) => s.suffix)).toEqual(["f".repeat(59)]);
  });

  test("prefix must be exactly 5 hex characters", () => {
    for (const bad of ["abcd", "abcdef", "abcdg", "", 12345, null, "abc e"]) {
      const err = apiErrorOf(() => validatePrefix(bad));
      expect(err.errorCode).toBe("invalid_request");
      expect(err.message).toBe("prefix must be exactly 5 hexadecimal characters");
    }
    expect(validatePrefix("0AbCd")).toBe("0abcd");
  });

  test("padding hides the bucket size with marked decoys that look like real entries", async () => {
    const real = hashes(3, 7, "12345");
    await reg.register(real.map((hash) => ({ hash, form: "json", kind: "model" })));
    const totals = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const { suffixes } = await reg.range("12345", { padding: true });
      totals.add(suffixes.length);
      expect(suffixes.length).toBeGreaterThanOrEqual(PAD_MIN_TOTAL);
      expect(suffixes.length).toBeLessThanOrEqual(PAD_MAX_TOTAL);
      expect(
        suffixes
          .filter((s) => !s.decoy)
          .map((s) => s.suffix)
          .sort(),
      ).toEqual(real.map((h) => h.slice(5)).sort());
      expect(suffixes.map((s) => s.suffix)).toEqual(suffixes.map((s) => s.suffix).sort()); // decoys are mixed in, not appended
      for (const s of suffixes) {
        expect(HEX64.test("12345" + s.suffix)).toBe(true);
        expect(new Date(s.firstSeen).toISOString()).toBe(s.firstSeen);
      }
      expect(new Set(suffixes.map((s) => s.suffix)).size).toBe(suffixes.length);
    }
    expect(totals.size).toBeGreaterThan(1); // the total varies, so it says nothing
  });

  test("a bucket already larger than the padding comes back whole and without decoys", async () => {
    const many = hashes(PAD_MAX_TOTAL + 2, 8, "77777");
    await reg.register(many.map((hash) => ({ hash, form: "png", kind: "texture" })));
    const { suffixes } = await reg.range("77777", { padding: true });
    expect(suffixes).toHaveLength(PAD_MAX_TOTAL + 2);
    expect(suffixes.some((s) => s.decoy)).toBe(false);
  });
});

describe("a million records in a real sqlite file (WAL)", () => {
  test("registers in one transaction, then answers lookups and ranges exactly, also after reopening", async () => {
    const path = join(dir, "million.sqlite");
    const first = openDb(path);
    const big = new OriginRegistry(new SqliteDriver(first));
    const all = hashes(1_000_000, 20240601);
    const entries = all.map((hash, i) => ({
      hash,
      form: i % 3 === 0 ? "json" : "png",
      kind: i % 3 === 0 ? "model" : "texture",
    }));
    expect(await big.register(entries, new Date("2025-06-01T00:00:00.000Z"))).toBe(1_000_000);
    expect(await big.register(entries.slice(0, 1000))).toBe(0);
    expect(await big.count()).toBe(1_000_000);
    first.close();

    const db2 = new Database(path, { strict: true });
    const reopened = new OriginRegistry(new SqliteDriver(db2));
    const known = all.filter((_, i) => i % 3907 === 0).slice(0, 128);
    const unknown = hashes(128, 99);
    const ask = known.flatMap((h, i) => [h, unknown[i]]);
    const { results, matched } = await reopened.lookup(ask);
    expect(matched).toBe(128);
    results.forEach((r, i) => {
      expect(r.hash).toBe(ask[i]);
      expect(r.verdict).toBe(i % 2 === 0 ? "generated" : "no_record");
    });
    expect(results[0]).toEqual({
      hash: all[0],
      verdict: "generated",
      form: "json",
      kind: "model",
      firstSeen: "2025-06-01T00:00:00.000Z",
    });

    for (const probe of [...all.slice(0, 10), "00000", "fffff"]) {
      const prefix = probe.slice(0, 5);
      const want = all
        .filter((h) => h.startsWith(prefix))
        .map((h) => h.slice(5))
        .sort();
      expect((await reopened.range(prefix)).suffixes.map((s) => s.suffix)).toEqual(want);
    }
    db2.close();
  }, 120_000);
});
