/**
 * Tastes and cultures as looks (src/gen/art/looks.ts): "sour lemon", "salty pretzel", "a japanese katana",
 * "an egyptian amulet". Tastes are reached through WordNet's taste senses and their similar adjectives,
 * cultures through the country or people an adjective pertains to and the region that holds it
 * (scripts/lexicon/cultures.ts); each is reported with its path, and each word of both classes changes the
 * picture (a word may leave `unmatched` only if it does).
 */
import { describe, expect, test } from "bun:test";
import { lookOfWord } from "../../src/gen/interpret/looks.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { textureRgba } from "../../src/gen/texture.ts";
import type { Rgba } from "../../src/media/png.ts";
import { seamRatio, visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16 });
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));

const TASTES = ["sweet", "sugary", "honeyed", "sour", "tangy", "acidic", "bitter", "salty", "fragrant", "aromatic"];
const CULTURES = [
  "oriental",
  "japanese",
  "chinese",
  "korean",
  "egyptian",
  "arabian",
  "turkish",
  "roman",
  "greek",
  "spartan",
  "aztec",
  "mayan",
  "mexican",
  "celtic",
  "irish",
];

describe("tastes", () => {
  test("the basic tastes and their WordNet neighbours land on their look", () => {
    expect(lookOfWord("sweet")?.via).toEqual(["sweet", "sweet"]);
    expect(lookOfWord("honeyed")?.via).toEqual(["honeyed", "sugary", "sweet"]);
    expect(lookOfWord("tangy")?.look).toBe("sour");
    expect(lookOfWord("acidic")?.look).toBe("sour");
    expect(lookOfWord("saline")?.look).toBe("salty");
    expect(lookOfWord("perfumed")?.look).toBe("fragrant");
    expect(lookOfWord("bitter")?.look).toBe("bitter");
  });

  test("a taste is read and reported, never taking the subject", () => {
    const lemon = interpret("item", "sour lemon");
    expect(lemon.subject).toBe(interpret("item", "lemon").subject);
    expect(lemon.unmatched).toEqual([]);
    expect(lemon.via).toContainEqual(["sour", "sour"]);
    // A taste that is part of the subject's own name is the subject ("sweet potato").
    expect(interpret("item", "roasted sweet potato").effects ?? []).not.toContain("shiny");
  });
});

describe("cultures and origins", () => {
  test("an adjective through its country or people to the region's look, with the path", () => {
    expect(lookOfWord("japanese")?.look).toBe("eastern");
    expect(lookOfWord("oriental")?.via).toEqual(["oriental", "east", "eastern"]);
    expect(lookOfWord("egyptian")?.look).toBe("arabesque");
    expect(lookOfWord("turkish")?.via).toEqual(["turkish", "middle east", "arabesque"]);
    expect(lookOfWord("roman")?.look).toBe("classical"); // an inhabitant of the Roman Empire, its second sense
    expect(lookOfWord("spartan")?.via).toEqual(["spartan", "sparta", "classical"]);
    expect(lookOfWord("aztec")?.via).toEqual(["aztec", "nahuatl", "mesoamerican"]);
    expect(lookOfWord("irish")?.via).toEqual(["irish", "ireland", "celtic"]);
    // A word that is first a thing is that thing ("turkey" is the bird); a people no culture look holds stays
    // unread ("french", "american").
    for (const w of ["turkey", "french", "american"]) expect({ w, look: lookOfWord(w) }).toEqual({ w, look: null });
  });

  test("a culture word is read and reported, never taking the subject", () => {
    const katana = interpret("item", "japanese katana");
    expect(katana.subject).toBe("sword");
    expect(katana.unmatched).toEqual([]);
    expect(katana.effects).toEqual(["urushi", "ornate"]);
    // Over a named colour the lacquer's red is left out, the gilded trim stays (interpret/looks.ts).
    expect(interpret("item", "japanese blue katana").effects).toEqual(["ornate"]);
  });
});

