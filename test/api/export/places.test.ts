import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import {
  packFixture,
  exportPack,
  noisyPng,
  modelJson,
  unzipTest,
  checkModelReferences,
  type Exported,
  type PackFixture,
} from "../../support/exports.ts";
import { newestRelease, packFormatFor, minorFormatFor } from "../../../src/pack/versions.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { HUD_ELEMENTS } from "../../../src/pack/hud-layout.ts";
import { GUI_LAYOUTS } from "../../../src/gen/gui.ts";

/**
 * One pack of every kind, inserted directly, exported for three releases on either side of the layout
 * changes (1.12.2: plural folders, no fonts or custom_model_data; 1.20.1: flattened names, overrides,
 * legacy HUD/GUI sheets, old armour layout; newest: item definitions, sprites, equipment layout).
 */
const VERSIONS = ["1.12.2", "1.20.1", newestRelease];
const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, ...new Array(80).fill(7)]);

let server: TestServer;
let key: string;
const exports = new Map<string, { f: PackFixture; z: Exported; ns: string }>();

async function fill(f: PackFixture): Promise<void> {
  const ns = f.pack.slug;
  let seed = 1;
  const png = (w = 16, h = 16) => noisyPng(w, h, seed++);
  await f.add({
    kind: "texture",
    type: "block",
    name: "stone",
    target: "stone",
    meta: { texture: "stone" },
    bytes: png(),
  });
  await f.add({
    kind: "texture",
    type: "block_face",
    name: "oak_log_top",
    target: "oak_log",
    meta: { texture: "oak_log_top", faceSlot: "top" },
    bytes: png(),
  });
  await f.add({ kind: "texture", type: "block", name: "marble", bytes: png() });
  await f.add({
    kind: "texture",
    type: "item",
    name: "item:diamond_sword",
    target: "diamond_sword",
    meta: { variant: null },
    bytes: png(),
  });
  await f.add({ kind: "texture", type: "item", name: "item:ruby", meta: { variant: null }, bytes: png() });
  await f.add({
    kind: "texture",
    type: "item",
    name: "item:diamond_sword.ruby",
    target: "diamond_sword",
    meta: { variant: "ruby" },
    bytes: png(),
  });
  const wand = await f.add({
    kind: "model",
    type: "item3d",
    name: "item:wand",
    meta: { carrierKind: "item" },
    bytes: itemModel(ns, "wand"),
  });
  await f.add({
    kind: "texture",
    type: "model_texture",
    name: "model:wand_sprite",
    meta: { model: wand.id, slot: "sprite", namespace: ns, path: "item/wand_sprite" },
    bytes: png(),
  });
  for (const [name, meta] of [
    ["lamp", { carrierKind: "item", carrierBlockId: null, directional: false }],
    ["oven", { carrierKind: "full", carrierBlockId: "furnace", directional: true }],
    ["crate", { carrierKind: "full", carrierBlockId: "crafting_table", directional: false }],
  ] as const) {
    const m = await f.add({
      kind: "model",
      type: "model",
      name,
      target: meta.carrierBlockId,
      meta,
      bytes: modelJson(ns, name, ["top", "side"]),
    });
    for (const slot of ["top", "side"])
      await f.add({
        kind: "texture",
        type: "model_texture",
        name: `model:${name}_${slot}`,
        meta: { model: m.id, slot, namespace: ns, path: `block/${name}_${slot}` },
        bytes: png(),
      });
  }
  await f.add({ kind: "texture", type: "gui", name: "gui:furnace", target: "furnace", bytes: png(256, 256) });
  await f.add({ kind: "texture", type: "hud", name: "hud:main", bytes: png(256, 512) });
  await f.add({ kind: "font", type: "icon", name: "coin", meta: { char: null, height: 9 }, bytes: png(9, 9) });
  await f.add({ kind: "font", type: "icon", name: "heart", meta: { char: "\ue000", height: 16 }, bytes: png(16, 16) });
  await f.add({
    kind: "sound",
    type: "sound",
    name: "block.stone.break",
    target: "block.stone.break",
    meta: { event: "block.stone.break", replacesVanilla: true },
    bytes: OGG,
  });
  await f.add({
    kind: "sound",
    type: "sound",
    name: "block.stone.break_2",
    target: "block.stone.break",
    meta: { event: "block.stone.break", replacesVanilla: true },
    bytes: OGG.slice(0, 40),
  });
  await f.add({
    kind: "sound",
    type: "sound",
    name: "entity.player.hurt",
    target: "entity.player.hurt",
    meta: { event: "entity.player.hurt", replacesVanilla: true },
    bytes: OGG.slice(0, 50),
  });
  await f.add({
    kind: "sound",
    type: "sound",
    name: "fx:coin.pickup",
    meta: { event: "fx:coin.pickup", replacesVanilla: false },
    bytes: OGG.slice(0, 60),
  });
  await f.add({
    kind: "texture",
    type: "armor",
    name: "armor:iron_1",
    target: "iron",
    meta: { layer: 1 },
    bytes: png(64, 32),
  });
  await f.add({
    kind: "texture",
    type: "armor",
    name: "armor:iron_2",
    target: "iron",
    meta: { layer: 2 },
    bytes: png(64, 32),
  });
  await f.add({
    kind: "texture",
    type: "block",
    name: "granite",
    target: "granite",
    meta: { texture: "granite" },
    status: "generating",
    bytes: png(),
  });
  await f.add({
    kind: "texture",
    type: "block",
    name: "andesite",
    target: "andesite",
    meta: { texture: "andesite" },
    status: "error",
    bytes: png(),
  });
}

