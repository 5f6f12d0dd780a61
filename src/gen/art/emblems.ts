/**
 * The emblem of an item (interpret/emblems.ts): the thing said before its subject ("coin pouch", "fish hook")
 * drawn small, as the item painters draw that thing, in the corner of the picture the subject leaves emptiest
 * (a sword runs corner to corner and leaves two free; a round pouch leaves four), over the subject's outline
 * where they meet. The picture keeps at most 12 colours.
 */
import type { Rgba } from "../../media/png.ts";
import { capColours } from "./library.ts";
import { emblemSubject } from "../interpret/emblems.ts";

/** The emblem's side on a 16 px picture (scaled with the picture): big enough to read, small beside the subject. */
const SIDE_16 = 7;
const MAX_COLOURS = 12;

/**
 * The picture with the emblem of the interpretation's `details` drawn on it: the first detail that is a drawn
 * thing (a caller's own `details` are the item's parts, item.ts: item-finish.ts passes none then).
 * `draw` paints a subject at a size (item.ts itemSpriteAt, passed in to keep this module below item.ts).
 */
export function withEmblem(img: Rgba, details: readonly string[], draw: (subject: string, side: number) => Rgba): Rgba {
  const placed = placeEmblem(img.width, img.height, (i) => img.data[i * 4 + 3] > 0, details, draw);
  if (!placed) return img;
  const out: Rgba = { width: img.width, height: img.height, data: Uint8Array.from(img.data) };
  for (const [from, to] of placed.pixels) out.data.set(placed.emblem.data.subarray(from * 4, from * 4 + 4), to * 4);
  capColours(out, MAX_COLOURS);
  return out;
}

/** The part labels with the emblem's pixels labelled "emblem", placed as `withEmblem` places it. */
export function emblemLabels(
  parts: (string | null)[],
  width: number,
  height: number,
  details: readonly string[],
  draw: (subject: string, side: number) => Rgba,
): (string | null)[] {
  const placed = placeEmblem(width, height, (i) => parts[i] !== null, details, draw);
  if (!placed) return parts;
  const out = [...parts];
  for (const [, to] of placed.pixels) out[to] = "emblem";
  return out;
}

/** The emblem drawn at its side, and its pixels: [index in the emblem, index in the picture] for each it paints. */
function placeEmblem(
  width: number,
  height: number,
  drawn: (i: number) => boolean,
  details: readonly string[],
  draw: (subject: string, side: number) => Rgba,
): { emblem: Rgba; pixels: [number, number][] } | null {
  const word = details.find((d) => emblemSubject(d));
  if (!word) return null;
  const side = Math.max(5, Math.round((width * SIDE_16) / 16));
  const emblem = draw(emblemSubject(word)!.subject, side);
  const [x0, y0] = emptiestCorner(width, height, drawn, side);
  const pixels: [number, number][] = [];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (emblem.data[(y * side + x) * 4 + 3]) pixels.push([y * side + x, (y0 + y) * width + x0 + x]);
  return { emblem, pixels };
}

/** The top-left of the side × side corner holding the fewest drawn pixels (ties: bottom right, the usual free one). */
function emptiestCorner(width: number, height: number, drawn: (i: number) => boolean, side: number): [number, number] {
  const corners: [number, number][] = [
    [width - side, height - side],
    [0, 0],
    [width - side, 0],
    [0, height - side],
  ];
  const filled = ([x0, y0]: [number, number]) => {
    let n = 0;
    for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) if (drawn(y * width + x)) n++;
    return n;
  };
  return corners.reduce((best, c) => (filled(c) < filled(best) ? c : best));
}
