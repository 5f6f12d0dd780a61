/**
 * Looks (src/gen/art/looks.ts): style, era, mood, place and taste words set how any asset looks. They are
 * reached through the lexicon's WordNet paths (words never listed land too), reported with their path, never
 * take the subject's place, and each one visibly changes the picture of items, icons, textures (still tiling,
 * 4-12 colours), models and GUI/HUD themes.
 */
import { describe, expect, test } from "bun:test";
import { LOOK_OF, LOOK_TABLE, type LookName } from "../../src/gen/art/looks.ts";
import { FLAVOUR_TABLE } from "../../src/gen/art/flavours.ts";
import { LOOK_ANCHORS } from "../../scripts/lexicon/looks.ts";
import { CULTURE_ANCHORS } from "../../scripts/lexicon/cultures.ts";
import { lookOfWord } from "../../src/gen/interpret/looks.ts";
import { reach } from "../../src/gen/interpret/lexicon.ts";
import { drawsFlavour } from "../../src/gen/interpret/flavour.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { textureRgba } from "../../src/gen/texture.ts";
import { generatedModel, UNDIRECTED } from "../support/generated-model.ts";
import { guiRgba } from "../../src/gen/gui.ts";
import { hudRgba } from "../../src/gen/hud.ts";
import type { Rgba } from "../../src/media/png.ts";
import { seamRatio, visibleColourCount } from "../support/texture-checks.ts";
import { hasColour } from "../../bench/fidelity-colour.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16 });
const texture = (prompt: string) => textureRgba({ prompt, seed: 7, size: 16, mode: "custom" });
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));
const LOOKS = Object.keys(LOOK_TABLE) as LookName[];

describe("the looks", () => {
  test("each look is painted as flavours the painters have, at least one of which block textures draw", () => {
    for (const look of LOOKS) {
      expect(LOOK_TABLE[look].flavours.length).toBeGreaterThan(0);
      for (const f of LOOK_TABLE[look].flavours) expect(FLAVOUR_TABLE).toHaveProperty(f);
      expect({ look, onTextures: LOOK_TABLE[look].flavours.some((f) => drawsFlavour("texture", f)) }).toEqual({
        look,
        onTextures: true,
      });
      // Every look is reached from WordNet, not only from its own few words.
      // (A culture look through its regions and peoples: scripts/lexicon/cultures.ts.)
      expect([...(LOOK_ANCHORS[look] ?? []), ...(CULTURE_ANCHORS[look] ?? [])].length).toBeGreaterThan(0);
    }
  });

  test("a look's own words are the ones WordNet lacks, each landing on its look", () => {
    expect(lookOfWord("steampunk")).toEqual({ raw: "steampunk", look: "industrial", via: ["steampunk", "industrial"] });
    expect(lookOfWord("elven")?.look).toBe("fey");
    for (const [word, look] of LOOK_OF) expect(lookOfWord(word)?.look).toBe(look);
  });
});

