/**
 * Wrap-around noise fields. Every field here is periodic in the tile size, so a texture built from
 * them tiles exactly: the lattice indices and the feature-point distances are taken modulo the tile.
 */
import type { Rng } from "../rng";

/** A scalar field over a w*h tile, row-major. */
export type Field = Float32Array;

/**
 * Periodic value noise: a random lattice of `cellsX` x `cellsY` cells stretched over the tile,
 * smoothstep-interpolated, wrapping at the edges. Output roughly in [0,1].
 */
export function valueNoise(w: number, h: number, cellsX: number, cellsY: number, rng: Rng): Field {
  cellsX = Math.max(1, Math.round(cellsX));
  cellsY = Math.max(1, Math.round(cellsY));
  const lattice = new Float32Array(cellsX * cellsY);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rng();
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = ((y + 0.5) / h) * cellsY;
    const y0 = Math.floor(fy);
    const ty = smooth(fy - y0);
    const r0 = (y0 % cellsY) * cellsX;
    const r1 = ((y0 + 1) % cellsY) * cellsX;
    for (let x = 0; x < w; x++) {
      const fx = ((x + 0.5) / w) * cellsX;
      const x0 = Math.floor(fx);
      const tx = smooth(fx - x0);
      const c0 = x0 % cellsX;
      const c1 = (x0 + 1) % cellsX;
      const a = lattice[r0 + c0] + (lattice[r0 + c1] - lattice[r0 + c0]) * tx;
      const b = lattice[r1 + c0] + (lattice[r1 + c1] - lattice[r1 + c0]) * tx;
      out[y * w + x] = a + (b - a) * ty;
    }
  }
  return out;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/**
 * Fractal sum of periodic value noise. `cells` is the coarsest lattice across the tile; each octave
 * doubles it (capped at one cell per pixel, so detail grows with the tile size, never blur).
 * `stretchX`/`stretchY` divide the lattice count to make grain (planks) or streaks (bark).
 */
export function fbm(
  w: number,
  h: number,
  rng: Rng,
  opts: { cells: number; octaves: number; gain?: number; stretchX?: number; stretchY?: number },
): Field {
  const gain = opts.gain ?? 0.5;
  const out = new Float32Array(w * h);
  let amp = 1;
  let total = 0;
  let cells = opts.cells;
  for (let o = 0; o < opts.octaves; o++) {
    const cx = Math.min(w, Math.max(1, cells / (opts.stretchX ?? 1)));
    const cy = Math.min(h, Math.max(1, cells / (opts.stretchY ?? 1)));
    const layer = valueNoise(w, h, cx, cy, rng);
    for (let i = 0; i < out.length; i++) out[i] += layer[i] * amp;
    total += amp;
    amp *= gain;
    cells *= 2;
  }
  for (let i = 0; i < out.length; i++) out[i] /= total;
  return out;
}

/** Stretches a field to cover [0,1] exactly, so quantising it uses every shade of a ramp. */
export function normalise(f: Field): Field {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of f) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const d = hi - lo || 1;
  for (let i = 0; i < f.length; i++) f[i] = (f[i] - lo) / d;
  return f;
}

export interface Cells {
  /** Index of the nearest feature point per pixel. */
  id: Int32Array;
  /** Distance to the nearest and second-nearest point (in pixels, toroidal). */
  f1: Float32Array;
  f2: Float32Array;
  count: number;
}

/**
 * Toroidal Worley cells from `count` jittered points (a jittered grid keeps stones even-sized, the
 * way cobblestone looks). `squash` > 1 flattens cells horizontally.
 */
export function cells(w: number, h: number, count: number, rng: Rng, squash = 1): Cells {
  const gx = Math.max(1, Math.round(Math.sqrt((count * w) / h)));
  const gy = Math.max(1, Math.round(count / gx));
  const px: number[] = [];
  const py: number[] = [];
  for (let j = 0; j < gy; j++)
    for (let i = 0; i < gx; i++) {
      px.push(((i + 0.15 + rng() * 0.7) / gx) * w);
      py.push(((j + 0.15 + rng() * 0.7) / gy) * h);
    }
  const n = px.length;
  const id = new Int32Array(w * h);
  const f1 = new Float32Array(w * h);
  const f2 = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let b1 = Infinity;
      let b2 = Infinity;
      let bi = 0;
      for (let k = 0; k < n; k++) {
        let dx = Math.abs(x + 0.5 - px[k]);
        let dy = Math.abs(y + 0.5 - py[k]);
        if (dx > w / 2) dx = w - dx;
        if (dy > h / 2) dy = h - dy;
        const d = Math.sqrt(dx * dx + dy * dy * squash * squash);
        if (d < b1) {
          b2 = b1;
          b1 = d;
          bi = k;
        } else if (d < b2) b2 = d;
      }
      const i = y * w + x;
      id[i] = bi;
      f1[i] = b1;
      f2[i] = b2;
    }
  return { id, f1, f2, count: n };
}

/** Per-pixel white noise in [0,1), seeded: the fine speckle vanilla textures carry on every surface. */
export function speckle(w: number, h: number, rng: Rng): Field {
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = rng();
  return out;
}

/** Wrapped index helper: pixel (x,y) on a w*h torus. */
export function wrapIndex(x: number, y: number, w: number, h: number): number {
  return (((y % h) + h) % h) * w + (((x % w) + w) % w);
}

/**
 * Top-left lighting of a height field: bumps get a lit top-left flank and a shaded bottom-right
 * one (the vanilla bevel). Returns height plus the directional term.
 */
export function emboss(height: Field, w: number, h: number, strength: number): Field {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const up = height[wrapIndex(x - 1, y - 1, w, h)];
      const down = height[wrapIndex(x + 1, y + 1, w, h)];
      // A slope rising toward the bottom-right faces the top-left light.
      out[i] = height[i] + (down - up) * strength;
    }
  return out;
}
