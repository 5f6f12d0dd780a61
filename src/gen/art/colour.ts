/**
 * Colour arithmetic for pixel art: shade ramps with hue shifting (the pixel-art habit of pushing
 * shadows cool and highlights warm, which flat brightness scaling lacks) and the style-guide pull.
 */
export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1];
  if (h.length === 3) h = h[0] + h[0] + h[1] + h[1] + h[2] + h[2];
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    clampByte(a[0] + (b[0] - a[0]) * t),
    clampByte(a[1] + (b[1] - a[1]) * t),
    clampByte(a[2] + (b[2] - a[2]) * t),
  ];
}

export function scale(c: Rgb, f: number): Rgb {
  return [clampByte(c[0] * f), clampByte(c[1] * f), clampByte(c[2] * f)];
}

/** Perceived brightness 0..255 (Rec. 601 weights, good enough for ordering shades). */
export function luminance(c: ArrayLike<number>): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

export function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  r /= 255;
  g /= 255;
  b /= 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h /= 6;
  return [h, s, l];
}

export function hslToRgb(h: number, s: number, l: number): Rgb {
  h = ((h % 1) + 1) % 1;
  s = Math.max(0, Math.min(1, s));
  l = Math.max(0, Math.min(1, l));
  if (s === 0) return [clampByte(l * 255), clampByte(l * 255), clampByte(l * 255)];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const ch = (t: number) => {
    t = ((t % 1) + 1) % 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [clampByte(ch(h + 1 / 3) * 255), clampByte(ch(h) * 255), clampByte(ch(h - 1 / 3) * 255)];
}

/**
 * A dark-to-light ramp of `n` shades around `base` (which lands near the middle). `spread` is the
 * lightness range covered; hue drifts toward blue in shadows and toward yellow in highlights.
 */
export function ramp(base: Rgb, n: number, spread = 0.42): Rgb[] {
  const [h, s, l] = rgbToHsl(base);
  const out: Rgb[] = [];
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : i / (n - 1) - 0.5; // -0.5 .. 0.5
    const li = Math.max(0.03, Math.min(0.97, l + t * spread * (l < 0.2 ? 0.8 : 1)));
    const towardWarm = s < 0.06 ? 0 : t * 0.05;
    const hi = h + hueDrift(h, towardWarm);
    const si = Math.max(0, Math.min(1, s * (1 + (t < 0 ? -t * 0.35 : -t * 0.5))));
    out.push(hslToRgb(hi, si, li));
  }
  return out;
}

/** Drift hue toward yellow (1/6) for highlights or toward blue (2/3) for shadows by up to `amount`. */
function hueDrift(h: number, amount: number): number {
  const target = amount > 0 ? 1 / 6 : 2 / 3;
  let d = target - h;
  if (d > 0.5) d -= 1;
  if (d < -0.5) d += 1;
  return Math.sign(d) * Math.min(Math.abs(d), Math.abs(amount));
}

/**
 * Pulls each colour toward the nearest style-guide swatch, keeping its own lightness so the ramp
 * stays ordered. The pull is partial: the material must stay recognisable.
 */
export function pullTowardSwatches(colours: Rgb[], swatches: Rgb[], strength = 0.45): Rgb[] {
  if (swatches.length === 0) return colours;
  return colours.map((c) => {
    let best = swatches[0];
    let bestD = Infinity;
    const [h0, s0] = rgbToHsl(c);
    for (const sw of swatches) {
      const [h1, s1] = rgbToHsl(sw);
      let dh = Math.abs(h0 - h1);
      if (dh > 0.5) dh = 1 - dh;
      const d = dh * Math.min(s0, s1) * 4 + Math.abs(s0 - s1) + Math.abs(luminance(c) - luminance(sw)) / 510;
      if (d < bestD) {
        bestD = d;
        best = sw;
      }
    }
    const [, , l] = rgbToHsl(c);
    const [hb, sb] = rgbToHsl(best);
    const target = hslToRgb(hb, sb, l);
    return mix(c, target, strength);
  });
}

export function parseSwatches(hexes: readonly string[] | undefined): Rgb[] {
  const out: Rgb[] = [];
  for (const h of hexes ?? []) {
    const c = hexToRgb(h);
    if (c) out.push(c);
  }
  return out;
}
