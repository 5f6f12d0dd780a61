import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { makePack, putAsset } from "../../support/cli.ts";
import { changeCredits, getAccount, ledgerSum } from "../../../src/core/accounts.ts";
import type { PackRow } from "../../../src/core/packs.ts";
import type { Kind } from "../../../src/core/assets.ts";

let ts: TestServer;
let owner: { id: number; key: string };
let pack: PackRow;
beforeAll(async () => {
  ts = await startTestServer();
  owner = await ts.account("jobber", { credits: 10 });
  pack = await makePack(ts, owner.key, "Job Pack");
});
afterAll(() => ts.close());

const job = (handle: string, key = owner.key) => ts.call("GET", `/v1/jobs/${handle}`, { key });

describe("GET /jobs/{job}", () => {
  test("a handle whose name holds colons resolves to that asset", async () => {
    await putAsset(ts, pack, { kind: "texture", name: "item:sword", type: "item", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "sword", status: "ready", bytes: new Uint8Array([1]) });
    const res = await job(`${pack.slug}:texture:item:sword`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toEqual({
      job: `${pack.slug}:texture:item:sword`,
      pack: pack.slug,
      status: "generating",
      error: null,
      asset: expect.objectContaining({
        id: `${pack.slug}:texture:item:sword`,
        kind: "texture",
        name: "item:sword",
        status: "generating",
        error: null,
      }),
      details: expect.objectContaining({ createdAt: expect.any(String) }),
    });
    const plain = (await (await job(`${pack.slug}:texture:sword`)).json()) as any;
    expect(plain.asset.name).toBe("sword");
    expect(plain.status).toBe("ready");
    expect(plain.asset.sizeBytes).toBe(1);
    // Percent-encoded colons are the same handle.
    const encoded = (await (await job(encodeURIComponent(`${pack.slug}:texture:item:sword`))).json()) as any;
    expect(encoded.asset.name).toBe("item:sword");
  });

  test("a failed job carries its reason", async () => {
    await putAsset(ts, pack, { kind: "sound", name: "hud:fail", status: "error", error: "no such instrument" });
    const body = (await (await job(`${pack.slug}:sound:hud:fail`)).json()) as any;
    expect(body.status).toBe("error");
    expect(body.error).toBe("no such instrument");
    expect(body.asset.error).toBe("no such instrument");
  });

  for (const bad of [
    "nocolon",
    "pack:texture",
    "pack:texture:",
    ":texture:x",
    "pack:item:sword",
    "pack::x",
    "Pack:texture:x",
    "pack:TEXTURE:x",
  ])
    test(`'${bad}' is invalid_job_handle`, async () => {
      const res = await job(encodeURIComponent(bad));
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("invalid_job_handle");
    });

  test("a well-formed handle with no asset is job_not_found; with no such pack, not_found", async () => {
    const missing = await job(`${pack.slug}:model:ghost`);
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe("job_not_found");
    const noImport = await job(`${pack.slug}:import`);
    expect(noImport.status).toBe(404);
    expect(await errorCode(noImport)).toBe("job_not_found");
    const noPack = await job("no-such-pack:texture:x");
    expect(noPack.status).toBe(404);
    expect(await errorCode(noPack)).toBe("not_found");
  });

  test("a job in another account's pack is not_found, the same as a pack that does not exist", async () => {
    const stranger = await ts.account("stranger");
    const res = await job(`${pack.slug}:texture:item:sword`, stranger.key);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe("not_found");
  });
});

describe("stale backstop", () => {
  const minutesAgo = (m: number) => Date.now() - m * 60_000;

  /** A charged generating asset last touched `minutes` ago, as if a worker died mid-run. */
  async function staleRun(kind: Kind, name: string, minutes: number, cost = 1) {
    const a = await putAsset(ts, pack, { kind, name, status: "generating", cost, chargedTo: owner.id });
    await changeCredits(ts.svc.db, owner.id, -cost, "charge", a.id);
    await ts.svc.db.run("UPDATE assets SET touched_at = ? WHERE id = ?", [minutesAgo(minutes), a.id]);
    return a;
  }
  const refunds = async (assetId: number) =>
    (
      (await ts.svc.db.get("SELECT count(*) AS n FROM credit_ledger WHERE asset_id = ? AND delta > 0", [assetId])) as {
        n: number;
      }
    ).n;
  const balance = async () => (await getAccount(ts.svc.db, owner.id))!.credits;

  test("a run untouched for 26 minutes reads as error, refunded exactly once however often it is read", async () => {
    const before = await balance();
    const a = await staleRun("texture", "stale_one", 26, 2);
    expect(await balance()).toBe(before - 2);
    const handle = `${pack.slug}:texture:stale_one`;
    // Many readers at once, through every route that reads it.
    const reads = await Promise.all([
      ...Array.from({ length: 10 }, () => job(handle)),
      ts.call("GET", `/v1/packs/${pack.slug}/assets?kind=texture&limit=200`, { key: owner.key }),
      ts.call("GET", `/v1/packs/${pack.slug}/assets/texture/stale_one`, { key: owner.key }),
    ]);
    for (const r of reads.slice(0, 10)) {
      const body = (await r.json()) as any;
      expect(body.status).toBe("error");
      expect(body.error).toMatch(/25 minutes/);
    }
    const listed = ((await reads[10].json()) as any).assets.find((x: any) => x.name === "stale_one");
    expect(listed.status).toBe("error");
    expect(reads[11].status).toBe(409);
    expect(await errorCode(reads[11])).toBe("generation_failed");
    expect(await refunds(a.id)).toBe(1);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(ts.svc.db, owner.id)).toBe(await balance());
    // Reading it again later changes nothing.
    await job(handle);
    expect(await refunds(a.id)).toBe(1);
    expect(await balance()).toBe(before);
  });

  test("a run touched 24 minutes ago is still generating and keeps its charge", async () => {
    const before = await balance();
    const a = await staleRun("sound", "recent", 24);
    const body = (await (await job(`${pack.slug}:sound:recent`)).json()) as any;
    expect(body.status).toBe("generating");
    expect(await refunds(a.id)).toBe(0);
    expect(await balance()).toBe(before - 1);
  });

  test("models get 45 minutes: 26 is still generating, 46 is error", async () => {
    const young = await staleRun("model", "young_model", 26);
    const old = await staleRun("model", "old_model", 46);
    expect(((await (await job(`${pack.slug}:model:young_model`)).json()) as any).status).toBe("generating");
    const body = (await (await job(`${pack.slug}:model:old_model`)).json()) as any;
    expect(body.status).toBe("error");
    expect(body.error).toMatch(/45 minutes/);
    expect(await refunds(young.id)).toBe(0);
    expect(await refunds(old.id)).toBe(1);
    expect(await ledgerSum(ts.svc.db, owner.id)).toBe(await balance());
  });

  test("an uncharged stale run (e.g. an import-like free job) fails without touching the ledger", async () => {
    const rows = ((await ts.svc.db.get("SELECT count(*) AS n FROM credit_ledger")) as { n: number }).n;
    await putAsset(ts, pack, { kind: "font", name: "free_run", status: "generating" });
    await ts.svc.db.run("UPDATE assets SET touched_at = ? WHERE name = 'free_run'", [minutesAgo(30)]);
    expect(((await (await job(`${pack.slug}:font:free_run`)).json()) as any).status).toBe("error");
    expect(((await ts.svc.db.get("SELECT count(*) AS n FROM credit_ledger")) as { n: number }).n).toBe(rows);
  });
});
