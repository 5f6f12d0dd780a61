/**
 * The texture layer stack: every structure with every overlay tiles and keeps 4-12 colours; each overlay lands
 * in its region in its own colour; the laid structures read as what they are.
 */
import { describe, expect, test } from "bun:test";
import { textureRgba } from "../../src/gen/texture";
import { itemPartMask } from "../../src/gen/item";
import { OVERLAY_WORDS, type Overlay } from "../../src/gen/art/layers";
import { STRUCTURE_WORDS } from "../../src/gen/art/vocabulary";
import { rgbToHsl } from "../../src/gen/art/colour";
import type { Rgba } from "../../src/media/png";
import { seamRatio, textureReq, visibleColourCount } from "../support/texture-checks.ts";

/** One coloured phrase per overlay, as a person writes it. */
const OVERLAY_PHRASES: Record<Overlay, string> = {
  veins: "with gold veins",
  cracks: "with lava cracks",
  runes: "with glowing runes",
  vines: "with ivy",
  petals: "with pink blossoms",
  rivets: "with gold rivets",
  corners: "with iron corners",
  border: "with a gold border",
  dots: "with white dots",
  snow: "snowy",
  frost: "frosted",
  sand: "with sand in the joints",
  lattice: "with a leaded lattice",
  leaves: "with fallen leaves",
  grout: "with blue grout",
  moss: "covered in moss",
  bands: "with iron bands",
  stripes: "with yellow stripes",
  stars: "with white stars",
  crystals: "with purple crystals",
};
/** A word for every structure. */
const STRUCTURES = [...new Map(Object.entries(STRUCTURE_WORDS).map(([w, s]) => [s, w])).entries()];

const hues = (
  img: Rgba,
  pred: (h: number, s: number, l: number) => boolean,
  region?: (x: number, y: number) => boolean,
) => {
  let n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (!img.data[i + 3] || (region && !region(x, y))) continue;
      const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
      if (pred(h * 360, s, l)) n++;
    }
  return n;
};

