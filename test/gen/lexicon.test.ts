import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { lexiconText } from "../../scripts/lexicon.ts";
import { reach } from "../../src/gen/interpret/lexicon.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemFamily } from "../../src/gen/item.ts";
import { readWords } from "../../src/gen/art/material.ts";

const DATA = join(import.meta.dir, "../../src/data");

test("the committed lexicon is exactly what scripts/lexicon.ts makes from WordNet, the colour names and the painters' tables", () => {
  // A mismatch: the painters' word lists, the library or the packages moved. Run `bun scripts/lexicon.ts`.
  expect(readFileSync(join(DATA, "lexicon.json"), "utf8") === lexiconText()).toBe(true);
  // Building the table from all of WordNet is ~16 s of CPU; on a busy CI machine that passes a minute of wall time.
}, 300_000);

describe("lexicon paths per word class", () => {
  const path = (word: string, cats: Parameters<typeof reach>[1]) => {
    const r = reach(word, cats);
    return r && { target: r.target, via: r.via };
  };
  test("a noun through a synonym set (a fishing rod is the library's fishing pole)", () => {
    expect(path("fishing_rod", ["l"])).toEqual({ target: "fishing_pole", via: ["fishing rod", "fishing pole"] });
  });
  test("a noun through hypernyms: an anemone fish is a fish, a scimitar a sword", () => {
    expect(path("anemone_fish", ["f"])?.target).toBe("fish");
    expect(path("scimitar", ["f"])).toEqual({ target: "sword", via: ["scimitar", "cavalry sword", "sword"] });
  });
  test("compounds: the known tail names the thing, unless it is a part of the head", () => {
    expect(path("longsword", ["f"])).toEqual({ target: "sword", via: ["longsword", "sword"] });
    expect(path("shortbow", ["f"])).toEqual({ target: "bow", via: ["shortbow", "bow"] });
    expect(path("battleaxe", ["f"])).toEqual({ target: "axe", via: ["battleaxe", "axe"] });
    // The nearest family: the tropical fish family is nearer than fish.
    expect(path("clownfish", ["f"])).toEqual({ target: "tropical_fish", via: ["clownfish", "tropical_fish"] });
    expect(path("spearhead", ["f"])).toEqual({ target: "spear", via: ["spearhead", "spear"] });
    // A word the lexicon knows is not split ("hourglass" is no "glass").
    expect(path("hourglass", ["m", "s"])).toBeNull();
  });
  test("a describing word is no compound of a thing: 'wooden' is no den, 'reddish' no dish", () => {
    for (const w of ["wooden", "reddish"]) expect(path(w, ["f", "l"])).toBeNull();
    // The thing said after it is the subject, and the describing word is read as what it describes.
    expect(interpret("item", "a wooden handle").via ?? []).not.toContainEqual(["wooden", "den", "room"]);
    expect(interpret("item", "a wooden handle").subject).not.toBe("room");
    expect(interpret("item", "a reddish potion")).toMatchObject({ subject: "potion", colours: ["red"] });
  });
  test("inflections: plurals read as their singular", () => {
    expect(path("swords", ["f"])).toEqual({ target: "sword", via: ["swords", "sword"] });
    expect(path("axes", ["f"])).toEqual({ target: "axe", via: ["axes", "axe"] });
    expect(path("knives", ["f"])?.via).toEqual(["knives", "knife", "dagger"]);
    expect(path("runes", ["w"])?.target).toBe("chiseled");
  });
  test("adjectives reach the noun they pertain to (rocky → rock → stone), or are made from (stony → stone)", () => {
    expect(path("rocky", ["m"])).toEqual({ target: "stone", via: ["rocky", "rock", "stone"] });
    expect(path("stony", ["m"])).toEqual({ target: "stone", via: ["stony", "stone"] });
  });
  test("colour names beyond the basic set land on the nearest painter colour", () => {
    for (const [name, colour] of [
      ["crimson", "red"],
      ["scarlet", "red"],
      ["lilac", "purple"],
      ["charcoal", "gray"],
      ["ivory", "white"],
      ["navy", "blue"],
    ])
      expect(path(name, ["c"])).toEqual({ target: colour, via: [name, colour] });
  });
  test("texture words: a flagstone is a tile, mortar lies between bricks, a patina is oxidised, lichen is moss", () => {
    expect(path("flagstone", ["s"])?.target).toBe("tiles");
    expect(path("mortar", ["s"])?.target).toBe("bricks");
    expect(path("patina", ["w"])?.target).toBe("oxidized");
    expect(path("lichen", ["w"])?.target).toBe("mossy");
  });
});

describe("which WordNet sense a word is read in", () => {
  test("a compound is the sense its own words name: a tin can is a can (a container), not the destroyer", () => {
    // The can itself is a library subject now (the "canned food" icon, under its keyword "can").
    expect(reach("tin_can", ["l", "f", "b"])?.via).toEqual(["tin can", "can"]);
    expect(reach("tin_can", ["b"])?.via).toEqual(["tin can", "container", "bucket"]);
  });
  test("an untagged word's rare sense, linked to next to nothing, is left out: chess is not the grass", () => {
    expect(reach("chess", ["f", "l", "m", "b"])).toBeNull();
    expect(interpret("item", "chess").subject).not.toBe("leaf");
  });
  test("a word's made-thing or food sense is kept beside a better-known one (kite, carrot stay library subjects)", () => {
    expect(reach("kite", ["l"])?.target).toBe("kite");
    expect(reach("carrot", ["l"])?.target).toBe("carrot");
  });
});

describe("prompts read through the lexicon", () => {
  test("a library subject's path says what kind of thing it is", () => {
    expect(interpret("item", "sunflower")).toMatchObject({ subject: "sunflower", via: [["sunflower", "flower"]] });
  });
  test("the subject and its path are in the interpretation", () => {
    expect(interpret("item", "striped clownfish")).toMatchObject({
      subject: "tropical_fish",
      via: [["clownfish", "tropical_fish"]],
    });
    expect(interpret("item", "knight's steel longsword with a leather grip")).toMatchObject({
      subject: "sword",
      material: "steel",
      // The owner marks it too (interpret/owners.ts): a knight's things are gilded.
      effects: ["ornate"],
      via: [
        ["longsword", "sword"],
        ["knight", "male aristocrat", "ornate"],
      ],
    });
    // A counting word points at the thing after "of"; a library subject through a synonym.
    expect(interpret("item", "bundle of sticks of dynamite").subject).toBe("dynamite");
    expect(interpret("item", "a pair of secateurs")).toMatchObject({
      subject: "shears",
      via: [["secateurs", "scissors", "shears"]],
    });
    expect(interpret("item", "brass saxophone")).toMatchObject({ subject: "saxophone", material: "brass" });
  });
  test("a colour name paints, and the interpretation says how it was read", () => {
    const read = interpret("texture", "scarlet wool");
    expect(read).toMatchObject({ colours: ["red"], via: [["scarlet", "red"]], unmatched: [] });
    // The painters read the same word the same way.
    expect(readWords("scarlet wool").colour).toBe("red");
  });
  test("a noun no family or library subject covers is drawn as the nearest broad family, never the generic gem", () => {
    for (const prompt of ["a brass gizmo", "old contraption", "wooden widget"]) {
      const read = interpret("item", prompt);
      expect(read.subject).not.toBe("gem");
      expect(read.fallback).toContain("drawn as the nearest family, wrench");
      expect(itemFamily({ prompt, target: null })).toBe("wrench");
    }
  });
  test("a word with no path stays unmatched", () => {
    expect(interpret("item", "zorblax sword").unmatched).toEqual(["zorblax"]);
  });
});
