import type { Rgba } from "../../media/png.ts";
import { clusterColours, sampleColours } from "./cluster.ts";
import { hexOf, type Lab, oklabToRgb } from "./oklab.ts";
import { lightnessGrid, type Grid } from "./grid.ts";

/** A reference picture is read at most this many pixels on its long edge: its look is colour and layout, not detail. */
export const REFERENCE_ANALYSIS_EDGE = 96;
export const REFERENCE_PALETTE_SIZE = 6;

export type StripeDirection = "vertical" | "horizontal" | "diagonal" | "antidiagonal";

/** The repeat found in a reference: stripes one way, or a grid of tiles. `repeats` count across the picture. */
export type Structure =
  | { kind: "stripes"; direction: StripeDirection; repeats: number; profile: number[] }
  | { kind: "tiles"; repeatsX: number; repeatsY: number; tile: Grid };

/** What a generator can take from a reference picture. */
export interface ReferenceLook {
  /** Colour clusters in OKLab, darkest first, with their share of the picture. */
  palette: { lab: Lab; share: number }[];
  /** OKLab lightness at the 5th and 95th percentile, the mean, and the spread (standard deviation). */
  lightness: { low: number; high: number; mean: number; spread: number };
  structure: Structure | null;
}

export function analyseReference(img: Rgba): ReferenceLook {
  const grid = lightnessGrid(img, REFERENCE_ANALYSIS_EDGE);
  const palette = clusterColours(sampleColours(grid.image), REFERENCE_PALETTE_SIZE);
  return { palette, lightness: lightnessStats(grid.values), structure: findStructure(grid.lightness) };
}

export function lightnessStats(values: number[]): ReferenceLook["lightness"] {
  if (!values.length) return { low: 0, high: 1, mean: 0.5, spread: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = values.reduce((t, v) => t + v, 0) / values.length;
  const spread = Math.sqrt(values.reduce((t, v) => t + (v - mean) ** 2, 0) / values.length);
  return { low: at(0.05), high: at(0.95), mean, spread };
}

/**
 * A clear repeat, or null. Stripes: lightness varies along one direction and hardly across it (the means of
 * the lines along the stripes carry most of the picture's variance). Tiles: the picture correlates with
 * itself shifted by one tile both ways. Periods come from the autocorrelation's first strong peak.
 */
export function findStructure(g: Grid): Structure | null {
  const total = variance(g.data);
  if (total < 1e-5) return null;
  const lines: [StripeDirection, (x: number, y: number) => number, number][] = [
    ["vertical", (x) => x, g.width],
    ["horizontal", (_x, y) => y, g.height],
    ["diagonal", (x, y) => x + y, g.width + g.height - 1],
    ["antidiagonal", (x, y) => x - y + g.height - 1, g.width + g.height - 1],
  ];
  const scored = lines.map(([direction, key, n]) => {
    const profile = lineMeans(g, key, n);
    return { direction, profile, share: variance(profile, lineCounts(g, key, n)) / total };
  });
  scored.sort((p, q) => q.share - p.share);
  const [best, next] = scored;
  // Diagonal line means mix short corner lines: ask for a clearer lead there.
  if (best.share > 0.7 && next.share < 0.45 * best.share) {
    const along = best.direction === "vertical" ? g.width : best.direction === "horizontal" ? g.height : 0;
    const profile =
      along > 0 ? best.profile : diagonalProfile(g, best.direction === "diagonal" ? (x, y) => x + y : (x, y) => x - y);
    const period = firstPeak(autocorrelation1d(profile));
    if (period) {
      const edge = along || Math.min(g.width, g.height);
      return {
        kind: "stripes",
        direction: best.direction,
        repeats: Math.max(1, Math.round(edge / period)),
        profile: foldProfile(profile, period),
      };
    }
  }
  const px = firstPeak(autocorrelation2d(g, 1, 0));
  const py = firstPeak(autocorrelation2d(g, 0, 1));
  if (px && py)
    return {
      kind: "tiles",
      repeatsX: Math.max(1, Math.round(g.width / px)),
      repeatsY: Math.max(1, Math.round(g.height / py)),
      tile: foldTile(g, px, py),
    };
  return null;
}

function variance(values: ArrayLike<number>, weights?: ArrayLike<number>): number {
  let w = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const wi = weights ? weights[i] : 1;
    w += wi;
    sum += values[i] * wi;
  }
  if (!w) return 0;
  const mean = sum / w;
  let v = 0;
  for (let i = 0; i < values.length; i++) v += (weights ? weights[i] : 1) * (values[i] - mean) ** 2;
  return v / w;
}

