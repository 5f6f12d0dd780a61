/**
 * Portion, quantity and holder nouns before "of" (interpret/portions.ts, art/portion-shapes.ts, art/portions.ts,
 * item-portions.ts): "a bar of soap" is the substance cut to the bar's shape in its own colours, "a handful of
 * seeds" several seeds, "a pair of gloves" two, "a basket of eggs" a basket with the eggs drawn as what it holds.
 * Each word read changes the picture; a word that would not stays unmatched.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { emblemSubject } from "../../src/gen/interpret/emblems.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { PORTION_SHAPES, PORTION_WORD } from "../../src/gen/art/portion-shapes.ts";
import { substanceColours } from "../../src/gen/art/portions.ts";
import { loadWordNet } from "../../scripts/lexicon/wordnet.ts";
import type { Rgba } from "../../src/media/png.ts";
import { visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 3, size: 16 });
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));
/** The mean colour of the opaque pixels. */
function mean(img: Rgba): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i + 3] > 0) {
      for (let c = 0; c < 3; c++) sum[c] += img.data[i + c];
      n++;
    }
  return sum.map((v) => v / Math.max(1, n)) as [number, number, number];
}

describe("portion shapes as data", () => {
  test("every grid is rectangular, fits 16 px with room for the outline, and uses only the legend's letters", () => {
    for (const [shape, { grid }] of Object.entries(PORTION_SHAPES)) {
      expect({ shape, rect: grid.every((r) => r.length === grid[0].length) }).toEqual({ shape, rect: true });
      expect({ shape, fits: grid.length <= 14 && grid[0].length <= 14 }).toEqual({ shape, fits: true });
      expect({ shape, letters: grid.join("").replace(/[.xwzy]/g, "") }).toEqual({ shape, letters: "" });
    }
  });

  test("every portion word is a part, portion, piece or quantity of a mass in WordNet", () => {
    const wn = loadWordNet();
    const anchors = new Set([
      "part",
      "portion",
      "piece",
      "fragment",
      "small_indefinite_quantity",
      "containerful",
      "block",
      "solid",
      "shape",
      "helping",
      "quantity",
    ]);
    const isPortion = (word: string) =>
      (wn.senses.noun.get(word) ?? []).some((id) => {
        let frontier = wn.synsets.get(id)!.pointers.get("@") ?? [];
        for (let d = 0; d < 5 && frontier.length; d++) {
          if (frontier.some((f) => wn.synsets.get(f)!.lemmas.some((l) => anchors.has(l)))) return true;
          frontier = frontier.flatMap((f) => wn.synsets.get(f)!.pointers.get("@") ?? []);
        }
        return false;
      });
    for (const word of PORTION_WORD.keys()) expect({ word, portion: isPortion(word) }).toEqual({ word, portion: true });
  });
});

describe("portions", () => {
  test("the substance is the subject, the portion word is read with its path", () => {
    const read = interpret("item", "a wedge of cheese");
    expect(read.subject).toBe(interpret("item", "cheese").subject);
    expect(read.unmatched).toEqual([]);
    expect(read.via).toContainEqual(["wedge", "portion"]);
    expect(interpret("item", "a sliver of cake").via).toContainEqual(["sliver", "slice", "portion"]);
    // A portion word that is also a family's names no family: a block of butter is butter, not an anvil.
    expect(interpret("item", "a block of butter").subject).toBe(interpret("item", "butter").subject);
    // A counted material is the thing even with a colour said: no fallback.
    expect(interpret("item", "a piece of yellow cloth").fallback).toBeUndefined();
  });

  test("a portion word said after its substance is read the same ('a tape roll'), a name of its own is not", () => {
    for (const [prompt, word] of [
      ["a tape roll", "roll"],
      ["a butter stick", "stick"],
      ["a water drop", "drop"],
    ]) {
      const read = interpret("item", prompt);
      expect({ prompt, unmatched: read.unmatched }).toEqual({ prompt, unmatched: [] });
      expect({ prompt, changed: !same(item(prompt), item(prompt.replace(` ${word}`, ""))) }).toEqual({
        prompt,
        changed: true,
      });
    }
    // A candy bar is WordNet's own thing, drawn as itself; a slice family drawn by its word is not cut again.
    expect(interpret("item", "chocolate bar").via ?? []).not.toContainEqual(["bar", "portion"]);
    expect(interpret("item", "melon slice").via ?? []).not.toContainEqual(["slice", "portion"]);
  });

  test("each portion word changes the picture, and the shapes differ from one another", () => {
    const pictures = new Map<string, Rgba>();
    for (const word of ["bar", "wedge", "slice", "roll", "chunk", "lump", "piece", "cube", "drop", "stick", "shard"]) {
      const cut = item(`a ${word} of cheese`);
      expect({ word, changed: !same(cut, item("cheese")) }).toEqual({ word, changed: true });
      expect({ word, colours: visibleColourCount(cut) >= 4 && visibleColourCount(cut) <= 12 }).toEqual({
        word,
        colours: true,
      });
      for (const [other, img] of pictures)
        expect({ word, other, same: same(cut, img) }).toEqual({ word, other, same: false });
      pictures.set(word, cut);
    }
  });

  test("the substance's colour lands in the portion", () => {
    for (const word of ["bar", "slice", "roll", "chunk"]) {
      const [r, , b] = mean(item(`a ${word} of red cloth`));
      const [r2, , b2] = mean(item(`a ${word} of blue cloth`));
      expect({ word, red: r > b, blue: b2 > r2 }).toEqual({ word, red: true, blue: true });
    }
    // The main colour is the substance's most common inner colour, never its outline.
    const soap = item("soap");
    const { main } = substanceColours(soap);
    expect(Math.max(...main)).toBeGreaterThan(50);
  });

  test("a material drawn as a lump is cut to a declared shape; a shape its subject draws is left to it", () => {
    expect(same(item("a block of ice"), item("a lump of ice"))).toBe(false);
    expect(same(item("a slab of stone"), item("a lump of stone"))).toBe(false);
    expect(interpret("item", "a bar of gold").via ?? []).not.toContainEqual(["bar", "portion"]);
  });

  test("the same prompt and seed draw the same portion", () => {
    expect(same(item("a bar of soap"), item("a bar of soap"))).toBe(true);
  });
});

