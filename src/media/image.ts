import { newRgba, type Rgba } from "./png.ts";

/**
 * Small pure raster operations on Rgba. Every function returns a new image (blit and fill excepted,
 * which draw into their destination on purpose), so callers can share inputs freely.
 * Nearest-neighbour only: this is pixel art, and any smoothing would invent colours.
 */

/** Resamples to w x h by picking, for each target pixel, the source pixel under its centre. */
export function resizeNearest(img: Rgba, w: number, h: number): Rgba {
  checkSize(w, h);
  const out = newRgba(w, h);
  const src = pixels32(img);
  const dst = new Uint32Array(out.data.buffer);
  // Source column per target column, computed once: centre sampling keeps 2x downsizes symmetric.
  const cols = new Uint32Array(w);
  for (let x = 0; x < w; x++) cols[x] = centreSample(x, img.width, w);
  for (let y = 0; y < h; y++) {
    const sy = centreSample(y, img.height, h);
    const row = sy * img.width;
    for (let x = 0; x < w; x++) dst[y * w + x] = src[row + cols[x]];
  }
  return out;
}

/**
 * The source index a target index `i` samples when `from` pixels become `to` (nearest neighbour at the pixel's
 * centre); the streaming scaled PNG decode samples the same way, so its pixels equal resizeNearest's.
 */
export function centreSample(i: number, from: number, to: number): number {
  return Math.min(from - 1, Math.floor(((i + 0.5) * from) / to));
}

/** Integer upscale: every pixel becomes a factor x factor block. */
export function scaleUp(img: Rgba, factor: number): Rgba {
  if (!Number.isInteger(factor) || factor < 1)
    throw new RangeError(`scale factor must be a positive integer, got ${factor}`);
  return resizeNearest(img, img.width * factor, img.height * factor);
}

/** Copies the w x h rectangle at (x, y); the rectangle must lie inside the image. */
export function crop(img: Rgba, x: number, y: number, w: number, h: number): Rgba {
  checkSize(w, h);
  if (x < 0 || y < 0 || x + w > img.width || y + h > img.height) {
    throw new RangeError(`crop ${w}x${h} at ${x},${y} leaves the ${img.width}x${img.height} image`);
  }
  const out = newRgba(w, h);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * img.width + x) * 4;
    out.data.set(img.data.subarray(from, from + w * 4), row * w * 4);
  }
  return out;
}

/**
 * Draws src over dst with its top-left at (x, y), alpha-over ("source over" with straight alpha),
 * clipping whatever falls outside dst. Opaque and fully transparent source pixels take a fast path.
 */
export function blit(dst: Rgba, src: Rgba, x: number, y: number): Rgba {
  const x0 = Math.max(0, x),
    y0 = Math.max(0, y);
  const x1 = Math.min(dst.width, x + src.width),
    y1 = Math.min(dst.height, y + src.height);
  const d = dst.data,
    s = src.data;
  for (let dy = y0; dy < y1; dy++) {
    for (let dx = x0; dx < x1; dx++) {
      const si = ((dy - y) * src.width + (dx - x)) * 4;
      const di = (dy * dst.width + dx) * 4;
      const sa = s[si + 3];
      if (sa === 0) continue;
      if (sa === 255) {
        (d[di] = s[si]), (d[di + 1] = s[si + 1]), (d[di + 2] = s[si + 2]), (d[di + 3] = 255);
        continue;
      }
      const da = d[di + 3];
      const outA = sa + (da * (255 - sa)) / 255;
      for (let c = 0; c < 3; c++) {
        d[di + c] = Math.round((s[si + c] * sa + (d[di + c] * da * (255 - sa)) / 255) / outA);
      }
      d[di + 3] = Math.round(outA);
    }
  }
  return dst;
}

/** Fills a rectangle (clipped) with one colour, replacing what was there. */
export function fillRect(
  img: Rgba,
  x: number,
  y: number,
  w: number,
  h: number,
  rgba: [number, number, number, number],
): Rgba {
  const x0 = Math.max(0, x),
    y0 = Math.max(0, y);
  const x1 = Math.min(img.width, x + w),
    y1 = Math.min(img.height, y + h);
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) img.data.set(rgba, (py * img.width + px) * 4);
  }
  return img;
}

export function isSquare(img: Rgba): boolean {
  return img.width === img.height;
}

/**
 * Counts distinct RGBA values, stopping once `cap` is reached (so "at least N colours" questions on
 * large images stay cheap). Fully transparent pixels all count as one colour, whatever their RGB.
 */
export function countColours(img: Rgba, cap = Infinity): number {
  const px = pixels32(img);
  const seen = new Set<number>();
  for (let i = 0; i < px.length && seen.size < cap; i++) {
    seen.add(img.data[i * 4 + 3] === 0 ? 0 : px[i]);
  }
  return seen.size;
}

/** Copy with every alpha-0 pixel set to four zero bytes: invisible RGB carries no meaning. */
export function clearTransparent(img: Rgba): Rgba {
  const data = img.data.slice();
  for (let i = 3; i < data.length; i += 4) if (data[i] === 0) data[i - 3] = data[i - 2] = data[i - 1] = 0;
  return { width: img.width, height: img.height, data };
}

/** True when no pixel is visible. */
export function isFullyTransparent(img: Rgba): boolean {
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] !== 0) return false;
  return true;
}

/** Smallest rectangle holding every visible pixel, or null for a fully transparent image. */
export function opaqueBounds(img: Rgba): { x: number; y: number; width: number; height: number } | null {
  let minX = img.width,
    minY = img.height,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * 4 + 3] === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Flips left-right (mirrored sprites, e.g. the left hand of a pair). */
export function flipHorizontal(img: Rgba): Rgba {
  const out = newRgba(img.width, img.height);
  const src = pixels32(img);
  const dst = new Uint32Array(out.data.buffer);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) dst[y * img.width + x] = src[y * img.width + img.width - 1 - x];
  }
  return out;
}

/** The pixels as one 32-bit word each (byte order irrelevant: words are only copied or compared). */
function pixels32(img: Rgba): Uint32Array {
  const data = img.data.byteOffset % 4 === 0 ? img.data : img.data.slice();
  return new Uint32Array(data.buffer, data.byteOffset, img.width * img.height);
}

function checkSize(w: number, h: number) {
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) {
    throw new RangeError(`image size must be positive integers, got ${w}x${h}`);
  }
}
