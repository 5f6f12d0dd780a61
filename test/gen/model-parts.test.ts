/**
 * Parts of a model named the way people name them ("gold legs", "blue pillows", "brass handles"): each lands on the
 * template slot that draws that part, with its material or colour (models/part-words.ts), and the part word is
 * read, not reported unmatched.
 */
import { describe, expect, test } from "bun:test";
import { hasColour } from "../../bench/fidelity-colour.ts";
import { generatedModel } from "../support/generated-model.ts";
import { optionWords, pickTemplate } from "../../src/gen/models/index.ts";
import { slotForPart } from "../../src/gen/models/part-words.ts";
import { assignMaterials } from "../../src/gen/models/materials.ts";
import { proportionOf } from "../../src/gen/models/proportions.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { decodePng } from "../../src/media/png-decode.ts";

const model = generatedModel;

/** The decoded texture a slot is drawn with (slots of one material share a texture). */
function slotTexture(prompt: string, slot: string) {
  const m = model(prompt);
  const ref = (m.model as { textures: Record<string, string> }).textures[slot];
  const owner = ref?.replace("packsmith:block/m_", "");
  return owner && m.textures[owner] ? decodePng(m.textures[owner]) : null;
}

describe("part words reach the template's slots", () => {
  test("each part class finds its slot by the slot's own name or its class", () => {
    const slots = (prompt: string) => pickTemplate(prompt).slots;
    expect(slotForPart("legs", slots("table"))).toBe("leg");
    expect(slotForPart("legs", slots("chair"))).toBe("frame");
    expect(slotForPart("feet", slots("sofa"))).toBe("base");
    expect(slotForPart("pillows", slots("sofa"))).toBe("cushion");
    expect(slotForPart("pillows", slots("bed"))).toBe("pillow");
    expect(slotForPart("quilt", slots("bed"))).toBe("blanket");
    expect(slotForPart("handles", slots("wardrobe"))).toBe("knobs");
    expect(slotForPart("drawers", slots("wardrobe"))).toBe("doors");
    expect(slotForPart("lampshade", slots("lamp"))).toBe("shade");
    expect(slotForPart("capital", slots("pillar"))).toBe("trim");
    expect(slotForPart("taps", slots("sink"))).toBe("basin");
    // Adjectives made of parts: "three legged", "marble topped", "brass handled", "iron banded".
    expect(slotForPart("legged", slots("stool"))).toBe("leg");
    expect(slotForPart("topped", slots("table"))).toBe("top");
    expect(slotForPart("handled", slots("wardrobe"))).toBe("knobs");
    expect(slotForPart("banded", slots("barrel"))).toBe("hoop");
    expect(slotForPart("painted", slots("table"))).toBeNull();
    // A part the template has no slot for is not claimed.
    expect(slotForPart("foot", slots("bathtub"))).toBeNull();
    expect(slotForPart("sword", slots("table"))).toBeNull();
  });

  test("a colour or material said for a part lands on that part's slot, not elsewhere", () => {
    const legs = slotTexture("velvet armchair with gold legs", "frame");
    expect(legs && hasColour(legs, "gold")).toBe(true);
    const pillows = slotTexture("grey couch with blue pillows", "cushion");
    expect(pillows && hasColour(pillows, "blue")).toBe(true);
    const base = slotTexture("grey couch with blue pillows", "base");
    expect(base && hasColour(base, "blue")).toBe(false);
    const handles = slotTexture("oak wardrobe with red handles", "knobs");
    expect(handles && hasColour(handles, "red")).toBe(true);
    const topped = slotTexture("red topped oak table", "top");
    expect(topped && hasColour(topped, "red")).toBe(true);
    const capital = slotTexture("marble column with a gold capital", "trim");
    expect(capital && hasColour(capital, "gold")).toBe(true);
  });

  test("the part words are read, not unmatched", () => {
    expect(interpret("model", "velvet armchair with gold legs").unmatched).toEqual([]);
    expect(interpret("model", "marble column with a gold capital").unmatched).toEqual([]);
    expect(interpret("model", "three legged stool").unmatched).not.toContain("legged");
    expect(interpret("model", "oak wardrobe with red handles and two doors").unmatched).toEqual([]);
    // A part the template does not draw stays unmatched.
    expect(interpret("model", "claw foot bathtub").unmatched).toContain("foot");
  });
});

