/**
 * Texture wear and structure words as people say them (issue 28, art-textures4): cracks said as a noun are drawn,
 * lit cracks run where the plain ones do, brick bonds by name, leaves fallen on a ground, structure words the
 * painters file under another name. Each word that stops being unmatched changes the picture.
 */
import { describe, expect, test } from "bun:test";
import { textureMaterial, textureRgba, texturePartMask } from "../../src/gen/texture";
import { interpretTask } from "../../src/gen/interpret/task";
import type { Task } from "../../src/gen/task";
import { readOverlays } from "../../src/gen/art/layers";
import { seedText } from "../../src/gen/art/lit-wear";
import type { Rgba } from "../../src/media/png";
import { rgbToHsl } from "../../src/gen/art/colour";
import { seamRatio, textureReq, visibleColourCount } from "../support/texture-checks.ts";

const read = (prompt: string) =>
  interpretTask({ op: "texture", req: textureReq(prompt) } as unknown as Task) as ReturnType<typeof interpretTask> & {
    via?: string[][];
  };
const drawn = (prompt: string, size = 16) => textureRgba(textureReq(prompt, size));
const differing = (a: Rgba, b: Rgba) =>
  [...Array(a.width * a.height).keys()].filter((i) =>
    [0, 1, 2, 3].some((k) => a.data[i * 4 + k] !== b.data[i * 4 + k]),
  );

/** The tile keeps the stack's rules: exact tiling and 4-12 colours. */
function wellFormed(img: Rgba) {
  for (const axis of ["x", "y"] as const) expect(seamRatio(img, axis)).toBeLessThanOrEqual(1.5);
  expect(visibleColourCount(img)).toBeGreaterThanOrEqual(4);
  expect(visibleColourCount(img)).toBeLessThanOrEqual(12);
}

describe("cracks said as a noun are the cracked wear", () => {
  for (const [prompt, plain] of [
    ["stone bricks with cracks", "stone bricks"],
    ["prismarine bricks with cracks", "prismarine bricks"],
    ["old red brick wall with deep cracks", "old red brick wall with deep"],
    ["granite with fissures", "granite with"],
    ["sandstone tiles with fractures", "sandstone tiles with"],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.unmatched).not.toContain("cracks");
      expect(r.unmatched).not.toContain("fissures");
      expect(r.unmatched).not.toContain("fractures");
      expect(textureMaterial(textureReq(prompt)).modifiers).toContain("cracked");
      const img = drawn(prompt);
      expect(differing(img, drawn(plain)).length).toBeGreaterThan(0);
      wellFormed(img);
    });

  test("a crack is darker than the surface's darkest shade, so it reads across mortar in that shade", () => {
    const lum = (img: Rgba) => {
      let min = 255;
      for (let i = 0; i < img.data.length; i += 4)
        min = Math.min(min, 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2]);
      return min;
    };
    expect(lum(drawn("stone bricks with cracks"))).toBeLessThan(lum(drawn("stone bricks")) - 10);
  });

  test("a crack's mask is where the cracks run", () => {
    const mask = texturePartMask(textureReq("stone bricks with cracks"));
    expect(mask.parts.filter((p) => p === "cracks").length).toBeGreaterThan(8);
  });
});

describe("light and colour said of cracks", () => {
  test("lava said in the cracks lights them, along the plain cracks' path", () => {
    const prompt = "nether brick floor with lava in the cracks";
    expect(read(prompt).unmatched).toEqual([]);
    expect(readOverlays(prompt).overlays).toEqual([expect.objectContaining({ overlay: "cracks", glowing: true })]);
    const lit = drawn(prompt);
    const diff = differing(lit, drawn("nether brick floor with cracks"));
    expect(diff.length).toBeGreaterThan(0);
    const mask = texturePartMask(textureReq(prompt));
    for (const i of diff) expect(mask.parts[i]).toBe("cracks");
    wellFormed(lit);
  });

  test("a colour in the cracks is the cracks' colour", () => {
    const o = readOverlays("cobblestone with gold in the cracks").overlays;
    expect(o).toEqual([expect.objectContaining({ overlay: "cracks", glowing: false })]);
    expect(read("cobblestone with gold in the cracks").unmatched).toEqual([]);
  });

  test("sand said in the cracks is no colour of theirs; moss in the cracks is the moss's", () => {
    expect(readOverlays("stone bricks with sand in the cracks").overlays.some((o) => o.overlay === "cracks")).toBe(
      false,
    );
  });

  test("the seed text drops only the words that light cracks or veins", () => {
    expect(seedText("bricks with glowing cracks")).toBe("bricks with cracks");
    expect(seedText("stone with lava cracks")).toBe("stone with cracks");
    expect(seedText("marble with glowing veins")).toBe("marble with veins");
    // No light word: the text as it came (the same seed as before).
    expect(seedText("Mossy Stone, Bricks!")).toBe("Mossy Stone, Bricks!");
    expect(seedText("nether bricks with lava in the cracks")).toBe("nether bricks with cracks");
    // A glow said of the surface ("glowing magma") is the surface's.
    expect(seedText("glowing magma cracks")).toBe("glowing magma cracks");
  });
});

