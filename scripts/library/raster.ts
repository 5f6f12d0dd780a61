/**
 * Build-time rasterising of the drawn library (scripts/library.ts): each Fluent Emoji Flat icon (MIT,
 * Microsoft) is drawn with resvg at 16×16, its edge alpha cut to opaque or clear, and its colours reduced
 * to at most MAX_COLOURS by k-means, so the generator never renders SVG: it reads index grids.
 */
import { Resvg } from "@resvg/resvg-js";

export const SIZE = 16;
export const MAX_COLOURS = 6;

export interface Raster {
  /** Palette as `rrggbb` strings; index 0 of `cells` is transparent, i means palette[i - 1]. */
  palette: string[];
  cells: Uint8Array;
}

export function rasterise(body: string, viewBox: number): Raster | null {
  // Cut at half alpha first; an icon of slender parts (a hook, chopsticks, a wand) that leaves too little
  // solid then is cut at a quarter, which keeps its lines a pixel wide instead of broken.
  return rasteriseAt(body, viewBox, 128, 10) ?? rasteriseAt(body, viewBox, 64, 6);
}

function rasteriseAt(body: string, viewBox: number, cut: number, solid: number): Raster | null {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewBox} ${viewBox}">${body}</svg>`;
  const px = new Resvg(svg, { fitTo: { mode: "width", value: SIZE } }).render().pixels;
  const opaque: { i: number; c: [number, number, number] }[] = [];
  for (let i = 0; i < SIZE * SIZE; i++) {
    const a = px[i * 4 + 3];
    if (a < cut) continue;
    // resvg's pixels are premultiplied: undo it so edge pixels keep their real colour.
    const un = (v: number) => Math.min(255, Math.round((v * 255) / a));
    opaque.push({ i, c: [un(px[i * 4]), un(px[i * 4 + 1]), un(px[i * 4 + 2])] });
  }
  if (opaque.length < 12) return null;
  // An icon of thin lines (a paperclip, a web) would be all outline at this size: not kept.
  const filled = new Set(opaque.map((o) => o.i));
  const inside = opaque.filter(({ i }) => {
    const x = i % SIZE;
    return x > 0 && x < SIZE - 1 && [i - 1, i + 1, i - SIZE, i + SIZE].every((n) => filled.has(n));
  });
  if (inside.length < solid) return null;
  const centres = kmeans(
    opaque.map((o) => o.c),
    MAX_COLOURS,
  );
  const cells = new Uint8Array(SIZE * SIZE);
  for (const o of opaque) cells[o.i] = nearest(centres, o.c) + 1;
  // Drop centres no pixel kept, renumbering the cells.
  const used = [...new Set(cells)].filter((v) => v > 0).sort((a, b) => a - b);
  const renumber = new Map(used.map((v, k) => [v, k + 1]));
  for (let i = 0; i < cells.length; i++) if (cells[i]) cells[i] = renumber.get(cells[i])!;
  const hex = (c: number[]) => c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  return { palette: used.map((v) => hex(centres[v - 1])), cells };
}

const dist = (a: number[], b: number[]) =>
  (a[0] - b[0]) ** 2 * 0.3 + (a[1] - b[1]) ** 2 * 0.59 + (a[2] - b[2]) ** 2 * 0.11;

function nearest(centres: number[][], c: number[]): number {
  let best = 0;
  for (let k = 1; k < centres.length; k++) if (dist(centres[k], c) < dist(centres[best], c)) best = k;
  return best;
}

/** Deterministic k-means: farthest-point start from the most common colour, then ten rounds. */
function kmeans(colours: [number, number, number][], k: number): number[][] {
  const counts = new Map<string, { c: number[]; n: number }>();
  for (const c of colours) {
    const key = c.join();
    const e = counts.get(key) ?? { c, n: 0 };
    e.n++;
    counts.set(key, e);
  }
  const distinct = [...counts.values()].sort((a, b) => b.n - a.n);
  const centres: number[][] = [distinct[0].c.slice()];
  while (centres.length < Math.min(k, distinct.length)) {
    let far = distinct[0];
    let farD = -1;
    for (const d of distinct) {
      const dd = Math.min(...centres.map((c) => dist(c, d.c))) * Math.sqrt(d.n);
      if (dd > farD) [far, farD] = [d, dd];
    }
    if (farD <= 0) break;
    centres.push(far.c.slice());
  }
  for (let round = 0; round < 10; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const d of distinct) {
      const s = sums[nearest(centres, d.c)];
      for (let ch = 0; ch < 3; ch++) s[ch] += d.c[ch] * d.n;
      s[3] += d.n;
    }
    sums.forEach((s, j) => {
      if (s[3]) centres[j] = [s[0] / s[3], s[1] / s[3], s[2] / s[3]];
    });
  }
  return centres;
}

/** Two cells per byte (indices fit in a nibble), base64. */
export function packCells(cells: Uint8Array): string {
  const out = new Uint8Array(cells.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (cells[i * 2] << 4) | cells[i * 2 + 1];
  return Buffer.from(out).toString("base64");
}
