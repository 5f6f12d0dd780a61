/**
 * The colour check of bench/fidelity.ts: is a named colour in a picture? Basic names are judged by hue band
 * (white, black, brown and pink apart); any other colour name ("crimson", "teal", "ivory") is looked up in
 * the colour-name table of the `color-name-list` package (a dev dependency: the bench runs from a checkout)
 * and judged by its own hue, or by lightness when it is nearly grey.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hexToRgb, rgbToHsl } from "../src/gen/art/colour.ts";
import type { Rgba } from "../src/media/png.ts";

/** Hue (degrees) of the chromatic basic colour names; white, black, grey and brown are judged apart. */
const HUES: Record<string, number> = {
  red: 0,
  orange: 28,
  yellow: 52,
  lime: 90,
  green: 120,
  teal: 172,
  cyan: 188,
  blue: 225,
  purple: 275,
  magenta: 305,
  pink: 335,
};

let named: Map<string, string> | null = null;
/** Lower-case colour name → hex, from the package's table (read once, on the first unusual name). */
function namedColours(): Map<string, string> {
  if (named) return named;
  const file = join(import.meta.dir, "../node_modules/color-name-list/dist/colornames.json");
  const list = JSON.parse(readFileSync(file, "utf8")) as { name: string; hex: string }[];
  named = new Map();
  for (const { name, hex } of list) {
    const key = name.toLowerCase().replace(/[^a-z]+/g, "_");
    if (!named.has(key)) named.set(key, hex);
  }
  return named;
}

type Judge = (h: number, s: number, l: number) => boolean;

function judgeFor(colour: string): Judge | null {
  if (colour === "white") return (_h, s, l) => l >= 0.78 && s <= 0.35;
  if (colour === "black") return (_h, _s, l) => l <= 0.18;
  if (colour === "gray" || colour === "grey") return (_h, s, l) => s <= 0.2 && l > 0.18 && l < 0.78;
  if (colour === "brown") return (h, s, l) => h >= 8 && h <= 45 && l >= 0.12 && l <= 0.5 && s >= 0.2;
  // Pink is a light red or magenta.
  if (colour === "pink") return (h, s, l) => (h >= 300 || h <= 20) && l >= 0.6 && s >= 0.25;
  const want = HUES[colour];
  if (want !== undefined)
    // The game's greens lean yellow (grass, moss, leaves): green takes a wider band.
    return (h, s, l) => s >= 0.25 && l >= 0.15 && l <= 0.9 && hueGap(h, want) <= (colour === "green" ? 45 : 22);
  const hex = namedColours().get(colour);
  const rgb = hex ? hexToRgb(hex) : null;
  if (!rgb) return null;
  const [h0, s0, l0] = rgbToHsl(rgb);
  if (s0 < 0.2 || l0 > 0.9 || l0 < 0.12) {
    // A near-grey named colour (ivory, charcoal, silver): judged by lightness.
    return (_h, s, l) => s <= 0.35 && Math.abs(l - l0) <= 0.18;
  }
  return (h, s, l) => s >= 0.2 && l >= 0.12 && l <= 0.92 && hueGap(h, h0 * 360) <= 24;
}

const hueGap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

/** Whether some opaque pixel of `img` (within `mask` when given) is of the named colour. */
export function hasColour(img: Rgba, colour: string, mask?: Uint8Array | null): boolean {
  const judge = judgeFor(colour.toLowerCase().replace(/[^a-z]+/g, "_"));
  if (!judge) return false;
  for (let i = 0, p = 0; i < img.data.length; i += 4, p++) {
    if (img.data[i + 3] < 128 || (mask && !mask[p])) continue;
    const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
    if (judge(h * 360, s, l)) return true;
  }
  return false;
}