describe("icons", () => {
  test("an icon that draws an item draws its portion: read, and the picture changes", () => {
    for (const [prompt, alone] of [
      ["a slice of cake", "cake"],
      ["a bar of soap", "soap"],
      ["a wedge of cheese", "cheese"],
    ]) {
      const read = interpret("icon", prompt, {}, { name: alone });
      expect({ prompt, unmatched: read.unmatched }).toEqual({ prompt, unmatched: [] });
      const cut = iconRgba({ prompt, name: alone, seed: 3 });
      expect({ prompt, changed: !same(cut, iconRgba({ prompt: alone, name: alone, seed: 3 })) }).toEqual({
        prompt,
        changed: true,
      });
    }
  });
});

describe("quantities", () => {
  test("a handful is several of the thing, a pair two: each changes the picture", () => {
    for (const [prompt, alone] of [
      ["a handful of seeds", "seeds"],
      ["a handful of berries", "berries"],
      ["a fistful of coins", "coin"],
      ["a pair of gloves", "a glove"],
      ["a pair of ice skates", "an ice skate"],
      ["a dozen eggs", "an egg"],
      ["four apples", "an apple"],
      ["lots of gems", "a gem"],
    ]) {
      const read = interpret("item", prompt);
      expect({ prompt, unmatched: read.unmatched }).toEqual({ prompt, unmatched: [] });
      expect({ prompt, changed: !same(item(prompt), item(alone)) }).toEqual({ prompt, changed: true });
    }
  });

  test("a number is read only right before the thing or before 'of'", () => {
    expect(interpret("item", "a four leaf clover").via ?? []).not.toContainEqual(["four", "several"]);
    expect(same(item("a three headed dragon"), item("a three headed dragon"))).toBe(true);
  });

  test("a pair of a thing drawn as a pair already changes nothing, and 'pair' stays unmatched", () => {
    expect(interpret("item", "a pair of boots").unmatched).toContain("pair");
    expect(same(item("a pair of boots"), item("boots"))).toBe(true);
  });
});

describe("holders", () => {
  test("what a holder is 'of' is drawn as what it holds: read, and the picture changes", () => {
    for (const [prompt, holder, held] of [
      ["a basket of eggs", "a basket", "egg"],
      ["a barrel of apples", "a barrel", "apple"],
      ["a bag of flour", "a bag", "flour"],
      ["a box of matches", "a box", "matchstick"],
      // A plural in -oes is read as its singular (interpret/lexicon.ts baseForms).
      ["a sack of potatoes", "a sack", emblemSubject("potato")?.subject ?? "potato"],
    ]) {
      const read = interpret("item", prompt);
      expect({ prompt, unmatched: read.unmatched, details: read.details }).toEqual({
        prompt,
        unmatched: [],
        details: [held],
      });
      expect({ prompt, subject: read.subject }).toEqual({ prompt, subject: interpret("item", holder).subject });
      expect({ prompt, changed: !same(item(prompt), item(holder)) }).toEqual({ prompt, changed: true });
    }
  });

  test("a holder said before 'of' is the subject though a family follows: the family is what it holds", () => {
    for (const [prompt, held] of [
      ["a sack of coins", "coins"],
      ["a plate of cookies", "cookie"],
      ["a purse of coins", "coins"],
    ]) {
      const read = interpret("item", prompt);
      expect({ prompt, subject: read.subject, details: read.details, unmatched: read.unmatched }).toEqual({
        prompt,
        subject: interpret("item", prompt.split(" of ")[0]).subject,
        details: [held],
        unmatched: [],
      });
    }
    // A portion or quantity before "of" is no holder: the thing after it is the subject.
    expect(interpret("item", "a slice of cake").subject).toBe(interpret("item", "cake").subject);
  });

  test("a thing that is no holder keeps what follows 'of' as before", () => {
    expect(interpret("item", "a sword of fire").details).toEqual([]);
  });
});
