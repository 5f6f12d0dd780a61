/** Planning rules on small packs generated here: roots, refusals, overlays, naming, skips. */
import { describe, expect, test } from "bun:test";
import { encodePng, newRgba } from "../../src/media/png.ts";
import {
  findPackRoot,
  openPackZip,
  planImport,
  SKIP,
  type ImportPlan,
  type PlanOptions,
} from "../../src/pack/import-plan.ts";
import { makeZip, packZip, type RawEntry } from "../fixtures/zips/make-zip.ts";
import { apiErrorOf } from "../support/api-error.ts";

const PNG = encodePng(newRgba(16, 16));
const MCMETA = (format: number, extra = "") => `{"pack":{"pack_format":${format},"description":"test pack"}${extra}}`;

const plan = (files: Record<string, string | Uint8Array>, opts: PlanOptions = {}) =>
  planImport(openPackZip(packZip(files)), opts);
const byPath = (p: ImportPlan, path: string) => p.items.find((i) => i.path === path);
const skippedBy = (p: ImportPlan, reason: string) => p.skipped.find((g) => g.reason === reason);
const keptBy = (p: ImportPlan, reason: string) => p.kept.find((g) => g.reason === reason);
/** The planned asset counts, without the pack-file count. */
const assetCounts = (p: ImportPlan) => {
  const { files: _files, ...assets } = p.planned;
  return assets;
};

describe("finding the pack", () => {
  test("pack.mcmeta inside a single top folder (a repository download) is accepted", () => {
    const p = plan({
      "MyPack-main/pack.mcmeta": MCMETA(34),
      "MyPack-main/pack.png": PNG,
      "MyPack-main/assets/minecraft/textures/block/stone.png": PNG,
      "__MACOSX/MyPack-main/._pack.png": "junk",
    });
    expect(p.root).toBe("MyPack-main/");
    expect(p.minecraftVersion).toBe("1.21.1");
    expect(p.packIcon).toBe("MyPack-main/pack.png");
    expect(byPath(p, "MyPack-main/assets/minecraft/textures/block/stone.png")).toMatchObject({
      kind: "texture",
      type: "block",
      name: "stone",
      target: "stone",
    });
    expect(skippedBy(p, SKIP.outsideAssets)!.examples).toEqual(["__MACOSX/MyPack-main/._pack.png"]);
  });

  test("assets/ without pack.mcmeta is accepted with the default version and a warning", () => {
    const p = plan({ "assets/minecraft/textures/item/apple.png": PNG }, { defaultVersion: "1.21.11" });
    expect(p.minecraftVersion).toBe("1.21.11");
    expect(p.versionSource).toBe("default");
    expect(p.warnings[0]).toBe("the pack has no pack.mcmeta; its game version is not declared");
    expect(p.items[0]).toMatchObject({ type: "item", name: "item:apple", target: "apple" });
  });

  test("root rules on name lists", () => {
    expect(findPackRoot(["pack.mcmeta", "x/pack.mcmeta"])).toBe("");
    expect(findPackRoot(["top/assets/minecraft/x.png", "__MACOSX/top/._x", ".DS_Store"])).toBe("top/");
    expect(() => findPackRoot(["a/pack.mcmeta", "b/pack.mcmeta"])).toThrow("no pack.mcmeta or assets/");
  });

  test("a shader pack is not a resource pack, at the top or in one folder", () => {
    const shaders = {
      "shaders/composite.fsh": "void main(){}",
      "shaders/final.vsh": "void main(){}",
      "shaders/lang/en_us.lang": "x=y",
    };
    const e = apiErrorOf(() => plan(shaders));
    expect(e.errorCode).toBe("not_a_pack");
    expect(e.message).toContain("shader pack");
    const nested = Object.fromEntries(Object.entries(shaders).map(([k, v]) => [`BSL_v8.2/${k}`, v]));
    expect(apiErrorOf(() => plan(nested)).message).toContain("shader pack");
  });

  test("random bytes and a .rar are not_a_pack; too many entries is file_too_large", () => {
    const rar = new Uint8Array([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00, ...new Array(200).fill(3)]);
    for (const bytes of [rar, crypto.getRandomValues(new Uint8Array(4096))]) {
      const e = apiErrorOf(() => openPackZip(bytes));
      expect(e.errorCode).toBe("not_a_pack");
      expect(e.message).toContain("not a zip archive");
    }
    const many = makeZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, method: 0 })));
    expect(apiErrorOf(() => openPackZip(many, { maxEntries: 10 })).errorCode).toBe("file_too_large");
  });

  test("an empty zip, a zip of refused entries and a zip with nothing usable are not_a_pack", () => {
    expect(apiErrorOf(() => planImport(openPackZip(makeZip([])))).message).toBe("the zip is empty");
    const onlyBad = makeZip([{ name: "../evil.png", data: "x" }]);
    expect(apiErrorOf(() => planImport(openPackZip(onlyBad))).message).toContain("path climbs out of the archive");
    const useless = apiErrorOf(() => plan({ "pack.mcmeta": MCMETA(15), "pack.png": PNG, "README.md": "hi" }));
    expect(useless.errorCode).toBe("not_a_pack");
    expect(useless.message).toBe(`the zip holds nothing a pack here can use (1 × ${SKIP.sourceOrJunk})`);
    // A language pack has no asset but is pack content: it comes in as kept files.
    const language = plan({ "pack.mcmeta": MCMETA(15), "assets/minecraft/lang/en_us.json": "{}" });
    expect(language.items).toEqual([]);
    expect(language.keptFiles.map((f) => f.path)).toContain("assets/minecraft/lang/en_us.json");
  });

  test("an unknown requested version is invalid_request", () => {
    const e = apiErrorOf(() =>
      plan({ "pack.mcmeta": MCMETA(34), "assets/minecraft/textures/block/a.png": PNG }, { minecraftVersion: "1.99" }),
    );
    expect(e.errorCode).toBe("invalid_request");
  });
});

