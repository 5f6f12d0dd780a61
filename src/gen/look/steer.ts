import type { Rgba } from "../../media/png.ts";
import { clusterColours, sampleColours } from "./cluster.ts";
import type { Grid } from "./grid.ts";
import { labDistance2, oklabToRgb, rgbToOklab } from "./oklab.ts";
import { lightnessStats, type ReferenceLook, type Structure } from "./reference.ts";

/** `referenceStrength` is clamped, never refused (spec): 0.05 keeps the prompt's look, 0.95 is nearly the reference's. */
export const clampStrength = (s: number) => Math.min(0.95, Math.max(0.05, s));
/** The strength when a request names a reference but no strength. */
export const DEFAULT_REFERENCE_STRENGTH = 0.5;

/**
 * Moves a generated picture toward a reference's look, by `strength` (clamped to 0.05..0.95): what the
 * reference's look would make of the picture is worked out in full, then blended with the picture as painted.
 * In full: the reference's repeat replaces most of the picture's own light and dark (textures only, and only
 * when the reference has a clear one), the lightness range is stretched onto the reference's, and each of the
 * picture's colour groups takes the hue and chroma of the reference's group of the same rank by lightness
 * (so shading survives: the darkest group takes the reference's darkest colour). Pure and deterministic.
 */
export function steerTowardReference(img: Rgba, look: ReferenceLook, strength: number, structure: boolean): Rgba {
  const s = clampStrength(strength);
  const n = img.width * img.height;
  const d = img.data;
  const lab = new Float64Array(n * 3);
  const visible: number[] = [];
  for (let i = 0; i < n; i++) {
    if (d[i * 4 + 3] === 0) continue;
    lab.set(rgbToOklab(d[i * 4], d[i * 4 + 1], d[i * 4 + 2]), i * 3);
    visible.push(i);
  }
  if (!visible.length || !look.palette.length) return img;
  const own = lightnessStats(visible.map((i) => lab[i * 3]));
  const pattern = structure && look.structure ? patternField(look.structure, img.width, img.height) : null;
  // a. the reference's repeat in the lightness
  const light = new Float64Array(n);
  for (const i of visible) {
    const L = lab[i * 3];
    light[i] = pattern ? own.mean + 0.35 * (L - own.mean) + pattern[i] * Math.max(look.lightness.spread, 0.05) : L;
  }
  // b. the lightness range onto the reference's
  const shaped = lightnessStats(visible.map((i) => light[i]));
  const span = shaped.high - shaped.low;
  const refSpan = look.lightness.high - look.lightness.low;
  // c. colour groups by rank
  const groups = clusterColours(sampleColours(img), look.palette.length);
  const refAt = (rank: number) =>
    look.palette[
      groups.length < 2
        ? look.palette.length >> 1
        : Math.round((rank * (look.palette.length - 1)) / (groups.length - 1))
    ].lab;
  const out = { width: img.width, height: img.height, data: new Uint8Array(d) };
  for (const i of visible) {
    const p = lab.subarray(i * 3, i * 3 + 3);
    let g = 0;
    for (let c = 1; c < groups.length; c++) if (labDistance2(p, groups[c].lab) < labDistance2(p, groups[g].lab)) g = c;
    const mine = groups[g].lab;
    const theirs = refAt(g);
    const Lfull =
      span > 1e-4
        ? look.lightness.low + ((light[i] - shaped.low) / span) * refSpan
        : look.lightness.mean + light[i] - shaped.mean;
    const full = [Lfull, theirs[1] + 0.5 * (p[1] - mine[1]), theirs[2] + 0.5 * (p[2] - mine[2])] as const;
    const rgb = oklabToRgb([
      Math.min(1, Math.max(0, p[0] + (full[0] - p[0]) * s)),
      p[1] + (full[1] - p[1]) * s,
      p[2] + (full[2] - p[2]) * s,
    ]);
    out.data.set(rgb, i * 4);
  }
  return out;
}

/**
 * The reference's repeat laid over a `width`×`height` picture, scaled to unit spread. The period is the
 * divisor of the edge nearest to what the reference's repeat count asks for, so a tiling texture still tiles.
 */
export function patternField(s: Structure, width: number, height: number): Float64Array {
  const out = new Float64Array(width * height);
  if (s.kind === "stripes") {
    const edge = s.direction === "horizontal" ? height : width;
    const period = tilingPeriod(Math.min(width, height, edge), s.repeats);
    const profile = resampleLoop(s.profile, period);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const k =
          s.direction === "vertical"
            ? x
            : s.direction === "horizontal"
              ? y
              : s.direction === "diagonal"
                ? x + y
                : x - y;
        out[y * width + x] = profile[((k % period) + period) % period];
      }
  } else {
    const px = tilingPeriod(width, s.repeatsX);
    const py = tilingPeriod(height, s.repeatsY);
    const tile = resampleTile(s.tile, px, py);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) out[y * width + x] = tile[(y % py) * px + (x % px)];
  }
  let spread = 0;
  for (const v of out) spread += v * v;
  spread = Math.sqrt(spread / out.length);
  if (spread > 1e-9) for (let i = 0; i < out.length; i++) out[i] /= spread;
  return out;
}

/** The divisor of `edge` (at least 2) nearest to `edge / repeats`. */
export function tilingPeriod(edge: number, repeats: number): number {
  const want = edge / Math.max(1, repeats);
  let best = edge;
  for (let p = 2; p <= edge; p++) if (edge % p === 0 && Math.abs(p - want) < Math.abs(best - want)) best = p;
  return best;
}

function resampleLoop(v: number[], length: number): number[] {
  return Array.from({ length }, (_, i) => {
    const t = (i * v.length) / length;
    const a = Math.floor(t);
    const f = t - a;
    return v[a % v.length] * (1 - f) + v[(a + 1) % v.length] * f;
  });
}

function resampleTile(g: Grid, w: number, h: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = Math.min(g.width - 1, Math.floor(((x + 0.5) * g.width) / w));
      const sy = Math.min(g.height - 1, Math.floor(((y + 0.5) * g.height) / h));
      out.push(g.data[sy * g.width + sx]);
    }
  return out;
}