describe("brick bonds by name", () => {
  for (const [prompt, bond] of [
    ["flemish bond red bricks", "flemish_bond"],
    ["english bond bricks", "english_bond"],
    ["stone bricks in english bond", "english_bond"],
    ["stack bond white bricks", "stack_bond"],
    ["flemish brick wall", "flemish_bond"],
  ] as const)
    test(prompt, () => {
      expect(textureMaterial(textureReq(prompt)).structure).toBe(bond);
      const r = read(prompt);
      expect(r.subject).toBe(bond);
      expect(r.unmatched).toEqual([]);
      // The bricks word is reached as bricks laid in that bond.
      expect(r.via?.some((v) => /^bricks?$/.test(v[0]) && v.at(-1) === bond.replace("_", " "))).toBe(true);
      for (const size of [16, 32]) wellFormed(drawn(prompt, size));
    });

  test("each bond draws a picture of its own", () => {
    const bonds = ["red bricks", "flemish bond red bricks", "english bond red bricks", "stack bond red bricks"];
    const pictures = bonds.map((b) => drawn(b));
    for (let a = 0; a < pictures.length; a++)
      for (let b = a + 1; b < pictures.length; b++)
        expect(differing(pictures[a], pictures[b]).length).toBeGreaterThan(40);
  });

  test("the running bond is the game's own bricks", () => {
    expect(textureMaterial(textureReq("running bond grey bricks")).structure).toBe("bricks");
    expect(read("running bond grey bricks").unmatched).toEqual([]);
  });
});

describe("leaves fallen on a ground named as a material", () => {
  for (const [prompt, ground] of [
    ["dirt with fallen autumn leaves", "dirt"],
    ["mud with dead leaves", "mud"],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.subject).toBe(ground);
      expect(r.unmatched).toEqual([]);
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual(["leaves"]);
      expect(differing(drawn(prompt), drawn(ground)).length).toBeGreaterThan(0);
    });

  test("leaves of a tree stay the leaves surface", () => {
    expect(read("oak leaves").subject).toBe("leaves");
    expect(readOverlays("oak leaves").overlays).toEqual([]);
  });
});

describe("structure words the painters file under another name", () => {
  test("the word is reached as its structure", () => {
    expect(read("cobblestone with withered ivy").via).toContainEqual(["cobblestone", "cobble"]);
    expect(read("carved stone pillar").via).toContainEqual(["pillar", "column"]);
    // A plural or the name itself says nothing new.
    expect(read("oak planks").via ?? []).toEqual([]);
  });

  // A second word naming the structure drawn names the subject too; said alone with the material, it draws it.
  for (const [prompt, word, alone, without] of [
    ["herringbone oak parquet", "parquet", "oak parquet", "oak"],
    ["iron grate grating", "grating", "iron grating", "iron"],
  ] as const)
    test(`${word} in "${prompt}"`, () => {
      expect(read(prompt).unmatched).not.toContain(word);
      expect(differing(drawn(alone), drawn(without)).length).toBeGreaterThan(0);
    });

  test("sand said in the gaps fills the joints", () => {
    const prompt = "stone tiles with sand in the gaps";
    expect(read(prompt).unmatched).toEqual([]);
    expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual(["sand"]);
    expect(differing(drawn(prompt), drawn("stone tiles")).length).toBeGreaterThan(0);
  });
});

/** Pixels of `img` (indices) whose colour `judge` accepts, by HSL (hue in degrees). */
function pixelsWhere(img: Rgba, judge: (h: number, s: number, l: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < img.width * img.height; i++) {
    const [h, s, l] = rgbToHsl([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]]);
    if (img.data[i * 4 + 3] && judge(h * 360, s, l)) out.push(i);
  }
  return out;
}
const yellowish = (h: number, s: number) => s > 0.4 && h > 35 && h < 65;

