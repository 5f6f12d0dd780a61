import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SqlParam } from "../../../src/store/sql.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { makePack } from "../../support/cli.ts";
import type { PackRow } from "../../../src/core/packs.ts";

const TOTAL = 100_000;
const KINDS = ["texture", "model", "font", "sound"] as const;

let ts: TestServer;
let key: string;
let pack: PackRow;
let ids: number[];

/** Rows written straight into the store in one transaction; a neighbour pack interleaves its own rows. */
async function fill(target: PackRow, neighbour: PackRow): Promise<number[]> {
  const insert =
    "INSERT INTO assets (pack_id, kind, name, type, status, source, created_at, updated_at, touched_at) VALUES (?, ?, ?, 'block', 'generating', 'generated', ?, ?, ?) RETURNING id";
  const at = new Date().toISOString();
  const now = Date.now();
  const out: number[] = [];
  await ts.svc.db.transaction(async (tx) => {
    for (let i = 0; i < TOTAL; i++) {
      out.push((await tx.get<{ id: number }>(insert, [target.id, KINDS[i % 4], `asset_${i}`, at, at, now]))!.id);
      if (i % 10 === 0) await tx.get(insert, [neighbour.id, "texture", `other_${i}`, at, at, now]);
    }
  });
  return out;
}

beforeAll(async () => {
  ts = await startTestServer();
  key = (await ts.account("bulk")).key;
  pack = await makePack(ts, key, "Huge Pack");
  const neighbour = await makePack(ts, (await ts.account("neighbour")).key, "Neighbour");
  ids = await fill(pack, neighbour);
});
afterAll(() => ts.close());

describe("paging over a pack with 100,000 assets", () => {
  test("limit 200 visits every asset exactly once, in order, and ends with nextCursor null", async () => {
    const seen: string[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await ts.call(
        "GET",
        `/v1/packs/${pack.slug}/assets?limit=200${cursor === null ? "" : `&cursor=${cursor}`}`,
        { key },
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { assets: { name: string }[]; nextCursor: number | null };
      for (const a of body.assets) seen.push(a.name);
      if (body.nextCursor !== null) expect(body.assets.length).toBe(200);
      cursor = body.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(TOTAL / 200);
    expect(seen.length).toBe(TOTAL);
    for (let i = 0; i < TOTAL; i++) if (seen[i] !== `asset_${i}`) throw new Error(`position ${i} holds ${seen[i]}`);
  }, 120_000);

  test("the kind filter pages its quarter of the pack the same way", async () => {
    let count = 0;
    let cursor: number | null = null;
    let last = -1;
    do {
      const res = await ts.call(
        "GET",
        `/v1/packs/${pack.slug}/assets?kind=sound&limit=200${cursor === null ? "" : `&cursor=${cursor}`}`,
        { key },
      );
      const body = (await res.json()) as { assets: { name: string; kind: string }[]; nextCursor: number | null };
      for (const a of body.assets) {
        const n = Number(a.name.slice(6));
        expect(a.kind).toBe("sound");
        expect(n).toBeGreaterThan(last);
        last = n;
        count++;
      }
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(count).toBe(TOTAL / 4);
  }, 60_000);

  test("a late page runs the same indexed range query as the first: no OFFSET, no scan, no sort", async () => {
    const db = ts.svc.db;
    const seen: string[] = [];
    const all = db.all.bind(db);
    // Record the SQL the listing really runs, whatever function builds it.
    db.all = ((sql: string, params?: SqlParam[]) => {
      seen.push(sql);
      return all(sql, params);
    }) as typeof db.all;
    try {
      const late = ids[TOTAL - 1000];
      for (const q of [
        "limit=200",
        `limit=200&cursor=${late}`,
        "kind=model&limit=200",
        `kind=model&limit=200&cursor=${late}`,
      ])
        expect((await ts.call("GET", `/v1/packs/${pack.slug}/assets?${q}`, { key })).status).toBe(200);
    } finally {
      db.all = all;
    }
    const paging = [...new Set(seen.filter((sql) => /FROM assets/i.test(sql) && /LIMIT/i.test(sql)))];
    expect(paging.length).toBeGreaterThanOrEqual(2);
    for (const sql of paging) {
      expect(sql).not.toMatch(/OFFSET/i);
      // Positional parameters in the listing's order: pack, [kind,] cursor, page size.
      const params = /kind = \?/.test(sql)
        ? [pack.id, "model", ids[TOTAL - 1000], 201]
        : [pack.id, ids[TOTAL - 1000], 201];
      expect((sql.match(/\?/g) ?? []).length).toBe(params.length);
      const plan = ((await db.all(`EXPLAIN QUERY PLAN ${sql}`, [...params])) as { detail: string }[])
        .map((r) => r.detail)
        .join(" | ");
      // A SEARCH bounded by pack (and kind) and the rowid cursor; never a full SCAN or a sort of the result.
      expect(plan).toMatch(/SEARCH assets USING (COVERING )?INDEX \w+ \(pack_id=\?( AND kind=\?)? AND rowid>\?\)/);
      expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
    }
  });
});