describe("overlays", () => {
  const mcmeta = MCMETA(
    34,
    `,"overlays":{"entries":[{"directory":"ov_items","formats":[46,99]},{"directory":"ov_late","formats":[55,99]}]}`,
  );
  const files = {
    "pack.mcmeta": mcmeta,
    "assets/minecraft/textures/block/stone.png": PNG,
    "assets/minecraft/models/item/ruby.json": "{}",
    "ov_items/assets/minecraft/textures/block/stone.png": PNG,
    "ov_items/assets/minecraft/items/ruby.json": '{"model":{"type":"minecraft:model","model":"item/ruby"}}',
    "ov_late/assets/minecraft/textures/block/stone.png": PNG,
    "ov_items/pack.png": PNG,
  };

  test("not applied on the declared version (1.21.1, format 34)", async () => {
    const p = plan(files);
    expect(p.minecraftVersion).toBe("1.21.1");
    expect(p.overlays).toEqual([]);
    expect(byPath(p, "assets/minecraft/textures/block/stone.png")).toBeDefined();
    expect(keptBy(p, SKIP.otherOverlay)!.count).toBe(4);
    expect(await assetCounts(p)).toEqual({ textures: 1, models: 1, glyphs: 0, guis: 0, sounds: 0 });
  });

  test("applied for 1.21.4 (format 46): overlay files replace base files", async () => {
    const p = plan(files, { minecraftVersion: "1.21.4" });
    expect(p.overlays).toEqual(["ov_items"]);
    expect(byPath(p, "ov_items/assets/minecraft/textures/block/stone.png")).toMatchObject({
      name: "stone",
      overlay: "ov_items",
    });
    expect(byPath(p, "ov_items/assets/minecraft/items/ruby.json")).toMatchObject({
      type: "item_model",
      name: "item:ruby",
    });
    // The replaced base file and the other overlays' files are kept at their own paths.
    expect(keptBy(p, SKIP.replaced)!.examples).toEqual(["assets/minecraft/textures/block/stone.png"]);
    expect(keptBy(p, SKIP.otherOverlay)!.examples).toEqual(["ov_late/assets/minecraft/textures/block/stone.png"]);
    expect(keptBy(p, SKIP.outsideAssets)!.examples).toEqual(["ov_items/pack.png"]);
    expect(p.items.find((i) => i.overlay)?.overlay).toBeDefined();
    expect(await assetCounts(p)).toEqual({ textures: 1, models: 2, glyphs: 0, guis: 0, sounds: 0 });
  });

  test("an overlay named assets cannot swallow the base pack", () => {
    const odd = MCMETA(34, `,"overlays":{"entries":[{"directory":"assets","formats":[1,5]}]}`);
    const p = plan({ "pack.mcmeta": odd, "assets/minecraft/textures/block/stone.png": PNG });
    expect(p.overlays).toEqual([]);
    expect(p.items.map((i) => i.path)).toEqual(["assets/minecraft/textures/block/stone.png"]);
  });

  test("both apply for 1.21.5 (format 55); the later entry wins", () => {
    const p = plan(files, { minecraftVersion: "1.21.5" });
    expect(p.overlays).toEqual(["ov_items", "ov_late"]);
    expect(p.items.filter((i) => i.name === "stone").map((i) => i.path)).toEqual([
      "ov_late/assets/minecraft/textures/block/stone.png",
    ]);
    expect(keptBy(p, SKIP.replaced)!.count).toBe(2);
  });
});