describe("stripes and stars laid on another surface", () => {
  for (const [prompt, plain, surface] of [
    ["metal floor panel with yellow stripes", "metal floor panel", "panel"],
    ["stone bricks with yellow stripes", "stone bricks", "bricks"],
    ["oak planks with a yellow stripe", "oak planks", "planks"],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.subject).toBe(surface);
      expect(r.unmatched).toEqual([]);
      expect(textureMaterial(textureReq(prompt)).structure).toBe(surface);
      const img = drawn(prompt);
      // The yellow is the stripes' alone: every yellow pixel lies on them, and the surface keeps its colour.
      const mask = texturePartMask(textureReq(prompt));
      const yellow = pixelsWhere(img, yellowish);
      expect(yellow.length).toBeGreaterThan(10);
      for (const i of yellow) expect(mask.parts[i]).toBe("stripes");
      expect(differing(img, drawn(plain)).length).toBeGreaterThan(0);
      wellFormed(img);
    });

  test("striped and hazard-striped surfaces stay the stripes structure", () => {
    for (const prompt of ["purple and gold striped wool", "concrete wall with hazard stripes", "hazard stripes"]) {
      expect(textureMaterial(textureReq(prompt)).structure).toBe("stripes");
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).not.toContain("stripes");
    }
  });

  for (const [prompt, plain] of [
    ["cave wall with crystals", "cave wall"],
    ["deepslate with amethyst crystals", "deepslate"],
    ["stone bricks with crystal shards", "stone bricks"],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.unmatched).toEqual([]);
      expect(r.subject).not.toBe("crystal");
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual(["crystals"]);
      expect(textureMaterial(textureReq(prompt)).structure).toBe(textureMaterial(textureReq(plain)).structure);
      const img = drawn(prompt);
      const purple = pixelsWhere(img, (h, s) => s > 0.3 && h > 250 && h < 300);
      expect(purple.length).toBeGreaterThan(8);
      const mask = texturePartMask(textureReq(prompt));
      for (const i of purple) expect(mask.parts[i]).toBe("crystals");
      wellFormed(img);
    });

  test("crystals said alone are the crystal surface", () => {
    for (const prompt of ["amethyst crystal cluster", "crystal cave", "purple crystals"]) {
      expect(textureMaterial(textureReq(prompt)).structure).toBe("crystal");
      expect(readOverlays(prompt).overlays).toEqual([]);
    }
  });

  test("the walls and floors of natural places are their rock, not laid", () => {
    for (const prompt of ["cave wall", "cavern floor", "cliff face"]) {
      expect(textureMaterial(textureReq(prompt)).structure).toBe("stone");
      expect(read(prompt)).toMatchObject({ subject: "stone", unmatched: [] });
    }
    expect(textureMaterial(textureReq("castle wall")).structure).toBe("bricks");
  });

  for (const prompt of ["dark blue wool with white stars", "stained glass with a yellow star pattern"])
    test(prompt, () => {
      expect(read(prompt).unmatched).toEqual([]);
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual(["stars"]);
      const img = drawn(prompt);
      expect(differing(img, drawn(prompt.replace(/ with .*/, ""))).length).toBeGreaterThan(0);
      wellFormed(img);
    });
});

describe("colours said of an overlay or a material land as said", () => {
  test("an overlay said in a colour keeps it under a flavour of the whole tile (barn: rustic)", () => {
    const img = drawn("red barn door with a white frame");
    const mask = texturePartMask(textureReq("red barn door with a white frame"));
    const white = pixelsWhere(img, (_h, s, l) => l >= 0.78 && s <= 0.35);
    expect(white.length).toBeGreaterThan(8);
    for (const i of white) expect(mask.parts[i]).toBe("border");
    // The flavour still changes the rest of the tile.
    expect(differing(img, drawn("red door with a white frame")).length).toBeGreaterThan(0);
  });

  test("black marble is black, green marble green, plain concrete grey", () => {
    expect(pixelsWhere(drawn("black marble"), (_h, _s, l) => l <= 0.18).length).toBeGreaterThan(0);
    // Green marble takes the green's depth, not a near-white pastel of it.
    expect(
      pixelsWhere(drawn("green marble"), (h, s, l) => s > 0.25 && h > 50 && h < 165 && l < 0.75).length,
    ).toBeGreaterThan(100);
    expect(pixelsWhere(drawn("polished concrete"), (_h, s, l) => s <= 0.2 && l < 0.78).length).toBeGreaterThan(100);
    expect(pixelsWhere(drawn("white concrete"), (_h, s, l) => s <= 0.35 && l >= 0.78).length).toBeGreaterThan(16);
  });
});

