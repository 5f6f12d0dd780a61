/**
 * Texture nouns (issue 28): ground and rock words, built things and places reach a structure and a material,
 * through the lexicon where the painters' lists lack them; the interpretation's subject is what is drawn, with
 * `via` saying how; covers, coloured grout and veins land where they should, in their own colours.
 */
import { describe, expect, test } from "bun:test";
import { textureRgba, textureMaterial } from "../../src/gen/texture";
import { interpretTask } from "../../src/gen/interpret/task";
import type { Task } from "../../src/gen/task";
import { rgbToHsl } from "../../src/gen/art/colour";
import type { Rgba } from "../../src/media/png";
import { textureReq, visibleColourCount } from "../support/texture-checks.ts";
import { VOCABULARY } from "../../src/gen/interpret/vocabulary";
import { OVERLAY_WORDS } from "../../src/gen/art/layers";

const read = (prompt: string) =>
  interpretTask({ op: "texture", req: textureReq(prompt) } as unknown as Task) as ReturnType<typeof interpretTask> & {
    via?: string[][];
  };
const drawn = (prompt: string, seed = 1) => textureRgba(textureReq(prompt, 16, seed));
const material = (prompt: string) => textureMaterial(textureReq(prompt));

/** Pixels (x, y) satisfying `pred` on their HSL (hue in degrees). */
function where(img: Rgba, pred: (h: number, s: number, l: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
      if (img.data[i + 3] && pred(h * 360, s, l)) out.push([x, y]);
    }
  return out;
}

describe("texture nouns reach a structure and a material", () => {
  test("through the lexicon: hyponyms of rock, soil and paving, with the path in via", () => {
    expect(read("limestone")).toMatchObject({ subject: "calcite", via: [["limestone", "calcite", "stone"]] });
    expect(read("loam")).toMatchObject({ subject: "dirt", unmatched: [] });
    expect(read("loam").via?.[0]).toEqual(["loam", "soil", "dirt", "grainy"]);
    expect(read("humus").via?.[0]).toContain("dirt");
    expect(read("cobblestone")).toMatchObject({ subject: "cobble", unmatched: [] });
    expect(read("flagstones")).toMatchObject({ subject: "tiles", unmatched: [] });
    // Built words climb too: a sidewalk is a pavement, a parapet a wall.
    expect(read("sidewalk")).toMatchObject({ subject: "tiles", unmatched: [] });
    expect(read("stone parapet")).toMatchObject({ subject: "bricks", unmatched: [] });
    // Surfaces named for how they are made, which WordNet files elsewhere (scripts/lexicon/targets.ts seeds).
    expect(read("steel plating")).toMatchObject({ subject: "panel", via: [["plating", "panel"]] });
    expect(read("oak siding")).toMatchObject({ subject: "planks", unmatched: [] });
  });

  test("a material named alone is the subject, drawn as its own surface", () => {
    expect(read("rough sandstone")).toMatchObject({ subject: "sandstone", via: [["sandstone", "strata"]] });
    expect(read("wet mud")).toMatchObject({ subject: "mud", material: "mud" });
    expect(read("peat")).toMatchObject({ subject: "peat", unmatched: [] });
    expect(material("peat").structure).toBe("grainy");
    // Mud is brown, as people picture it.
    const [h, s] = rgbToHsl(material("mud").palette[2]);
    expect(h * 360).toBeGreaterThan(10);
    expect(h * 360).toBeLessThan(40);
    expect(s).toBeGreaterThan(0.15);
  });

  test("a named structure wins over a finish word and the material", () => {
    expect(read("polished granite tiles")).toMatchObject({ subject: "tiles", material: "granite", unmatched: [] });
    expect(material("polished granite tiles").structure).toBe("tiles");
    expect(material("polished granite").structure).toBe("panel");
    expect(read("dry hay bale")).toMatchObject({ subject: "straw", material: "hay" });
  });

  test("built things are laid as their material suits", () => {
    const cases: [string, string][] = [
      ["stone floor", "tiles"],
      ["oak floor", "planks"],
      ["wooden floor", "planks"],
      ["stone wall", "bricks"],
      ["spruce wall", "planks"],
      ["slate roof", "shingles"],
      ["thatched roof", "straw"],
      ["stone path", "cobble"],
      ["mossy cobblestone wall", "cobble"],
      ["red clay roof tiles", "shingles"],
      ["iron vent", "grate"],
      ["stone slab", "slab"],
    ];
    for (const [prompt, structure] of cases) {
      expect({ prompt, structure: material(prompt).structure as string }).toEqual({ prompt, structure });
      expect({ prompt, subject: read(prompt).subject, unmatched: read(prompt).unmatched }).toEqual({
        prompt,
        subject: structure,
        unmatched: [],
      });
    }
    // A wall of wool stays wool; a roof of fired clay is terracotta-coloured, not raw grey clay.
    expect(material("wool wall").structure).toBe("wool");
    const [h] = rgbToHsl(material("clay roof").palette[2]);
    expect(h * 360).toBeLessThan(40);
  });

  test("places name their ground; a laid word decides before a place", () => {
    expect(read("desert")).toMatchObject({ subject: "sand", via: [["desert", "sand", "grainy"]] });
    expect(read("swamp").subject).toBe("mud");
    expect(read("swamp mud")).toMatchObject({ subject: "mud", unmatched: [] });
    expect(read("ground").subject).toBe("dirt");
    expect(read("mossy castle wall")).toMatchObject({ subject: "bricks", unmatched: [] });
    // The wall of a natural place is its rock, not laid (art/vocabulary-surfaces.ts: "cave wall" is the cave).
    expect(read("mossy cave wall")).toMatchObject({ subject: "stone", unmatched: [] });
  });
});