describe("reaching a look through WordNet", () => {
  test("place nouns through their kinds, adjectives through the noun they pertain to, with the path", () => {
    expect(lookOfWord("kitchen")?.via).toEqual(["kitchen", "room", "domestic"]);
    expect(lookOfWord("medieval")?.via).toEqual(["medieval", "middle ages", "aged"]);
    expect(lookOfWord("temple")?.via).toEqual(["temple", "place of worship", "holy"]);
    expect(lookOfWord("futuristic")?.via).toEqual(["futuristic", "futurism", "hightech"]);
    expect(lookOfWord("royal")).toBeNull(); // a flavour word of its own (ornate), read as that first
    expect(lookOfWord("regal")?.look).toBe("regal");
    expect(lookOfWord("tribal")?.look).toBe("rustic");
    expect(lookOfWord("spicy")?.look).toBe("fiery");
    expect(lookOfWord("desert")?.look).toBe("arid");
  });

  test("words no table lists land too, and inflected ones as their base", () => {
    expect(lookOfWord("scullery")?.via).toEqual(["scullery", "room", "domestic"]);
    expect(lookOfWord("galleon")?.via).toEqual(["galleon", "vessel", "nautical"]);
    expect(lookOfWord("tundra")?.look).toBe("wintry");
    expect(lookOfWord("necropolis")?.look).toBe("sinister");
    expect(lookOfWord("foundry")?.look).toBe("industrial");
    expect(lookOfWord("orchard")?.look).toBe("natural");
    expect(lookOfWord("relic")?.via).toEqual(["relic", "antiquity", "aged"]);
    expect(lookOfWord("kitchens")?.via).toEqual(["kitchens", "kitchen", "room", "domestic"]);
    // Two words that name a style together: the hand's "sci-fi", WordNet's "middle ages" and "outer space".
    expect(lookOfWord("sci", undefined, "fi")?.via).toEqual(["sci", "sci fi", "hightech"]);
    expect(lookOfWord("fi", "sci")?.look).toBe("hightech");
    expect(lookOfWord("fi")).toBeNull();
    expect(lookOfWord("ages", "middle")?.via).toEqual(["ages", "middle ages", "aged"]);
    expect(lookOfWord("outer", undefined, "space")?.look).toBe("cosmic");
    // An adjective derived from an anchor noun: opulent (luxury).
    expect(lookOfWord("opulent")?.via).toEqual(["opulent", "luxury", "regal"]);
    // A castle is the fortification of its second sense, not the palace of its first (an exhibition hall is).
    expect(lookOfWord("castle")?.via).toEqual(["castle", "fortification", "aged"]);
  });

  test("a word the painters read as something else is that, not a look", () => {
    // A material (ocean water, stone), a structure word, an item family's own word ("a bar of soap" is no
    // barroom, "potted plants" no factory), a flavour word, a word no look reaches.
    // "sweet" (sweet berries) is no angel through its second sense: it is its taste (test/gen/modifier-looks).
    // "deep" (a deep bowl) and "jack" have untagged noun senses in no telling order: not read as the ocean or a sailor.
    for (const w of ["ocean", "stone", "bricks", "bar", "plants", "frozen", "sword", "the", "other", "deep", "jack"])
      expect({ w, look: lookOfWord(w) }).toEqual({ w, look: null });
  });
});

describe("a state or look word is no compound of two things", () => {
  test("'chilled' is no LED, 'haunted' no 'ted': the subject is the thing said", () => {
    for (const w of ["chilled", "haunted", "gothic", "medieval"])
      expect({ w, hit: reach(w, ["f", "l"]) }).toEqual({ w, hit: null });
    expect(reach("longsword", ["f"])?.target).toBe("sword");
    expect(interpret("item", "chilled glass of milk").via ?? []).not.toContainEqual([
      "chilled",
      "led",
      "diode",
      "wrench",
    ]);
  });
});