describe("mapping files", () => {
  const base = { "pack.mcmeta": MCMETA(46) };

  test("every kind lands with its naming rule", async () => {
    const p = plan({
      ...base,
      "assets/minecraft/textures/block/oak_planks.png": PNG,
      "assets/minecraft/textures/item/diamond_sword.png": PNG,
      "assets/minecraft/textures/gui/container/furnace.png": PNG,
      "assets/minecraft/textures/gui/sprites/container/furnace/burn_progress.png": PNG,
      "assets/minecraft/textures/gui/sprites/hud/hotbar.png": PNG,
      "assets/minecraft/textures/entity/equipment/humanoid/diamond.png": PNG,
      "assets/minecraft/textures/custom/ruby_block.png": PNG,
      "assets/minecraft/models/block/ruby_block.json": "{}",
      "assets/minecraft/sounds/custom/ping.ogg": "OggS",
      "assets/minecraft/sounds.json":
        '{"custom.ping":{"sounds":["custom/ping",{"name":"custom/ping","volume":0.5},{"name":"block.anvil.land","type":"event"}]}}',
      "assets/ruby/textures/block/ruby_ore.png": PNG,
      "assets/ruby/textures/item/ruby.png": PNG,
      "assets/ruby/sounds/mine.ogg": "OggS",
      "assets/ruby/font/icons.json":
        '{"providers":[{"type":"bitmap","file":"ruby:gui/coin.png","ascent":7,"height":9,"chars":["\\ue000"]}]}',
      "assets/ruby/textures/gui/coin.png": PNG,
    });
    const got = Object.fromEntries(
      p.items.map((i) => [i.path.replace(/^assets\//, ""), [i.kind, i.type, i.name, i.target ?? null]]),
    );
    expect(got).toEqual({
      "minecraft/textures/block/oak_planks.png": ["texture", "block", "oak_planks", "oak_planks"],
      "minecraft/textures/item/diamond_sword.png": ["texture", "item", "item:diamond_sword", "diamond_sword"],
      "minecraft/textures/gui/container/furnace.png": ["texture", "gui", "gui:furnace", "furnace"],
      "minecraft/textures/gui/sprites/container/furnace/burn_progress.png": [
        "texture",
        "gui",
        "gui:sprites/container/furnace/burn_progress",
        null,
      ],
      "minecraft/textures/gui/sprites/hud/hotbar.png": ["texture", "hud", "hud:hotbar", "hotbar"],
      "minecraft/textures/entity/equipment/humanoid/diamond.png": [
        "texture",
        "armor",
        "armor:humanoid/diamond",
        "humanoid/diamond",
      ],
      "minecraft/textures/custom/ruby_block.png": ["texture", "model_texture", "custom/ruby_block", null],
      "minecraft/models/block/ruby_block.json": ["model", "model", "block/ruby_block", null],
      "minecraft/sounds/custom/ping.ogg": ["sound", "sound", "custom/ping", null],
      "ruby/textures/block/ruby_ore.png": ["texture", "block", "ruby.ruby_ore", null],
      "ruby/textures/item/ruby.png": ["texture", "item", "item:ruby.ruby", null],
      "ruby/sounds/mine.ogg": ["sound", "sound", "ruby.mine", null],
      "ruby/textures/gui/coin.png": ["font", "icon", "ruby.gui/coin", null],
    });
    expect(byPath(p, "assets/minecraft/sounds/custom/ping.ogg")!.events).toEqual(["minecraft:custom.ping"]);
    expect(byPath(p, "assets/ruby/textures/gui/coin.png")!.glyph).toEqual({
      font: "ruby:icons",
      height: 9,
      ascent: 7,
      chars: ["\ue000"],
    });
    expect(p.definitions.sort()).toEqual([
      "assets/minecraft/sounds.json",
      "assets/ruby/font/icons.json",
      "pack.mcmeta",
    ]);
    expect(await assetCounts(p)).toEqual({ textures: 6, models: 1, glyphs: 1, guis: 3, sounds: 2 });
  });

  test("skips are grouped by reason with up to five examples", () => {
    const p = plan({
      ...base,
      "assets/minecraft/textures/block/stone.png": PNG,
      "assets/minecraft/textures/entity/zombie/zombie.png": PNG,
      "assets/minecraft/textures/entity/zombie/zombie.png.mcmeta": "{}",
      "assets/minecraft/textures/environment/sun.png": PNG,
      "assets/minecraft/textures/painting/kebab.png": PNG,
      "assets/minecraft/particles/flame.json": "{}",
      "assets/minecraft/shaders/core/rendertype_solid.fsh": "",
      "assets/minecraft/post_effect/creeper.json": "{}",
      "assets/minecraft/optifine/cit/sword.properties": "",
      "assets/minecraft/mcpatcher/ctm/glass/1.png": PNG,
      "data/ruby/recipes/ruby.json": "{}",
      "src/ruby.psd": "8BPS",
      "assets/minecraft/textures/block/ruby.xcf": "gimp",
      "assets/minecraft/models/ruby.bbmodel": "{}",
      "assets/minecraft/lang/en_us.json": "{}",
      "assets/minecraft/texts/splashes.txt": "hi",
      "assets/minecraft/font/uniform.json": '{"providers":[{"type":"ttf","file":"minecraft:uniform.ttf"}]}',
      "assets/minecraft/font/uniform.ttf": "ttf",
      "assets/minecraft/blockstates/stone.json": "{}",
      "assets/minecraft/atlases/blocks.json": "{}",
      "assets/minecraft/sounds/hit.wav": "RIFF",
      "assets/minecraft/textures/block/Stone_Upper.png": PNG,
      "assets/minecraft/textures/block/orphan.png.mcmeta": "{}",
      "assets/minecraft/textures/gui/title/minecraft.png": PNG,
      "assets/minecraft/regional_compliancies.json": "{}",
      "README.md": "# pack",
    });
    // Only source files and junk stay out; everything else is kept as a pack file, grouped by why.
    expect(Object.fromEntries(p.skipped.map((g) => [g.reason, g.count]))).toEqual({ [SKIP.sourceOrJunk]: 4 });
    const counts = Object.fromEntries(p.kept.map((g) => [g.reason, g.count]));
    expect(counts).toEqual({
      [SKIP.entityArt]: 2,
      [SKIP.environmentArt]: 3,
      [SKIP.shaders]: 2,
      [SKIP.optifine]: 2,
      [SKIP.dataPack]: 1,
      [SKIP.lang]: 2,
      [SKIP.fontBinary]: 2,
      [SKIP.definitions]: 2,
      [SKIP.notOgg]: 1,
      [SKIP.badName]: 1,
      [SKIP.orphanMeta]: 1,
      [SKIP.otherGui]: 1,
      [SKIP.unknown]: 1,
      "pack.mcmeta: its sections other than `pack` (overlays, language, filter…) are written back": 1,
    });
    expect(p.items.map((i) => i.name)).toEqual(["stone"]);
  });

  test("unsafe zip entries are listed with the reader's reason and the rest imports", () => {
    const good: RawEntry = { name: "assets/minecraft/textures/block/stone.png", data: PNG };
    const bytes = makeZip([
      { name: "pack.mcmeta", data: MCMETA(34) },
      good,
      { name: "../evil.png", data: PNG },
      { name: "assets/minecraft/textures/block/link.png", data: "/etc/passwd", method: 0, unixMode: 0o120777 },
      { ...good, data: encodePng(newRgba(8, 8)) },
      { name: "assets/", method: 0 },
    ]);
    const p = planImport(openPackZip(bytes));
    expect(p.items.map((i) => i.path)).toEqual(["assets/minecraft/textures/block/stone.png"]);
    expect(p.skipped.map((g) => [g.reason, g.examples])).toEqual([
      ["zip entry refused: duplicate file name", ["assets/minecraft/textures/block/stone.png"]],
      ["zip entry refused: path climbs out of the archive (`..`)", ["../evil.png"]],
      ["zip entry refused: symbolic link", ["assets/minecraft/textures/block/link.png"]],
    ]);
  });

  test("layout hints concern vanilla folders only; a custom namespace's block/ folder is just a folder", () => {
    const old = plan({
      "pack.mcmeta": MCMETA(3),
      "assets/minecraft/textures/block/stone.png": PNG,
      "assets/ruby/textures/block/ore.png": PNG,
    });
    expect(old.minecraftVersion).toBe("1.12.2");
    expect(old.warnings).toEqual([
      "1 file uses the folder layout of 1.13 and newer, but the pack is read as 1.12.2, where it does not load; pass minecraftVersion to read it as another version",
    ]);
  });

  test("a pack.mcmeta that fails its CRC is treated like an unreadable one", () => {
    const bytes = makeZip([
      { name: "pack.mcmeta", data: MCMETA(34), crc: 99 },
      { name: "assets/minecraft/textures/block/a.png", data: PNG },
    ]);
    const p = planImport(openPackZip(bytes), { defaultVersion: "1.21.4" });
    expect(p.minecraftVersion).toBe("1.21.4");
    expect(p.warnings[0]).toBe(
      "pack.mcmeta could not be read (entry pack.mcmeta fails its CRC-32 check (damaged archive)); its version and overlays were ignored",
    );
    // Kept as written; export writes its own pack.mcmeta, as it cannot merge what it cannot read.
    expect(p.keptFiles.map((f) => f.path)).toContain("pack.mcmeta");
  });

  test("two files with one asset name: the first is kept", () => {
    const p = plan({
      ...base,
      "assets/minecraft/textures/block/custom/a.png": PNG,
      "assets/minecraft/textures/custom/a.png": PNG,
    });
    expect(p.items.map((i) => i.path)).toEqual(["assets/minecraft/textures/block/custom/a.png"]);
    expect(keptBy(p, SKIP.nameClash)!.examples).toEqual(["assets/minecraft/textures/custom/a.png"]);
  });

  test("unreadable sounds.json and font JSON are warned about and kept as written; the files still come in", () => {
    const p = plan({
      ...base,
      "assets/minecraft/sounds.json": "{ nope",
      "assets/minecraft/sounds/a.ogg": "OggS",
      "assets/minecraft/font/default.json": "[",
    });
    expect(p.items.map((i) => [i.name, i.events ?? null])).toEqual([["a", null]]);
    expect(p.keptFiles.map((f) => f.path).sort()).toEqual(
      expect.arrayContaining(["assets/minecraft/font/default.json", "assets/minecraft/sounds.json"]),
    );
    expect(p.warnings.filter((w) => w.includes("could not be read")).length).toBe(2);
  });
});