describe("covers, grout and veins", () => {
  test("frozen dirt is dirt (frozen is the flavour effect, not an ice surface); frosted glass has frost", () => {
    expect(read("frozen dirt")).toMatchObject({ subject: "dirt", material: "dirt", unmatched: [] });
    expect(material("frozen dirt").substance).toBe("dirt");
    expect(read("frosted glass")).toMatchObject({ subject: "glass", details: ["frost"], unmatched: [] });
    expect(read("frost").details).toEqual(["frost"]);
  });

  test("snow and moss are covers where the prompt lays them, surfaces where it names them alone", () => {
    expect(read("snow covered cobblestone")).toMatchObject({ subject: "cobble", details: ["snow"], unmatched: [] });
    expect(read("stone bricks with moss")).toMatchObject({ subject: "bricks", details: ["moss"], unmatched: [] });
    expect(read("fresh snow").subject).toBe("snow");
    expect(read("moss")).toMatchObject({ subject: "moss", details: [] });
    expect(read("stone bricks with snow").details).toEqual(["snow"]);
    // The cover's colour is its own: red moss on stone bricks.
    const red = where(drawn("stone bricks covered in red moss"), (h, s) => s > 0.35 && (h < 15 || h > 345));
    expect(red.length).toBeGreaterThan(15);
  });

  test("coloured grout fills the tiles' joints, and only them", () => {
    const img = drawn("white tiles with blue grout");
    const blue = where(img, (h, s) => s > 0.3 && h > 200 && h < 250);
    // Tiles are 4 px with a 1 px joint on their right and bottom: the joint lines are x or y = 3 (mod 4).
    expect(blue.length).toBe(16 * 4 + 16 * 4 - 16);
    expect(blue.every(([x, y]) => x % 4 === 3 || y % 4 === 3)).toBe(true);
    expect(read("white tiles with blue grout")).toMatchObject({ subject: "tiles", unmatched: [] });
  });

  test("veins are unbroken lines, in the colour named or marble's own grey", () => {
    for (const seed of [1, 2, 3]) {
      const img = drawn("white marble with gold veins", seed);
      const gold = where(img, (h, s) => s > 0.4 && h > 35 && h < 62);
      expect(gold.length).toBeGreaterThan(10);
      // Every vein pixel touches another one (8-neighbourhood, wrapping): lines, not scattered dots.
      const at = new Set(gold.map(([x, y]) => `${x},${y}`));
      const lonely = gold.filter(
        ([x, y]) =>
          ![-1, 0, 1].some((dx) =>
            [-1, 0, 1].some((dy) => (dx || dy) && at.has(`${(x + dx + 16) % 16},${(y + dy + 16) % 16}`)),
          ),
      );
      expect(lonely).toEqual([]);
    }
    // Plain marble carries its grey veins, and says so.
    expect(read("marble").details).toEqual(["veins"]);
    const grey = where(drawn("marble"), (_h, s, l) => s < 0.15 && l < 0.7);
    expect(grey.length).toBeGreaterThan(10);
  });

  test("glowing magma cracks: magma with cracks lit orange; lava cracks in basalt keep the basalt", () => {
    expect(material("glowing magma cracks").substance).toBe("magma");
    expect(read("glowing magma cracks").details).toEqual(["cracks"]);
    expect(material("lava cracks in basalt").substance).toBe("basalt");
    const orange = where(drawn("lava cracks in basalt"), (h, s, l) => s > 0.6 && h > 15 && h < 45 && l > 0.4);
    expect(orange.length).toBeGreaterThan(8);
  });

  test("an overlay's colour said after it: veins of gold, runes in red; 'in basalt' is where, not a colour", () => {
    const gold = where(drawn("stone bricks with veins of gold"), (h, s) => s > 0.4 && h > 38 && h < 62);
    expect(gold.length).toBeGreaterThan(8);
    expect(read("stone bricks with veins of gold")).toMatchObject({ material: "stone", unmatched: [] });
    const red = where(drawn("deepslate with runes in red"), (h, s) => s > 0.4 && (h < 15 || h > 345));
    expect(red.length).toBeGreaterThan(8);
    expect(read("basalt with cracks of lava")).toMatchObject({ subject: "basalt", material: "basalt", unmatched: [] });
    expect(read("mossy cobblestone with patches of snow")).toMatchObject({ details: ["snow"], unmatched: [] });
    // The overlay's words have no path of their own (the subject's word may: cobblestone is the cobble structure).
    expect((read("mossy cobblestone with patches of snow").via ?? []).filter((v) => v[0] !== "cobblestone")).toEqual(
      [],
    );
    // A size or shape word may stand between the colour and the overlay; it changes nothing and says so.
    const vines = read("stone bricks with green hanging vines");
    expect(vines).toMatchObject({ details: ["vines"], unmatched: ["hanging"] });
    expect(
      where(drawn("stone bricks with red hanging vines"), (h, s) => s > 0.4 && (h < 15 || h > 345)).length,
    ).toBeGreaterThan(8);
  });

  test("black, white and grey set how light a material is", () => {
    const l = (prompt: string) => rgbToHsl(material(prompt).palette[2])[2];
    expect(l("black basalt")).toBeLessThan(l("basalt") - 0.05);
    expect(l("white granite")).toBeGreaterThan(l("granite") + 0.05);
  });

  test("shingles: each tile shaded from the row above down to its lip; 4-12 colours", () => {
    for (const seed of [1, 2, 3]) {
      const img = drawn("slate roof shingles", seed);
      const lum = (y: number) => {
        let sum = 0;
        for (let x = 0; x < 16; x++) {
          const i = (y * 16 + x) * 4;
          sum += rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]])[2];
        }
        return sum / 16;
      };
      for (const row of [0, 4, 8, 12]) expect(lum(row)).toBeLessThan(lum(row + 2));
      const n = visibleColourCount(img);
      expect(n >= 4 && n <= 12).toBe(true);
    }
  });
});

