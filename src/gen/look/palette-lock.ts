import type { Rgba } from "../../media/png.ts";
import { hexToRgb } from "../art/colour.ts";
import { type Lab, labDistance2, rgbToOklab } from "./oklab.ts";

/** How a locked picture shows shades between two palette colours: the nearer one, or a 4×4 ordered (Bayer) mix. */
export const DITHER_MODES = ["none", "ordered"] as const;
export type Dither = (typeof DITHER_MODES)[number];

const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16);

interface Swatch {
  rgb: [number, number, number];
  lab: Lab;
}

/** Palette colours that read as one hue family, darkest first: the shading steps a pixel may move along. */
type Ramp = Swatch[];

/** Chroma below which a colour counts as a grey, whatever its nominal hue. */
const NEUTRAL = 0.025;
/** Hues closer than this (radians, ~40°) share a ramp. */
const SAME_FAMILY = 0.7;

/**
 * Groups a palette into ramps: the greys together, then chromatic colours by hue, each family sorted dark to
 * light. A palette of "#3b2a1e #7a5230 #c9a66b #6e7b8b" gives a brown ramp of three and a blue-grey one.
 */
export function paletteRamps(palette: string[]): Ramp[] {
  const swatches: Swatch[] = [];
  const seen = new Set<string>();
  for (const hex of palette) {
    const rgb = hexToRgb(hex);
    if (!rgb || seen.has(hex.toLowerCase())) continue;
    seen.add(hex.toLowerCase());
    swatches.push({ rgb, lab: rgbToOklab(rgb[0], rgb[1], rgb[2]) });
  }
  const chroma = (s: Swatch) => Math.hypot(s.lab[1], s.lab[2]);
  const hue = (s: Swatch) => Math.atan2(s.lab[2], s.lab[1]);
  const greys = swatches.filter((s) => chroma(s) < NEUTRAL);
  const colours = swatches.filter((s) => chroma(s) >= NEUTRAL).sort((p, q) => hue(p) - hue(q));
  const ramps: Ramp[] = greys.length ? [greys] : [];
  for (const s of colours) {
    const last = ramps.length && ramps[ramps.length - 1] !== greys ? ramps[ramps.length - 1] : null;
    const close = last && hueGap(hue(last[last.length - 1]), hue(s)) < SAME_FAMILY;
    if (close) last.push(s);
    else ramps.push([s]);
  }
  // The hue circle wraps: the last family may continue the first chromatic one.
  const firstColour = ramps.find((r) => r !== greys);
  const lastColour = ramps[ramps.length - 1];
  if (firstColour && lastColour !== firstColour && lastColour !== greys)
    if (hueGap(hue(lastColour[lastColour.length - 1]), hue(firstColour[0])) < SAME_FAMILY) {
      firstColour.push(...lastColour);
      ramps.pop();
    }
  for (const r of ramps) r.sort((p, q) => p.lab[0] - q.lab[0]);
  return ramps;
}

function hueGap(a: number, b: number): number {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return d > Math.PI ? 2 * Math.PI - d : d;
}

/**
 * Every visible pixel becomes a palette colour (alpha is kept). A pixel first picks its family, the ramp
 * holding the colour nearest to it with lightness counting for little (so a dark red finds the reds, not a
 * dark blue), then its step on that ramp by full OKLab distance; shading thus moves along the palette's own
 * ramps. With ordered dithering, a lightness between two steps of the ramp becomes a fixed 4×4 mix of both.
 */
export function lockToPalette(img: Rgba, palette: string[], dither: Dither = "none"): Rgba {
  const ramps = paletteRamps(palette);
  if (!ramps.length) return img;
  const out: Rgba = { width: img.width, height: img.height, data: new Uint8Array(img.data) };
  const d = out.data;
  const memo = new Map<number, Swatch>();
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (d[i + 3] === 0) continue;
      const key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      let pick: Swatch;
      if (dither === "ordered") {
        pick = ditheredStep(rgbToOklab(d[i], d[i + 1], d[i + 2]), ramps, BAYER4[(y & 3) * 4 + (x & 3)]);
      } else {
        const hit = memo.get(key);
        pick = hit ?? nearestStep(rgbToOklab(d[i], d[i + 1], d[i + 2]), ramps);
        if (!hit) memo.set(key, pick);
      }
      d[i] = pick.rgb[0];
      d[i + 1] = pick.rgb[1];
      d[i + 2] = pick.rgb[2];
    }
  return out;
}

function familyOf(p: Lab, ramps: Ramp[]): Ramp {
  let best = ramps[0];
  let bestD = Infinity;
  for (const r of ramps)
    for (const s of r) {
      const dL = p[0] - s.lab[0];
      const da = p[1] - s.lab[1];
      const db = p[2] - s.lab[2];
      const dist = 0.15 * dL * dL + da * da + db * db;
      if (dist < bestD) [best, bestD] = [r, dist];
    }
  return best;
}

function nearestStep(p: Lab, ramps: Ramp[]): Swatch {
  const ramp = familyOf(p, ramps);
  let best = ramp[0];
  for (const s of ramp) if (labDistance2(p, s.lab) < labDistance2(p, best.lab)) best = s;
  return best;
}

function ditheredStep(p: Lab, ramps: Ramp[], threshold: number): Swatch {
  const ramp = familyOf(p, ramps);
  if (p[0] <= ramp[0].lab[0]) return ramp[0];
  for (let k = 1; k < ramp.length; k++) {
    const lo = ramp[k - 1];
    const hi = ramp[k];
    if (p[0] > hi.lab[0]) continue;
    const t = (p[0] - lo.lab[0]) / Math.max(1e-9, hi.lab[0] - lo.lab[0]);
    return t > threshold ? hi : lo;
  }
  return ramp[ramp.length - 1];
}
