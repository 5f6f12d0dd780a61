/**
 * One deliberately broken pack per checker rule, each caught with its rule id and path; and a clean pack that
 * draws nothing. Real zip bytes, real PNGs.
 */
import { describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { checkPackZip } from "../../../src/pack/check/index.ts";
import { encodePng } from "../../../src/media/png.ts";

const enc = new TextEncoder();
const json = (v: unknown) => enc.encode(JSON.stringify(v));
const png = (w: number, h: number) => {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i * 7) & 255, (i * 3) & 255, 99, 255], i);
  return encodePng({ width: w, height: h, data });
};
const mcmeta = (format = 34) => json({ pack: { pack_format: format, description: "test" } });

/** A small valid pack for 1.20.6 (format 32 would be 1.20.5/6; 34 is 1.21/1.21.1). */
function pack(extra: Record<string, Uint8Array | null> = {}, format = 34): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "pack.mcmeta": mcmeta(format),
    "assets/demo/textures/block/marble.png": png(16, 16),
    "assets/demo/models/block/marble.json": json({
      parent: "minecraft:block/cube_all",
      textures: { all: "demo:block/marble" },
    }),
    "assets/demo/blockstates/marble.json": json({ variants: { "": { model: "demo:block/marble" } } }),
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) delete files[k];
    else files[k] = v;
  }
  return zipSync(files, { level: 1 });
}

const check = (bytes: Uint8Array, version?: string) => checkPackZip(bytes, version ? { version } : {});
const rulesOf = (r: ReturnType<typeof check>, level: "errors" | "warnings") =>
  r[level].map((f) => `${f.rule} ${f.path}`);

test("a clean pack: no errors, no warnings, its version read from pack.mcmeta", () => {
  const r = check(pack());
  expect(r.errors).toEqual([]);
  expect(r.warnings).toEqual([]);
  expect(r.version).toBe("1.21.1");
  expect(r.versionSource).toBe("pack.mcmeta");
  expect(r.files).toBe(4);
});

