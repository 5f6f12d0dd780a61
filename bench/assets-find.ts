/**
 * Finding assets in a 100,000-asset pack at the store (core/assets.ts listAssets on a real sqlite file):
 * the time of one page of 50 at the start of the pack and deep in it (page 1,500 of the unfiltered list,
 * reached by its keyset cursor), for each kind of filter, and the worst case: a `q` that matches nothing,
 * which walks the pack's whole covering index once. Keyset paging keeps a page's cost independent of its
 * depth; a rare match costs one pass over the index entries between two matches.
 *
 *   bun bench/assets-find.ts [--assets 100000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseFlags } from "../src/config.ts";
import { openSqlite } from "../src/store/db.ts";
import { listAssets, type AssetFilter } from "../src/core/assets.ts";
import { fillPack } from "../test/support/asset-rows.ts";

const { flags } = parseFlags(process.argv.slice(2));
const n = Number(flags.assets ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), "find-bench-"));
const db = openSqlite(join(dir, "packsmith.db"));
let t = performance.now();
const { id: packId } = await fillPack(db, n);
await fillPack(db, 20_000, "Neighbour"); // another pack's rows in the same table and indexes
console.log(`${n} assets (+20,000 in another pack) written in ${((performance.now() - t) / 1000).toFixed(1)} s`);

// The id 3/4 of the way into the pack: "deep" pages start there.
const ids = await db.all<{ id: number }>("SELECT id FROM assets WHERE pack_id = ? ORDER BY id", [packId]);
const deep = ids[Math.floor(ids.length * 0.75)].id;

/** Median of `runs` timings of one page. */
async function time(filter: AssetFilter, cursor: number | undefined, runs = 21): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    rows = (await listAssets(db, packId, { ...filter, limit: 50, cursor })).rows.length;
    times.push(performance.now() - t);
  }
  return { ms: times.sort((a, b) => a - b)[runs >> 1], rows };
}

const cases: [string, AssetFilter][] = [
  ["no filter", {}],
  ["kind=model", { kind: "model" }],
  ["q=stone (1 in 8 match)", { q: "stone" }],
  ["q=DIAMOND_SWORD_9 (any case; matches cluster past 90 %)", { q: "DIAMOND_SWORD_9" }],
  ["status=error (1 in 97)", { status: "error" }],
  ["q=0%_ (wildcards literal, 1 in 1,000)", { q: "0%_" }],
  ["kind=model&status=error&q=block", { kind: "model", status: "error", q: "block" }],
  ["q=nothing-matches (whole pack walked)", { q: "nothing-matches" }],
];
console.log("\n| filter | page 1 | page at 75 % | rows per page |");
console.log("|---|---|---|---|");
for (const [label, f] of cases) {
  const first = await time(f, undefined);
  const later = await time(f, deep);
  console.log(`| ${label} | ${first.ms.toFixed(2)} ms | ${later.ms.toFixed(2)} ms | ${first.rows} |`);
}
await db.close();
rmSync(dir, { recursive: true, force: true });
