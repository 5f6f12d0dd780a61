/**
 * Material families (art/material-families.ts) and the material words that reach them through WordNet
 * (scripts/lexicon/materials.ts): whole classes of stuff land on a family, adjectives made from material nouns
 * are that material (before a colour or a flavour), a noun's material beats an adjective's, which still lies on
 * the surface; scales are a laid structure; a fence with nothing named is boards. Every word class read here
 * changes the picture, and every family tiles within 4-12 colours.
 */
import { describe, expect, test } from "bun:test";
import { textureMaterial, textureRgba } from "../../src/gen/texture";
import { interpretTask } from "../../src/gen/interpret/task";
import type { Task } from "../../src/gen/task";
import { reach } from "../../src/gen/interpret/lexicon";
import { flavourOfWord } from "../../src/gen/interpret/flavour";
import { adjectiveStems, kindShade } from "../../src/gen/interpret/material-adjectives";
import { MATERIAL_FAMILIES } from "../../src/gen/art/material-families";
import { surfaceOwner } from "../../src/gen/art/surface-owners";
import { tokens } from "../../src/gen/interpret/tokens";
import { rgbToHsl } from "../../src/gen/art/colour";
import type { Rgba } from "../../src/media/png";
import { seamRatio, textureReq, visibleColourCount } from "../support/texture-checks.ts";

const read = (prompt: string) =>
  interpretTask({ op: "texture", req: textureReq(prompt) } as unknown as Task) as ReturnType<typeof interpretTask> & {
    via?: string[][];
  };
const drawn = (prompt: string) => textureRgba(textureReq(prompt));
const material = (prompt: string) => textureMaterial(textureReq(prompt));
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));
const asMaterial = (word: string) => reach(word, ["c", "m", "s", "w"], false);
const owner = (prompt: string) => {
  const m = material(prompt);
  return surfaceOwner(tokens(prompt), m.structure, m.substance);
};

describe("WordNet classes of stuff reach a material family", () => {
  test("plastics, rubbers, papers, cloths, skins, furs, pottery and fungi, with the path in via", () => {
    for (const [word, family] of [
      ["bakelite", "plastic"],
      ["vinyl", "vinyl"],
      ["neoprene", "rubber"],
      ["parchment", "paper"],
      ["wallpaper", "paper"],
      ["burlap", "cloth"],
      ["suede", "leather"],
      ["hide", "leather"],
      ["mink", "fur"],
      ["earthenware", "terracotta"],
      ["stoneware", "ceramic"],
      ["fungus", "mushroom"],
      ["skin", "leather"],
      ["seashell", "shell"],
      ["foil", "iron"],
    ]) {
      const hit = asMaterial(word);
      expect({ word, target: hit?.target, category: hit?.category }).toEqual({ word, target: family, category: "m" });
      expect(hit?.via[0]).toBe(word);
    }
  });

  test("a plural known only as a thing is read as its singular's stuff: seashells are shell, bones bone", () => {
    expect(read("seashells")).toMatchObject({ subject: "shell", unmatched: [] });
    expect(read("bones")).toMatchObject({ subject: "bone", unmatched: [] });
    expect(read("gold coins").unmatched).toEqual(["coins"]);
  });

  test("a later sense of stuff counts only when near, and not after a thing: mire is mud, lace a shoelace", () => {
    expect(asMaterial("mire")?.target).toBe("mud");
    expect(asMaterial("lace")?.category).not.toBe("m");
    expect(asMaterial("gem")?.category).not.toBe("m");
    expect(asMaterial("grain")?.category).not.toBe("m");
  });

  test("the interpretation names the family and how it was reached; nothing is unmatched", () => {
    expect(read("crumpled parchment")).toMatchObject({ subject: "paper", unmatched: [] });
    expect(read("crumpled parchment").via?.[0]).toEqual(["parchment", "paper", "grainy"]);
    expect(read("neoprene")).toMatchObject({ subject: "rubber", unmatched: [] });
    expect(read("mink fur")).toMatchObject({ subject: "fur", unmatched: [] });
  });
});

