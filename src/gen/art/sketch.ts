/**
 * Sketches: a caller (often a language model) draws what no vocabulary has as a character grid plus a legend,
 * and this module shades it the way the game's art is shaded. Items and icons get a one-pixel dark outline, a
 * lit top-left rim and a shaded bottom-right rim per legend entry (sprite.ts); texture tiles are shaded with
 * wrap-around neighbours so they tile. Each entry's colours are a ramp built from its material or colour, and
 * the number of shades per entry shrinks as entries grow so a picture keeps to 4-12 colours.
 */
import type { Rng } from "../rng.ts";
import type { StyleHint } from "../types.ts";
import { newRgba, type Rgba } from "../../media/png.ts";
import { type Rgb, hexToRgb, luminance, ramp, scale } from "./colour.ts";
import { materialFromPrompt } from "./material.ts";
import { MINERALS, SUBSTANCES, WOODS } from "./vocabulary.ts";
import { COLOURS } from "./dye-colours.ts";
import { type LabelGrid, type Regions, outlineOf, renderLabels, resizeLabels } from "./sprite.ts";
import { FLAVOUR_TABLE, type FlavourName } from "./flavours.ts";
import { shapeGrid } from "./flavour-shape.ts";
import { flavourOfWord } from "../interpret/flavour.ts";

export interface SketchKey {
  part?: string;
  material?: string;
  colour?: string;
  /** Flavour effects painted on this entry's pixels only (rusty, glowing, frozen…): gen/sketch-flavours.ts. */
  effects?: string[];
}

export interface Sketch {
  grid: string[];
  legend: Record<string, SketchKey>;
}

export const SKETCH_MAX = 32;
/** Legend entries: one shared outline plus at least one shade each stays within 12 colours. */
export const SKETCH_MAX_KEYS = 11;
const BLANK = new Set([".", " "]);
/** Cells are one byte each in the label grid (sprite.ts): keys are printable ASCII, so no two can collide. */
const PRINTABLE = /^[!-~]$/;

/** The materials a legend may name (the vocabulary operation lists them). */
export const SKETCH_MATERIALS: string[] = [
  ...new Set([...Object.keys(SUBSTANCES), ...Object.keys(WOODS), ...Object.keys(MINERALS)]),
]
  .filter((m) => m !== "wood")
  .sort();
const MATERIAL_SET = new Set(SKETCH_MATERIALS);

/** What is wrong with a sketch, in words a caller can act on, or null when it can be drawn. */
export function sketchProblem(s: Sketch): string | null {
  const { grid, legend } = s;
  if (!grid.length) return "sketch.grid is empty: give 1 to 32 rows";
  if (grid.length > SKETCH_MAX) return `sketch.grid has ${grid.length} rows; at most ${SKETCH_MAX}`;
  const width = grid[0].length;
  if (!width) return "sketch.grid row 1 is empty";
  if (width > SKETCH_MAX) return `sketch.grid rows are ${width} characters wide; at most ${SKETCH_MAX}`;
  const ragged = grid.findIndex((r) => r.length !== width);
  if (ragged >= 0)
    return `sketch.grid row ${ragged + 1} is ${grid[ragged].length} characters wide but row 1 is ${width}: every row must be the same width`;
  const keys = Object.keys(legend);
  if (keys.length > SKETCH_MAX_KEYS) return `sketch.legend has ${keys.length} entries; at most ${SKETCH_MAX_KEYS}`;
  for (const k of keys) {
    if (k.length !== 1 || !PRINTABLE.test(k))
      return `sketch.legend key '${k}' must be a single printable ASCII character (! to ~)`;
    if (BLANK.has(k)) return `sketch.legend key '${k}' is reserved for transparent cells`;
    const e = legend[k];
    if (!e.material && !e.colour) return `sketch.legend '${k}' needs a material or a colour`;
    if (e.material && !MATERIAL_SET.has(e.material))
      return `sketch.legend '${k}': unknown material '${e.material}' (GET /v1/vocabulary lists sketch materials)`;
    if (e.colour && !(e.colour in COLOURS) && !/^#[0-9a-f]{6}$/i.test(e.colour))
      return `sketch.legend '${k}': unknown colour '${e.colour}' (a vocabulary colour name or #rrggbb)`;
    const notFlavour = e.effects?.find((w) => !legendFlavour(w));
    if (notFlavour !== undefined)
      return `sketch.legend '${k}': '${notFlavour}' is no effect an entry can take (GET /v1/vocabulary lists the effects; small, large and the like reshape the whole picture, so they go in the prompt)`;
  }
  let drawn = 0;
  for (let y = 0; y < grid.length; y++)
    for (const ch of grid[y]) {
      if (BLANK.has(ch)) continue;
      if (!PRINTABLE.test(ch))
        return `sketch.grid row ${y + 1} has '${ch}': use printable ASCII characters (! to ~), '.' or ' '`;
      if (!Object.hasOwn(legend, ch)) return `sketch.grid row ${y + 1} uses '${ch}', which the legend does not define`;
      drawn++;
    }
  if (!drawn) return "sketch.grid has no drawn cells: every cell is '.' or ' '";
  return null;
}

/**
 * The flavour a legend entry's effect word paints (a flavour's name, one of its words, or an adjective the lexicon
 * reaches one from: "luminous" is glowing), or null; only flavours that recolour or mark can land on one entry.
 */
export function legendFlavour(word: string): FlavourName | null {
  const w = word.toLowerCase().replace(/_/g, " ").trim();
  const f = w in FLAVOUR_TABLE ? (w as FlavourName) : (flavourOfWord(w)?.flavour ?? null);
  return f && (FLAVOUR_TABLE[f].shift || FLAVOUR_TABLE[f].marks?.length) ? f : null;
}

/** The entry's base colour: its colour wins (a dyed material), else the material's own middle shade. */
function baseOf(e: SketchKey, seed: number, style?: StyleHint | null): Rgb {
  if (e.colour?.startsWith("#")) return hexToRgb(e.colour)!;
  const words = [e.colour, e.material].filter(Boolean).join(" ").replace(/_/g, " ");
  const m = materialFromPrompt(words, seed, style);
  return e.colour && !e.material ? hexToRgb(COLOURS[e.colour])! : m.palette[m.palette.length >> 1];
}

/** Shades per entry and the shared outline: 1 + keys × shades ≤ 12, never fewer than 4 colours in all. */
function sketchRamps(s: Sketch, seed: number, style?: StyleHint | null): { ramps: Map<string, Rgb[]>; outline: Rgb } {
  const keys = Object.keys(s.legend).filter((k) => s.grid.some((r) => r.includes(k)));
  const shades = Math.max(1, Math.min(4, Math.floor(11 / Math.max(1, keys.length))));
  const ramps = new Map<string, Rgb[]>();
  let outline: Rgb = [255, 255, 255];
  for (const k of keys) {
    const full = ramp(baseOf(s.legend[k], seed, style), 5, 0.5);
    // Four shades: darkest, shaded, middle, lit; three: shaded, middle, lit; two: middle and lit; one: middle.
    ramps.set(k, full.slice(shades === 4 ? 0 : shades === 3 ? 1 : 2, shades === 1 ? 3 : 4));
    const o = outlineOf(full);
    if (luminance(o) < luminance(outline)) outline = o;
  }
  if (luminance(outline) > 40) outline = scale(outline, 0.7);
  return { ramps, outline };
}

function labelGrid(grid: string[], side: number): LabelGrid {
  const w = grid[0].length;
  const h = grid.length;
  // Centred in a square of the longer side, so an item or icon keeps the sketch's proportions.
  const cells = new Uint8Array(side * side).fill(46);
  const ox = (side - w) >> 1;
  const oy = (side - h) >> 1;
  grid.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (!BLANK.has(ch)) cells[(y + oy) * side + x + ox] = ch.charCodeAt(0);
    });
  });
  return { w: side, h: side, cells };
}

