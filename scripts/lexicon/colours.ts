/**
 * Colour names for the lexicon (scripts/lexicon/build.ts): the colour-name table's single-word names, and the
 * painter colour (a dye colour every painter reads) nearest to each.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COLOURS } from "../../src/gen/art/dye-colours.ts";
import { hexToRgb, rgbToHsl } from "../../src/gen/art/colour.ts";

/** The painter colours a colour name may land on (the dye colours: the ones every painter reads). */
const PAINTER_COLOURS = [
  "white",
  "light_gray",
  "gray",
  "black",
  "brown",
  "red",
  "orange",
  "yellow",
  "lime",
  "green",
  "cyan",
  "light_blue",
  "blue",
  "purple",
  "magenta",
  "pink",
  "teal",
];

/** The nearest painter colour to `hex`: by lightness for greys, by hue (then lightness) for colours. */
export function nearestColour(hex: string): string {
  const rgb = hexToRgb(hex)!;
  const [h, , l] = rgbToHsl(rgb);
  // Chroma, not HSL saturation: ivory (#fffff0) is saturated in HSL but a white to the eye.
  const s = (Math.max(...rgb) - Math.min(...rgb)) / 255;
  let best = PAINTER_COLOURS[0];
  let bestD = Infinity;
  for (const name of PAINTER_COLOURS) {
    const c = hexToRgb(COLOURS[name])!;
    const [hc, , lc] = rgbToHsl(c);
    const sc = (Math.max(...c) - Math.min(...c)) / 255;
    const greyish = sc < 0.15;
    let d: number;
    if (s < 0.12) d = greyish ? Math.abs(l - lc) : 1 + Math.abs(l - lc);
    else if (greyish) d = 1.2 + Math.abs(l - lc);
    else {
      const gap = Math.min(Math.abs(h - hc), 1 - Math.abs(h - hc));
      d = gap * 8 + Math.abs(l - lc) * 1.2 + Math.abs(s - sc) * 0.4;
    }
    if (d < bestD) [best, bestD] = [name, d];
  }
  return best;
}

export function colourNames(): Map<string, string> {
  const file = join(import.meta.dir, "..", "..", "node_modules", "color-name-list", "dist", "colornames.json");
  const out = new Map<string, string>();
  for (const { name, hex } of JSON.parse(readFileSync(file, "utf8")) as { name: string; hex: string }[]) {
    const key = name.toLowerCase();
    if (/^[a-z]+$/.test(key) && !out.has(key)) out.set(key, hex);
  }
  return out;
}

/** The painter colours without a hue. */
export const GREYS = new Set(["white", "light_gray", "gray", "black"]);
