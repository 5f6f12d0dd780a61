/**
 * Editing packs: PATCH a pack's name or version (owner only; the answer says what no longer exports),
 * DELETE a pack (owner only; generating jobs refunded, late results dropped), DELETE an asset (owner and
 * collaborators; not while generating). Refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, waitJob } from "../../support/jobs.ts";
import { makePack, putAsset } from "../../support/cli.ts";
import { sharePack } from "../../../src/core/packs.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";

let ts: TestServer;
let owner: { id: number; key: string; mcpKey: string };
let helper: { id: number; key: string; mcpKey: string };
let stranger: { id: number; key: string; mcpKey: string };

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  owner = await ts.account("editor", { plan: "pro", credits: 50 });
  helper = await ts.account("editor-helper", { plan: "pro", credits: 0 });
  stranger = await ts.account("editor-stranger", { plan: "pro", credits: 0 });
});
afterAll(async () => {
  await ts.close();
});

const call = async (method: string, path: string, key: string, body?: unknown) => {
  const res = await ts.call(method, `/v1${path}`, { key, body });
  return { status: res.status, body: (await res.json()) as any };
};
const png = () => encodePng(newRgba(16, 16));

describe("PATCH /packs/{pack}", () => {
  test("renames and re-versions; the slug stays; what no longer exports is listed", async () => {
    const pack = await makePack(ts, owner.key, "Before");
    const item = await call("POST", `/packs/${pack.slug}/items`, owner.key, { prompt: "ruby sword", seed: 1 });
    await waitJob(ts, owner.key, item.body.job, 30_000);
    const r = await call("PATCH", `/packs/${pack.slug}`, owner.key, { name: "After", minecraftVersion: "1.8.9" });
    expect(r.status).toBe(200);
    expect(r.body.pack).toMatchObject({ slug: pack.slug, name: "After", minecraftVersion: "1.8.9", role: "owner" });
    // A custom item rides on custom_model_data, which 1.8.9 does not have.
    expect(r.body.leftOut).toEqual([expect.objectContaining({ reason: "requires_newer_version" })]);
    expect((await call("GET", `/packs/${pack.slug}`, owner.key)).body.pack.name).toBe("After");
  });

  test("bounds and refusals change nothing", async () => {
    const pack = await makePack(ts, owner.key, "Bounds");
    await sharePack(ts.svc.db, pack.slug, helper.id);
    expect((await call("PATCH", `/packs/${pack.slug}`, owner.key, { name: "n".repeat(100) })).status).toBe(200);
    const cases: [string, unknown, number, string][] = [
      [owner.key, { name: "n".repeat(101) }, 400, "invalid_request"],
      [owner.key, { name: "" }, 400, "invalid_request"],
      [owner.key, {}, 400, "invalid_request"],
      [owner.key, { minecraftVersion: "9.9" }, 400, "invalid_request"],
      [owner.key, { slug: "other" }, 400, "invalid_request"],
      [helper.key, { name: "Mine now" }, 403, "forbidden"],
      [await ts.key(owner.id, "rest", true), { name: "Read only" }, 403, "forbidden"],
      [stranger.key, { name: "Stranger" }, 404, "not_found"],
    ];
    for (const [key, body, status, code] of cases) {
      const r = await call("PATCH", `/packs/${pack.slug}`, key, body);
      expect({ body, status: r.status, code: r.body.error?.code }).toEqual({ body, status, code });
    }
    expect((await call("GET", `/packs/${pack.slug}`, owner.key)).body.pack.name).toBe("n".repeat(100));
  });
});

describe("DELETE /packs/{pack}/assets/{kind}/{name}", () => {
  test("owner and collaborator delete; a generating asset is refused; strangers and read-only keys are not let in", async () => {
    const pack = await makePack(ts, owner.key, "Assets to delete");
    await sharePack(ts.svc.db, pack.slug, helper.id);
    await putAsset(ts, pack, { kind: "texture", name: "item:one", type: "item", status: "ready", bytes: png() });
    await putAsset(ts, pack, { kind: "texture", name: "item:two", type: "item", status: "ready", bytes: png() });
    await putAsset(ts, pack, { kind: "texture", name: "busy", status: "generating" });
    const path = (name: string) => `/packs/${pack.slug}/assets/texture/${name}`;
    expect((await call("DELETE", path("item:one"), stranger.key)).status).toBe(404);
    expect((await call("DELETE", path("item:one"), await ts.key(owner.id, "rest", true))).status).toBe(403);
    const busy = await call("DELETE", path("busy"), owner.key);
    expect([busy.status, busy.body.error.code]).toEqual([409, "still_generating"]);
    const one = await call("DELETE", path("item:one"), owner.key);
    expect(one.status).toBe(200);
    expect(one.body.deleted).toMatchObject({ id: `${pack.slug}:texture:item:one`, name: "item:one" });
    expect((await ts.call("GET", `/v1${path("item:one")}`, { key: owner.key })).status).toBe(404);
    expect((await call("DELETE", path("item:two"), helper.key)).status).toBe(200);
    expect((await call("DELETE", path("item:two"), helper.key)).status).toBe(404);
    expect((await call("GET", `/packs/${pack.slug}/assets`, owner.key)).body.assets.map((a: any) => a.name)).toEqual([
      "busy",
    ]);
  });

  test("a model goes with its own textures", async () => {
    const pack = await makePack(ts, owner.key, "Model to delete");
    const m = await call("POST", `/packs/${pack.slug}/models`, owner.key, { prompt: "oak table", seed: 2 });
    await waitJob(ts, owner.key, m.body.job, 60_000);
    const before = (await call("GET", `/packs/${pack.slug}/assets`, owner.key)).body.assets.length;
    expect(before).toBeGreaterThan(1);
    expect((await call("DELETE", `/packs/${pack.slug}/assets/model/${m.body.id}`, owner.key)).status).toBe(200);
    expect((await call("GET", `/packs/${pack.slug}/assets`, owner.key)).body.assets).toEqual([]);
  });
});

describe("DELETE /packs/{pack}", () => {
  test("owner only; the pack and what belongs to it go; a generating job is refunded and its late result dropped", async () => {
    const pack = await makePack(ts, owner.key, "Doomed");
    await sharePack(ts.svc.db, pack.slug, helper.id);
    await putAsset(ts, pack, { kind: "texture", name: "kept", status: "ready", bytes: png() });
    // Hold the next job so it is still generating when the pack goes.
    ts.engine.pause();
    const before = (await credits(ts, owner.id)).balance;
    const job = await call("POST", `/packs/${pack.slug}/textures`, owner.key, {
      prompt: "stone",
      size: 16,
      mode: "custom",
      description: "stone",
    });
    expect(job.status).toBe(202);
    expect((await credits(ts, owner.id)).balance).toBe(before - 1);

    expect((await call("DELETE", `/packs/${pack.slug}`, helper.key)).status).toBe(403);
    expect((await call("DELETE", `/packs/${pack.slug}`, stranger.key)).status).toBe(404);
    const gone = await call("DELETE", `/packs/${pack.slug}`, owner.key);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ deleted: pack.slug, assets: 2, files: 0, refunded: 1 });
    expect((await credits(ts, owner.id)).balance).toBe(before);
    expect((await call("GET", `/packs/${pack.slug}`, owner.key)).status).toBe(404);
    expect((await call("GET", "/packs", helper.key)).body.packs.map((p: any) => p.slug)).not.toContain(pack.slug);

    // The held job runs now: its result has nowhere to go and must not bring anything back.
    await ts.engine.resume();
    await Bun.sleep(500);
    const rows = (await ts.svc.db.get("SELECT count(*) AS n FROM assets WHERE pack_id = ?", [pack.id])) as {
      n: number;
    };
    expect(rows.n).toBe(0);
    expect((await credits(ts, owner.id)).balance).toBe(before);
  });
});