describe("each rule catches its broken pack", () => {
  const cases: [string, Record<string, Uint8Array | null>, "errors" | "warnings", string, string?][] = [
    ["mcmeta.missing", { "pack.mcmeta": null }, "errors", "pack.mcmeta"],
    ["mcmeta.invalid", { "pack.mcmeta": enc.encode("{ pack: ") }, "errors", "pack.mcmeta"],
    [
      "mcmeta.format",
      { "pack.mcmeta": json({ pack: { description: "new fields only", min_format: 34, max_format: 34 } }) },
      "errors",
      "pack.mcmeta",
      "1.21.1",
    ],
    [
      "json.invalid",
      { "assets/demo/models/block/broken.json": enc.encode("{ nope") },
      "errors",
      "assets/demo/models/block/broken.json",
    ],
    [
      "model.parent-missing",
      {
        "assets/demo/models/block/child.json": json({
          parent: "demo:block/nowhere",
          textures: { all: "demo:block/marble" },
        }),
      },
      "errors",
      "assets/demo/models/block/child.json",
    ],
    [
      "model.parent-cycle",
      {
        "assets/demo/models/block/a.json": json({ parent: "demo:block/b" }),
        "assets/demo/models/block/b.json": json({ parent: "demo:block/a" }),
      },
      "errors",
      "assets/demo/models/block/a.json",
    ],
    [
      "model.texture-missing",
      {
        "assets/demo/models/block/marble.json": json({
          parent: "minecraft:block/cube_all",
          textures: { all: "demo:block/granite" },
        }),
      },
      "errors",
      "assets/demo/models/block/marble.json",
    ],
    [
      "model.texture-not-vanilla",
      {
        "assets/demo/models/block/marble.json": json({
          parent: "minecraft:block/cube_all",
          textures: { all: "minecraft:block/not_a_block" },
        }),
      },
      "warnings",
      "assets/demo/models/block/marble.json",
    ],
    [
      "model.texture-ref-unresolved",
      {
        "assets/demo/models/block/box.json": json({
          textures: { side: "demo:block/marble" },
          elements: [{ from: [0, 0, 0], to: [16, 16, 16], faces: { north: { texture: "#front" } } }],
        }),
      },
      "errors",
      "assets/demo/models/block/box.json",
    ],
    [
      "model.rules",
      {
        "assets/demo/models/block/box.json": json({
          textures: { side: "demo:block/marble" },
          elements: [{ from: [0, 0, 0], to: [16, 40, 16], faces: { north: { texture: "#side" } } }],
        }),
      },
      "errors",
      "assets/demo/models/block/box.json",
    ],
    [
      "era.overrides-ignored",
      {
        "assets/minecraft/models/item/paper.json": json({
          parent: "minecraft:item/generated",
          textures: { layer0: "minecraft:item/paper" },
          overrides: [{ predicate: { custom_model_data: 1 }, model: "demo:block/marble" }],
        }),
      },
      "warnings",
      "assets/minecraft/models/item/paper.json",
      "1.21.4",
    ],
    [
      "blockstate.invalid",
      { "assets/demo/blockstates/odd.json": json({ states: {} }) },
      "errors",
      "assets/demo/blockstates/odd.json",
    ],
    [
      "blockstate.model-missing",
      { "assets/demo/blockstates/marble.json": json({ variants: { "": { model: "demo:block/gone" } } }) },
      "errors",
      "assets/demo/blockstates/marble.json",
    ],
    [
      "item.model-missing",
      { "assets/demo/items/wand.json": json({ model: { type: "minecraft:model", model: "demo:item/wand" } }) },
      "errors",
      "assets/demo/items/wand.json",
      "1.21.4",
    ],
    [
      "item.invalid",
      { "assets/demo/items/wand.json": json({ nope: 1 }) },
      "errors",
      "assets/demo/items/wand.json",
      "1.21.4",
    ],
    [
      "era.items-ignored",
      { "assets/demo/items/wand.json": json({ model: { type: "minecraft:model", model: "demo:block/marble" } }) },
      "warnings",
      "assets/demo/items/wand.json",
      "1.21.1",
    ],
    [
      "texture.invalid-png",
      { "assets/demo/textures/block/bad.png": enc.encode("not a png") },
      "errors",
      "assets/demo/textures/block/bad.png",
    ],
    [
      "texture.animation",
      {
        "assets/demo/textures/block/flow.png": png(16, 40),
        "assets/demo/textures/block/flow.png.mcmeta": json({ animation: { frametime: 2 } }),
      },
      "errors",
      "assets/demo/textures/block/flow.png",
    ],
    [
      "gui.sprite-unknown",
      { "assets/minecraft/textures/gui/sprites/hud/air_empty.png": png(9, 9) },
      "warnings",
      "assets/minecraft/textures/gui/sprites/hud/air_empty.png",
      "1.21.1",
    ],
    [
      "era.sprites-ignored",
      { "assets/minecraft/textures/gui/sprites/hud/heart/full.png": png(9, 9) },
      "warnings",
      "assets/minecraft/textures/gui/sprites/",
      "1.20.1",
    ],
    [
      "font.bitmap-missing",
      {
        "assets/demo/font/icons.json": json({
          providers: [{ type: "bitmap", file: "demo:font/coin.png", ascent: 7, chars: ["\ue000"] }],
        }),
      },
      "errors",
      "assets/demo/font/icons.json",
    ],
    [
      "font.grid",
      {
        "assets/demo/textures/font/row.png": png(20, 9),
        "assets/demo/font/icons.json": json({
          providers: [{ type: "bitmap", file: "demo:font/row.png", ascent: 7, chars: ["\ue000\ue001\ue002"] }],
        }),
      },
      "errors",
      "assets/demo/font/icons.json",
    ],
    [
      "era.font-ignored",
      { "assets/demo/font/icons.json": json({ providers: [] }) },
      "warnings",
      "assets/demo/font/icons.json",
      "1.12.2",
    ],
    [
      "sounds.file-missing",
      { "assets/demo/sounds.json": json({ "coin.pickup": { sounds: ["demo:coin/pickup"] } }) },
      "errors",
      "assets/demo/sounds.json",
    ],
    ["sounds.invalid", { "assets/demo/sounds.json": json([1, 2]) }, "errors", "assets/demo/sounds.json"],
  ];
  for (const [rule, extra, level, path, version] of cases)
    test(`${rule}${version ? ` (${version})` : ""}`, () => {
      const r = check(pack(extra), version);
      expect(rulesOf(r, level)).toContain(`${rule} ${path}`);
      // The healthy rest of the pack draws nothing: the marble block's files are never blamed for another rule.
      const marble = r.errors.filter((f) => f.path.includes("/marble.json") && f.rule !== rule);
      expect(marble).toEqual([]);
    });

  test("mcmeta.format-range: a format that leaves the release out is a warning, not an error", () => {
    const r = check(pack({}, 15), "1.21.4");
    expect(rulesOf(r, "warnings")).toContain("mcmeta.format-range pack.mcmeta");
    expect(r.errors).toEqual([]);
  });

  test("a refused zip entry (path climbing out) is reported; folder entries are not", () => {
    const bytes = zipSync(
      { "pack.mcmeta": mcmeta(), "assets/": new Uint8Array(0), "../evil.png": png(1, 1) },
      { level: 0 },
    );
    const r = check(bytes);
    expect(r.warnings.map((w) => w.rule)).toContain("zip.entry-refused");
    expect(r.warnings.some((w) => w.path === "assets/")).toBe(false);
  });
});

describe("refusals", () => {
  test("an unknown version is invalid_request; a file that is not a zip is not_a_pack", () => {
    expect(() => check(pack(), "1.99")).toThrow(/not a Java release/);
    try {
      check(enc.encode("hello"));
      throw new Error("accepted");
    } catch (e) {
      expect((e as { errorCode?: string }).errorCode).toBe("not_a_pack");
    }
  });
});