describe("every taste and culture word changes the picture", () => {
  test("items and icons", () => {
    for (const base of ["iron sword", "apple"]) {
      const plain = item(base);
      for (const w of [...TASTES, ...CULTURES]) {
        const img = item(`${w} ${base}`);
        expect({ w, base, changed: !same(img, plain) }).toEqual({ w, base, changed: true });
        expect({ w, colours: visibleColourCount(img) <= 12 }).toEqual({ w, colours: true });
        expect({ w, base, unmatched: interpret("item", `${w} ${base}`).unmatched }).toEqual({ w, base, unmatched: [] });
      }
    }
    const cake = iconRgba({ name: "cake", prompt: "cake", seed: 3 });
    for (const w of ["sweet", "salty", "japanese", "roman"])
      expect({ w, changed: !same(iconRgba({ name: "cake", prompt: `${w} cake`, seed: 3 }), cake) }).toEqual({
        w,
        changed: true,
      });
  });

  test("block textures still tile and keep 4-12 colours", () => {
    const texture = (prompt: string) => textureRgba({ prompt, seed: 7, size: 16, mode: "custom" });
    const plain = texture("stone bricks");
    for (const w of ["sweet", "sour", "bitter", "salty", "japanese", "egyptian", "roman", "aztec", "celtic"]) {
      const img = texture(`${w} stone bricks`);
      expect({ w, changed: !same(img, plain) }).toEqual({ w, changed: true });
      const n = visibleColourCount(img);
      expect({ w, n, inRange: n >= 4 && n <= 12 }).toMatchObject({ inRange: true });
      // A gilded trim on a texture is a dotted frame around every block by design (art/flavour-marks.ts), a seam
      // on purpose: the seam check is for the other looks.
      const framed = interpret("texture", `${w} stone bricks`).effects?.includes("ornate");
      for (const axis of ["x", "y"] as const)
        if (!framed) expect({ w, axis, tiles: seamRatio(img, axis) <= 1.5 }).toMatchObject({ tiles: true });
    }
  });
});

describe("occasions", () => {
  test("a birthday, a holiday, a party or a festival reach the festive look, and change the picture", () => {
    expect(lookOfWord("birthday")?.via).toEqual(["birthday", "anniversary", "festive"]);
    expect(lookOfWord("christmas")?.via).toEqual(["christmas", "holiday", "festive"]);
    expect(lookOfWord("carnival")?.via).toEqual(["carnival", "festival", "festive"]);
    expect(lookOfWord("halloween")?.look).toBe("sinister"); // its own anchor: a spooky holiday
    for (const w of ["birthday", "christmas", "party", "holiday", "carnival", "festive", "feast"]) {
      expect({ w, unmatched: interpret("item", `${w} hat`).unmatched }).toEqual({ w, unmatched: [] });
      expect({ w, changed: !same(item(`${w} hat`), item("hat")) }).toEqual({ w, changed: true });
    }
  });
});

describe("magic as a practice or a state", () => {
  test("a spell, sorcery and witchcraft reach the arcane look (an enchantment glint), and change the picture", () => {
    expect(lookOfWord("spell")?.look).toBe("arcane");
    expect(lookOfWord("witchcraft")?.via).toEqual(["witchcraft", "magic", "arcane"]);
    for (const w of ["spell", "sorcery", "witchcraft"]) {
      expect({ w, unmatched: interpret("item", `${w} book`).unmatched }).toEqual({ w, unmatched: [] });
      expect({ w, changed: !same(item(`${w} book`), item("book")) }).toEqual({ w, changed: true });
    }
  });
});

describe("a made thing's size said before another", () => {
  test("'pocket' is WordNet's pocket-size: a pocket watch is a small watch, drawn smaller", () => {
    const watch = interpret("item", "pocket watch");
    expect(watch.unmatched).toEqual([]);
    expect(watch.effects).toEqual(["small"]);
    expect(watch.via).toContainEqual(["pocket", "pocket size", "small"]);
    for (const base of ["watch", "knife", "mirror"])
      expect({ base, changed: !same(item(`pocket ${base}`), item(base)) }).toEqual({ base, changed: true });
  });

  test("not where the thing is a part, nor a person's title ('a king's crown' is the king's)", () => {
    expect(interpret("item", "a jacket with a pocket").effects).toBeUndefined();
    expect(interpret("item", "a jacket with pockets").effects).toBeUndefined();
    expect(interpret("item", "a king's crown").effects).toEqual(["ornate"]);
  });
});

describe("an adjective that only pertains to a thing is a state, not the thing", () => {
  test("'roasted' (of a roast), 'jeweled' (of jewels), 'fluffy' (of down) reach their flavour and change the picture", () => {
    for (const [w, flavour, base] of [
      ["roasted", "cooked", "chicken"],
      ["jeweled", "ornate", "tiara"],
      ["fluffy", "pastel", "teddy bear"],
    ]) {
      const read = interpret("item", `${w} ${base}`);
      expect({ w, effects: read.effects, unmatched: read.unmatched }).toEqual({ w, effects: [flavour], unmatched: [] });
      expect({ w, changed: !same(item(`${w} ${base}`), item(base)) }).toEqual({ w, changed: true });
    }
  });
});
