/**
 * Parts of a drawn-library picture (art/library.ts). The icon set names no parts: Fluent Emoji Flat's SVGs are
 * bare paths with fill colours, no ids, classes or named groups (checked over all 3,174 icons), so a handle, a lid
 * or a bell cannot be found in them. What can be found on any picture, and so is drawn and labelled here:
 *
 * - the body: the icon's main colour group (the largest area inside the outline, with the colours of like hue),
 *   the group a colour for the whole moves. A part word the families paint on their main body (body, head,
 *   blade…: interpret/parts.ts region M) said with a colour or material colours it;
 * - parts derived from the picture's shape, as for a family that draws none of its own (art/assembly.ts
 *   deriveCells): a trim (rim, border, edge…) the ring just inside the outline, a band (belt, stripe, ribbon)
 *   one row across the body, stars (spots, dots) a scatter, a gem (jewel, eye) the deepest cell.
 *
 * Any other part word ("a balloon with a white string", "a vase with a blue lid") has no place the picture can
 * show: unlike a family lacking a handle (drawn as a band there), the icon may well draw it, somewhere unnamed, so
 * no band is laid over it. Its colour takes the icon's next colour group as before (library.ts recoloured), and
 * the part mask (partMaskOf) says no pixel is that part.
 */
import type { LabelGrid } from "./sprite.ts";
import type { Rgba } from "../../media/png.ts";
import type { Rgb } from "./colour.ts";
import { icon, mainGroup, recoloured, renderLibrary } from "./library.ts";
import { deriveCells, placePart } from "./assembly.ts";
import type { Family } from "./silhouettes.ts";
import { resizeLabels } from "./sprite.ts";

/** Where a part word lands on a library picture: its main colour group, a part derived from its shape, or nowhere. */
export type LibraryPlace = "body" | "trim" | "band" | "stars" | "gem" | null;

/**
 * A mask drawing every region (interpret/parts.ts): placePart then names a derived part for the derived words
 * (trim, band, stars, gem and their names), and a region for the rest. On a library picture only the main region
 * (body, head, blade…) has a place, its main colour group; a handle, string or leaf it cannot find.
 */
const ALL_REGIONS = ["MHASG"];
const NO_FAMILY = "library" as Family;
const MAIN_WORDS = new Set(["body", "main", "whole"]);

/** Where part word `part` is drawn on a library picture (see the header). */
export function libraryPlace(part: string): LibraryPlace {
  if (MAIN_WORDS.has(part)) return "body";
  const at = placePart(NO_FAMILY, ALL_REGIONS, part);
  if (!at) return null;
  if ("derived" in at) return at.derived;
  return at.letters.includes("M") ? "body" : null;
}

/** A part the prompt names with a colour, placed on the picture. */
export interface LibraryPart {
  part: string;
  place: Exclude<LibraryPlace, null>;
  colour: Rgb;
}

/** The picture to draw: its colours, its 16×16 index grid with derived parts added, and the part under each index. */
export interface LibraryPicture {
  colours: Rgb[];
  grid: LabelGrid;
  /** Palette index (1-based, as in the grid) → part name: the body's, a derived part's, else "detail". */
  names: Map<number, string>;
  /** The palette indices (1-based) of the body: the icon's main colour group. */
  body: number[];
  /** The icon's own grid, before the derived parts were added. */
  plain: LabelGrid;
}

const EMPTY = 46;

/**
 * Library icon `name` with its body and placed parts coloured: a body colour is the main colour (the whole's
 * then takes the next group), `more` the next groups, each derived part a palette entry of its own.
 */
export function libraryPicture(
  name: string,
  main: Rgb | null,
  more: Rgb[],
  parts: readonly LibraryPart[],
): LibraryPicture {
  const { palette, grid } = icon(name);
  const body = parts.find((p) => p.place === "body");
  const [first, rest] = body ? [body.colour, [...(main ? [main] : []), ...more]] : [main, more];
  const colours = recoloured(palette, grid.cells, first, rest);
  const names = new Map<number, string>(palette.map((_, k) => [k + 1, "detail"]));
  const bodyIndices = mainGroup(palette, grid.cells).map((k) => k + 1);
  for (const k of bodyIndices) names.set(k, body?.part ?? "body");
  const cells = grid.cells.slice();
  // deriveCells reads '.' as clear; the icon's grid has 0 there.
  const asLabels = { ...grid, cells: Uint8Array.from(cells, (c) => c || EMPTY) };
  for (const p of parts) {
    if (p.place === "body") continue;
    const index = colours.push(p.colour);
    for (const i of deriveCells(asLabels, p.place)) cells[i] = index;
    names.set(index, p.part);
  }
  return { colours, grid: { ...grid, cells }, names, body: bodyIndices, plain: grid };
}