describe("words a template builds a detail for are read", () => {
  test("the template hears its option words, and they change the model", () => {
    expect([...optionWords("hanging iron lantern")]).toContain("hang");
    expect([...optionWords("cuckoo clock on the wall")]).toContain("wall");
    expect([...optionWords("oak wardrobe")]).toEqual([]);
    const json = (prompt: string) => JSON.stringify(model(prompt).model);
    expect(json("hanging iron lantern")).not.toBe(json("iron lantern"));
    expect(json("oak table with a drawer")).not.toBe(json("oak table"));
  });

  test("option words and the materials the painter reads are not unmatched; their via is not a lexicon detour", () => {
    const hanging = interpret("model", "hanging iron lantern");
    expect(hanging.unmatched).toEqual([]);
    const wall = interpret("model", "clock on the wall");
    expect(wall.unmatched).toEqual([]);
    expect(wall.via ?? []).not.toContainEqual(expect.arrayContaining(["wall"]));
    expect(interpret("model", "grey fabric couch").unmatched).toEqual([]);
    // A material the texture painter draws as its kind's plain material still changes the slot, so it is read
    // (model-choose.test.ts checks the textures differ).
    expect(interpret("model", "paper lantern").unmatched).not.toContain("paper");
  });
});

describe("proportion words", () => {
  type El = { from: number[]; to: number[] };
  const extent = (prompt: string, axis: number) => {
    const els = (model(prompt).model as { elements: El[] }).elements;
    return Math.max(...els.map((e) => e.to[axis])) - Math.min(...els.map((e) => e.from[axis]));
  };

  test("tall draws narrower for its height, low and wide draw lower; the first word decides", () => {
    expect(proportionOf("tall oak cabinet")?.factors).toEqual([0.75, 1, 0.75]);
    expect(proportionOf("a low wide table")?.word).toBe("low");
    expect(proportionOf("oak table")).toBeNull();
    expect(extent("tall oak wardrobe", 0)).toBeLessThan(extent("oak wardrobe", 0));
    expect(extent("tall oak wardrobe", 1)).toBe(extent("oak wardrobe", 1));
    expect(extent("low oak table", 1)).toBeLessThan(extent("oak table", 1));
    expect(extent("double bed", 1)).toBeLessThan(extent("bed", 1));
  });

  test("the proportion word is read, with no lexicon detour", () => {
    const read = interpret("model", "narrow oak shelf");
    expect(read.unmatched).toEqual([]);
    expect(JSON.stringify(read.via ?? [])).not.toContain("narrow");
  });
});

test("a coloured material said for the whole keeps showing when a part's colour takes its slot", () => {
  const textures = Object.values(model("grey fabric couch with blue pillows").textures).map((png) => decodePng(png));
  for (const c of ["gray", "blue"]) expect(textures.some((t) => hasColour(t, c))).toBe(true);
  const pillows = slotTexture("grey fabric couch with blue pillows", "cushion");
  expect(pillows && hasColour(pillows, "blue")).toBe(true);
});

test("a material word the texture painter cannot read is drawn as its kind's plain material, in its colour", () => {
  const paper = Object.values(model("paper lantern").textures).map((png) => decodePng(png));
  expect(paper.some((t) => hasColour(t, "white"))).toBe(true);
  expect(paper.some((t) => hasColour(t, "green"))).toBe(false);
  const red = Object.values(model("red paper lantern").textures).map((png) => decodePng(png));
  expect(red.some((t) => hasColour(t, "red"))).toBe(true);
  // What the slot is painted as: the plain kind for an unread word, the word itself for a read one.
  const slotsOf = (prompt: string) => assignMaterials(prompt, pickTemplate(prompt).slots);
  expect(slotsOf("fern lantern").frame).toBe("oak leaves");
  // Paper and ceramic are material families of their own (art/material-families.ts): painted as themselves.
  expect(slotsOf("paper lantern").frame).toBe("paper");
  expect(slotsOf("ceramic vase").clay).toBe("ceramic");
  expect(slotsOf("rusty iron chair").frame).toBe("rusty metal");
});
