/**
 * Finding assets in a 10,000-asset pack at the store: `q` (case-insensitive substring of the name, LIKE's
 * wildcards taken literally), `status` and `kind`, alone and together, paged with keyset cursors. What
 * each search must return is worked out here from the seeded rows, not read back from the store.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlite, type SqliteDriver } from "../../src/store/db.ts";
import { containsPattern, listAssets, type AssetFilter } from "../../src/core/assets.ts";
import { fillPack, seededRow } from "../support/asset-rows.ts";

const N = 10_000;
let dir = "";
let db: SqliteDriver;
let packId = 0;
let otherPack = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "packsmith-find-"));
  db = openSqlite(join(dir, "packsmith.db"));
  packId = (await fillPack(db, N)).id;
  otherPack = (await fillPack(db, 300, "Other")).id;
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every page of a search, following nextCursor; returns the names in order and the page count. */
async function pageAll(filter: AssetFilter, limit: number, pack = packId) {
  const names: string[] = [];
  let cursor: number | undefined;
  let pages = 0;
  for (;;) {
    const page = await listAssets(db, pack, { ...filter, limit, cursor });
    pages++;
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    for (const r of page.rows) names.push(r.name);
    if (page.nextCursor === null) break;
    expect(page.rows.length).toBe(limit);
    cursor = page.nextCursor;
  }
  return { names, pages };
}

/** What the seeded rows say a filter must find, in insertion (id) order. */
function expected(f: AssetFilter): string[] {
  const out: string[] = [];
  for (let i = 0; i < N; i++) {
    const r = seededRow(i);
    if (f.kind && r.kind !== f.kind) continue;
    if (f.status && r.status !== f.status) continue;
    if (f.q && !r.name.toLowerCase().includes(f.q.toLowerCase())) continue;
    out.push(r.name);
  }
  return out;
}

describe("asset search in a 10,000-asset pack", () => {
  test("q finds every name holding it, any case, in id order, over keyset pages", async () => {
    for (const q of ["diamond_sword", "DIAMOND", "Sword_99", "item:ruby", "block/", "_1234"]) {
      const want = expected({ q });
      expect(want.length).toBeGreaterThan(0);
      const got = await pageAll({ q }, 50);
      expect(got.names).toEqual(want);
      expect(got.pages).toBe(Math.max(1, Math.ceil(want.length / 50)));
    }
  });

  test("LIKE's wildcards in q match only themselves", async () => {
    expect(containsPattern("100%_x\\")).toBe("%100\\%\\_x\\\\%");
    const want = expected({ q: "0%_" });
    expect(want.length).toBe(10); // the odd_100%_… rows
    expect((await pageAll({ q: "0%_" }, 3)).names).toEqual(want);
    // "_" alone is no wildcard: names without an underscore are not found.
    expect((await pageAll({ q: "_" }, 200)).names).toEqual(expected({ q: "_" }));
    expect((await pageAll({ q: "%" }, 200)).names).toEqual(expected({ q: "%" }));
    expect(await pageAll({ q: "no such asset anywhere" }, 50)).toEqual({ names: [], pages: 1 });
  });

  test("status and kind narrow alone and together with q", async () => {
    for (const f of [
      { status: "error" },
      { status: "generating" },
      { kind: "model", status: "error" },
      { kind: "texture", q: "iron" },
      { kind: "model", q: "REDSTONE", status: "ready" },
      { kind: "sound" },
    ] as AssetFilter[]) {
      const want = expected(f);
      expect(want.length).toBeGreaterThan(0);
      expect({ f, names: (await pageAll(f, 37)).names }).toEqual({ f, names: want });
    }
  });

  test("a search never reaches into another pack", async () => {
    const mine = (await pageAll({ q: "stone" }, 200, otherPack)).names;
    expect(mine).toEqual(expected({ q: "stone" }).filter((n) => Number(n.split("_").pop()) < 300));
  });

  test("the filtered page is read through the covering index in id order (no sort, no table scan)", () => {
    const plan = (
      db.raw
        .query(
          "EXPLAIN QUERY PLAN SELECT id FROM assets WHERE pack_id = ? AND id > ? AND status = ? AND lower(name) LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?",
        )
        .all(packId, 0, "error", "%a%", 10) as { detail: string }[]
    ).map((r) => r.detail);
    expect(plan.join(" | ")).toContain("USING COVERING INDEX assets_pack_find");
    expect(plan.join(" | ")).not.toContain("TEMP B-TREE");
  });
});
