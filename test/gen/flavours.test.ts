/**
 * Flavours (src/gen/art/flavours.ts): state and flavour adjectives are read (the table's words directly, other
 * adjectives through WordNet with the path in `via`), and each one visibly changes the picture in the way its
 * table entry says, for items, icons, textures (still tiling, 4-12 colours) and models; prompts without a
 * flavour word draw as before.
 */
import { describe, expect, test } from "bun:test";
import { FLAVOUR_OF, FLAVOUR_TABLE, type FlavourName } from "../../src/gen/art/flavours.ts";
import { flavourSprite } from "../../src/gen/art/flavour-paint.ts";
import { shapeGrid } from "../../src/gen/art/flavour-shape.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { reach } from "../../src/gen/interpret/lexicon.ts";
import { drawsFlavour } from "../../src/gen/interpret/flavour.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { textureRgba } from "../../src/gen/texture.ts";
import { generatedModel, UNDIRECTED } from "../support/generated-model.ts";
import { guiRgba } from "../../src/gen/gui.ts";
import { hudRgba } from "../../src/gen/hud.ts";
import { gridFromMask } from "../../src/gen/art/sprite.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import { MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, WOODS } from "../../src/gen/art/vocabulary.ts";
import { COLOURS } from "../../src/gen/art/dye-colours.ts";
import { OVERLAY_WORDS } from "../../src/gen/art/layers.ts";
import { rngFrom } from "../../src/gen/rng.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import type { Rgba } from "../../src/media/png.ts";
import { seamRatio, visibleColourCount } from "../support/texture-checks.ts";

const NAMES = Object.keys(FLAVOUR_TABLE) as FlavourName[];
const item = (prompt: string, size = 16) => itemRgba({ prompt, seed: 7, size });
const texture = (prompt: string) => textureRgba({ prompt, seed: 7, size: 16, mode: "custom" });
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));

const opaque = (img: Rgba) => {
  const out: number[] = [];
  for (let i = 0; i < img.width * img.height; i++) if (img.data[i * 4 + 3] > 0) out.push(i);
  return out;
};
const lightness = (img: Rgba, i: number) => rgbToHsl([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]])[2];
const meanLightness = (img: Rgba) => {
  const px = opaque(img);
  return px.reduce((t, i) => t + lightness(img, i), 0) / px.length;
};
const box = (img: Rgba) => {
  const px = opaque(img);
  const xs = px.map((i) => i % img.width);
  const ys = px.map((i) => Math.floor(i / img.width));
  return { w: Math.max(...xs) - Math.min(...xs) + 1, h: Math.max(...ys) - Math.min(...ys) + 1 };
};
const count = (img: Rgba, test: (r: number, g: number, b: number) => boolean) =>
  opaque(img).filter((i) => test(img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2])).length;

