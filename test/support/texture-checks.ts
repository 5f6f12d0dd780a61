/** Measurements shared by the art tests: seam strength, colour counts, outline checks. */
import type { Rgba } from "../../src/media/png";
import { luminance } from "../../src/gen/art/colour";

/** Mean RGBA difference between column k and column k+1 (wrapping), for every k; same for rows. */
export function boundaryDiffs(img: Rgba, axis: "x" | "y"): number[] {
  const { width: w, height: h, data } = img;
  const n = axis === "x" ? w : h;
  const m = axis === "x" ? h : w;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    let sum = 0;
    for (let j = 0; j < m; j++) {
      const a = axis === "x" ? (j * w + k) * 4 : (k * w + j) * 4;
      const b = axis === "x" ? (j * w + ((k + 1) % w)) * 4 : (((k + 1) % h) * w + j) * 4;
      for (let c = 0; c < 4; c++) sum += Math.abs(data[a + c] - data[b + c]);
    }
    out.push(sum / m);
  }
  return out;
}

/**
 * Seam check: when the tile is repeated, the boundary where its last column meets its first
 * (diffs[n-1]) must be no stronger than the strongest boundary inside the tile. A texture that does
 * not wrap shows a line there that nothing inside matches.
 */
export function seamRatio(img: Rgba, axis: "x" | "y"): number {
  const d = boundaryDiffs(img, axis);
  const seam = d[d.length - 1];
  const interior = Math.max(...d.slice(0, -1));
  return seam / Math.max(1e-9, interior);
}

/** Distinct RGBA values among pixels that are not fully transparent. */
export function visibleColourCount(img: Rgba): number {
  const set = new Set<string>();
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3] > 0) set.add(img.data.subarray(i, i + 4).join(","));
  return set.size;
}

export function alphaAt(img: Rgba, x: number, y: number): number {
  return img.data[(y * img.width + x) * 4 + 3];
}

export function lumAt(img: Rgba, x: number, y: number): number {
  const i = (y * img.width + x) * 4;
  return luminance(img.data.subarray(i, i + 3));
}

/** Luminance below which a pixel reads as outline. */
export const DARK = 90;

/**
 * Opaque pixels touching transparency (or the image edge) that are neither dark themselves nor
 * next to a dark pixel: should be none for outlined sprites.
 */
export function unoutlinedEdgePixels(img: Rgba): number {
  const { width: w, height: h } = img;
  const opaque = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && alphaAt(img, x, y) > 0;
  const dark = (x: number, y: number) => opaque(x, y) && lumAt(img, x, y) < DARK;
  let bad = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!opaque(x, y)) continue;
      const n4 = [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ];
      if (!n4.some(([a, b]) => !opaque(a, b))) continue;
      if (!dark(x, y) && !n4.some(([a, b]) => dark(a, b))) bad++;
    }
  return bad;
}

/** A custom texture request whose description repeats the prompt, as the API and the fidelity bench send it. */
export const textureReq = (prompt: string, size = 16, seed = 1) => ({
  prompt,
  size,
  mode: "custom" as const,
  description: prompt,
  seed,
});

/** Indices of the pixels (RGBA) that differ between two pictures of one size. */
export function changedPixels(a: Rgba, b: Rgba): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.width * a.height; i++)
    if (a.data.subarray(i * 4, i * 4 + 4).join() !== b.data.subarray(i * 4, i * 4 + 4).join()) out.push(i);
  return out;
}
