import { describe, expect, test } from "bun:test";
import {
  modelNames,
  resolveModel,
  selectedModel,
  slotIds,
  textureNames,
  type Load,
} from "../../src/pack/model-refs.ts";

/** A pack's stored files by kind and name; anything else is not held (null), as a 404 is in the page. */
const packOf =
  (files: Record<string, unknown>): Load =>
  async (kind, name) =>
    name in files && kind === "model" ? JSON.stringify(files[name]) : null;

describe("model references resolved the way the game does", () => {
  test("ids map to stored names by the import rule; the pack's own model textures are model:<file>", () => {
    expect(textureNames("demo:block/ruby", "p")).toEqual(["demo.ruby"]);
    expect(textureNames("minecraft:item/apple", "p")).toEqual(["item:apple"]);
    expect(textureNames("block/stone", "p")).toEqual(["stone"]);
    expect(textureNames("demo:custom/glow", "p")).toEqual(["demo.custom/glow"]);
    expect(textureNames("p:block/barrel_side", "p")).toEqual(["model:barrel_side", "p.barrel_side"]);
    expect(modelNames("demo:block/base", "p")).toEqual(["demo.block/base"]);
    expect(modelNames("p:block/barrel", "p")).toEqual(["p.block/barrel", "barrel"]);
  });

  test("an item definition selects the first model it names", () => {
    const def = {
      model: {
        type: "minecraft:select",
        cases: [{ when: "x", model: { type: "minecraft:model", model: "demo:item/a" } }],
        fallback: { type: "minecraft:model", model: "demo:item/b" },
      },
    };
    expect(selectedModel(def)).toBe("demo:item/a");
    expect(selectedModel({ parent: "block/cube_all", textures: {} })).toBeNull();
  });

  test("parents merge textures (the child's win), the nearest elements are drawn, #refs resolve", async () => {
    const load = packOf({
      "demo.block/base": {
        parent: "demo:block/root",
        textures: { all: "demo:block/base_tex", side: "#all" },
        elements: [{ from: [0, 0, 0], to: [16, 16, 16], faces: { up: { texture: "#side" } } }],
      },
      "demo.block/root": { textures: { particle: "#all", extra: "demo:block/extra" } },
    });
    const r = await resolveModel({ parent: "demo:block/base", textures: { all: "demo:block/mine" } }, "p", load);
    expect(r.chain).toEqual(["demo:block/base", "demo:block/root"]);
    expect(r.outsideParent).toBeNull();
    expect(r.model.elements).toHaveLength(1);
    expect(Object.fromEntries(slotIds(r.model))).toEqual({
      all: "demo:block/mine",
      side: "demo:block/mine",
      particle: "demo:block/mine",
      extra: "demo:block/extra",
    });
  });

  test("a parent the pack lacks is the game's own: named, and its shape stood in for", async () => {
    const r = await resolveModel(
      { parent: "minecraft:block/cube_column", textures: { end: "demo:block/top", side: "block/stone" } },
      "p",
      packOf({}),
    );
    expect(r.outsideParent).toBe("minecraft:block/cube_column");
    expect(r.model.elements[0].faces.up.texture).toBe("#end");
    expect(r.model.elements[0].faces.north.texture).toBe("#side");
  });
});
