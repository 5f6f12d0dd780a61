/**
 * Shape adjectives and words of degree around an item (art/flavour-reshape.ts, interpret/intensifiers.ts): a
 * thin candle is narrower, a curved sword bent, a twisted staff waved, a flat loaf squashed, a round shield
 * rounded; "extremely sharp" is sharper than "sharp". Each class is read (its WordNet neighbours too, with
 * their path) and each word of it changes the picture; on a kind that does not draw it the word stays unmatched.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { reshapeGrid } from "../../src/gen/art/flavour-reshape.ts";
import { gridFromMask } from "../../src/gen/art/sprite.ts";
import type { Rgba } from "../../src/media/png.ts";
import { visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16 });
const icon = (prompt: string) => iconRgba({ prompt, seed: 7, name: "shape" });
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));

/** Each shape flavour with several of its words, each before a subject it visibly reshapes. */
const SHAPES: Record<string, [string, string][]> = {
  slender: [
    ["thin", "candle"],
    ["tall", "glass bottle"],
    ["narrow", "glass bottle"],
    ["skinny", "candle"],
  ],
  wide: [
    ["wide", "axe"],
    ["squat", "pot"],
    ["fat", "glass bottle"],
  ],
  flat: [
    ["flat", "bread"],
    ["flat", "cake"],
    ["flattened", "cake"],
  ],
  curved: [
    ["curved", "sword"],
    ["crooked", "staff"],
    ["hooked", "knife"],
    ["arched", "sword"],
  ],
  twisted: [
    ["twisted", "staff"],
    ["spiral", "horn"],
    ["wavy", "sword"],
    ["gnarled", "staff"],
  ],
  round: [
    ["round", "shield"],
    ["circular", "shield"],
    ["rounded", "shield"],
  ],
};

/** Opaque pixels in one 8-connected piece. */
function pieces(img: Rgba): number {
  const { width: w, height: h, data } = img;
  const seen = new Uint8Array(w * h);
  let n = 0;
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !data[start * 4 + 3]) continue;
    n++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = (i % w) + dx;
          const y = Math.floor(i / w) + dy;
          const j = y * w + x;
          if (x < 0 || y < 0 || x >= w || y >= h || seen[j] || !data[j * 4 + 3]) continue;
          seen[j] = 1;
          stack.push(j);
        }
    }
  }
  return n;
}

describe("shape words", () => {
  test("each is read as its shape, and WordNet's neighbours reach it with their path", () => {
    for (const [flavour, pairs] of Object.entries(SHAPES))
      for (const [word, subject] of pairs) {
        const read = interpret("item", `${word} ${subject}`);
        expect(read.unmatched).not.toContain(word);
        expect(read.effects).toContain(flavour);
      }
    const read = interpret("item", "lengthy spindly staff");
    expect(read.effects).toEqual(["slender"]);
    expect(read.via).toContainEqual(["lengthy", "long", "slender"]);
    expect(read.via).toContainEqual(["spindly", "thin", "slender"]);
    expect(interpret("item", "serpentine sword").effects).toEqual(["curved"]);
    expect(interpret("item", "bulbous pot").effects).toEqual(["round"]);
  });

  test("each word changes the picture, keeps it in one piece and within 12 colours", () => {
    for (const pairs of Object.values(SHAPES))
      for (const [word, subject] of pairs) {
        const plain = item(subject);
        const shaped = item(`${word} ${subject}`);
        expect(same(plain, shaped), `${word} ${subject}`).toBe(false);
        expect(pieces(shaped), `${word} ${subject}`).toBeLessThanOrEqual(Math.max(1, pieces(plain)));
        expect(visibleColourCount(shaped)).toBeLessThanOrEqual(12);
      }
  });

  test("icons draw them too; models do not, so there the word stays unmatched", () => {
    expect(same(icon("curved sword"), icon("sword"))).toBe(false);
    expect(same(icon("round shield"), icon("shield"))).toBe(false);
    expect(interpret("icon", "curved sword").unmatched).toEqual([]);
    expect(interpret("model", "round wooden table").unmatched).toContain("round");
  });

  test("the reshaping follows the thing's length: a bar lying flat thins across, not along", () => {
    const bar = gridFromMask(["................", "..MMMMMMMMMMMM..", "..MMMMMMMMMMMM..", "..MMMMMMMMMMMM.."]);
    const thin = reshapeGrid(bar, "slender");
    const rows = (g: typeof bar) =>
      [...Array(g.h).keys()].filter((y) => g.cells.subarray(y * g.w, (y + 1) * g.w).some((c) => c !== 46)).length;
    const cols = (g: typeof bar) =>
      [...Array(g.w).keys()].filter((x) => [...Array(g.h).keys()].some((y) => g.cells[y * g.w + x] !== 46)).length;
    expect(rows(thin)).toBeLessThan(rows(bar));
    expect(cols(thin)).toBe(cols(bar));
    const flat = reshapeGrid(bar, "flat");
    expect(rows(flat)).toBeLessThan(rows(bar));
  });

  test("deterministic", () => {
    expect(same(item("twisted staff"), item("twisted staff"))).toBe(true);
  });
});