describe("reading flavour words", () => {
  test("every flavour's name is one of its own words, so a spec's `effects` names it", () => {
    for (const name of NAMES) expect(FLAVOUR_OF.get(name)).toBe(name);
  });

  test("no table word is a colour, material or structure word, except wear words the textures draw themselves", () => {
    const vocabulary = (w: string) =>
      w in COLOURS || w in SUBSTANCES || w in WOODS || w in MINERALS || w in STRUCTURE_WORDS || w in OVERLAY_WORDS;
    for (const [word, name] of FLAVOUR_OF) {
      const wear = FLAVOUR_TABLE[name].wear;
      expect({ word, clash: vocabulary(word) && !wear }).toEqual({ word, clash: false });
      if ((MODIFIERS as readonly string[]).includes(word)) expect({ word, wear }).toEqual({ word, wear: word });
    }
  });

  test("the table's words are read as effects, and leave nothing unmatched", () => {
    const read = interpret("item", "burnt toast");
    expect(read.effects).toEqual(["burnt"]);
    expect(read.unmatched).toEqual([]);
    expect(interpret("item", "small rotten apple").effects).toEqual(["small", "rotten"]);
  });

  test("other adjectives reach a flavour through WordNet, and `via` says how", () => {
    const cases: [string, string[]][] = [
      ["ancient sword", ["ancient", "old", "worn"]],
      ["soggy bread", ["soggy", "wet"]],
      ["huge hammer", ["huge", "large"]],
      ["sodden boot", ["sodden", "wet"]],
      ["decrepit lantern", ["decrepit", "worn"]],
    ];
    for (const [prompt, path] of cases) {
      const read = interpret("item", prompt);
      expect({ prompt, via: read.via }).toEqual({ prompt, via: [path] });
      expect(read.effects).toEqual([path[path.length - 1]]);
      expect(read.unmatched).toEqual([]);
    }
    const frosty = interpret("item", "frosty potion").via?.[0];
    expect(frosty?.[0]).toBe("frosty");
    expect(frosty?.at(-1)).toBe("frozen");
  });

  test("comparatives and superlatives read as their base adjective, when they name nothing else", () => {
    expect(interpret("item", "older sword").via).toEqual([["older", "old", "worn"]]);
    expect(interpret("item", "tiniest key").effects).toEqual(["tiny"]);
    expect(interpret("item", "hotter iron sword").via).toEqual([["hotter", "hot"]]);
    // Nouns that only end like one stay what they are.
    expect(interpret("item", "silver hammer").effects).toBeUndefined();
    expect(interpret("texture", "water").effects).toBeUndefined();
  });

  test("the lexicon files adjectives under category e, and prefers a nearer colour or material", () => {
    expect(reach("soggy", ["e"])?.target).toBe("wet");
    expect(reach("antique", ["e"])?.via).toEqual(["antique", "old", "worn"]);
    // "golden" is gold and "wooden" oak, not a flavour: the vocabulary reads them first.
    expect(interpret("item", "golden sword").effects).toBeUndefined();
    expect(interpret("item", "wooden sword").effects).toBeUndefined();
    // A colour sense of a table word ("rusty": rust-coloured) is no anchor: colourful words do not land on rust
    // (colourful is vivid, a table word of its own).
    expect(interpret("item", "colourful sword").effects).toEqual(["fresh"]);
    // A word that names a thing with the next one is no state of it.
    expect(interpret("texture", "blue stained glass").effects).toBeUndefined();
  });

  test("a flavour a kind cannot draw stays unmatched (honest reporting)", () => {
    // Block textures have no silhouette to shrink; GUI and HUD sheets keep their layout's sizes (no smaller
    // silhouette), though they draw shifts and marks (gui/screen-flavours.ts); sounds nothing.
    expect(drawsFlavour("texture", "small")).toBe(false);
    expect(interpret("texture", "small stone bricks").unmatched).toContain("small");
    expect(interpret("gui", "tiny oak", {}, { target: "generic_54" }).unmatched).toContain("tiny");
    expect(interpret("hud", "small oak hotbar").unmatched).toContain("small");
    expect(interpret("gui", "burnt oak", {}, { target: "generic_54" }).effects).toEqual(["burnt"]);
    expect(interpret("sound", "old door creak").unmatched).toContain("old");
    // Wear words the textures already draw stay wear words.
    expect(interpret("texture", "rusty iron plate").wear).toEqual(["rusty"]);
    expect(interpret("texture", "rusty iron plate").effects).toBeUndefined();
  });
});

