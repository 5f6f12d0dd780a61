/**
 * OKLab (Björn Ottosson, 2020): a perceptual colour space where straight distances match how different two
 * colours look, which is what palette matching and colour clustering need (RGB distance calls a dark blue and
 * a black far apart and two greens close). Hand-written rather than from a colour library because it runs per
 * pixel over typed arrays in every generation with a style guide: a library's per-call objects cost more than
 * the arithmetic, and the formulas are fixed by the published matrices.
 */
export type Lab = [number, number, number];

const LINEAR = new Float64Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function toSrgbByte(linear: number): number {
  const c = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
}

export function rgbToOklab(r: number, g: number, b: number): Lab {
  const lr = LINEAR[r];
  const lg = LINEAR[g];
  const lb = LINEAR[b];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

export function oklabToRgb([L, a, b]: Lab): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    toSrgbByte(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    toSrgbByte(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    toSrgbByte(-0.0041960863 * l - 0.7034186147 * m + 1.707612701 * s),
  ];
}

export function labDistance2(p: ArrayLike<number>, q: ArrayLike<number>): number {
  const d0 = p[0] - q[0];
  const d1 = p[1] - q[1];
  const d2 = p[2] - q[2];
  return d0 * d0 + d1 * d1 + d2 * d2;
}

export const hexOf = (c: ArrayLike<number>): string =>
  `#${((1 << 24) | (c[0] << 16) | (c[1] << 8) | c[2]).toString(16).slice(1)}`;
