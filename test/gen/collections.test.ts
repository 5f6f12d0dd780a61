/**
 * Several of a thing (scripts/lexicon/quantities.ts, interpret/quantities.ts, art/collections.ts): a word
 * WordNet files as a collection, said before "of" ("a stack of pancakes", "a bundle of dynamite", "a swarm of
 * bees"), is read with its path and the thing is drawn three times. Each such word changes the picture.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { reach } from "../../src/gen/interpret/lexicon.ts";
import { itemRgba } from "../../src/gen/item.ts";
import type { Rgba } from "../../src/media/png.ts";
import { visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 3, size: 16 });
const opaque = (img: Rgba) => [...Array(img.width * img.height).keys()].filter((i) => img.data[i * 4 + 3] > 0);

describe("collection words", () => {
  test("reach 'several' through WordNet's kinds of collection", () => {
    expect(reach("stack", ["q"], false)?.via).toEqual(["stack", "collection", "several"]);
    expect(reach("swarm", ["q"], false)?.via).toEqual(["swarm", "crowd", "several"]);
    for (const w of ["bunch", "bundle", "pile", "heap", "cluster", "herd", "batch"])
      expect({ w, several: reach(w, ["q"], false)?.target }).toEqual({ w, several: "several" });
    // A lump is one mass, a pair the one thing already drawn as a pair: neither is several.
    for (const w of ["lump", "chunk", "pair", "couple"])
      expect({ w, hit: reach(w, ["q"], false) }).toEqual({ w, hit: null });
  });

  test("said before 'of', the word is read and reported; elsewhere it is not a collection", () => {
    const read = interpret("item", "a stack of pancakes");
    expect(read.subject).toBe(interpret("item", "pancakes").subject);
    expect(read.unmatched).toEqual([]);
    expect(read.via).toContainEqual(["stack", "collection", "several"]);
    expect(interpret("item", "a pair of leather boots").unmatched).toContain("pair");
  });

  test("the thing is drawn three times: the picture changes and spreads over the canvas", () => {
    for (const [word, thing] of [
      ["stack", "pancakes"],
      ["bunch", "radishes"],
      ["bundle", "dynamite"],
      ["pile", "bones"],
      ["swarm", "bees"],
      ["set", "iron knives"],
    ]) {
      const many = item(`a ${word} of ${thing}`);
      const one = item(thing);
      expect({ word, changed: !Buffer.from(many.data).equals(Buffer.from(one.data)) }).toEqual({ word, changed: true });
      // Copies stand in the top middle and both bottom corners.
      const at = opaque(many);
      const corner = (x0: number, y0: number) =>
        at.some((i) => Math.abs((i % 16) - x0) < 5 && Math.abs(Math.floor(i / 16) - y0) < 5);
      expect({ word, corners: corner(2, 13) && corner(13, 13) && corner(8, 2) }).toEqual({ word, corners: true });
      expect({ word, colours: visibleColourCount(many) <= 12 }).toEqual({ word, colours: true });
    }
  });
});