describe("adjectives made from material nouns", () => {
  test("stems by the regular suffixes", () => {
    expect(adjectiveStems("muddy")).toContain("mud");
    expect(adjectiveStems("stony")).toContain("stone");
    expect(adjectiveStems("woolly")).toContain("wool");
    expect(adjectiveStems("wooden")).toContain("wood");
    expect(adjectiveStems("marbled")).toContain("marble");
    expect(adjectiveStems("papery")).toContain("paper");
  });

  test("are the material, before a colour or a flavour of the same word", () => {
    expect(asMaterial("sandy")).toMatchObject({ category: "m", target: "sand" });
    expect(asMaterial("muddy")).toMatchObject({ category: "m", target: "mud" });
    expect(asMaterial("rubbery")).toMatchObject({ category: "m", target: "rubber" });
    expect(asMaterial("papery")).toMatchObject({ category: "m", target: "paper" });
    expect(asMaterial("furry")).toMatchObject({ category: "m", target: "fur" });
    expect(flavourOfWord("muddy")).toBeNull();
    expect(flavourOfWord("woolly")).toBeNull();
  });

  test("a flavour WordNet gives as a synonym stays, and a participle is not its stem's material", () => {
    expect(flavourOfWord("crappy")?.flavour).toBe("rotten");
    expect(asMaterial("jaded")?.target).not.toBe("jade");
  });

  test("the answer reports the noun's material; the adjective is matched where it is drawn (textures) only", () => {
    expect(read("muddy cobblestone")).toMatchObject({ subject: "cobble", unmatched: [] });
    const boots = interpretTask({
      op: "item",
      req: { prompt: "sandy leather boots", seed: 1, size: 16, target: null },
    } as unknown as Task);
    expect(boots).toMatchObject({ material: "leather", unmatched: ["sandy"] });
  });

  test("a noun's material beats an adjective's, which lies on the surface in patches of its colour", () => {
    expect(material("chalky white plaster wall").substance).toBe("plaster");
    const muddy = material("muddy cobblestone");
    expect([muddy.structure, muddy.substance, muddy.coating]).toEqual(["cobble", "cobblestone", "mud"]);
    expect(material("muddy ground").substance).toBe("mud");
    // A place's own ground is a noun's too: a stony riverbed is gravel with stones on it.
    expect(material("stony riverbed")).toMatchObject({ structure: "gravel", substance: "gravel", coating: "stone" });
    expect(read("stony riverbed")).toMatchObject({ subject: "gravel", unmatched: [] });
    const brown = (img: Rgba) =>
      img.data.reduce((n, _, i) => {
        if (i % 4) return n;
        const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
        return n + (h * 360 > 10 && h * 360 < 45 && s > 0.15 && l < 0.5 ? 1 : 0);
      }, 0);
    expect(brown(drawn("muddy cobblestone"))).toBeGreaterThan(brown(drawn("cobblestone")) + 8);
  });
});

describe("every word read here changes the picture", () => {
  test("family nouns", () => {
    for (const word of [
      "plastic",
      "rubber",
      "paper",
      "cork",
      "terrazzo",
      "fur",
      "parchment",
      "denim",
      "seashells",
      "wax",
    ])
      expect({ word, same: same(drawn(`${word} surface`), drawn("surface")) }).toEqual({ word, same: false });
  });
  test("material adjectives, alone and on another surface", () => {
    for (const word of ["muddy", "sandy", "rubbery", "papery", "furry"]) {
      expect({ word, same: same(drawn(`${word} surface`), drawn("surface")) }).toEqual({ word, same: false });
      expect({ word, same: same(drawn(`${word} bricks`), drawn("bricks")) }).toEqual({ word, same: false });
    }
  });
  test("texture subject words: scales, plumage, hedges, fences", () => {
    expect(material("green fish scales").structure).toBe("scales");
    expect(material("white plumage").structure).toBe("scales");
    expect(material("trimmed hedge").structure).toBe("leaves");
    expect(material("picket fence").structure).toBe("planks");
    expect(material("stone fence").structure).toBe("bricks");
    expect(same(drawn("green scales"), drawn("green"))).toBe(false);
    // Building elements by the structure they show; places laid as their material suits.
    expect(material("stone staircase").structure).toBe("slab");
    expect(material("copper pipes").structure).toBe("column");
    expect(material("old rope").structure).toBe("straw");
    expect(material("chain mail").substance).toBe("chainmail");
    expect(material("stone patio").structure).toBe("tiles");
    // A board is planks unless a material is named: a cork board is cork.
    expect(material("oak board").structure).toBe("planks");
    expect(material("cork board")).toMatchObject({ structure: "gravel", substance: "cork" });
    expect(material("chess board").structure).toBe("checkered");
    // Names for rock and liquids, and the parts of a tree.
    expect(material("lava rock").substance).toBe("basalt");
    expect(material("tree rings").structure).toBe("rings");
    expect(material("tree").structure).toBe("bark");
    expect(material("mangrove roots")).toMatchObject({ structure: "bark", substance: "mangrove" });
    expect(material("ocean waves").structure).toBe("liquid");
    expect(material("cut copper")).toMatchObject({ structure: "tiles", substance: "copper" });
    for (const word of ["staircase", "pipes", "rope", "trellis", "pavers", "patio"])
      expect({ word, same: same(drawn(`stone ${word}`), drawn("stone")) }).toEqual({ word, same: false });
  });
});