describe("items: each flavour changes the picture as its table says", () => {
  const plain = item("iron sword");

  test("every flavour changes pixels, keeps 4-12 colours and is deterministic", () => {
    for (const name of NAMES) {
      const img = item(`${name} iron sword`);
      expect({ name, changed: !same(img, plain) }).toEqual({ name, changed: true });
      const n = visibleColourCount(img);
      expect({ name, inRange: n >= 4 && n <= 12 }).toEqual({ name, inRange: true });
      expect(same(img, item(`${name} iron sword`))).toBe(true);
    }
  });

  test("a prompt with no flavour word draws as before: no flavour is a no-op", () => {
    const img = item("iron sword");
    const copy = { ...img, data: img.data.slice() };
    expect(same(flavourSprite(copy, [], rngFrom(1)), img)).toBe(true);
    const grid = gridFromMask(["..A", ".AA", "AA."]);
    expect(shapeGrid(grid, [])).toBe(grid);
    expect(interpret("item", "iron sword").effects).toBeUndefined();
  });

  test("frozen adds blue-white frost pixels at the rim; burnt darkens; wet darkens with white glints", () => {
    const frost = (r: number, _g: number, b: number) => b >= 240 && r >= 220 && b >= r;
    expect(count(item("frozen iron sword"), frost)).toBeGreaterThan(count(plain, frost) + 3);
    const apple = item("apple");
    expect(meanLightness(item("burnt apple"))).toBeLessThan(meanLightness(apple) - 0.1);
    const wet = item("wet apple");
    expect(meanLightness(wet)).toBeLessThan(meanLightness(apple));
    expect(count(wet, (r, g, b) => r === 255 && g === 255 && b === 255)).toBeGreaterThan(0);
  });

  test("small and tiny shrink the bounding box; large and heavy thicken the silhouette", () => {
    const apple = item("apple");
    const small = box(item("small apple"));
    const tiny = box(item("tiny apple"));
    expect(small.w * small.h).toBeLessThan(box(apple).w * box(apple).h);
    expect(tiny.w * tiny.h).toBeLessThan(small.w * small.h);
    expect(opaque(item("large iron sword")).length).toBeGreaterThan(opaque(plain).length);
    expect(opaque(item("heavy iron sword")).length).toBeGreaterThan(opaque(plain).length);
    // The part mask follows the reshaped silhouette at every size.
    expect(box(item("small apple", 64)).w).toBeLessThan(box(item("apple", 64)).w);
  });

  test("a subject from the drawn library takes flavours too: small shrinks it, burnt darkens it", () => {
    expect(interpret("item", "small hourglass").effects).toEqual(["small"]);
    const hourglass = item("hourglass");
    const small = box(item("small hourglass"));
    expect(small.w * small.h).toBeLessThan(box(hourglass).w * box(hourglass).h);
    expect(meanLightness(item("burnt hourglass"))).toBeLessThan(meanLightness(hourglass));
    expect(visibleColourCount(item("burnt hourglass"))).toBeLessThanOrEqual(12);
  });

  test("chipped bites notches out of the edge; shiny widens the range of lightness", () => {
    expect(opaque(item("chipped iron sword")).length).toBeLessThan(opaque(plain).length);
    const spread = (img: Rgba) => {
      const ls = opaque(img).map((i) => lightness(img, i));
      return Math.max(...ls) - Math.min(...ls);
    };
    expect(spread(item("shiny iron ingot"))).toBeGreaterThanOrEqual(spread(item("iron ingot")));
  });

  test("a spec's effects join the prompt's; a word no flavour the kind draws is reported unmatched", () => {
    const read = interpret("item", "old sword", { effects: ["luminous", "zorbly", "small"] });
    expect(read.effects).toEqual(["worn", "glowing", "small"]);
    expect(read.unmatched).toEqual(["zorbly"]);
    const texture = interpret("texture", "stone bricks", { effects: ["small", "burnt"] });
    expect(texture.effects).toEqual(["burnt"]);
    expect(texture.unmatched).toEqual(["small"]);
  });

  test("a spec's effects are painted like the words", () => {
    const bySpec = itemRgba({ prompt: "iron sword", seed: 7, size: 16, spec: { effects: ["burnt"] } });
    expect(same(bySpec, plain)).toBe(false);
    expect(meanLightness(bySpec)).toBeLessThan(meanLightness(plain));
  });
});