/**
 * 1 on the pixels of a place on the picture drawn at `width`×`height`: the body's colour group, or the cells a
 * derived part covers (a flavour said of "the trim" of a vase with no trim colour: the ring it would take).
 */
export function placePixels(
  p: LibraryPicture,
  place: Exclude<LibraryPlace, null>,
  width: number,
  height: number,
): Uint8Array {
  const { cells } = p.grid;
  const marked = new Uint8Array(cells.length);
  if (place === "body") cells.forEach((c, i) => p.body.includes(c) && (marked[i] = 1));
  else
    for (const i of deriveCells({ ...p.grid, cells: Uint8Array.from(cells, (c) => c || EMPTY) }, place)) marked[i] = 1;
  return resizeLabels({ ...p.grid, cells: marked }, width, height).cells;
}

/**
 * The picture drawn at `width`×`height`: drawn without its derived parts, then each part's pixels taken from the
 * drawing with them, and held to 12 colours by merging only the parts' colours, so every other pixel is what the
 * prompt without the part draws (a new colour never makes the cap merge the body's shades differently).
 */
export function libraryPartsRgba(p: LibraryPicture, width: number, height: number): Rgba {
  const img = renderLibrary(p.colours, p.plain, width, height);
  if (p.grid.cells.every((c, i) => c === p.plain.cells[i])) return img;
  const full = renderLibrary(p.colours, p.grid, width, height, Infinity);
  const before = resizeLabels(p.plain, width, height).cells;
  const after = resizeLabels(p.grid, width, height).cells;
  const part = Uint8Array.from(after, (c, i) => (c !== before[i] ? 1 : 0));
  part.forEach((v, i) => v && img.data.set(full.data.subarray(i * 4, i * 4 + 4), i * 4));
  capPartColours(img, part, 12);
  return img;
}

/**
 * At most `max` colours, keeping the parts' colours: the parts' own shades merge into each other first (nearest
 * pairs), then, while still over, the two closest colours of the rest of the picture (the rarer into the more
 * used), as library.ts capColours does. So a part's named colour always shows, and a pixel elsewhere changes
 * only to a colour it already neighboured in the palette.
 */
function capPartColours(img: Rgba, part: Uint8Array, max: number): void {
  const keyAt = (i: number) => img.data.subarray(i * 4, i * 4 + 3).join();
  const rgbOf = (k: string) => k.split(",").map(Number) as Rgb;
  const d2 = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
  for (;;) {
    const onPart = new Map<string, number>();
    const elsewhere = new Map<string, number>();
    for (let i = 0; i < part.length; i++) {
      if (!img.data[i * 4 + 3]) continue;
      const m = part[i] ? onPart : elsewhere;
      m.set(keyAt(i), (m.get(keyAt(i)) ?? 0) + 1);
    }
    const own = [...onPart.keys()].filter((k) => !elsewhere.has(k));
    if (new Set([...onPart.keys(), ...elsewhere.keys()]).size <= max) return;
    // Among the parts' own shades, else among the rest.
    const pool = own.length > 1 ? own : [...elsewhere.keys()].filter((k) => !onPart.has(k));
    const counts = own.length > 1 ? onPart : elsewhere;
    let pair: [string, string] | null = null;
    let best = Infinity;
    for (const a of pool)
      for (const b of pool) {
        const d = a < b ? d2(rgbOf(a), rgbOf(b)) : Infinity;
        if (d < best) [pair, best] = [[a, b], d];
      }
    if (!pair) return;
    const [from, into] = (counts.get(pair[0]) ?? 0) < (counts.get(pair[1]) ?? 0) ? pair : [pair[1], pair[0]];
    for (let i = 0; i < part.length; i++)
      if (img.data[i * 4 + 3] && keyAt(i) === from) img.data.set(rgbOf(into), i * 4);
  }
}

/** The part under every pixel of the picture drawn at `width`×`height` (null where clear). */
export function partMaskOf(p: LibraryPicture, width: number, height: number): (string | null)[] {
  const resized = resizeLabels(p.grid, width, height);
  return Array.from(resized.cells, (c) => (c ? (p.names.get(c) ?? null) : null));
}
