/**
 * The look of legend (art/looks.ts `fabled`): "legendary", "mythical", "epic" loot is drawn as games draw their
 * rarest things, with a gilded trim and a glow. WordNet's senses of legendary and mythical bring their synonyms
 * (fabulous, mythological) with the path; each word changes the picture.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";

const item = (prompt: string) => Buffer.from(itemRgba({ prompt, seed: 7, size: 16 }).data);

describe("the fabled look", () => {
  test("legend words reach it, with their path, and change the picture", () => {
    for (const word of ["legendary", "mythical", "mythic", "fabled", "mythological"]) {
      const read = interpret("item", `${word} sword`);
      expect(read.unmatched, word).toEqual([]);
      expect(read.effects, word).toEqual(["ornate", "glowing"]);
      expect(item(`${word} sword`).equals(item("sword")), word).toBe(false);
    }
    expect(interpret("item", "legendary bow").via).toContainEqual(["legendary", "fabled"]);
  });
});

describe("more adjectives reach drawn flavours and looks", () => {
  test("colourful, nuclear (atomic through WordNet), lunar and solar change the picture", () => {
    for (const [word, subject, effect] of [
      ["colorful", "umbrella", "fresh"],
      ["colourful", "hat", "fresh"],
      ["nuclear", "battery", "toxic"],
      ["atomic", "bomb", "toxic"],
      ["lunar", "amulet", "enchanted"],
      ["solar", "amulet", "enchanted"],
    ]) {
      const read = interpret("item", `${word} ${subject}`);
      expect(read.unmatched, word).toEqual([]);
      expect(read.effects, word).toContain(effect);
      expect(item(`${word} ${subject}`).equals(item(subject)), word).toBe(false);
    }
  });
});
