import { expect, test } from "bun:test";
import { closest, didYouMean } from "../../src/pack/suggest.ts";
import { vanillaNames } from "../../src/pack/game-data.ts";

test("near misses of the game's names find the name meant", () => {
  expect(closest("oak_plank", vanillaNames("block-texture"))).toContain("oak_planks");
  expect(closest("entity.player.hurtt", vanillaNames("sound-event"))[0]).toBe("entity.player.hurt");
  expect(closest("diamond_swrod", vanillaNames("item-texture"))[0]).toBe("diamond_sword");
  expect(closest("minecraft:note_blok", vanillaNames("block"))[0]).toBe("note_block");
  expect(closest("furnance", vanillaNames("gui-container"))[0]).toBe("furnace");
});

test("nothing close, nothing suggested; the message part reads as a question", () => {
  expect(didYouMean("zzzzzzzzzz", vanillaNames("block"))).toBe("");
  expect(didYouMean("oak_plank", ["oak_planks", "spruce_planks"])).toBe("; did you mean 'oak_planks'?");
});

test("names are per release: 1.12.2 has no deepslate, 1.17 has", () => {
  expect(vanillaNames("block-texture", "1.12.2")).not.toContain("deepslate");
  expect(vanillaNames("block-texture", "1.17")).toContain("deepslate");
  expect(vanillaNames("block-texture", "1.12.2")).toContain("log_oak");
});
