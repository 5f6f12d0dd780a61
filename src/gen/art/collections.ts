/**
 * Several of a thing ("a stack of pancakes", "a bundle of dynamite": interpret/quantities.ts): the thing drawn
 * three times at two thirds of the picture, one behind and two in front, as the game's icons show a pile. The
 * same placement labels the part mask (item.ts itemPartMask), so each copy's pixels carry its parts.
 */
import { newRgba, type Rgba } from "../../media/png.ts";

/** The copies' side on a 16 px picture (scaled with it). */
const SIDE_16 = 11;

/** The side of each copy, and where each stands: back (top middle) first, then the front two over it. */
export function copyPlaces(width: number, height: number): { side: number; at: [number, number][] } {
  const side = Math.max(3, Math.round((Math.min(width, height) * SIDE_16) / 16));
  return {
    side,
    at: [
      [Math.floor((width - side) / 2), 0],
      [0, height - side],
      [width - side, height - side],
    ],
  };
}

type Places = { side: number; at: [number, number][] };

/** Three copies of the thing `draw` paints at a side, on a picture of `width` × `height`. */
export const severalCopies = (width: number, height: number, draw: (side: number) => Rgba): Rgba =>
  copiesAt(width, height, copyPlaces(width, height), draw);

/** The part labels of the three copies, placed as `severalCopies` places them (null where nothing is drawn). */
export const severalLabels = (width: number, height: number, label: (side: number) => (string | null)[]) =>
  copyLabelsAt(width, height, copyPlaces(width, height), label);

/** Copies of the thing `draw` paints at `places.side`, each at one of `places.at` (later ones in front). */
export function copiesAt(width: number, height: number, places: Places, draw: (side: number) => Rgba): Rgba {
  const { side, at } = places;
  const one = draw(side);
  const out = newRgba(width, height);
  for (const [x0, y0] of at)
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const from = (y * side + x) * 4;
        if (one.data[from + 3]) out.data.set(one.data.subarray(from, from + 4), ((y0 + y) * width + x0 + x) * 4);
      }
  return out;
}

/** The part labels of copies placed as `copiesAt` places them. */
export function copyLabelsAt(
  width: number,
  height: number,
  places: Places,
  label: (side: number) => (string | null)[],
): (string | null)[] {
  const { side, at } = places;
  const one = label(side);
  const out: (string | null)[] = Array(width * height).fill(null);
  for (const [x0, y0] of at)
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) if (one[y * side + x] !== null) out[(y0 + y) * width + x0 + x] = one[y * side + x];
  return out;
}