/**
 * The sketch's label grid (one cell per legend character, '.' clear) at `width`×`height`, reshaped first by the
 * silhouette flavours (`shape`: large, small…) as an item's grid is (art/flavour-shape.ts).
 */
export function sketchLabels(s: Sketch, width: number, height: number, shape: readonly FlavourName[] = []): LabelGrid {
  const side = Math.max(s.grid.length, s.grid[0].length);
  return resizeLabels(shapeGrid(labelGrid(s.grid, side), shape), width, height);
}

/** An item or icon from a sketch: outlined, lit top-left, `width`×`height` pixels; `shape` as in sketchLabels. */
export function sketchSprite(
  s: Sketch,
  width: number,
  height: number,
  seed: number,
  rng: Rng,
  style?: StyleHint | null,
  shape: readonly FlavourName[] = [],
): Rgba {
  const side = Math.max(s.grid.length, s.grid[0].length);
  const { ramps, outline } = sketchRamps(s, seed, style);
  const regions: Regions = {};
  for (const [k, r] of ramps) regions[k] = { ramp: r, group: k, outline };
  return renderLabels(sketchLabels(s, width, height, shape), regions, width / side, rng);
}

/** The grid character under pixel (x, y) of a `size` tile drawn from the sketch, wrapping past its edges. */
export function tileCell(s: Sketch, size: number): (x: number, y: number) => string {
  const w = s.grid[0].length;
  const h = s.grid.length;
  return (x, y) => {
    const gx = Math.floor((((x + size) % size) * w) / size);
    const gy = Math.floor((((y + size) % size) * h) / size);
    return s.grid[gy][gx];
  };
}

/**
 * A texture tile from a sketch: the grid fills the tile (stretched by nearest neighbour), every region edge
 * darkened on its bottom-right and lit on its top-left with neighbours read across the tile's edges, so the
 * tile repeats without a seam. Blank cells stay transparent (cut-out blocks).
 */
export function sketchTile(s: Sketch, size: number, seed: number, rng: Rng, style?: StyleHint | null): Rgba {
  const { ramps, outline } = sketchRamps(s, seed, style);
  const at = tileCell(s, size);
  const img = newRgba(size, size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const ch = at(x, y);
      const grain = rng();
      if (BLANK.has(ch)) continue;
      const r = ramps.get(ch)!;
      const n = r.length;
      const mid = n >> 1;
      let c: Rgb;
      // The seam where two regions meet is dark on the bottom-right side, lit on the top-left side.
      if (at(x + 1, y) !== ch || at(x, y + 1) !== ch) c = n === 1 ? outline : r[0];
      else if (at(x - 1, y) !== ch || at(x, y - 1) !== ch) c = r[n - 1];
      // Sparse one-shade grain inside, so a flat region reads as a block's surface.
      else c = grain < 0.12 ? r[Math.max(0, mid - 1)] : r[mid];
      img.data.set([c[0], c[1], c[2], 255], (y * size + x) * 4);
    }
  return img;
}
