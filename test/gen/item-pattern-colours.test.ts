/**
 * A pattern said with colours (art/item-patterns.ts, item-finish.ts): "blue and white striped mug" is a blue mug
 * with white stripes, "red and yellow striped scarf" has yellow stripes, and a pattern before a vessel is painted
 * on it, never read as what the vessel holds ("a striped mug" holds no stripes). Weave words (wicker, knitted,
 * braided) draw a basket weave.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { hexToRgb } from "../../src/gen/art/colour.ts";
import { COLOURS } from "../../src/gen/art/dye-colours.ts";
import type { Rgba } from "../../src/media/png.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16 });
const has = (img: Rgba, name: string) => {
  const [r, g, b] = hexToRgb(COLOURS[name])!;
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i + 3] && img.data[i] === r && img.data[i + 1] === g && img.data[i + 2] === b) return true;
  return false;
};

describe("patterns with their colours", () => {
  test("a pattern before a vessel is its pattern, not its contents", () => {
    for (const prompt of ["striped mug", "blue striped mug", "striped blue potion", "checkered mug"]) {
      const read = interpret("item", prompt);
      expect(read.patterns?.length, prompt).toBe(1);
      expect(
        read.parts.filter((p) => p.part === "content"),
        prompt,
      ).toEqual([]);
    }
  });

  test("the second colour named is the pattern's marked half", () => {
    expect(has(item("red and yellow striped scarf"), "yellow")).toBe(true);
    expect(has(item("red and yellow scarf"), "yellow")).toBe(false);
    expect(has(item("green and purple checkered mug"), "purple")).toBe(true);
  });

  test("weave words draw a basket weave on the item, and are read as one", () => {
    for (const [said, plain] of [
      ["wicker picnic basket", "picnic basket"],
      ["knitted scarf", "scarf"],
      ["woven hat", "hat"],
      ["braided rope", "rope"],
    ]) {
      const read = interpret("item", said);
      expect(read.patterns, said).toEqual(["woven"]);
      expect(Buffer.from(item(said).data).equals(Buffer.from(item(plain).data)), said).toBe(false);
    }
    // A thing of the straw structure's words is a thing, not a weave: a rope grip is a rope.
    expect(interpret("item", "a sword with a rope grip").patterns).toBeUndefined();
  });
});