function lineMeans(g: Grid, key: (x: number, y: number) => number, n: number): number[] {
  const sum = new Float64Array(n);
  const count = lineCounts(g, key, n);
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) sum[key(x, y)] += g.data[y * g.width + x];
  return Array.from(sum, (s, i) => (count[i] ? s / count[i] : 0));
}

function lineCounts(g: Grid, key: (x: number, y: number) => number, n: number): Float64Array {
  const count = new Float64Array(n);
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) count[key(x, y)]++;
  return count;
}

/**
 * Lightness across diagonal stripes, one sample per diagonal of the picture's top-left square, wrapping at the
 * square's edge (a stripe leaving on the right comes back on the left, as on a tiling texture).
 */
function diagonalProfile(g: Grid, key: (x: number, y: number) => number): number[] {
  const edge = Math.min(g.width, g.height);
  const sum = new Float64Array(edge);
  const count = new Float64Array(edge);
  for (let y = 0; y < edge; y++)
    for (let x = 0; x < edge; x++) {
      const k = ((key(x, y) % edge) + edge) % edge;
      sum[k] += g.data[y * g.width + x];
      count[k]++;
    }
  return Array.from(sum, (s, i) => s / count[i]);
}

function autocorrelation1d(v: number[]): number[] {
  const mean = v.reduce((t, x) => t + x, 0) / v.length;
  const d = v.map((x) => x - mean);
  const zero = d.reduce((t, x) => t + x * x, 0) || 1;
  const out: number[] = [];
  for (let shift = 0; shift <= v.length >> 1; shift++) {
    let s = 0;
    for (let i = 0; i < v.length; i++) s += d[i] * d[(i + shift) % v.length];
    out.push(s / zero);
  }
  return out;
}

function autocorrelation2d(g: Grid, dx: number, dy: number): number[] {
  const mean = g.data.reduce((t, x) => t + x, 0) / g.data.length;
  const zero = g.data.reduce((t, x) => t + (x - mean) ** 2, 0) || 1;
  const out: number[] = [];
  const limit = (dx ? g.width : g.height) >> 1;
  for (let shift = 0; shift <= limit; shift++) {
    let s = 0;
    for (let y = 0; y < g.height; y++)
      for (let x = 0; x < g.width; x++) {
        const x2 = (x + dx * shift) % g.width;
        const y2 = (y + dy * shift) % g.height;
        s += (g.data[y * g.width + x] - mean) * (g.data[y2 * g.width + x2] - mean);
      }
    out.push(s / zero);
  }
  return out;
}

/**
 * The repeat's period: the first shift (≥ 2) where the correlation peaks above 0.35 and has risen at least
 * 0.2 from the lowest point before it (a component that does not move with the shift, such as the other
 * direction's lines of a grid, keeps the correlation from ever dipping below zero).
 */
export function firstPeak(r: number[]): number | null {
  let low = r[1] ?? 1;
  for (let i = 2; i < r.length - 1; i++) {
    low = Math.min(low, r[i]);
    if (r[i] > 0.35 && r[i] - low > 0.2 && r[i] >= r[i - 1] && r[i] >= r[i + 1]) return i;
  }
  return null;
}

/** One period of a profile: the mean of every repeat, centred on zero. */
function foldProfile(profile: number[], period: number): number[] {
  const sum = new Float64Array(period);
  const count = new Float64Array(period);
  profile.forEach((v, i) => {
    sum[i % period] += v;
    count[i % period]++;
  });
  const one = Array.from(sum, (s, i) => s / count[i]);
  const mean = one.reduce((t, v) => t + v, 0) / period;
  return one.map((v) => v - mean);
}

function foldTile(g: Grid, px: number, py: number): Grid {
  const sum = new Float64Array(px * py);
  const count = new Float64Array(px * py);
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++) {
      const i = (y % py) * px + (x % px);
      sum[i] += g.data[y * g.width + x];
      count[i]++;
    }
  const data = Array.from(sum, (s, i) => s / count[i]);
  const mean = data.reduce((t, v) => t + v, 0) / data.length;
  return { width: px, height: py, data: data.map((v) => v - mean) };
}

/** What a person is told was taken: the palette as hex, the value range, the contrast, the repeat. */
export function describeLook(look: ReferenceLook) {
  const { low, high, spread } = look.lightness;
  const s = look.structure;
  return {
    palette: look.palette.map((c) => hexOf(oklabToRgb(c.lab))),
    valueRange: [round2(low), round2(high)] as [number, number],
    contrast: spread < 0.06 ? "low" : spread < 0.14 ? "medium" : "high",
    ...(s
      ? {
          structure:
            s.kind === "stripes"
              ? `${s.direction} stripes, ${s.repeats} across`
              : `tiles, ${s.repeatsX} across and ${s.repeatsY} down`,
        }
      : {}),
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
