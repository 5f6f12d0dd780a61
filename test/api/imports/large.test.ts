/**
 * A generated 4,000-file pack through the real server: the service keeps answering while it imports,
 * and an import cut off by a stop is carried out again from the stored zip on the next start,
 * ending with the same assets as an uninterrupted one (nothing doubled from the first run).
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { BIG_PACK, bigPackZip } from "../../support/big-pack.ts";
import { accepted, checkLanded, dataDirState, planOf, restart, startEnv, type Env } from "../../support/imports.ts";

let zip: Uint8Array;
const ITEMS = BIG_PACK.blocks + BIG_PACK.items + BIG_PACK.models + BIG_PACK.sounds;
beforeAll(async () => {
  zip = await bigPackZip();
});

let env: Env | null = null;
afterEach(async () => {
  await env?.ts.close();
  env = null;
});

/** The import row and asset count, read from the database file itself (the server is stopped). */
function stored(dataDir: string): { status: string; assets: number } {
  const db = new Database(join(dataDir, "packsmith.sqlite"), { readonly: true });
  try {
    const status = (db.query("SELECT status FROM imports").get() as any).status;
    const assets = (db.query("SELECT count(*) AS n FROM assets").get() as any).n;
    return { status, assets };
  } finally {
    db.close();
  }
}

describe("a 4,000-file import", () => {
  test("lands every file, while GET /healthz keeps answering", async () => {
    env = await startEnv();
    const body = await accepted(env, zip, { via: "upload", fileName: "big.zip" });
    expect(body.planned).toEqual({
      textures: BIG_PACK.blocks + BIG_PACK.items,
      models: BIG_PACK.models,
      glyphs: 0,
      guis: 0,
      sounds: BIG_PACK.sounds,
      files: 2, // pack.mcmeta and pack.png, kept as written
    });
    const latencies: number[] = [];
    const job = `${body.pack.slug}:import`;
    for (;;) {
      const t = performance.now();
      const res = await env.ts.call("GET", "/healthz");
      latencies.push(performance.now() - t);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "ok" });
      const state = (await (await env.ts.call("GET", `/v1/jobs/${job}`, { key: env.key })).json()) as any;
      if (state.status !== "generating") break;
      expect(state.import).toBeUndefined();
      expect(state.asset).toMatchObject({ id: job, kind: "import", status: "generating" });
      await Bun.sleep(20);
    }
    // The import took several polls, so /healthz was answered while it ran.
    expect(latencies.length).toBeGreaterThan(3);
    console.log(`healthz during the import: ${latencies.length} calls, max ${Math.max(...latencies).toFixed(1)} ms`);
    const { archive, plan } = planOf(env, zip);
    const done = await checkLanded(env, body.pack.slug, archive, plan, { step: 37 });
    expect(done.import.failed).toEqual([]);
    expect(plan.items.length).toBe(ITEMS);
  }, 180_000);

  for (const when of ["right after the 202", "after the first batches landed"])
    test(`stopped ${when}: resumed on the next start, same assets`, async () => {
      // On sqlite whatever PACKSMITH_TEST_ENGINES says: the cut state is read from the stopped server's sqlite file.
      env = await startEnv({}, "pro", "sqlite");
      const body = await accepted(env, zip, { via: "upload" });
      if (when.startsWith("after")) {
        const db = env.ts.svc.db;
        const count = async () => (await db.get<{ n: number }>("SELECT count(*) AS n FROM assets"))!.n;
        while ((await count()) < 400) await Bun.sleep(5);
      }
      const dataDir = env.ts.dataDir;
      let cut = { status: "", assets: -1 };
      env = await restart(env, () => (cut = stored(dataDir)));
      expect(env.ts.dataDir).toBe(dataDir);
      // The first run did not finish: this is a resume, not a lucky race.
      expect(cut.status).toBe("generating");
      expect(cut.assets).toBeLessThan(ITEMS);
      if (when.startsWith("after")) expect(cut.assets).toBeGreaterThanOrEqual(400);
      const { archive, plan } = planOf(env, zip);
      const done = await checkLanded(env, body.pack.slug, archive, plan, { step: 41 });
      expect(done.import.failed).toEqual([]);
      expect(done.import.imported).toEqual({
        block: BIG_PACK.blocks,
        item: BIG_PACK.items,
        model: BIG_PACK.models,
        sound: BIG_PACK.sounds,
      });
      expect((await dataDirState(env)).strays).toEqual([]);
    }, 180_000);
});