describe("words of degree", () => {
  test("an intensifier before a drawn flavour paints it again, stronger", () => {
    for (const [strong, plain] of [
      ["extremely sharp dagger", "sharp dagger"],
      ["incredibly tiny key", "tiny key"],
      ["really old book", "old book"],
      ["highly poisonous potion", "poisonous potion"],
      ["super shiny diamond", "shiny diamond"],
      ["extra curved sword", "curved sword"],
    ]) {
      expect(same(item(strong), item(plain)), strong).toBe(false);
      expect(interpret("item", strong).unmatched).toEqual([]);
    }
    expect(interpret("item", "extremely sharp dagger").effects).toEqual(["sharp", "sharp"]);
    expect(same(icon("extremely rusty sword"), icon("rusty sword"))).toBe(false);
  });

  test("before a colour it makes the picture vivid", () => {
    for (const [strong, plain] of [
      ["really red apple", "red apple"],
      ["super blue potion", "blue potion"],
    ]) {
      expect(interpret("item", strong).effects, strong).toEqual(["fresh"]);
      expect(interpret("item", strong).unmatched, strong).toEqual([]);
      expect(same(item(strong), item(plain)), strong).toBe(false);
    }
  });

  test("before a word that draws nothing, or on a kind that does not strengthen, it stays unmatched", () => {
    expect(interpret("item", "extremely nice sword").unmatched).toContain("extremely");
    expect(interpret("model", "extremely small table").unmatched).toContain("extremely");
    // Said before a subject, a degree word is no flavour of its own (super is not shining).
    expect(interpret("item", "super sword").unmatched).toContain("super");
  });
});

describe("icons that draw an item are finished as items", () => {
  const named = (prompt: string, name: string) => iconRgba({ prompt, seed: 7, name });
  test("a pattern, an emblem and several copies are drawn on the icon and read, not unmatched", () => {
    for (const [said, plain, name, word] of [
      ["striped fish", "fish", "fish", "striped"],
      ["blue striped potion", "blue potion", "potion", "striped"],
      ["checkered flag", "flag", "flag", "checkered"],
      ["mug with a heart", "mug", "mug", "heart"],
      ["coin pouch", "pouch", "pouch", "coin"],
      ["a stack of pancakes", "pancake", "pancake", "stack"],
    ]) {
      expect(same(named(said, name), named(plain, name)), said).toBe(false);
      expect(interpret("icon", said, undefined, { name }).unmatched, said).not.toContain(word);
    }
  });

  test("the part mask of such an icon follows what is drawn", async () => {
    const { partMaskForTask } = await import("../../src/gen/item.ts");
    const req = { prompt: "mug with a heart", seed: 7, name: "mug" };
    const mask = partMaskForTask({ op: "icon", req } as Parameters<typeof partMaskForTask>[0]);
    const img = iconRgba(req);
    expect(mask?.parts.filter((p, i) => (p === null) !== (img.data[i * 4 + 3] === 0)).length).toBe(0);
    expect(mask?.parts).toContain("emblem");
  });
});
