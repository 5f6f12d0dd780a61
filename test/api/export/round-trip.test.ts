import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { packFixture, exportPack, noisyPng, modelJson, type Exported } from "../../support/exports.ts";
import { REPORT_PATH } from "../../../src/export/report.ts";
import { importReady } from "../../support/imports.ts";

/**
 * Export → POST /v1/imports → export again: the second zip holds the same files with the same bytes
 * (packsmith-export.json aside, which names the pack). Imported files keep their path (meta.path), so
 * the custom namespace of the first pack survives even though the imported pack has another slug.
 */
let server: TestServer;
let key: string;

const importZip = async (zip: Uint8Array, name: string): Promise<string> =>
  (await importReady({ ts: server, key }, zip, { name })).accepted.pack.slug;

function compare(a: Exported, b: Exported): { missing: string[]; extra: string[]; changed: string[] } {
  const names = (z: Exported) => z.names.filter((n) => n !== REPORT_PATH);
  const missing = names(a).filter((n) => !b.files[n]);
  const extra = names(b).filter((n) => !a.files[n]);
  const changed = names(a).filter(
    (n) => b.files[n] && Buffer.compare(Buffer.from(a.files[n]), Buffer.from(b.files[n])) !== 0,
  );
  return { missing, extra, changed };
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("round-tripper")).key;
});
afterAll(() => server.close());

test.each(["1.20.1", "1.21.11"])(
  "%s: import an export, export again, same files",
  async (version) => {
    const f = await packFixture(server, key, version, `round trip ${version}`);
    const ns = f.pack.slug;
    let seed = 100;
    const png = (w = 16, h = 16) => noisyPng(w, h, seed++);
    await f.add({
      kind: "texture",
      type: "block",
      name: "stone",
      target: "stone",
      meta: { texture: "stone" },
      bytes: png(),
    });
    await f.add({ kind: "texture", type: "block", name: "marble", bytes: png() });
    await f.add({
      kind: "texture",
      type: "item",
      name: "item:iron_sword",
      target: "iron_sword",
      meta: {},
      bytes: png(),
    });
    await f.add({ kind: "texture", type: "item", name: "item:ruby", meta: {}, bytes: png() });
    const m = await f.add({
      kind: "model",
      type: "model",
      name: "lamp",
      meta: { carrierKind: "item" },
      bytes: modelJson(ns, "lamp", ["a"]),
    });
    await f.add({
      kind: "texture",
      type: "model_texture",
      name: "model:lamp_a",
      meta: { model: m.id, slot: "a", namespace: ns, path: "block/lamp_a" },
      bytes: png(),
    });
    await f.add({ kind: "texture", type: "gui", name: "gui:furnace", target: "furnace", bytes: png(256, 256) });
    await f.add({ kind: "texture", type: "hud", name: "hud:main", bytes: png(256, 512) });
    await f.add({ kind: "font", type: "icon", name: "coin", meta: { char: null, height: 9 }, bytes: png(9, 9) });
    await f.add({
      kind: "sound",
      type: "sound",
      name: "fx:coin.pickup",
      meta: { event: "fx:coin.pickup", replacesVanilla: false },
      bytes: new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3]),
    });
    await f.add({
      kind: "texture",
      type: "armor",
      name: "armor:iron_1",
      target: "iron",
      meta: { layer: 1 },
      bytes: png(64, 32),
    });
    await server.svc.db.run("UPDATE packs SET icon_blob = ? WHERE id = ?", [
      await server.svc.blobs.put(png(32, 32)),
      f.pack.id,
    ]);

    const first = await exportPack(server, key, ns);
    const slug = await importZip(first.bytes, `again ${version}`);
    const second = await exportPack(server, key, slug);
    expect(second.json("pack.mcmeta")).toEqual(first.json("pack.mcmeta"));
    expect(compare(first, second)).toEqual({ missing: [], extra: [], changed: [] });
    expect(second.report.leftOut).toEqual([]);
  },
  60_000,
);

test("what used to be lost comes back: the carrier's blockstate, and sounds.json's replace flag", async () => {
  const f = await packFixture(server, key, "1.21.11", "round trip losses");
  const ns = f.pack.slug;
  const m = await f.add({
    kind: "model",
    type: "model",
    name: "oven",
    target: "furnace",
    meta: { carrierKind: "full", carrierBlockId: "furnace", directional: true },
    bytes: modelJson(ns, "oven", ["a"]),
  });
  await f.add({
    kind: "texture",
    type: "model_texture",
    name: "model:oven_a",
    meta: { model: m.id, slot: "a", namespace: ns, path: "block/oven_a" },
    bytes: noisyPng(16, 16, 1),
  });
  await f.add({
    kind: "sound",
    type: "sound",
    name: "block.stone.break",
    target: "block.stone.break",
    meta: { event: "block.stone.break", replacesVanilla: true },
    bytes: new Uint8Array([0x4f, 0x67, 0x67, 0x53, 9]),
  });
  const first = await exportPack(server, key, ns);
  const second = await exportPack(server, key, await importZip(first.bytes, "losses"));
  const diff = compare(first, second);
  // Blockstates and sounds.json come back as pack files: the carrier's blockstate is there again and
  // sounds.json keeps its replace flag (it was a known loss before pack files).
  expect(diff.missing).toEqual([]);
  expect(diff.changed).toEqual([]);
  expect(second.json("assets/minecraft/sounds.json")["block.stone.break"].replace).toBe(true);
}, 60_000);