describe("texture layer stack", () => {
  test("every overlay has a phrase here", () => {
    expect(new Set(Object.keys(OVERLAY_PHRASES))).toEqual(new Set(Object.values(OVERLAY_WORDS)));
  });

  for (const size of [16, 32])
    test(`${size}px: every structure with every overlay tiles and keeps 4-12 colours`, () => {
      for (const [structure, word] of STRUCTURES)
        for (const [overlay, phrase] of Object.entries(OVERLAY_PHRASES)) {
          const prompt = `stone ${word} ${phrase}`;
          const img = textureRgba(textureReq(prompt, size, 3));
          const n = visibleColourCount(img);
          expect({ structure, overlay, ok: n >= 4 && n <= 12, n }).toEqual({ structure, overlay, ok: true, n });
          // The wrap seam is no stronger than what the tile holds inside (1.5x, as for every texture). Snow is
          // a designed top edge, like a grass block's side: it tiles across, and lies on the block below.
          for (const axis of overlay === "snow" ? (["x"] as const) : (["x", "y"] as const))
            expect({ structure, overlay, axis, seam: seamRatio(img, axis) <= 1.5 }).toEqual({
              structure,
              overlay,
              axis,
              seam: true,
            });
        }
    });

  test("each overlay lands in its region, in its own colour", () => {
    const gold = (h: number, s: number) => s > 0.45 && h > 38 && h < 60;
    const t = (p: string) => textureRgba(textureReq(p, 16, 2));
    expect(hues(t("stone bricks with gold veins"), gold)).toBeGreaterThan(4);
    expect(hues(t("basalt with lava cracks"), (h, s) => s > 0.6 && h > 15 && h < 45)).toBeGreaterThan(4);
    expect(hues(t("deepslate tiles with glowing runes"), (h, s) => s > 0.5 && h > 165 && h < 200)).toBeGreaterThan(8);
    expect(hues(t("cobblestone with ivy"), (h, s) => s > 0.3 && h > 80 && h < 140)).toBeGreaterThan(10);
    expect(
      hues(t("oak planks with pink blossoms"), (h, s, l) => s > 0.4 && l > 0.6 && (h > 300 || h < 15)),
    ).toBeGreaterThan(4);
    // Fallen leaves lie on the surface named first; "oak leaves" alone is a surface of leaves.
    const orange = (h: number, s: number) => s > 0.45 && h > 15 && h < 38;
    expect(hues(t("cobblestone with fallen leaves"), orange)).toBeGreaterThan(8);
    expect(hues(t("oak leaves"), orange)).toBe(0);
    // Border: the whole top row and left column; corners: the tile's corners.
    const edge = (x: number, y: number) => x === 0 || y === 0;
    expect(hues(t("oak planks with a gold border"), gold, edge)).toBe(31);
    expect(
      hues(
        t("oak planks with red corners"),
        (h, s) => s > 0.4 && (h > 340 || h < 15),
        (x, y) => x + y === 0,
      ),
    ).toBe(1);
    // Snow covers the top two rows; frost is a light speckle.
    const snowy = t("snowy cobblestone");
    expect(
      hues(
        snowy,
        (_h, _s, l) => l > 0.85,
        (_x, y) => y < 2,
      ),
    ).toBe(32);
    expect(
      hues(
        snowy,
        (_h, _s, l) => l > 0.85,
        (_x, y) => y > 10,
      ),
    ).toBe(0);
    // Sand fills the joints: the herringbone's joint lines turn sand-coloured, the bricks stay brick.
    const sandy = t("herringbone bricks with sand in the joints");
    expect(hues(sandy, (h, s, l) => h > 40 && h < 60 && s > 0.3 && l > 0.6)).toBeGreaterThan(20);
    expect(hues(sandy, (h, s) => s > 0.25 && (h < 15 || h > 345))).toBeGreaterThan(60);
  });

  test("named colours describe their overlay, not the surface", () => {
    const img = textureRgba(textureReq("cherry wood planks with pink blossoms", 16, 1));
    const plain = textureRgba(textureReq("cherry wood planks", 16, 1));
    // The boards are the cherry planks' colour either way: the pink went to the blossoms.
    const mean = (im: Rgba) => {
      const s = [0, 0, 0];
      for (let i = 0; i < im.data.length; i += 4) for (let c = 0; c < 3; c++) s[c] += im.data[i + c];
      return s.map((v) => v / (im.data.length / 4));
    };
    const [a, b] = [mean(img), mean(plain)];
    for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c])).toBeLessThan(25);
  });

  test("laid structures: a chessboard is a checkerboard, light tiles have grout, a grate has holes", () => {
    const chess = textureRgba(textureReq("black and white chessboard tiles", 16, 1));
    const joints = (x: number, y: number) => x % 4 === 3 || y % 4 === 3;
    // Eight 3×3 squares of each colour, grout between them (said as tiles: art/tiled-patterns.ts).
    const dark = hues(chess, (_h, _s, l) => l < 0.3);
    const light = hues(chess, (_h, _s, l) => l > 0.7);
    expect(dark).toBeGreaterThanOrEqual(64);
    expect(light).toBeGreaterThanOrEqual(64);
    expect(hues(chess, (_h, _s, l) => l >= 0.3 && l <= 0.7, joints)).toBe(112);
    const tiles = textureRgba(textureReq("white tiles", 16, 1));
    expect(hues(tiles, (_h, s, l) => s < 0.15 && l > 0.7, joints)).toBeGreaterThan(20);
    // Dark tiles keep dark joints: the tile reads dark, not as a light grid.
    const deep = textureRgba(textureReq("deepslate tiles", 16, 1));
    expect(hues(deep, (_h, _s, l) => l > 0.6, joints)).toBe(0);
    const grate = textureRgba(textureReq("iron grate", 16, 1));
    let holes = 0;
    for (let i = 3; i < grate.data.length; i += 4) if (grate.data[i] === 0) holes++;
    expect(holes).toBeGreaterThan(64);
  });

  test("deterministic per seed", () => {
    const p = "herringbone bricks with ivy and gold corners";
    expect(textureRgba(textureReq(p, 16, 9))).toEqual(textureRgba(textureReq(p, 16, 9)));
  });
});

describe("a spec's details", () => {
  test("are overlays on a texture and bare parts on an item", () => {
    const withVeins = textureRgba({ ...textureReq("stone bricks", 16, 1), spec: { details: ["gold veins"] } });
    const plain = textureRgba(textureReq("stone bricks", 16, 1));
    const gold = (h: number, s: number) => s > 0.45 && h > 38 && h < 60;
    expect(hues(withVeins, gold)).toBeGreaterThan(4);
    expect(hues(plain, gold)).toBe(0);
    expect(itemPartMask({ prompt: "wizard hat", seed: 1, size: 16, spec: { details: ["stars"] } }).parts).toContain(
      "stars",
    );
  });
});
