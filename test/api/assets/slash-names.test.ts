import { test, expect } from "bun:test";
import { startTestServer } from "../../support/server.ts";
import { insertAsset } from "../../../src/core/assets.ts";
import { newPack } from "../../support/jobs.ts";
test("slash names", async () => {
  const ts = await startTestServer();
  const a = await ts.account("a");
  const slug = await newPack(ts, a.key);
  const pack = (await ts.svc.db.get("SELECT id FROM packs WHERE slug = ?", [slug])) as any;
  const blob = await ts.svc.blobs.put(new TextEncoder().encode("{}"));
  await insertAsset(ts.svc.db, {
    packId: pack.id,
    kind: "model",
    name: "item:ns.dir/sub:x",
    type: "model",
    status: "ready",
    source: "imported",
    blob,
    sizeBytes: 2,
  });
  for (const p of [
    `/v1/packs/${slug}/assets/model/item:ns.dir/sub:x`,
    `/v1/packs/${slug}/assets/model/item%3Ans.dir%2Fsub%3Ax`,
  ]) {
    const r = await ts.call("GET", p, { key: a.key });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("{}");
  }
  expect((await ts.call("GET", `/v1/packs/${slug}/assets/model/nope/x`, { key: a.key })).status).toBe(404);
  await ts.close();
});
