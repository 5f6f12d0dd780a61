/** Pictures and measures shared by the tests of gen/look (references, palette lock). */
import { newRgba, type Rgba } from "../../src/media/png.ts";
import { rgbToOklab, labDistance2 } from "../../src/gen/look/oklab.ts";
import { hexToRgb } from "../../src/gen/art/colour.ts";
import type { ProviderSettings } from "../../src/gen/task.ts";

/** A picture painted by `colour(x, y)` (RGB, fully opaque). */
export function paint(width: number, height: number, colour: (x: number, y: number) => number[]): Rgba {
  const img = newRgba(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) img.data.set([...colour(x, y).slice(0, 3), 255], (y * width + x) * 4);
  return img;
}

export const BLUE = [20, 60, 160];
export const ORANGE = [230, 140, 40];
/** Blue and orange stripes `width` wide, standing (vertical) or lying. */
export const stripes = (edge: number, width: number, vertical = true) =>
  paint(edge, edge, (x, y) => (Math.floor((vertical ? x : y) / width) % 2 ? ORANGE : BLUE));

/** Mean OKLab distance from each visible pixel to the nearest of `colours`. */
export function distanceTo(img: Rgba, colours: number[][]): number {
  const labs = colours.map((c) => rgbToOklab(c[0], c[1], c[2]));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (!img.data[i + 3]) continue;
    const p = rgbToOklab(img.data[i], img.data[i + 1], img.data[i + 2]);
    sum += Math.sqrt(Math.min(...labs.map((l) => labDistance2(p, l))));
    n++;
  }
  return sum / n;
}

export function meanLightness(img: Rgba): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (!img.data[i + 3]) continue;
    sum += rgbToOklab(img.data[i], img.data[i + 1], img.data[i + 2])[0];
    n++;
  }
  return sum / n;
}

/** Share of the lightness variance carried by column means (1: pure vertical stripes) and by row means. */
export function axisShares(img: Rgba): { columns: number; rows: number } {
  const L = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return rgbToOklab(img.data[i], img.data[i + 1], img.data[i + 2])[0];
  };
  const all: number[] = [];
  const cols = new Array(img.width).fill(0);
  const rows = new Array(img.height).fill(0);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const v = L(x, y);
      all.push(v);
      cols[x] += v / img.height;
      rows[y] += v / img.width;
    }
  const variance = (v: number[]) => {
    const m = v.reduce((t, x) => t + x, 0) / v.length;
    return v.reduce((t, x) => t + (x - m) ** 2, 0) / v.length;
  };
  const total = variance(all) || 1;
  return { columns: variance(cols) / total, rows: variance(rows) / total };
}

/** Every distinct visible colour of a picture as #rrggbb. */
export function coloursOf(img: Rgba): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i + 3]) out.add(`#${[0, 1, 2].map((c) => img.data[i + c].toString(16).padStart(2, "0")).join("")}`);
  return out;
}

export const rgbOf = (hex: string) => hexToRgb(hex) as number[];

/** The embedded procedural generator's settings, for calling runTask directly as a worker would. */
export const procedural: ProviderSettings = {
  name: "procedural",
  baseUrl: "",
  model: "",
  apiKey: "",
  callTimeoutMs: 1,
};
