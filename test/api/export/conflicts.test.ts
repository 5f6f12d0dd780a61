import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { packFixture, exportPack, noisyPng, modelJson, unzipTest } from "../../support/exports.ts";

/** Assets that want the same place, cannot be placed, or come from imports with paths of their own. */
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("conflicted")).key;
});
afterAll(() => server.close());

test("the older asset keeps a contested path, the other is reported; unplaceable assets are left out with a reason", async () => {
  const f = await packFixture(server, key, "1.21.4", "conflicts");
  const ns = f.pack.slug;
  const first = await f.add({ kind: "texture", type: "hud", name: "hud:first", bytes: noisyPng(256, 512, 1) });
  await f.add({ kind: "texture", type: "hud", name: "hud:second", bytes: noisyPng(256, 512, 2) });
  await f.add({ kind: "texture", type: "hud", name: "hud:small", bytes: noisyPng(64, 64, 3) });
  await f.add({ kind: "texture", type: "gui", name: "gui:loom", target: "loom", bytes: noisyPng(256, 256, 4) });
  await f.add({
    kind: "texture",
    type: "item",
    name: "item:clock_00.gold",
    target: "clock_00",
    meta: { variant: "gold" },
    bytes: noisyPng(16, 16, 5),
  });
  await f.add({ kind: "texture", type: "dialog", name: "dialog:x", bytes: noisyPng(16, 16, 6) });
  for (const name of ["oven", "stove"]) {
    await f.add({
      kind: "model",
      type: "model",
      name,
      target: "furnace",
      meta: { carrierKind: "full", carrierBlockId: "furnace", directional: false },
      bytes: modelJson(ns, name, ["a"]),
    });
  }
  await f.add({ kind: "font", type: "icon", name: "a", meta: { char: "\ue050", height: 8 }, bytes: noisyPng(8, 8, 7) });
  await f.add({ kind: "font", type: "icon", name: "b", meta: { char: "\ue050", height: 8 }, bytes: noisyPng(8, 8, 8) });
  const z = await exportPack(server, key, ns);
  unzipTest(z.bytes);
  const reasons = Object.fromEntries(z.report.leftOut.map((l: any) => [l.asset.slice(ns.length + 1), l.detail]));
  expect(reasons["texture:hud:small"]).toContain("256x512");
  expect(reasons["texture:gui:loom"]).toContain("not a container screen");
  expect(reasons["texture:item:clock_00.gold"]).toContain("not an item id");
  expect(reasons["texture:dialog:x"]).toContain("no place");
  expect(reasons["model:stove"]).toBe(`minecraft:furnace already carries ${ns}:model:oven`);
  expect(reasons["font:b"]).toContain("U+E050");
  expect(z.report.leftOut.every((l: any) => l.reason === "unplaceable")).toBe(true);
  const heart = "assets/minecraft/textures/gui/sprites/hud/heart/full.png";
  expect(z.report.conflicts).toContainEqual({
    asset: `${ns}:texture:hud:second`,
    path: heart,
    keptFor: `${ns}:texture:${first.name}`,
  });
  expect(z.json("assets/minecraft/blockstates/furnace.json").variants[""].model).toBe(`${ns}:block/oven`);
  expect(z.names).not.toContain(`assets/${ns}/models/block/stove.json`);
  expect(z.json("assets/minecraft/font/default.json").providers).toHaveLength(1);
});

test("imported files go back to their own path with their .mcmeta; a path with tricks is not trusted", async () => {
  const f = await packFixture(server, key, "1.20.1", "imported paths");
  const ns = f.pack.slug;
  const png = noisyPng(16, 16, 9);
  await f.add({
    kind: "texture",
    type: "block",
    name: "lava_still",
    target: "lava_still",
    source: "imported",
    meta: { path: "assets/minecraft/textures/block/lava_still.png", mcmeta: '{"animation":{"frametime":2}}' },
    bytes: png,
  });
  await f.add({
    kind: "texture",
    type: "block",
    name: "evil",
    source: "imported",
    meta: { path: "assets/../../evil.png" },
    bytes: png,
  });
  await f.add({
    kind: "model",
    type: "model",
    name: "other.thing",
    source: "imported",
    meta: { path: "assets/other/models/block/thing.json" },
    bytes: new TextEncoder().encode('{"parent":"block/cube_all"}'),
  });
  const z = await exportPack(server, key, ns);
  unzipTest(z.bytes);
  expect(z.text("assets/minecraft/textures/block/lava_still.png.mcmeta")).toBe('{"animation":{"frametime":2}}');
  expect(Buffer.compare(Buffer.from(z.files["assets/minecraft/textures/block/lava_still.png"]), Buffer.from(png))).toBe(
    0,
  );
  expect(z.text("assets/other/models/block/thing.json")).toBe('{"parent":"block/cube_all"}');
  expect(z.names.some((n) => n.includes(".."))).toBe(false);
  expect(z.names).toContain(`assets/${ns}/textures/block/evil.png`);
});