describe("a creature named before its covering lends it its colours", () => {
  test("the owner is matched where it is drawn and changes the picture", () => {
    for (const [prompt, without] of [
      ["snake skin", "skin"],
      ["fish scales", "scales"],
      ["zebra stripes", "stripes"],
      ["crocodile leather", "leather"],
    ]) {
      expect({ prompt, unmatched: read(prompt).unmatched }).toEqual({ prompt, unmatched: [] });
      expect({ prompt, same: same(drawn(prompt), drawn(without)) }).toEqual({ prompt, same: false });
    }
  });
  test("a colour the prompt names is the surface's own, and the owner then changes nothing", () => {
    expect(read("red dragon scales").unmatched).toEqual(["dragon"]);
    expect(owner("red dragon scales")).toBeNull();
    expect(owner("dragon scales")?.raw).toBe("dragon");
  });
  test("only organic surfaces have an owner: a castle wall is no castle's colour", () => {
    expect(owner("cow bricks")).toBeNull();
    expect(owner("cow hide")?.raw).toBe("cow");
    expect(read("cow bricks").unmatched).toEqual(["cow"]);
  });
});

test("a metal that is no mineral speckles an ore in its own colour (silver ore: white specks)", () => {
  const img = drawn("silver ore");
  let light = 0;
  for (let i = 0; i < img.data.length; i += 4)
    if (rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]])[2] > 0.8) light++;
  expect(light).toBeGreaterThan(4);
});

test("a kind of a material the lexicon reached keeps a shade of its own: pewter and tin are greyer than iron", () => {
  const mid = (prompt: string) => material(prompt).palette[2];
  expect(mid("pewter plate")).not.toEqual(mid("iron plate"));
  expect(mid("tin roof")).not.toEqual(mid("iron roof"));
  expect(rgbToHsl(mid("tin roof"))[2]).toBeLessThan(rgbToHsl(mid("iron roof"))[2]);
  // The material's own word has no kind shade: "iron" is iron's colour.
  expect(kindShade("iron", "iron")).toBeUndefined();
  expect(kindShade("pewter", "iron")).toMatch(/^#[0-9a-f]{6}$/);
});

describe("families draw within the rules", () => {
  test("every family and the scales tile exactly and keep 4-12 colours, the same bytes per seed", () => {
    for (const prompt of [
      ...Object.keys(MATERIAL_FAMILIES),
      "red dragon scales",
      "muddy cobblestone",
      "cow hide",
      "zebra stripes",
    ])
      for (const size of [16, 32]) {
        const img = textureRgba(textureReq(prompt, size));
        const n = visibleColourCount(img);
        expect({ prompt, size, n, ok: n >= 4 && n <= 12 }).toEqual({ prompt, size, n, ok: true });
        for (const axis of ["x", "y"] as const)
          expect({ prompt, size, axis, seam: seamRatio(img, axis) <= 1.5 }).toEqual({ prompt, size, axis, seam: true });
        expect(same(img, textureRgba(textureReq(prompt, size)))).toBe(true);
      }
  });
  test("a colour said takes a dyeable family outright", () => {
    const hue = (img: Rgba) => {
      const [h] = rgbToHsl([img.data[0], img.data[1], img.data[2]]);
      return h * 360;
    };
    const red = hue(drawn("red plastic"));
    expect(red < 20 || red > 340).toBe(true);
  });
});
