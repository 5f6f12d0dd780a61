/**
 * A portion of a substance ("a bar of soap", "a wedge of cheese": interpret/portions.ts) drawn as the portion's
 * shape (art/portion-shapes.ts) in the substance's own colours: the colours are taken from the picture the
 * painters draw for the substance alone (soap, cheese, a red fabric), so a colour said with it ("a pink bar of
 * soap") lands in the portion. The shape goes through the sketch pass, so it is outlined and lit as the rest.
 * Also two of a thing side by side ("a pair of gloves").
 */
import type { Rgba } from "../../media/png.ts";
import { copiesAt, copyLabelsAt } from "./collections.ts";
import { rngFrom, hashSeed } from "../rng.ts";
import { type Rgb, mix, scale } from "./colour.ts";
import { PORTION_SHAPES } from "./portion-shapes.ts";
import { type Sketch, sketchLabels, sketchSprite } from "./sketch.ts";

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/** The substance's main colour (its most common inner colour) and a second one far enough from it, if any. */
export function substanceColours(img: Rgba): { main: Rgb; second: Rgb | null } {
  const { width: w, height: h, data } = img;
  const solid = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && data[(y * w + x) * 4 + 3] >= 128;
  const counts = new Map<number, number>();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // Inner pixels only: the outline round every picture is no colour of the substance.
      if (!solid(x, y) || !solid(x - 1, y) || !solid(x + 1, y) || !solid(x, y - 1) || !solid(x, y + 1)) continue;
      const i = (y * w + x) * 4;
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([k]) => rgbOf(k));
  const main = ranked[0] ?? [128, 128, 128];
  const far = (c: Rgb) => (c[0] - main[0]) ** 2 + (c[1] - main[1]) ** 2 + (c[2] - main[2]) ** 2 > 70 ** 2;
  return { main, second: ranked.find(far) ?? null };
}

const rgbOf = (k: number): Rgb => [(k >> 16) & 255, (k >> 8) & 255, k & 255];

/** The portion's sketch: its shape's grid with the legend painted from the substance's colours. */
export function portionSketch(shape: string, substance: Rgba): Sketch {
  const { main, second } = substanceColours(substance);
  return {
    grid: [...PORTION_SHAPES[shape].grid],
    legend: {
      x: { colour: hex(main), part: "body" },
      w: { colour: hex(mix(main, [255, 255, 255], 0.3)), part: "body" },
      z: { colour: hex(scale(main, 0.72)), part: "body" },
      y: { colour: hex(second ?? scale(main, 0.55)), part: "body" },
    },
  };
}

/** The portion drawn at `width` × `height`. */
export function portionPicture(shape: string, substance: Rgba, width: number, height: number, seed: number): Rgba {
  const rng = rngFrom(hashSeed("portion", seed, shape, width, height));
  return sketchSprite(portionSketch(shape, substance), width, height, seed, rng);
}

/** The portion's part labels: every drawn pixel is the substance's body. */
export function portionLabels(shape: string, width: number, height: number): (string | null)[] {
  const g = sketchLabels({ grid: [...PORTION_SHAPES[shape].grid], legend: {} }, width, height);
  return [...g.cells].map((c) => (c === 46 ? null : "body"));
}

/** Where each of two copies stands: the left one behind and higher, the right one in front. */
function pairPlaces(width: number, height: number): { side: number; at: [number, number][] } {
  const side = Math.max(3, Math.round((Math.min(width, height) * 12) / 16));
  return {
    side,
    at: [
      [0, 0],
      [width - side, height - side],
    ],
  };
}

/** Two copies of the thing `draw` paints at a side. */
export const pairCopies = (width: number, height: number, draw: (side: number) => Rgba): Rgba =>
  copiesAt(width, height, pairPlaces(width, height), draw);

/** The part labels of the two copies, placed as `pairCopies` places them. */
export const pairLabels = (width: number, height: number, label: (side: number) => (string | null)[]) =>
  copyLabelsAt(width, height, pairPlaces(width, height), label);
