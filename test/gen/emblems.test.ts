/**
 * Emblems (interpret/emblems.ts, art/emblems.ts): a drawn thing said before an item's subject ("coin pouch",
 * "fish hook") is read as the item's emblem and drawn small in the corner the subject leaves emptiest. The
 * word leaves `unmatched` only because the picture changes: with the word the picture differs from without
 * it, and only inside the emblem's corner.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemPartMask, itemRgba } from "../../src/gen/item.ts";
import type { Rgba } from "../../src/media/png.ts";
import { visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string, size = 16) => itemRgba({ prompt, seed: 11, size });
/** Indices of the pixels that differ. */
const changed = (a: Rgba, b: Rgba) =>
  [...Array(a.width * a.height).keys()].filter((i) =>
    [0, 1, 2, 3].some((k) => a.data[i * 4 + k] !== b.data[i * 4 + k]),
  );

const CASES: [string, string, string][] = [
  // prompt, the subject alone, the emblem drawn
  ["coin pouch", "pouch", "coin"],
  ["fish hook", "hook", "fish"],
  ["sun mask", "mask", "sun"],
  ["apple pie", "pie", "apple"],
  ["cheese grater", "grater", "cheese"],
  ["skull shield", "shield", "skull"],
  ["heart amulet", "amulet", "heart"],
];

describe("reading an emblem", () => {
  test("the thing said before the subject is reported as a detail, not unmatched, and not as the subject", () => {
    for (const [prompt, alone, emblem] of CASES) {
      const read = interpret("item", prompt);
      expect({ prompt, subject: read.subject }).toEqual({ prompt, subject: interpret("item", alone).subject });
      expect({ prompt, details: read.details, unmatched: read.unmatched }).toEqual({
        prompt,
        details: [emblem],
        unmatched: [],
      });
    }
    // A word reached through the lexicon says how.
    const chest = interpret("item", "treasure chest");
    expect(chest.details).toEqual(["gem"]);
    expect(chest.via).toContainEqual(["treasure", "gem"]);
  });

  test("a describing word or a thing too far from the word is no emblem", () => {
    // A fourth colour stays unmatched; a "pipe wrench" shows no barrel nor a "storage chest" a museum (the
    // lexicon's nearest drawn things, three steps away); a word nothing draws stays unmatched.
    expect(interpret("item", "black red blue and green banner").details).toEqual([]);
    expect(interpret("item", "pipe wrench").unmatched).toEqual(["pipe"]);
    expect(interpret("item", "storage chest").unmatched).toEqual(["storage"]);
    // "pocket" is no purse either: it is the pocket-size (small) watch (test/gen/modifier-looks.test.ts).
    expect(interpret("item", "pocket watch").details).toEqual([]);
    expect(interpret("item", "zorbly hook").unmatched).toEqual(["zorbly"]);
    expect(interpret("item", "zorbly hook").details).toEqual([]);
  });
});

describe("a thing said after 'with'", () => {
  test("is the emblem when nothing else reads it; a part the item draws itself is not", () => {
    for (const [prompt, alone, emblem] of [
      ["teapot with flowers", "teapot", "flower"],
      ["staff with a moon", "staff", "moon"],
      ["hat with bells", "hat", "bell"],
      ["potion with a skull", "potion", "skull"],
    ]) {
      const read = interpret("item", prompt);
      expect({ prompt, details: read.details, unmatched: read.unmatched }).toEqual({
        prompt,
        details: [emblem],
        unmatched: [],
      });
      expect({ prompt, changed: changed(item(prompt), item(alone)).length > 0 }).toEqual({ prompt, changed: true });
    }
    // Stars are the hat's own part (art/assembly.ts); a bobber is WordNet's part of the fishing rod said; a
    // feather or a string is a part word (art/part-words.ts), not a thing beside.
    expect(interpret("item", "hat with a feather").details).toEqual([]);
    expect(interpret("item", "purple wizard hat with stars").details).toEqual([]);
    expect(interpret("item", "fishing rod with a red bobber").details).toEqual([]);
    // The thing before the subject is drawn even when it is also a part's word elsewhere ("treasure": a gem).
    expect(changed(item("treasure chest"), item("chest")).length).toBeGreaterThan(0);
  });
});

describe("drawing an emblem", () => {
  test("the picture with the word differs from the one without, only inside one corner, within 12 colours", () => {
    for (const [prompt, alone] of CASES) {
      const img = item(prompt);
      const diff = changed(img, item(alone));
      expect({ prompt, changed: diff.length > 0 }).toEqual({ prompt, changed: true });
      const xs = diff.map((i) => i % 16);
      const ys = diff.map((i) => Math.floor(i / 16));
      // A 7 px corner: every changed pixel within 7 of one corner on both axes (capping colours may touch
      // a few pixels elsewhere, in colour only: their alpha is the subject's).
      const inCorner = (x: number, y: number) => (x < 7 || x >= 9) && (y < 7 || y >= 9);
      const outside = diff.filter((i) => !inCorner(i % 16, Math.floor(i / 16)) && img.data[i * 4 + 3] === 0);
      expect({
        prompt,
        outside: outside.length,
        spread: Math.max(...xs) - Math.min(...xs) >= 0 && ys.length > 0,
      }).toEqual({ prompt, outside: 0, spread: true });
      expect({ prompt, colours: visibleColourCount(img) <= 12 }).toEqual({ prompt, colours: true });
    }
  });

  test("deterministic per seed, and scaled with the picture", () => {
    expect(Buffer.from(item("coin pouch").data).equals(Buffer.from(item("coin pouch").data))).toBe(true);
    const big = item("coin pouch", 32);
    expect(changed(big, item("pouch", 32)).length).toBeGreaterThan(changed(item("coin pouch"), item("pouch")).length);
  });
});

describe("the part mask of an item with an emblem or several copies", () => {
  test("labels every drawn pixel and nothing else; the emblem's pixels are 'emblem'", () => {
    // Items a family draws (a library picture has no declared parts to label).
    for (const prompt of [
      "skull shield",
      "heart amulet",
      "apple pie",
      "a set of iron swords",
      "a bundle of dynamite",
    ]) {
      for (const size of [16, 32]) {
        const img = itemRgba({ prompt, seed: 11, size });
        const { parts } = itemPartMask({ prompt, seed: 11, size });
        const wrong = parts.filter((p, i) => (p !== null) !== img.data[i * 4 + 3] > 0).length;
        expect({ prompt, size, wrong }).toEqual({ prompt, size, wrong: 0 });
      }
    }
    expect(itemPartMask({ prompt: "skull shield", seed: 11, size: 16 }).parts).toContain("emblem");
  });
});