describe("carvings are cut into the surface", () => {
  const cyan = (h: number, s: number) => s > 0.5 && h > 160 && h < 200;
  for (const [prompt, plain] of [
    ["sandstone carved with hieroglyphs", "sandstone carved with"],
    ["stone bricks with carvings", "stone bricks"],
    ["deepslate with inscriptions", "deepslate"],
    ["oak planks with engravings", "oak planks"],
  ] as const)
    test(prompt, () => {
      expect(readOverlays(prompt).overlays).toEqual([expect.objectContaining({ overlay: "runes", carved: true })]);
      expect(read(prompt).unmatched).toEqual([]);
      const img = drawn(prompt);
      // In the surface's own shades: no rune glow.
      expect(pixelsWhere(img, cyan)).toEqual([]);
      expect(differing(img, drawn(plain)).length).toBeGreaterThan(10);
      wellFormed(img);
    });

  test("runes said plainly still glow; a colour or light said of carvings is theirs", () => {
    expect(pixelsWhere(drawn("stone with runes"), cyan).length).toBeGreaterThan(8);
    expect(readOverlays("stone with red carvings").overlays[0]).not.toHaveProperty("carved");
    expect(readOverlays("stone bricks with glowing carvings").overlays[0]).not.toHaveProperty("carved");
  });
});

describe("a checkerboard said as tiles is laid with grout", () => {
  for (const [prompt, plain] of [
    ["black and white chessboard tiles", "black and white chessboard"],
    ["checkered floor tiles", "checkered floor"],
    ["red and black checkered tile floor", "red and black checkered floor"],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.subject).toBe("checkered");
      expect(r.unmatched).toEqual([]);
      const img = drawn(prompt);
      // Grout on each square's right and bottom edge: columns and rows 3, 7, 11, 15 of 16 are one grey.
      const at = (x: number, y: number) => img.data.slice((y * 16 + x) * 4, (y * 16 + x) * 4 + 3).join();
      const grout = at(3, 0);
      for (const k of [3, 7, 11, 15]) for (let t = 0; t < 16; t++) expect([at(k, t), at(t, k)]).toEqual([grout, grout]);
      expect(differing(img, drawn(plain)).length).toBeGreaterThan(0);
      for (const size of [16, 32]) wellFormed(drawn(prompt, size));
    });

  test("a checkerboard with no colour said is black and white", () => {
    const img = drawn("checkered floor");
    expect(pixelsWhere(img, (_h, s, l) => s < 0.2 && l > 0.78).length).toBeGreaterThan(40);
    expect(pixelsWhere(img, (_h, _s, l) => l < 0.25).length).toBeGreaterThan(40);
  });
});

describe("bolts and rust read on metal", () => {
  test("rivets on a panel sit on its rim, a head lighter and a shadow darker than the panel", () => {
    const img = drawn("iron plate with rivets");
    expect(differing(img, drawn("iron plate")).length).toBeGreaterThanOrEqual(16);
    const lum = (i: number) => 0.299 * img.data[i * 4] + 0.587 * img.data[i * 4 + 1] + 0.114 * img.data[i * 4 + 2];
    const plain = drawn("iron plate");
    const plainMax = Math.max(
      ...[...Array(256).keys()].map(
        (i) => 0.299 * plain.data[i * 4] + 0.587 * plain.data[i * 4 + 1] + 0.114 * plain.data[i * 4 + 2],
      ),
    );
    // The head at (1, 1), on the rim.
    expect(lum(1 * 16 + 1)).toBeGreaterThan(plainMax);
    wellFormed(img);
  });

  for (const prompt of ["rusty steel door", "rusty iron plate", "rusty iron grate"])
    test(`${prompt} is orange-brown, not pink`, () => {
      const img = drawn(prompt);
      expect(pixelsWhere(img, (h, s) => s > 0.3 && h > 280 && h < 350)).toEqual([]);
      expect(pixelsWhere(img, (h, s, l) => s > 0.3 && h > 8 && h < 40 && l < 0.6).length).toBeGreaterThan(30);
    });
});

describe("more words people use for overlays and laid patterns", () => {
  test("hexagonal tiles are a honeycomb laid with grout in its cell walls", () => {
    const r = read("hexagonal green floor tiles");
    expect(r.subject).toBe("honeycomb");
    expect(r.unmatched).toEqual([]);
    const img = drawn("hexagonal tiles");
    expect(differing(img, drawn("hexagonal")).length).toBeGreaterThan(20);
    for (const size of [16, 32]) wellFormed(drawn("hexagonal tiles", size));
  });

  for (const [prompt, plain, overlay] of [
    ["overgrown stone bricks", "stone bricks", "vines"],
    ["cobblestone overgrown with vines", "cobblestone", "vines"],
    ["iron banded oak door", "oak door", "bands"],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.unmatched).toEqual([]);
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual([overlay]);
      expect(textureMaterial(textureReq(prompt)).structure).toBe(textureMaterial(textureReq(plain)).structure);
      expect(differing(drawn(prompt), drawn(plain)).length).toBeGreaterThan(10);
    });

  test("overgrown with moss only lays the moss", () => {
    expect(readOverlays("cobblestone overgrown with moss").overlays.map((o) => o.overlay)).toEqual(["moss"]);
  });
});

