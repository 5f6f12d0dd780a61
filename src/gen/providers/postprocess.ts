/**
 * Turns an arbitrary picture from an external image model into pack-ready pixel art: background
 * removed (sprites, icons), cropped, area-averaged down to the target size, made to tile (blocks),
 * and reduced to a small palette by median cut. Pure and deterministic: same pixels in, same out.
 */
import { newRgba, type Rgba } from "../../media/png";
import { type Rgb, luminance } from "../art/colour";

export interface PackArtOptions {
  kind: "block" | "item" | "icon";
  /** Edge length for blocks and items; height for icons. */
  size: number;
  /** Palette size; defaults: block 12, item 16, icon 8. */
  colours?: number;
}

const DEFAULT_COLOURS = { block: 12, item: 16, icon: 8 } as const;
/** How close (RGB distance) a border-connected pixel must be to the background colour to be cut. */
const BACKGROUND_TOLERANCE = 48;

export function toPackArt(img: Rgba, opts: PackArtOptions): Rgba {
  const size = Math.max(1, Math.round(opts.size));
  const colours = Math.max(2, Math.min(256, opts.colours ?? DEFAULT_COLOURS[opts.kind]));
  if (opts.kind === "block") {
    const square = cropSquare(img);
    const small = areaDownscale(square, size, size);
    return quantise(makeTileable(opaque(small)), colours);
  }
  const cut = removeBackground(img);
  const box = contentBox(cut);
  const height = size;
  const width = opts.kind === "icon" ? Math.max(1, Math.round((box.w * size) / box.h)) : size;
  const fitted = opts.kind === "item" ? fitSquare(cut, box, size) : areaDownscale(crop(cut, box), width, height);
  binariseAlpha(fitted);
  if (opts.kind === "item") darkenRim(fitted);
  return quantise(fitted, colours);
}

