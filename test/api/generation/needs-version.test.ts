/**
 * A generation the pack's release could never read is refused before anything is charged or stored, with the
 * release it needs; what the release can read (under its own names) is accepted.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { assetCount, expectRefused, generate } from "../../support/generation.ts";

let ts: TestServer;
let me: { id: number; key: string };
let old: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("old-versions", { credits: 50 });
  old = await newPack(ts, me.key, "Old Pack", "1.8.9");
});
afterAll(() => ts.close());

test("a custom item, an icon and an item-carried model on 1.8.9 are refused with the release they need; nothing charged", async () => {
  const before = await credits(ts, me.id);
  const rows = await assetCount(ts, old);
  expectRefused(
    await generate(ts, me.key, old, "items", { prompt: "ruby gem", name: "ruby" }),
    /needs Minecraft 1\.14.*targets 1\.8\.9/,
  );
  expectRefused(
    await generate(ts, me.key, old, "icons", { prompt: "gold coin", name: "coin" }),
    /needs Minecraft 1\.13/,
  );
  expectRefused(await generate(ts, me.key, old, "models", { prompt: "oak table" }), /needs Minecraft 1\.14/);
  expect(await credits(ts, me.id)).toEqual(before);
  expect(await assetCount(ts, old)).toBe(rows);
});

test("what 1.8.9 reads is accepted: a sword reskin (items/diamond_sword.png) and a block texture (blocks/log_oak.png)", async () => {
  const sword = await generate(ts, me.key, old, "items", { prompt: "ruby sword", target: "diamond_sword", seed: 1 });
  expect(sword.status).toBe(202);
  const log = await generate(ts, me.key, old, "textures", {
    prompt: "mossy bark",
    size: 16,
    mode: "vanilla",
    vanillaTarget: "oak_log",
    seed: 2,
  });
  expect(log.status).toBe(202);
  for (const a of [sword, log]) expect((await waitJob(ts, me.key, a.body.job)).status).toBe("ready");
});