describe("where an overlay lies is no colour of it", () => {
  test("lava cracks in black stone glow; runes in red are red", () => {
    expect(readOverlays("lava cracks in black stone").overlays[0]).toMatchObject({ overlay: "cracks", glowing: true });
    const lit = drawn("lava cracks in black stone");
    expect(pixelsWhere(lit, (h, s, l) => s > 0.5 && h > 20 && h < 50 && l > 0.4).length).toBeGreaterThan(8);
    expect(
      pixelsWhere(drawn("deepslate with runes in red"), (h, s) => s > 0.4 && (h < 15 || h > 345)).length,
    ).toBeGreaterThan(8);
  });

  test("carved runes are cut into the surface", () => {
    expect(readOverlays("sandstone wall with carved runes").overlays[0]).toMatchObject({
      overlay: "runes",
      carved: true,
    });
  });
});

describe("gems set in a surface", () => {
  for (const [prompt, plain, judge] of [
    [
      "embossed gold panel with rubies",
      "embossed gold panel",
      (h: number, s: number) => s > 0.4 && (h < 15 || h > 340),
    ],
    ["stone with emeralds", "stone", (h: number, s: number) => s > 0.4 && h > 100 && h < 160],
  ] as const)
    test(prompt, () => {
      const r = read(prompt);
      expect(r.unmatched).toEqual([]);
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual(["dots"]);
      // The gem is the overlay's colour, not the surface's.
      expect(textureMaterial(textureReq(prompt)).substance).toBe(textureMaterial(textureReq(plain)).substance);
      expect(pixelsWhere(drawn(prompt), judge).length).toBeGreaterThan(8);
      expect(pixelsWhere(drawn(plain), judge).length).toBe(0);
    });
});

describe("metals and covers said in more ways", () => {
  test("an iron door is iron, not wood; a gold crate gold", () => {
    const brownish = (h: number, s: number) => s > 0.25 && h > 20 && h < 45;
    expect(pixelsWhere(drawn("iron door"), brownish)).toEqual([]);
    expect(pixelsWhere(drawn("oak door"), brownish).length).toBeGreaterThan(100);
    expect(pixelsWhere(drawn("gold crate"), (h, s) => s > 0.5 && h > 40 && h < 60).length).toBeGreaterThan(100);
  });

  for (const [prompt, plain] of [
    ["blackstone bricks with gold", "blackstone bricks"],
    ["stone with gold", "stone"],
  ] as const)
    test(`${prompt}: the metal runs through it in veins`, () => {
      expect(readOverlays(prompt).overlays.map((o) => o.overlay)).toEqual(["veins"]);
      expect(textureMaterial(textureReq(prompt)).substance).toBe(textureMaterial(textureReq(plain)).substance);
      const gold = pixelsWhere(drawn(prompt), (h, s) => s > 0.5 && h > 38 && h < 62);
      expect(gold.length).toBeGreaterThan(8);
      expect(pixelsWhere(drawn(plain), (h, s) => s > 0.5 && h > 38 && h < 62)).toEqual([]);
    });

  test("a metal said with an overlay noun colours that overlay, not veins", () => {
    expect(readOverlays("stone bricks with gold trim").overlays.map((o) => o.overlay)).toEqual(["border"]);
    expect(readOverlays("oak door with iron bands").overlays.map((o) => o.overlay)).toEqual(["bands"]);
  });

  test("a cover said before what it lies on: snow on grass", () => {
    expect(read("snow on grass")).toMatchObject({ subject: "grass", unmatched: [] });
    expect(readOverlays("snow on grass").overlays.map((o) => o.overlay)).toEqual(["snow"]);
    expect(differing(drawn("snow on grass"), drawn("grass")).length).toBeGreaterThan(10);
    expect(read("fresh snow").subject).toBe("snow");
  });
});

test("cracks said as a noun are read by the texture readers only: on an item they stay unmatched", () => {
  expect(read("stone bricks with cracks").unmatched).toEqual([]);
  expect(
    interpretTask({
      op: "item",
      req: { prompt: "a sword with cracks", seed: 1, size: 16, target: null },
    } as unknown as Task).unmatched,
  ).toContain("cracks");
});
