/**
 * Subjects reached through the lexicon (issue 28, art-subjects): names of two and three words read as one, the
 * paths from a word to a family, a library icon or a model template (`via`), counting words, the nearest
 * template of a model, icons drawing the items' subject, no fallback for concrete nouns WordNet knows.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { libraryIconOf, reach } from "../../src/gen/interpret/lexicon.ts";
import { pickTemplate } from "../../src/gen/models/index.ts";
import { glyphFor } from "../../src/gen/art/glyphs.ts";
import { generateItem, itemFamily } from "../../src/gen/item.ts";
import type { Family } from "../../src/gen/art/silhouettes.ts";
import { decodePng } from "../../src/media/png-decode.ts";

const item = (prompt: string) => interpret("item", prompt);

describe("names of several words are one thing", () => {
  test("WordNet's two- and three-word nouns are table words (ice-cream cone written with a hyphen there)", () => {
    expect(reach("ice_cream_cone", ["f"])?.target).toBe("icecream");
    expect(reach("quill_pen", ["l"])?.via).toEqual(["quill pen", "pen"]);
    expect(reach("crystal_ball", ["l"])?.target).toBe("crystal_ball");
  });
  test("a name read as one wins over a family word inside or in front of it", () => {
    expect(item("pine cone")).toMatchObject({ subject: "pinecone", via: [["pine cone", "pinecone"]] });
    expect(item("pine cone").unmatched).toEqual([]);
    expect(item("feather quill pen")).toMatchObject({ subject: "pen", via: [["quill pen", "pen"]] });
    expect(item("a wooden chess piece").subject).toBe("pawn");
    expect(item("a wooden chess piece").via?.[0]).toEqual(expect.arrayContaining(["chess piece", "chessman", "pawn"]));
  });
  test("a family the name is a kind of stays first: a birthday cake is the cake family", () => {
    expect(item("birthday cake").subject).toBe("cake");
  });
  test("a name led by a describing word is only what it names exactly: a wooden spoon is a spoon, not a prize", () => {
    expect(item("wooden spoon").subject).toBe("spoon");
    expect(item("rusty tin can").subject).toBe("can");
  });
  test("the head noun's own name is not read as its last word: a rolling pin is no pin", () => {
    const r = item("a wooden rolling pin");
    expect(r.subject).not.toBe("pin");
    expect(r).toMatchObject({ subject: "rolling_pin", via: [["rolling pin", "rolling_pin"]] });
    expect(r.fallback).toBeUndefined();
  });
});

describe("icons' own names of two words", () => {
  test("a name WordNet lacks is still an icon's: a speech bubble, a speech balloon", () => {
    expect(libraryIconOf("speech_bubble")).toBe("left-speech-bubble");
    expect(interpret("icon", "speech bubble", {}, { name: "slot" }).subject).toBe("speech bubble");
  });
  test("such a name never beats a family the prompt names: a kitchen knife is a dagger, a cheese wedge cheese", () => {
    expect(item("kitchen knife").subject).toBe("dagger");
    expect(item("cheese wedge").subject).toBe("cheese");
  });
  test("what follows 'on', 'in', 'under' is where the thing is, not the thing: a crystal ball on a stand", () => {
    expect(item("crystal ball on a stand").subject).toBe("crystal ball");
    expect(item("a skull on a wooden stick").subject).toBe("skull");
  });
  test("a name is read only where its words stand side by side: a carrot on a stick is no carrot stick", () => {
    expect(item("carrot on a stick").subject).not.toBe("appetizer");
  });
});

describe("lexicon paths to families and library icons", () => {
  test("a kind narrow enough stands for its members: binoculars are drawn as glasses, a chess piece as a pawn", () => {
    expect(reach("binoculars", ["l"])?.via).toEqual(["binoculars", "optical instrument", "glasses"]);
    expect(reach("chess_piece", ["l"])?.target).toBe("pawn");
    expect(reach("forceps", ["f"])?.target).toBe("pliers");
  });
  test("a broad kind stands for nothing: a tool reaches no family except as the reported fallback", () => {
    expect(reach("tool", ["f", "l"])).toBeNull();
    expect(reach("tool", ["b"])?.target).toBe("wrench");
  });
  test("an icon is found under its keywords and its name's other words pick the sense", () => {
    expect(libraryIconOf("can")).toBe("canned-food");
    expect(libraryIconOf("pawn")).toBe("chess-pawn");
    expect(reach("tin_can", ["l"])?.target).toBe("can");
  });
});

describe("plurals, vessels and colour-named things", () => {
  test("a plural known only as a surface word is still its singular's thing: a stack of books is books", () => {
    expect(item("a stack of books").subject).toBe("book");
  });
  test("a material word holding what follows 'of' is a vessel: a glass of water is no lump of glass", () => {
    expect(item("a glass of water").subject).not.toBe("lump");
    expect(item("a glass of water").fallback).toBeUndefined();
  });
  test("a living plant reaches its broad kind, not WordNet's first 'plant', a factory", () => {
    expect(reach("shrub", ["b"])?.via).toContain("woody plant");
  });
});

describe("counting words and materials named as the thing", () => {
  test("the thing follows 'of', whatever the counting word is elsewhere", () => {
    expect(item("a bar of soap").subject).toBe("soap");
    expect(item("a stick of butter").subject).toBe("butter");
    expect(item("a ball of yarn").subject).toBe("yarn");
  });
  test("a material named as the thing is a lump of it, or the shape its counting word says", () => {
    expect(item("lump of coal")).toMatchObject({
      subject: "lump",
      material: "coal",
      parts: [],
      via: [["coal", "lump"]],
    });
    // The lump is cut to the chunk's shape (interpret/portions.ts).
    expect(item("chunk of obsidian")).toMatchObject({
      subject: "lump",
      via: [
        ["obsidian", "lump"],
        ["chunk", "portion"],
      ],
    });
    expect(item("a bar of gold")).toMatchObject({ subject: "ingot", material: "gold", via: [["gold", "ingot"]] });
    expect(item("heavy iron anvil").subject).toBe("anvil");
  });
});

describe("models: the nearest template", () => {
  test("a word of no template reaches the nearest one, reported in via", () => {
    // The head noun first, a material word last: a stone altar is an altar (a table), not a stone (a crystal).
    expect(interpret("model", "stone altar")).toMatchObject({ subject: "table", via: [["altar", "table"]] });
    expect(interpret("model", "wooden recliner").via).toEqual([["recliner", "armchair", "chair"]]);
    expect(interpret("model", "baby crib").subject).toBe("bed");
    expect(interpret("model", "royal throne").subject).toBe("chair");
  });
  test("furniture and prop families: wardrobes, carts, boats, pianos, frames, bells, cacti, podiums", () => {
    expect(pickTemplate("tall oak wardrobe").name).toBe("wardrobe");
    expect(pickTemplate("kitchen cupboard").name).toBe("wardrobe");
    expect(pickTemplate("wooden wheelbarrow").name).toBe("cart");
    for (const [prompt, name] of [
      ["small rowboat", "boat"],
      ["grand piano", "piano"],
      ["standing mirror", "frame"],
      ["painter's easel", "frame"],
      ["church bell", "bell"],
      ["desert cactus", "cactus"],
      ["church lectern", "podium"],
      ["brick kiln", "stove"],
    ])
      expect({ prompt, name: pickTemplate(prompt).name }).toEqual({ prompt, name });
  });
  test("stacked boxes only when nothing is near, and then said", () => {
    const r = interpret("model", "a zxqv");
    expect(r.subject).toBe("boxes");
    expect(r.fallback).toContain("stacked boxes");
  });
});

describe("icons draw the items' subject", () => {
  test("an icon of a thing is that thing: a sword, a trash can (the bin), a quill pen", () => {
    expect(glyphFor("slot", "silver sword")).toBe("sword");
    expect(glyphFor("slot", "feather quill pen")).toBe("pen");
    expect(interpret("icon", "trash can", {}, { name: "slot" }).subject).not.toBe("can");
    // Whatever the icon's name reaches, a library subject is said as the items say it.
    expect(interpret("icon", "speech bubble", {}, { name: "token" }).subject).toBe("speech bubble");
  });
});

describe("no fallback for concrete nouns WordNet knows", () => {
  const SAMPLE = [
    "binoculars",
    "pliers",
    "tin can",
    "pine cone",
    "chess piece",
    "quill pen",
    "anvil",
    "coal",
    "wallet",
    "telescope",
    "teddy bear",
    "hot dog",
    "bell pepper",
    "ice skates",
    "fire extinguisher",
    "canoe",
    "screwdriver",
    "crystal ball",
    "soap",
    "butter",
    "yarn",
    "pawn",
    "frying pan",
    "sweet potato",
  ];
  for (const prompt of SAMPLE)
    test(`"${prompt}" is drawn as itself or its nearest thing`, () => {
      const r = item(prompt);
      expect({ prompt, fallback: r.fallback }).toEqual({ prompt, fallback: undefined });
    });
});

describe("the picture is what the answer says", () => {
  test("the item painter draws the family the interpretation names", () => {
    for (const prompt of ["pine cone", "lump of coal", "a bar of gold", "heavy iron anvil", "raw salmon fillet"]) {
      const read = item(prompt);
      expect({ prompt, drawn: itemFamily({ prompt }) }).toEqual({ prompt, drawn: read.subject as Family });
    }
  });
});

describe("determinism", () => {
  test("the same prompt and seed give the same bytes, for a compound, a cousin and a lump", () => {
    for (const prompt of ["pine cone", "a pair of binoculars", "lump of coal"]) {
      const a = generateItem({ prompt, seed: 42, size: 16 });
      const b = generateItem({ prompt, seed: 42, size: 16 });
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect(decodePng(a).width).toBe(16);
    }
  });
});

describe("models: a broad kind's template before stacked boxes", () => {
  test("a thing near no template is drawn as the template of its broad kind, and the answer says so", () => {
    const r = interpret("model", "silver reliquary");
    expect(r.subject).toBe("barrel");
    expect(r.via?.[0]).toEqual(["reliquary", "container", "barrel"]);
    expect(r.fallback).toContain("no 'reliquary' template");
    expect(r.unmatched).not.toContain("reliquary");
  });
});
