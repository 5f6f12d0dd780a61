/**
 * Patterns on items (art/item-patterns.ts): the structure words for stripes and checks ("striped candy",
 * "checkered flag", "chequered scarf") are read for items and painted on the item's inside. Each word changes
 * the picture, never its silhouette, and the picture keeps at most 12 colours.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 5, size: 16 });
const WORDS: [string, string][] = [
  ["striped", "stripes"],
  ["stripes", "stripes"],
  ["checkered", "checkered"],
  ["chequered", "checkered"],
  ["checkerboard", "checkered"],
];
const BASES = ["flag", "scarf", "shield", "iron sword", "wool hat", "apple"];

describe("a pattern word on an item", () => {
  test("is read as the item's pattern, leaving nothing unmatched", () => {
    for (const [word, pattern] of WORDS) {
      const read = interpret("item", `${word} flag`);
      expect({ word, patterns: read.patterns, unmatched: read.unmatched }).toEqual({
        word,
        patterns: [pattern],
        unmatched: [],
      });
    }
    // "with stripes" after the subject too.
    expect(interpret("item", "a scarf with stripes").patterns).toEqual(["stripes"]);
  });

  test("changes the picture, keeps the silhouette and at most 12 colours", () => {
    for (const base of BASES) {
      const plain = item(base);
      for (const [word] of WORDS) {
        const img = item(`${word} ${base}`);
        const alpha = (i: number) => img.data[i * 4 + 3] === plain.data[i * 4 + 3];
        expect({ word, base, changed: !Buffer.from(img.data).equals(Buffer.from(plain.data)) }).toEqual({
          word,
          base,
          changed: true,
        });
        expect({ word, base, silhouette: [...Array(256).keys()].every(alpha) }).toEqual({
          word,
          base,
          silhouette: true,
        });
        expect({ word, base, colours: visibleColourCount(img) <= 12 }).toEqual({ word, base, colours: true });
      }
    }
  });

  test("stripes and checks are different pictures", () => {
    expect(Buffer.from(item("striped flag").data).equals(Buffer.from(item("checkered flag").data))).toBe(false);
  });
});