describe("the vocabulary lists texture nouns and overlays", () => {
  test("built things and places under what they are drawn as; every overlay with its words", () => {
    const subjects = new Map(VOCABULARY.texture.subjects.map((s) => [s.subject, s.words]));
    expect(subjects.get("tiles")).toEqual(expect.arrayContaining(["tiles", "floor", "sidewalk"]));
    expect(subjects.get("shingles")).toEqual(expect.arrayContaining(["shingles", "roof"]));
    expect(subjects.get("sand")).toEqual(expect.arrayContaining(["desert", "beach"]));
    const overlays = new Map(VOCABULARY.texture.overlays.map((s) => [s.subject, s.words]));
    expect(new Set(overlays.keys())).toEqual(new Set(Object.values(OVERLAY_WORDS)));
    expect(overlays.get("vines")).toContain("ivy");
    expect(overlays.get("grout")).toEqual(["grout", "mortar"]);
    expect(VOCABULARY.item.overlays).toEqual([]);
  });
});

describe("more built things, game blocks and motifs", () => {
  test("buildings are stone, laid by their head noun; poured and loose materials stay their own surface", () => {
    expect(read("castle floor")).toMatchObject({ subject: "tiles", unmatched: [] });
    expect(material("castle floor").substance).toBe("stone");
    expect(read("dungeon wall")).toMatchObject({ subject: "bricks", unmatched: [] });
    // A castle's gate is wood, like any door.
    expect(material("castle gate")).toMatchObject({ structure: "door", substance: "custom" });
    expect(material("castle wall").substance).toBe("stone");
    expect(read("white plaster wall")).toMatchObject({ subject: "plaster", unmatched: [] });
    expect(read("dirt road")).toMatchObject({ subject: "dirt", unmatched: [] });
    expect(read("asphalt road").subject).toBe("asphalt");
  });

  test("what follows 'with' lies on the surface: it decides the structure and material only after the rest", () => {
    expect(read("a wooden wall with a window")).toMatchObject({ subject: "planks", unmatched: ["window"] });
    expect(material("a stone floor with a red carpet border")).toMatchObject({
      structure: "tiles",
      substance: "stone",
    });
    expect(read("a stone floor with a red carpet border")).toMatchObject({ subject: "tiles", details: ["border"] });
    expect(material("a wall with tiles").structure).toBe("bricks");
    expect(material("stone with tiles").structure).toBe("tiles");
    // A material after "with" is the surface's only when none came before.
    expect(material("a brick wall with a wooden door").structure).toBe("bricks");
    expect(material("granite with a wooden door").substance).toBe("granite");
    expect(read("a tile roof")).toMatchObject({ subject: "shingles", unmatched: [] });
    // Grass laid on a surface is a cover; stains and inlays are spots in their own colour.
    expect(read("stone bricks with grass")).toMatchObject({ subject: "bricks", details: ["moss"], unmatched: [] });
    expect(read("grass").subject).toBe("grass");
    const red = where(drawn("stone tiles with blood stains"), (h, s) => s > 0.4 && (h < 15 || h > 345));
    expect(red.length).toBeGreaterThan(8);
  });

  test("barrels and trapdoors; pumpkins, melons and cacti have upright ribs", () => {
    expect(read("oak barrel")).toMatchObject({ subject: "barrel", unmatched: [] });
    expect(read("spruce trapdoor")).toMatchObject({ subject: "door", unmatched: [] });
    for (const gourd of ["pumpkin", "melon", "cactus side"]) {
      expect(material(gourd).structure).toBe("column");
      expect(read(gourd).unmatched).toEqual([]);
    }
    // Trees the game lacks are the game's wood nearest in colour.
    expect(material("mahogany floorboards")).toMatchObject({ structure: "planks", substance: "mangrove" });
    expect(read("palm trunk")).toMatchObject({ subject: "bark", material: "jungle", unmatched: [] });
  });

  test("bands lie across the tile in their own colour: a door's and a barrel's, or any surface's", () => {
    const img = drawn("oak barrel with gold bands");
    const gold = where(img, (h, s) => s > 0.4 && h > 38 && h < 62);
    expect(gold.length).toBeGreaterThan(16);
    expect(gold.every(([, y]) => (y >= 3 && y < 5) || (y >= 11 && y < 13))).toBe(true);
    expect(read("wooden crate with iron straps")).toMatchObject({
      subject: "crate",
      details: ["bands"],
      unmatched: [],
    });
  });

  test("a motif on glass is painted into the pane; the rest stays clear", () => {
    const img = drawn("stained glass window with a red rose motif");
    const red = where(img, (h, s) => s > 0.4 && (h < 15 || h > 340));
    expect(red.length).toBeGreaterThan(10);
    let clear = 0;
    for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 0) clear++;
    expect(clear).toBeGreaterThan(60);
    expect(read("stained glass window with a red rose motif")).toMatchObject({
      subject: "glass",
      details: ["petals"],
      unmatched: [],
    });
    // "pattern" after an overlay is the overlay's word.
    expect(read("terracotta with a flower pattern")).toMatchObject({ details: ["petals"], unmatched: [] });
  });
});