function itemModel(ns: string, name: string): Uint8Array {
  const els = [0, 1, 2].map((i) => ({
    from: [i, i, 7.5],
    to: [i + 2, i + 2, 8.5],
    faces: { north: { texture: "#sprite" }, south: { texture: "#sprite" } },
  }));
  return new TextEncoder().encode(
    JSON.stringify({
      textures: { sprite: `${ns}:item/${name}_sprite`, particle: `${ns}:item/${name}_sprite` },
      elements: els,
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("exporter")).key;
  for (const v of VERSIONS) {
    const f = await packFixture(server, key, v, `places ${v}`);
    await fill(f);
    exports.set(v, { f, z: await exportPack(server, key, f.pack.slug), ns: f.pack.slug });
  }
});
afterAll(() => server.close());

const leftOutOf = (z: Exported) =>
  Object.fromEntries(z.report.leftOut.map((l: any) => [l.asset.split(":").slice(2).join(":"), l.reason]));

describe.each(VERSIONS)("export for %s", (version) => {
  const get = () => exports.get(version)!;

  test("is a valid zip for a strict reader, with forward-slash names and no directory entries", () => {
    const { z } = get();
    unzipTest(z.bytes);
    for (const n of z.names) {
      expect(n).not.toContain("\\");
      expect(n.endsWith("/")).toBe(false);
      expect(n.split("/")).not.toContain("..");
    }
    expect(new Set(z.names).size).toBe(z.names.length);
  });

  test("pack.mcmeta declares the version's format", () => {
    const { z, f } = get();
    const pack = z.json("pack.mcmeta").pack;
    expect(pack.pack_format).toBe(packFormatFor(version));
    expect(pack.description).toBe(f.pack.name);
    if (version === newestRelease && minorFormatFor(version)[0] >= 65)
      expect(pack.min_format).toEqual(minorFormatFor(version));
  });

  test("unfinished assets are left out and reported", () => {
    const out = leftOutOf(get().z);
    expect(out.granite).toBe("generating");
    expect(out.andesite).toBe("error");
    expect(get().z.names.some((n) => /granite|andesite/.test(n))).toBe(false);
  });

  test("every texture a pack model refers to is in the zip", () => {
    const { z, ns } = get();
    const checked = checkModelReferences(z, ns);
    if (version !== "1.12.2") expect(checked).toBeGreaterThanOrEqual(7);
  });

  test("sounds.json lists every file per event, replacing vanilla's, with files in the zip", () => {
    const { z, ns } = get();
    const vanilla = z.json("assets/minecraft/sounds.json");
    expect(vanilla["block.stone.break"]).toEqual({
      replace: true,
      sounds: [`${ns}:block.stone.break`, `${ns}:block.stone.break_2`],
    });
    expect(vanilla["entity.player.hurt"]).toEqual({
      replace: true,
      subtitle: "subtitles.entity.player.hurt",
      sounds: [`${ns}:entity.player.hurt`],
    });
    expect(z.json("assets/fx/sounds.json")).toEqual({ "coin.pickup": { sounds: [`${ns}:fx/coin.pickup`] } });
    for (const id of [`${ns}:block.stone.break`, `${ns}:block.stone.break_2`, `${ns}:fx/coin.pickup`]) {
      const [n, p] = id.split(":");
      expect(z.names).toContain(`assets/${n}/sounds/${p}.ogg`);
    }
  });

  test("GUI sheet and HUD land where the version reads them", () => {
    const { z } = get();
    expect(z.names).toContain("assets/minecraft/textures/gui/container/furnace.png");
    const sprites = z.names.filter((n) => n.includes("/gui/sprites/"));
    if (version === newestRelease) {
      for (const s of GUI_LAYOUTS.furnace.sprites) expect(z.names).toContain(`assets/minecraft/textures/${s.sprite}`);
      const heart = HUD_ELEMENTS.find((e) => e.id === "heart/full")!;
      const img = decodePng(z.files[`assets/minecraft/textures/${heart.sprite}`]);
      expect([img.width, img.height]).toEqual([heart.sheet.w, heart.sheet.h]);
      expect(z.names).not.toContain("assets/minecraft/textures/gui/icons.png");
      expect(sprites.length).toBe(GUI_LAYOUTS.furnace.sprites.length + HUD_ELEMENTS.filter((e) => e.sprite).length);
    } else {
      for (const sheet of ["icons", "widgets"]) {
        const img = decodePng(z.files[`assets/minecraft/textures/gui/${sheet}.png`]);
        expect([img.width, img.height]).toEqual([256, 256]);
      }
      expect(sprites).toEqual([]);
    }
  });

  test("armour uses the version's layout", () => {
    const { z } = get();
    if (version === newestRelease) {
      expect(z.names).toContain("assets/minecraft/textures/entity/equipment/humanoid/iron.png");
      expect(z.names).toContain("assets/minecraft/textures/entity/equipment/humanoid_leggings/iron.png");
    } else {
      expect(z.names).toContain("assets/minecraft/textures/models/armor/iron_layer_1.png");
      expect(z.names).toContain("assets/minecraft/textures/models/armor/iron_layer_2.png");
    }
  });
});

test("1.12.2: plural folders and pre-flattening names; fonts, custom items and models are left out for their version", () => {
  const { z, ns } = exports.get("1.12.2")!;
  expect(z.names).toContain(`assets/${ns}/textures/blocks/marble.png`);
  expect(z.names.some((n) => n.includes("/textures/block/"))).toBe(false);
  // Reskins land where 1.12 reads them, under its own names (oak_log_top was log_oak_top).
  for (const p of ["blocks/stone", "blocks/log_oak_top", "items/diamond_sword"])
    expect(z.names).toContain(`assets/minecraft/textures/${p}.png`);
  const out = leftOutOf(z);
  for (const name of ["stone", "oak_log_top", "item:diamond_sword"]) expect(out[name]).toBeUndefined();
  for (const name of ["item:ruby", "item:wand", "lamp", "oven", "coin"])
    expect(out[name]).toBe("requires_newer_version");
  expect(z.report.leftOut.find((l: any) => l.asset.endsWith(":coin")).requiredVersion).toBe("1.13");
  expect(z.names.some((n) => n.includes("/font/") || /^assets\/[^/]+\/models\//.test(n))).toBe(false);
});

test("1.20.1: reskins, faces, paper overrides sorted ascending, blockstates with facing, font providers", () => {
  const { z, ns } = exports.get("1.20.1")!;
  for (const p of ["block/stone", "block/oak_log_top", "item/diamond_sword"])
    expect(z.names).toContain(`assets/minecraft/textures/${p}.png`);
  expect(leftOutOf(z)["item:diamond_sword.ruby"]).toBe("requires_newer_version");
  const paper = z.json("assets/minecraft/models/item/paper.json");
  expect(paper.textures.layer0).toBe("minecraft:item/paper");
  const numbers = paper.overrides.map((o: any) => o.predicate.custom_model_data);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(paper.overrides.map((o: any) => o.model).sort()).toEqual([
    `${ns}:block/lamp`,
    `${ns}:item/ruby`,
    `${ns}:item/wand`,
  ]);
  for (const item of z.report.customItems) {
    expect(paper.overrides.some((o: any) => o.predicate.custom_model_data === item.customModelData)).toBe(true);
    expect(item.give).toEqual([`/give @s minecraft:paper{CustomModelData:${item.customModelData}}`]);
  }
  const furnace = z.json("assets/minecraft/blockstates/furnace.json");
  expect(furnace.variants["facing=east"]).toEqual({ model: `${ns}:block/oven`, y: 90 });
  expect(furnace.variants["facing=north"]).toEqual({ model: `${ns}:block/oven` });
  expect(Object.keys(furnace.variants).sort()).toEqual(["facing=east", "facing=north", "facing=south", "facing=west"]);
  expect(z.json("assets/minecraft/blockstates/crafting_table.json")).toEqual({
    variants: { "": { model: `${ns}:block/crate` } },
  });
  expect(z.json("assets/minecraft/models/item/furnace.json")).toEqual({ parent: `${ns}:block/oven` });
  const font = z.json("assets/minecraft/font/default.json");
  expect(font.providers).toEqual([
    { type: "bitmap", file: `${ns}:font/heart.png`, height: 16, ascent: 14, chars: ["\ue000"] },
    { type: "bitmap", file: `${ns}:font/coin.png`, height: 9, ascent: 8, chars: ["\ue001"] },
  ]);
  for (const p of font.providers) expect(z.names).toContain(`assets/${ns}/textures/${p.file.split(":")[1]}`);
  const coin = z.report.fontCharacters.find((c: any) => c.asset.endsWith(":coin"));
  expect(coin).toMatchObject({ codepoint: "U+E001", assigned: true, font: "minecraft:default" });
  expect(z.text("assets/minecraft/font/default.json")).toContain("\\ue001");
});

test(`${newestRelease}: item definitions reachable by item_model, range_dispatch and variant select on the carrier`, () => {
  const { z, ns } = exports.get(newestRelease)!;
  expect(z.names.some((n) => n.startsWith("assets/minecraft/models/item/"))).toBe(false);
  for (const item of z.report.customItems) {
    const id = item.itemModel.split(":")[1];
    const def = z.json(`assets/${ns}/items/${id}.json`);
    expect(def.model.type).toBe("minecraft:model");
    expect(z.names).toContain(`assets/${ns}/models/${def.model.model.split(":")[1]}.json`);
    expect(item.give[0]).toBe(`/give @s minecraft:paper[minecraft:item_model="${item.itemModel}"]`);
  }
  const paper = z.json("assets/minecraft/items/paper.json").model;
  expect(paper.type).toBe("minecraft:range_dispatch");
  expect(paper.property).toBe("minecraft:custom_model_data");
  expect(paper.fallback).toEqual({ type: "minecraft:model", model: "minecraft:item/paper" });
  expect(paper.entries.map((e: any) => e.threshold).sort()).toEqual(
    z.report.customItems.map((c: any) => c.customModelData).sort(),
  );
  const sword = z.json("assets/minecraft/items/diamond_sword.json").model;
  expect(sword).toEqual({
    type: "minecraft:select",
    property: "minecraft:custom_model_data",
    index: 0,
    cases: [{ when: "ruby", model: { type: "minecraft:model", model: `${ns}:item/diamond_sword.ruby` } }],
    fallback: { type: "minecraft:model", model: "minecraft:item/diamond_sword" },
  });
  expect(z.json(`assets/${ns}/models/item/diamond_sword.ruby.json`)).toEqual({
    parent: "minecraft:item/diamond_sword",
    textures: { layer0: `${ns}:item/diamond_sword.ruby` },
  });
  expect(z.report.variants).toEqual([
    {
      asset: `${ns}:texture:item:diamond_sword.ruby`,
      item: "minecraft:diamond_sword",
      variant: "ruby",
      give: ['/give @s minecraft:diamond_sword[minecraft:custom_model_data={strings:["ruby"]}]'],
    },
  ]);
  expect(z.json("assets/minecraft/items/furnace.json")).toEqual({
    model: { type: "minecraft:model", model: `${ns}:block/oven` },
  });
});
