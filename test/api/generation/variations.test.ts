import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { fileOf, generate } from "../../support/generation.ts";
import { assetCount } from "../../support/generation.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ "asset-limit": "6", "rate-writes": "100" });
});
afterAll(() => ts.close());

const body = (extra: Record<string, unknown> = {}) => ({
  prompt: "cobblestone",
  size: 16,
  mode: "custom",
  description: "cobblestone",
  name: "cobble",
  seed: 100,
  ...extra,
});

describe("variations: count", () => {
  test("count 4: four jobs from consecutive seeds, each charged; the first is also `job`", async () => {
    const me = await ts.account("varied", { credits: 100 });
    const pack = await newPack(ts, me.key, "Variations");
    const before = (await credits(ts, me.id)).balance;
    const a = await generate(ts, me.key, pack, "textures", body({ count: 4 }));
    expect(a.status).toBe(202);
    const cost = ts.svc.config.costs.texture;
    expect(a.body.jobs).toEqual([
      `${pack}:texture:cobble`,
      `${pack}:texture:cobble_2`,
      `${pack}:texture:cobble_3`,
      `${pack}:texture:cobble_4`,
    ]);
    expect(a.body.job).toBe(a.body.jobs[0]);
    expect(a.body.charged).toBe(4 * cost);
    expect((await credits(ts, me.id)).balance).toBe(before - 4 * cost);
    const files = [];
    for (const [i, job] of a.body.jobs.entries()) {
      const done = await waitJob(ts, me.key, job);
      expect(done.status).toBe("ready");
      expect(done.details.seed).toBe(100 + i);
      files.push(Buffer.from(await fileOf(ts, me.key, pack, "texture", job.split(":")[2])).toString("hex"));
    }
    expect(new Set(files).size).toBe(4);
    // The third variation is what a single request with seed 102 makes.
    const single = await generate(ts, me.key, pack, "textures", body({ seed: 102, name: "single" }));
    await waitJob(ts, me.key, single.body.job);
    expect(Buffer.from(await fileOf(ts, me.key, pack, "texture", "single")).toString("hex")).toBe(files[2]);
  });

  test("count 1 (or none) answers the spec's body, without jobs", async () => {
    const me = await ts.account("single", { credits: 100 });
    const pack = await newPack(ts, me.key, "Single");
    for (const extra of [{}, { count: 1 }]) {
      const a = await generate(ts, me.key, pack, "textures", body(extra));
      expect(a.status).toBe(202);
      expect(a.body.jobs).toBeUndefined();
      expect(a.body.charged).toBe(ts.svc.config.costs.texture);
    }
  });

  test("bounds: 0 and 5 refused; over the asset limit, credits or rate budget refused before any charge", async () => {
    const me = await ts.account("bounded", { credits: 100 });
    const pack = await newPack(ts, me.key, "Bounded");
    for (const count of [0, 5, 1.5]) {
      const a = await generate(ts, me.key, pack, "textures", body({ count }));
      expect(a.status).toBe(400);
      expect(a.body.error.code).toBe("invalid_request");
    }
    // Asset limit 6: 4 fit, then 3 more would pass it: none is made, nothing charged.
    expect((await generate(ts, me.key, pack, "textures", body({ count: 4 }))).status).toBe(202);
    const before = await credits(ts, me.id);
    const over = await generate(ts, me.key, pack, "textures", body({ count: 3 }));
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe("asset_limit_reached");
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(4);

    const poor = await ts.account("poor", { credits: ts.svc.config.costs.texture * 2 });
    const poorPack = await newPack(ts, poor.key, "Poor");
    const broke = await generate(ts, poor.key, poorPack, "textures", body({ count: 3 }));
    expect(broke.status).toBe(402);
    expect((await credits(ts, poor.id)).balance).toBe(ts.svc.config.costs.texture * 2);
    expect(await assetCount(ts, poorPack)).toBe(0);

    // A reskin exists once per pack: count must be 1.
    const reskin = await generate(ts, me.key, pack, "textures", {
      prompt: "stone",
      size: 16,
      mode: "vanilla",
      vanillaTarget: "stone",
      count: 2,
    });
    expect(reskin.status).toBe(400);
    expect(reskin.body.error.message).toContain("count must be 1");
  });

  test("a count past what is left of the write budget is rate_limited, with nothing made", async () => {
    const tight = await startTestServer({ "rate-writes": "6" });
    try {
      const me = await tight.account("hasty", { credits: 500 });
      const pack = await newPack(tight, me.key, "Hasty");
      // Budget 6 writes: the pack took one, 3 single generations take 3; 2 are left, a count of 4 needs 4.
      for (let i = 0; i < 3; i++) await generate(tight, me.key, pack, "huds", { prompt: "gold", seed: i });
      const before = await credits(tight, me.id);
      const res = await tight.call("POST", `/v1/packs/${pack}/textures`, { key: me.key, body: body({ count: 4 }) });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect(((await res.json()) as any).error.message).toContain("counts as 4 writes");
      expect(await credits(tight, me.id)).toEqual(before);
      expect(await assetCount(tight, pack)).toBe(3);
      // The refused request spent its own write (as any refused request does): one is left, for a count of 1.
      expect(
        (await tight.call("POST", `/v1/packs/${pack}/textures`, { key: me.key, body: body({ count: 1 }) })).status,
      ).toBe(202);
    } finally {
      await tight.close();
    }
  });
});