/** Background = the commonest border colour; cut what is connected to the border and close to it. */
export function removeBackground(img: Rgba): Rgba {
  const { width: w, height: h, data } = img;
  const out = { width: w, height: h, data: data.slice() };
  const corners = [0, w - 1, (h - 1) * w, h * w - 1];
  if (corners.every((i) => data[i * 4 + 3] < 128)) return out; // already cut out
  const counts = new Map<number, number>();
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  for (const i of border) {
    const key = ((data[i * 4] >> 3) << 10) | ((data[i * 4 + 1] >> 3) << 5) | (data[i * 4 + 2] >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const bgKey = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const bg: Rgb = [((bgKey >> 10) & 31) * 8 + 4, ((bgKey >> 5) & 31) * 8 + 4, (bgKey & 31) * 8 + 4];
  const near = (i: number) =>
    Math.hypot(data[i * 4] - bg[0], data[i * 4 + 1] - bg[1], data[i * 4 + 2] - bg[2]) < BACKGROUND_TOLERANCE;
  const seen = new Uint8Array(w * h);
  const stack = border.filter(near);
  for (const i of stack) seen[i] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    out.data[i * 4 + 3] = 0;
    const x = i % w;
    const y = (i - x) / w;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ]) {
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const j = ny * w + nx;
      if (!seen[j] && near(j)) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return out;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function contentBox(img: Rgba): Box {
  let x0 = img.width;
  let y0 = img.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (img.data[(y * img.width + x) * 4 + 3] >= 128) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
  if (x1 < 0) return { x: 0, y: 0, w: img.width, h: img.height };
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

function crop(img: Rgba, b: Box): Rgba {
  const out = newRgba(b.w, b.h);
  for (let y = 0; y < b.h; y++)
    out.data.set(
      img.data.subarray(((b.y + y) * img.width + b.x) * 4, ((b.y + y) * img.width + b.x + b.w) * 4),
      y * b.w * 4,
    );
  return out;
}

function cropSquare(img: Rgba): Rgba {
  const s = Math.min(img.width, img.height);
  return crop(img, { x: (img.width - s) >> 1, y: (img.height - s) >> 1, w: s, h: s });
}

/** Centres the content in a size x size sprite with a one-sixteenth margin, keeping its aspect. */
function fitSquare(img: Rgba, b: Box, size: number): Rgba {
  const margin = Math.max(0, Math.round(size / 16));
  const room = size - 2 * margin;
  const k = room / Math.max(b.w, b.h);
  const w = Math.max(1, Math.round(b.w * k));
  const h = Math.max(1, Math.round(b.h * k));
  const small = areaDownscale(crop(img, b), w, h);
  const out = newRgba(size, size);
  const ox = (size - w) >> 1;
  const oy = (size - h) >> 1;
  for (let y = 0; y < h; y++) out.data.set(small.data.subarray(y * w * 4, (y + 1) * w * 4), ((oy + y) * size + ox) * 4);
  return out;
}

/**
 * Box-filter resampling with fractional pixel coverage, alpha-weighted so a cut-out background
 * does not bleed its colour into the sprite's edge.
 */
export function areaDownscale(img: Rgba, w: number, h: number): Rgba {
  const out = newRgba(w, h);
  const sx = img.width / w;
  const sy = img.height / h;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let area = 0;
      for (let yy = Math.floor(y * sy); yy < Math.min(img.height, Math.ceil((y + 1) * sy)); yy++) {
        const cy = Math.min(yy + 1, (y + 1) * sy) - Math.max(yy, y * sy);
        for (let xx = Math.floor(x * sx); xx < Math.min(img.width, Math.ceil((x + 1) * sx)); xx++) {
          const cov = cy * (Math.min(xx + 1, (x + 1) * sx) - Math.max(xx, x * sx));
          const i = (yy * img.width + xx) * 4;
          const al = (img.data[i + 3] / 255) * cov;
          r += img.data[i] * al;
          g += img.data[i + 1] * al;
          b += img.data[i + 2] * al;
          a += al;
          area += cov;
        }
      }
      const o = (y * w + x) * 4;
      if (a > 0) {
        out.data[o] = Math.round(r / a);
        out.data[o + 1] = Math.round(g / a);
        out.data[o + 2] = Math.round(b / a);
      }
      out.data[o + 3] = Math.round((a / (area || 1)) * 255);
    }
  return out;
}

function opaque(img: Rgba): Rgba {
  for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
  return img;
}

/**
 * Exact tiling: blends four copies shifted by half the tile, weighted so that at every edge only
 * the copies shifted along that axis count. Those copies are continuous across the wrap, and each
 * copy's own seam sits where its weight is zero, so no seam survives.
 */
export function makeTileable(img: Rgba): Rgba {
  const { width: w, height: h, data } = img;
  const out = newRgba(w, h);
  const weight = (t: number, n: number) => (n < 3 ? 1 : Math.min(t, n - 1 - t) / ((n - 1) / 2));
  const hx = w >> 1;
  const hy = h >> 1;
  for (let y = 0; y < h; y++) {
    const wy = weight(y, h);
    for (let x = 0; x < w; x++) {
      const wx = weight(x, w);
      const o = (y * w + x) * 4;
      const src = [
        [x, y, wx * wy],
        [(x + hx) % w, y, (1 - wx) * wy],
        [x, (y + hy) % h, wx * (1 - wy)],
        [(x + hx) % w, (y + hy) % h, (1 - wx) * (1 - wy)],
      ];
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (const [sx, sy, k] of src) v += data[(sy * w + sx) * 4 + c] * k;
        out.data[o + c] = Math.round(v);
      }
    }
  }
  return out;
}

function binariseAlpha(img: Rgba): void {
  for (let i = 3; i < img.data.length; i += 4) img.data[i] = img.data[i] >= 128 ? 255 : 0;
}

/** Vanilla sprites have a dark rim: opaque pixels touching transparency are darkened. */
function darkenRim(img: Rgba): void {
  const { width: w, height: h, data } = img;
  const clear = (x: number, y: number) => x < 0 || y < 0 || x >= w || y >= h || data[(y * w + x) * 4 + 3] === 0;
  const rim: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (!clear(x, y) && (clear(x - 1, y) || clear(x + 1, y) || clear(x, y - 1) || clear(x, y + 1)))
        rim.push(y * w + x);
  for (const i of rim) {
    const lum = luminance(data.subarray(i * 4, i * 4 + 3));
    const k = Math.min(0.5, 60 / Math.max(1, lum));
    for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round(data[i * 4 + c] * k);
  }
}

/** Median cut over opaque pixels, then every pixel snaps to its nearest palette colour. */
export function quantise(img: Rgba, colours: number): Rgba {
  const pixels: Rgb[] = [];
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i + 3] > 0) pixels.push([img.data[i], img.data[i + 1], img.data[i + 2]]);
  const palette = medianCut(pixels, colours);
  const out = { width: img.width, height: img.height, data: img.data.slice() };
  const cache = new Map<number, Rgb>();
  for (let i = 0; i < out.data.length; i += 4) {
    if (out.data[i + 3] === 0) {
      out.data[i] = out.data[i + 1] = out.data[i + 2] = 0;
      continue;
    }
    const key = (out.data[i] << 16) | (out.data[i + 1] << 8) | out.data[i + 2];
    let best = cache.get(key);
    if (!best) {
      let bd = Infinity;
      for (const p of palette) {
        const d = (p[0] - out.data[i]) ** 2 + (p[1] - out.data[i + 1]) ** 2 + (p[2] - out.data[i + 2]) ** 2;
        if (d < bd) {
          bd = d;
          best = p;
        }
      }
      cache.set(key, best!);
    }
    out.data[i] = best![0];
    out.data[i + 1] = best![1];
    out.data[i + 2] = best![2];
  }
  return out;
}

export function medianCut(pixels: Rgb[], colours: number): Rgb[] {
  if (pixels.length === 0) return [[0, 0, 0]];
  const boxes: Rgb[][] = [pixels];
  while (boxes.length < colours) {
    // Split the box with the widest channel range; ties go to the earlier box, for determinism.
    let pick = -1;
    let pickRange = 0;
    let pickChannel = 0;
    boxes.forEach((box, bi) => {
      for (let c = 0; c < 3; c++) {
        let lo = 255;
        let hi = 0;
        for (const p of box) {
          if (p[c] < lo) lo = p[c];
          if (p[c] > hi) hi = p[c];
        }
        if (hi - lo > pickRange) {
          pickRange = hi - lo;
          pick = bi;
          pickChannel = c;
        }
      }
    });
    if (pick < 0) break;
    const box = [...boxes[pick]].sort(
      (a, b) => a[pickChannel] - b[pickChannel] || a[0] - b[0] || a[1] - b[1] || a[2] - b[2],
    );
    const mid = box.length >> 1;
    boxes.splice(pick, 1, box.slice(0, mid), box.slice(mid));
  }
  return boxes.map((box) => {
    const s = [0, 0, 0];
    for (const p of box) for (let c = 0; c < 3; c++) s[c] += p[c];
    return s.map((v) => Math.round(v / box.length)) as Rgb;
  });
}