describe("a look word in a prompt", () => {
  test("is matched, with its path, and never takes the subject's place", () => {
    const knife = interpret("item", "kitchen knife");
    expect(knife.subject).toBe(interpret("item", "knife").subject);
    expect(knife.unmatched).toEqual([]);
    expect(knife.effects).toEqual(["clean"]);
    expect(knife.via).toContainEqual(["kitchen", "room", "domestic"]);
    expect(interpret("item", "garden hoe").subject).toBe("hoe");
    expect(interpret("item", "castle banner").subject).toBe(interpret("item", "banner").subject);
    expect(interpret("item", "temple relic gem").subject).toBe("gem");
    expect(interpret("model", "kitchen cabinet").subject).toBe(interpret("model", "cabinet").subject);
    expect(interpret("icon", "kitchen knife", {}, { name: "knife" }).subject).toBe(
      interpret("icon", "knife", {}, { name: "knife" }).subject,
    );
    const sword = interpret("item", "medieval sword");
    expect(sword.subject).toBe("sword");
    expect(sword.effects).toEqual(["worn"]);
    expect(sword.via).toContainEqual(["medieval", "middle ages", "aged"]);
  });

  test("a word framing a read word as a style ('-styled', 'themed', '-looking', '-esque') is read with it", () => {
    for (const p of ["medieval-styled sword", "gothic-looking dagger", "viking-esque helmet", "nether themed sword"])
      expect({ p, unmatched: interpret("item", p).unmatched }).toEqual({ p, unmatched: [] });
    // After a word nothing reads, or alone, it says nothing and stays unmatched.
    expect(interpret("item", "zorbly themed sword").unmatched).toEqual(["zorbly", "themed"]);
    expect(interpret("item", "themed sword").unmatched).toEqual(["themed"]);
  });

  test("a style of two words is read as one: 'high-tech', 'middle ages', 'outer space'", () => {
    for (const p of ["high-tech helmet", "a sword from the middle ages", "outer space helmet"])
      expect({ p, unmatched: interpret("item", p).unmatched }).toEqual({ p, unmatched: [] });
    expect(interpret("item", "outer space helmet").via).toEqual([
      ["outer", "outer space", "cosmic"],
      ["space", "outer space", "cosmic"],
    ]);
  });

  test("'sci-fi' is one style: both halves are read", () => {
    const read = interpret("item", "sci-fi sword");
    expect(read.unmatched).toEqual([]);
    expect(read.effects).toEqual(LOOK_TABLE.hightech.flavours);
  });

  test("a texture's place word lays its surface and gives its look, both reported", () => {
    const floor = interpret("texture", "dungeon floor");
    expect(floor.effects).toEqual(["cursed"]);
    expect(floor.via).toContainEqual(["dungeon", "sinister"]);
    expect(floor.unmatched).toEqual([]);
  });

  test("a spec's effects may name a look word: its flavours are painted like the prompt's", () => {
    const read = interpret("item", "iron sword", { effects: ["medieval", "zorbly"] });
    expect(read.effects).toEqual(["worn"]);
    expect(read.unmatched).toEqual(["zorbly"]);
    const bySpec = itemRgba({ prompt: "iron sword", seed: 7, size: 16, spec: { effects: ["gothic"] } });
    expect(interpret("item", "iron sword", { effects: ["gothic"] }).effects).toEqual(["cursed"]);
    expect(same(bySpec, item("iron sword"))).toBe(false);
    // A HUD draws a look's colour shifts and marks (gui/screen-flavours.ts): holy's glint and cleaner colours.
    expect(interpret("hud", "stone", { effects: ["temple"] }).effects).toEqual(["enchanted", "clean"]);
  });

  test("over a named colour a look keeps that colour: its hue-pulling flavours are left out", () => {
    // Without a colour, winter is frost-blue and gothic purple-dark; with one, the colour stays.
    expect(interpret("item", "winter hat").effects).toEqual(["frozen"]);
    const red = interpret("item", "winter red hat");
    expect(red.effects).toBeUndefined();
    expect(red.unmatched).toEqual(["winter"]); // it changes nothing there, and says so
    expect(hasColour(item("winter red hat"), "red")).toBe(true);
    expect(hasColour(item("gothic blue sword"), "blue")).toBe(true);
    // A look's other flavours still land: a dusty desert over blue, a worn medieval over red.
    expect(interpret("item", "desert blue sword").effects).toEqual(["dusty"]);
    expect(interpret("item", "medieval red sword").effects).toEqual(["worn"]);
    expect(hasColour(item("medieval red sword"), "red")).toBe(true);
  });

  test("a kind that draws none of a look's flavours leaves the word unmatched (a sound has no look)", () => {
    expect(interpret("sound", "medieval door creak").unmatched).toContain("medieval");
    // A HUD draws holy's glint on its icons and hotbar, and its brighter colours.
    expect(interpret("hud", "temple hotbar").effects).toEqual(["enchanted", "clean"]);
  });
});