describe("icons, textures and models honour flavours", () => {
  test("icons: a glyph and an item icon change with a flavour", () => {
    const heart = iconRgba({ name: "heart", prompt: "heart", seed: 3 });
    for (const name of NAMES) {
      const img = iconRgba({ name: "heart", prompt: `${name} heart`, seed: 3 });
      expect({ name, changed: !same(img, heart) }).toEqual({ name, changed: true });
      expect({ name, colours: visibleColourCount(img) <= 12 }).toEqual({ name, colours: true });
    }
    const sword = iconRgba({ name: "sword", prompt: "iron sword", seed: 3 });
    expect(same(iconRgba({ name: "sword", prompt: "frozen iron sword", seed: 3 }), sword)).toBe(false);
  });

  test("textures: every drawn flavour changes the tile, which still tiles and keeps 4-12 colours", () => {
    for (const base of ["stone bricks", "oak planks"]) {
      const plain = texture(base);
      for (const name of NAMES.filter((n) => drawsFlavour("texture", n))) {
        const img = texture(`${name} ${base}`);
        expect({ name, base, changed: !same(img, plain) }).toEqual({ name, base, changed: true });
        const n = visibleColourCount(img);
        expect({ name, base, n, inRange: n >= 4 && n <= 12 }).toMatchObject({ inRange: true });
        for (const axis of ["x", "y"] as const)
          expect({ name, base, axis, tiles: seamRatio(img, axis) <= 1.5 }).toMatchObject({ tiles: true });
      }
    }
  });

  test("textures: frozen tints blue, burnt darkens, and no flavour word leaves the tile as it was", () => {
    const plain = texture("stone bricks");
    const blue = (r: number, _g: number, b: number) => b > r + 12;
    expect(count(texture("frozen stone bricks"), blue)).toBeGreaterThan(count(plain, blue));
    expect(meanLightness(texture("burnt stone bricks"))).toBeLessThan(meanLightness(plain) - 0.1);
    expect(same(texture("stone bricks"), plain)).toBe(true);
  });

  test("GUIs and HUDs: a colour-shifting flavour shifts the theme (burnt: darker, frozen: bluer)", () => {
    const gui = (prompt: string) => guiRgba({ prompt, seed: 2, target: "generic_54" } as Parameters<typeof guiRgba>[0]);
    const oak = gui("oak");
    expect(same(gui("oak"), oak)).toBe(true);
    expect(meanLightness(gui("burnt oak"))).toBeLessThan(meanLightness(oak));
    const hud = (prompt: string) => hudRgba({ prompt, seed: 2 } as Parameters<typeof hudRgba>[0]);
    const blue = (r: number, _g: number, b: number) => b > r + 20;
    expect(count(hud("frozen stone"), blue)).toBeGreaterThan(count(hud("stone"), blue));
  });

  test("models: the prompt's flavour is painted on its textures", () => {
    const plain = generatedModel("wooden chair", 5, UNDIRECTED);
    const old = generatedModel("burnt wooden chair", 5, UNDIRECTED);
    const first = Object.keys(plain.textures)[0];
    const a = decodePng(plain.textures[first]);
    const b = decodePng(old.textures[first]);
    expect(meanLightness(b)).toBeLessThan(meanLightness(a));
    expect(interpret("model", "burnt wooden chair").effects).toEqual(["burnt"]);
  });

  test("models: small and tiny stand smaller, on the same floor", () => {
    const extent = (prompt: string) => {
      const els = generatedModel(prompt, 5, { ...UNDIRECTED, carrierKind: "partial" }).model.elements as {
        from: number[];
        to: number[];
      }[];
      const lo = Math.min(...els.map((e) => e.from[1]));
      return { lo, height: Math.max(...els.map((e) => e.to[1])) - lo };
    };
    const plain = extent("stool");
    expect(extent("small stool").height).toBeLessThan(plain.height);
    expect(extent("tiny stool").height).toBeLessThan(extent("small stool").height);
    expect(extent("small stool").lo).toBe(plain.lo);
    expect(interpret("model", "small stool").effects).toEqual(["small"]);
    expect(interpret("model", "small stool").unmatched).toEqual([]);
  });
});
