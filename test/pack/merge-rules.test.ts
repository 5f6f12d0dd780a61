/** The merge rules on their own: item definitions' range_dispatch, one renumbering for both files of an item, .lang, blockstates. */
import { describe, expect, test } from "bun:test";
import { mergeFile, Renumbering } from "../../src/pack/merge-rules.ts";

const u8 = (o: unknown) => new TextEncoder().encode(typeof o === "string" ? o : JSON.stringify(o));
const parse = (b: Uint8Array) => JSON.parse(new TextDecoder().decode(b));
const range = (entries: [number, string][]) => ({
  model: {
    type: "minecraft:range_dispatch",
    property: "minecraft:custom_model_data",
    entries: entries.map(([threshold, model]) => ({ threshold, model: { type: "minecraft:model", model } })),
    fallback: { type: "minecraft:model", model: "minecraft:item/paper" },
  },
});

describe("merge rules", () => {
  test("item definitions: range_dispatch entries combined, a clashing threshold renumbered the same way as the overrides", () => {
    const r = new Renumbering();
    const overrides = mergeFile(
      "assets/minecraft/models/item/paper.json",
      u8({ overrides: [{ predicate: { custom_model_data: 5 }, model: "a:item/x" }] }),
      u8({ overrides: [{ predicate: { custom_model_data: 5 }, model: "b:item/y" }] }),
      "under",
      r,
    )!;
    expect(overrides.numbers).toEqual([{ item: "minecraft:paper", from: 5, to: 6, model: "b:item/y" }]);
    const defs = mergeFile(
      "assets/minecraft/items/paper.json",
      u8(
        range([
          [5, "a:item/x"],
          [6, "a:item/z"],
        ]),
      ),
      u8(range([[5, "b:item/y"]])),
      "under",
      r,
    )!;
    // 6 is taken in this file, so b's 5 moves past it, and the overrides' 5 -> 6 is not reused.
    expect(defs.outcome).toBe("renamed");
    expect(parse(defs.bytes).model.entries.map((e: any) => [e.threshold, e.model.model])).toEqual([
      [5, "a:item/x"],
      [6, "a:item/z"],
      [7, "b:item/y"],
    ]);
    const again = mergeFile(
      "assets/minecraft/items/paper.json",
      u8(range([[5, "a:item/x"]])),
      u8(range([[5, "b:item/y"]])),
      "under",
      r,
    )!;
    expect(parse(again.bytes).model.entries.map((e: any) => e.threshold)).toEqual([5, 7]);
  });

  test("the same entry on both sides comes once; a different structure is not merged here", () => {
    const same = mergeFile(
      "assets/minecraft/items/stick.json",
      u8(range([[1, "a:item/x"]])),
      u8(range([[1, "a:item/x"]])),
      "over",
      new Renumbering(),
    )!;
    expect(same.outcome).toBe("merged");
    expect(parse(same.bytes).model.entries).toHaveLength(1);
    expect(
      mergeFile(
        "assets/minecraft/items/stick.json",
        u8(range([[1, "a"]])),
        u8({ model: { type: "minecraft:model", model: "b" } }),
        "over",
        new Renumbering(),
      ),
    ).toBeNull();
    expect(mergeFile("assets/a/textures/x.png", u8("a"), u8("b"), "over", new Renumbering())).toBeNull();
  });

  test("old .lang files key by key, blockstate variants key by key", () => {
    const lang = mergeFile("assets/a/lang/en_US.lang", u8("a=1\nb=2\n"), u8("b=9\nc=3\n"), "under", new Renumbering())!;
    expect(new TextDecoder().decode(lang.bytes)).toBe("a=1\nb=2\nc=3\n");
    const states = mergeFile(
      "assets/a/blockstates/lamp.json",
      u8({ variants: { "lit=true": { model: "a:block/on" } } }),
      u8({ variants: { "lit=true": { model: "b:block/on" }, "lit=false": { model: "b:block/off" } } }),
      "over",
      new Renumbering(),
    )!;
    expect(parse(states.bytes).variants).toEqual({
      "lit=true": { model: "b:block/on" },
      "lit=false": { model: "b:block/off" },
    });
  });
});