describe("every look word changes the picture", () => {
  // Several words of each class: style and era, mood and culture, place and use, taste; own words and WordNet's.
  const STYLE = ["medieval", "gothic", "futuristic", "steampunk", "cute", "regal", "tribal", "elven", "victorian"];
  const PLACE = ["kitchen", "garden", "dungeon", "temple", "desert", "farm", "tundra", "galleon", "crypt"];
  const TASTE = ["spicy", "peppery"];
  // Reached through kinds no table lists: war (martial), underwater (nautical), a vampire (an evil spirit: sinister).
  const MORE = ["war", "underwater", "vampire", "industrial", "galactic", "opulent"];

  test("items and icons", () => {
    for (const base of ["iron sword", "wooden bucket"]) {
      const plain = item(base);
      for (const w of [...STYLE, ...PLACE, ...TASTE, ...MORE]) {
        const img = item(`${w} ${base}`);
        expect({ w, base, changed: !same(img, plain) }).toEqual({ w, base, changed: true });
        expect({ w, colours: visibleColourCount(img) <= 12 }).toEqual({ w, colours: true });
        expect(interpret("item", `${w} ${base}`).unmatched).toEqual([]);
      }
    }
    const heart = iconRgba({ name: "heart", prompt: "heart", seed: 3 });
    for (const w of ["cute", "gothic", "kitchen", "temple"])
      expect({ w, changed: !same(iconRgba({ name: "heart", prompt: `${w} heart`, seed: 3 }), heart) }).toEqual({
        w,
        changed: true,
      });
  });

  test("block textures, which still tile and keep 4-12 colours", () => {
    for (const base of ["stone bricks", "oak planks"]) {
      const plain = texture(base);
      for (const w of [...STYLE, ...PLACE, ...TASTE, ...MORE]) {
        const img = texture(`${w} ${base}`);
        expect({ w, base, changed: !same(img, plain) }).toEqual({ w, base, changed: true });
        const n = visibleColourCount(img);
        expect({ w, base, n, inRange: n >= 4 && n <= 12 }).toMatchObject({ inRange: true });
        for (const axis of ["x", "y"] as const)
          expect({ w, base, axis, tiles: seamRatio(img, axis) <= 1.5 }).toMatchObject({ tiles: true });
        expect({ w, base, unmatched: interpret("texture", `${w} ${base}`).unmatched }).toEqual({
          w,
          base,
          unmatched: [],
        });
      }
    }
    // A place word that lays the surface itself still adds its look.
    expect(same(texture("dungeon floor"), texture("stone floor"))).toBe(false);
    expect(same(texture("bathroom tiles"), texture("tiles"))).toBe(false);
  });

  test("models, GUIs and HUDs", () => {
    const chair = generatedModel("wooden chair", 5, UNDIRECTED).textures;
    for (const w of ["medieval", "kitchen", "futuristic"]) {
      const t = generatedModel(`${w} wooden chair`, 5, UNDIRECTED).textures;
      const first = Object.keys(chair)[0];
      expect({ w, changed: !Buffer.from(t[first]).equals(Buffer.from(chair[first])) }).toEqual({ w, changed: true });
    }
    const gui = (prompt: string) => guiRgba({ prompt, seed: 2, target: "generic_54" } as Parameters<typeof guiRgba>[0]);
    const hud = (prompt: string) => hudRgba({ prompt, seed: 2 } as Parameters<typeof hudRgba>[0]);
    for (const w of ["medieval", "futuristic", "cute", "dungeon", "desert"]) {
      expect({ w, gui: !same(gui(`${w} oak`), gui("oak")) }).toEqual({ w, gui: true });
      expect({ w, hud: !same(hud(`${w} stone`), hud("stone")) }).toEqual({ w, hud: true });
    }
  });
});
