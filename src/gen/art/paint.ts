/**
 * The indexed canvas painters draw on. Painting in palette indices (not free RGB) is what keeps a
 * texture to a handful of colours like vanilla art, and lets overlays (moss, cracks, ore) swap shades.
 */
import type { Rng } from "../rng";
import type { Rgb } from "./colour";
import type { Material } from "./material";
import type { Field } from "./noise";
import { newRgba, type Rgba } from "../../media/png";

export interface Paint {
  size: number;
  /** Index into `colours` per pixel. */
  idx: Uint8Array;
  /** 0..255 per pixel; all 255 unless the painter cut holes (glass, leaves). */
  alpha: Uint8Array;
  colours: Rgb[];
  /** 1 where the painter laid a joint (mortar, grout, the gap between boards): sand and grout overlays fill it. */
  joints?: Uint8Array;
}

export interface PaintContext {
  size: number;
  /** Pixels per vanilla pixel: size / 16. Structures scale by it, noise detail does not. */
  unit: number;
  m: Material;
  rng: Rng;
}

export type Painter = (ctx: PaintContext) => Paint;

/** Starts a canvas whose colours are the material's ramp followed by its accent and moss shades. */
export function blankPaint(ctx: PaintContext): Paint {
  const n = ctx.size * ctx.size;
  return {
    size: ctx.size,
    idx: new Uint8Array(n),
    alpha: new Uint8Array(n).fill(255),
    colours: [...ctx.m.palette, ...(ctx.m.accent ?? []), ...(ctx.m.moss ?? [])],
  };
}

/** Where the accent shades start in `colours`, and how many there are. */
export function accentRange(ctx: PaintContext): [number, number] {
  return [ctx.m.palette.length, ctx.m.accent?.length ?? 0];
}

export function mossRange(ctx: PaintContext): [number, number] {
  return [ctx.m.palette.length + (ctx.m.accent?.length ?? 0), ctx.m.moss?.length ?? 0];
}

/** Share of pixels per shade, dark to light: most pixels mid-tone, few extremes, as in vanilla stone. */
export function bell(n: number, flat = 1): number[] {
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : (i / (n - 1)) * 2 - 1;
    w.push(Math.exp(-t * t * 1.6 * flat));
  }
  return w;
}

/**
 * Quantises a field by rank: the darkest `weights[0]` share of pixels gets shade `offset`, and so
 * on. Rank (not value) thresholds fix how much of each shade appears whatever the noise's range.
 */
export function quantiseByRank(f: Field, weights: number[], offset = 0, mask?: (i: number) => boolean): Uint8Array {
  const order: number[] = [];
  for (let i = 0; i < f.length; i++) if (!mask || mask(i)) order.push(i);
  order.sort((a, b) => f[a] - f[b] || a - b);
  const total = weights.reduce((s, w) => s + w, 0);
  const out = new Uint8Array(f.length);
  let level = 0;
  let acc = weights[0] / total;
  for (let r = 0; r < order.length; r++) {
    while (r / order.length >= acc && level < weights.length - 1) acc += weights[++level] / total;
    out[order[r]] = level + offset;
  }
  return out;
}

/** Adds b*k to a, in place, and returns a. */
export function addField(a: Field, b: Field, k: number): Field {
  for (let i = 0; i < a.length; i++) a[i] += b[i] * k;
  return a;
}

export function toRgba(p: Paint): Rgba {
  const img = newRgba(p.size, p.size);
  for (let i = 0; i < p.idx.length; i++) {
    const c = p.colours[p.idx[i]];
    img.data[i * 4] = c[0];
    img.data[i * 4 + 1] = c[1];
    img.data[i * 4 + 2] = c[2];
    img.data[i * 4 + 3] = p.alpha[i];
  }
  return img;
}
