/**
 * Surface patterns on an item ("striped candy", "a striped clownfish", "checkered flag", "a chequered
 * scarf"): the texture painters' structure words for stripes and checks (art/vocabulary.ts STRUCTURE_WORDS),
 * painted on an item's inside as the game paints a pattern on a sprite: bands or checks one shade lighter
 * and one darker than the pixel under them, so the subject's own colours and shading stay, the outline is
 * untouched and the picture keeps at most 12 colours.
 */
import type { Rgba } from "../../media/png.ts";
import { capColours } from "./library.ts";
import { luminance, mix, type Rgb } from "./colour.ts";
import { STRUCTURE_WORDS } from "./vocabulary.ts";

/**
 * The structures an item draws as a pattern: where a pixel lies in it, and the tone its marked half takes (a
 * pale stripe, as a candy cane's or a clownfish's; a dark check, as a racing flag's).
 */
const PATTERNS: Record<string, { marked: (x: number, y: number, cell: number) => boolean; tone: Rgb }> = {
  // Diagonal bands across a sprite (its length runs from the bottom left to the top right).
  stripes: { marked: (x, y, cell) => Math.floor((x - y + 64 * cell) / (2 * cell)) % 2 === 0, tone: [255, 255, 255] },
  checkered: {
    marked: (x, y, cell) => (Math.floor(x / (2 * cell)) + Math.floor(y / (2 * cell))) % 2 === 0,
    tone: [0, 0, 0],
  },
  // A basket weave: in squares of two, grooves running across and along by turns (wicker, a knitted scarf).
  woven: {
    marked: (x, y, cell) => {
      const across = (Math.floor(x / (2 * cell)) + Math.floor(y / (2 * cell))) % 2 === 0;
      return Math.floor((across ? y : x) / cell) % 2 === 0;
    },
    tone: [0, 0, 0],
  },
};

/**
 * Words that say an item is woven: the texture vocabulary's weave words (its straw structure's "woven",
 * "weave", "wicker"; art/vocabulary.ts) and the ways of making cloth or canes into one (knitted, braided…). The
 * straw structure's other words (rope, thatch, a bale) name things, not a weave, so they are not here.
 */
const WOVEN_WORDS = new Set([
  "woven",
  "weave",
  "wicker",
  "wickerwork",
  "basketweave",
  "interwoven",
  "knitted",
  "knit",
  "crocheted",
  "braided",
  "plaited",
]);
const MAX_COLOURS = 12;
/** Fewer inside pixels than this on a 16 px picture: a thin sprite. */
const MIN_INSIDE = 12;
/** How far the marked half's colour is from the inside's mean toward the pattern's tone. */
const TOWARD = 0.6;
/** The marked half's shadow (pixels darker than the inside's median): this much darker again. */
const SHADOW = 0.8;

/** Whether an item draws a structure as a pattern ("stripes", "checkered"). */
export const isItemPattern = (structure: string): boolean => structure in PATTERNS;

/** The pattern a word says of an item ("striped": stripes, "wicker": woven), or null. */
export function itemPatternOf(word: string): string | null {
  const structure = STRUCTURE_WORDS[word];
  if (structure && isItemPattern(structure)) return structure;
  return WOVEN_WORDS.has(word) ? "woven" : null;
}

/**
 * The picture with the first item pattern of `patterns` painted on its inside (pixels inside the outline) in
 * two new colours, a lit and a shaded one, so it reads over any subject and the 12-colour cap keeps it. A
 * colour said for the pattern ("red and yellow striped": the second colour) is its marked half's. `whole`: a
 * model's texture, patterned edge to edge.
 */
export function withPatterns(img: Rgba, patterns: readonly string[], colour?: Rgb | null, whole = false): Rgba {
  const name = patterns.find(isItemPattern);
  if (!name) return img;
  const { marked, tone } = PATTERNS[name];
  const cell = Math.max(1, Math.round(img.width / 16));
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < img.width && y < img.height && img.data[(y * img.width + x) * 4 + 3] > 0;
  // Inside: the pixel and its four neighbours are drawn (the outline ring stays the game's dark edge).
  const inside: number[] = [];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (
        [
          [0, 0],
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ].every(([dx, dy]) => opaque(x + dx, y + dy))
      )
        inside.push(y * img.width + x);
  const rgbAt = (i: number): Rgb => [img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]];
  // A thin sprite (a sword's blade is two pixels and its outline) has almost no such inside: its drawn pixels
  // but the darkest quarter (the outline's shades) are.
  // A model's texture is all surface, edge to edge: every pixel takes the pattern.
  if (whole) inside.splice(0, inside.length, ...[...Array(img.width * img.height).keys()]);
  else if (inside.length < MIN_INSIDE) {
    const drawn = [...Array(img.width * img.height).keys()].filter((i) => img.data[i * 4 + 3] > 0);
    const dark = drawn.map((i) => luminance(rgbAt(i))).sort((a, b) => a - b)[drawn.length >> 2];
    inside.splice(0, inside.length, ...drawn.filter((i) => luminance(rgbAt(i)) > dark));
  }
  if (!inside.length) return img;
  const mean = [0, 1, 2].map((k) => inside.reduce((n, i) => n + img.data[i * 4 + k], 0) / inside.length) as Rgb;
  const lit = colour ?? mix(mean, tone, TOWARD);
  const shade: Rgb = [lit[0] * SHADOW, lit[1] * SHADOW, lit[2] * SHADOW].map(Math.round) as Rgb;
  const lum = inside.map((i) => luminance(rgbAt(i))).sort((a, b) => a - b);
  const median = lum[lum.length >> 1];
  const out: Rgba = { width: img.width, height: img.height, data: Uint8Array.from(img.data) };
  for (const i of inside) {
    if (!marked(i % img.width, Math.floor(i / img.width), cell)) continue;
    out.data.set(luminance(rgbAt(i)) < median ? shade : lit, i * 4);
  }
  capColours(out, MAX_COLOURS);
  return out;
}
