import type { Rgba } from "./png.ts";
import { centreSample, resizeNearest } from "./image.ts";
import {
  ADAM7,
  bytesPerPixel,
  type Chunks,
  inflateExact,
  inflatePieces,
  openPng,
  passSizes,
  PngError,
  type PngInfo,
  type PngLimits,
  rowBytes,
} from "./png-read.ts";

export { DEFAULT_PNG_LIMITS, PngError, type PngInfo, type PngLimits, pngInfo } from "./png-read.ts";

/**
 * PNG decoder for untrusted uploads and for origin hashing. Our own code, not photon's, so that the
 * limits are ours: dimensions are refused from IHDR before a byte of pixel memory is allocated, and
 * inflation stops as soon as it passes the exact size the header implies (zip-bomb IDAT).
 *
 * Output is always 8-bit RGBA. Choices another implementation must share (the origin hash depends on
 * them; test/vectors/README.md repeats them):
 * - 16-bit samples become 8-bit by round(v / 257), i.e. floor((v + 128) / 257) — the nearest 8-bit
 *   value, not the high byte.
 * - Sub-byte greys scale to 0..255 by v * 255 / (2^depth - 1) (exact: x255, x85, x17).
 * - tRNS is compared against the raw sample before any scaling (16-bit keys compare all 16 bits).
 * - A palette index past the PLTE entries reads as opaque black.
 * - gAMA, cHRM, sRGB, iCCP and sBIT are ignored: no colour management, samples are taken as stored.
 * - CRCs are checked on every chunk the decoder reads (IHDR, PLTE, tRNS, IDAT, IEND); other
 *   ancillary chunks are skipped unchecked, an unknown critical chunk is refused. The zlib Adler-32
 *   is not checked (the IDAT CRCs already cover those bytes).
 */

/**
 * Reverses the per-row filters in place; `bpp` is bytes per complete pixel, at least 1. One loop per
 * filter type keeps the per-byte work branch-free. The first row's "previous row" is all zeros.
 */
function unfilter(data: Uint8Array, start: number, rows: number, stride: number, bpp: number) {
  for (let y = 0; y < rows; y++) unfilterRow(data, start + y * (stride + 1), stride, bpp, y > 0, y);
}

/**
 * Reverses one row's filter in place: its filter byte at `f`, the row before it (when `hasUp`) right before it.
 * One loop per filter type keeps the per-byte work branch-free.
 */
function unfilterRow(data: Uint8Array, f: number, stride: number, bpp: number, hasUp: boolean, y: number) {
  const line = f + 1;
  const type = data[f];
  if (type === 0) return;
  if (type > 4) throw new PngError(`PNG row ${y} uses unknown filter type ${type}`);
  const end = line + stride;
  if (!hasUp) {
    // Up adds nothing; Average halves the left byte; Paeth picks the left byte.
    if (type === 1 || type === 4) for (let i = line + bpp; i < end; i++) data[i] = (data[i] + data[i - bpp]) & 0xff;
    else if (type === 3) for (let i = line + bpp; i < end; i++) data[i] = (data[i] + (data[i - bpp] >> 1)) & 0xff;
    return;
  }
  const up = -(stride + 1);
  if (type === 1) {
    for (let i = line + bpp; i < end; i++) data[i] = (data[i] + data[i - bpp]) & 0xff;
  } else if (type === 2) {
    for (let i = line; i < end; i++) data[i] = (data[i] + data[i + up]) & 0xff;
  } else if (type === 3) {
    for (let i = line; i < line + bpp; i++) data[i] = (data[i] + (data[i + up] >> 1)) & 0xff;
    for (let i = line + bpp; i < end; i++) data[i] = (data[i] + ((data[i - bpp] + data[i + up]) >> 1)) & 0xff;
  } else {
    for (let i = line; i < line + bpp; i++) data[i] = (data[i] + data[i + up]) & 0xff;
    for (let i = line + bpp; i < end; i++) {
      const a = data[i - bpp],
        b = data[i + up],
        c = data[i + up - bpp];
      const pa = Math.abs(b - c),
        pb = Math.abs(a - c),
        pc = Math.abs(a + b - 2 * c);
      data[i] = (data[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
    }
  }
}

/** Raw sample `i` of a scanline starting at `line`, at the image's bit depth. */
function sampleAt(data: Uint8Array, line: number, i: number, depth: number): number {
  if (depth === 8) return data[line + i];
  if (depth === 16) return (data[line + 2 * i] << 8) | data[line + 2 * i + 1];
  const bit = i * depth;
  return (data[line + (bit >> 3)] >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

/** 16-bit to 8-bit by rounding to nearest (see module comment); sub-byte grey scaled up. */
function to8(v: number, depth: number): number {
  if (depth === 8) return v;
  if (depth === 16) return ((v + 128) / 257) | 0;
  return v * (255 / ((1 << depth) - 1));
}

/** Expands one unfiltered scanline into RGBA pixels at out[dst], out[dst+step], ... */
function expandRow(
  data: Uint8Array,
  line: number,
  width: number,
  info: PngInfo,
  chunks: Chunks,
  out: Uint8Array,
  dst: number,
  step: number,
) {
  const { bitDepth: d, colorType } = info;
  const trns = chunks.transparency;
  if (d === 8 && colorType === 6) {
    // The common case (and our own encoder's output): straight copies, no per-sample dispatch.
    if (step === 4) out.set(data.subarray(line, line + width * 4), dst);
    else
      for (let x = 0, s = line; x < width; x++, dst += step, s += 4)
        (out[dst] = data[s]), (out[dst + 1] = data[s + 1]), (out[dst + 2] = data[s + 2]), (out[dst + 3] = data[s + 3]);
    return;
  }
  for (let x = 0; x < width; x++, dst += step) {
    if (colorType === 6) {
      out[dst] = to8(sampleAt(data, line, 4 * x, d), d);
      out[dst + 1] = to8(sampleAt(data, line, 4 * x + 1, d), d);
      out[dst + 2] = to8(sampleAt(data, line, 4 * x + 2, d), d);
      out[dst + 3] = to8(sampleAt(data, line, 4 * x + 3, d), d);
    } else if (colorType === 2) {
      const r = sampleAt(data, line, 3 * x, d),
        g = sampleAt(data, line, 3 * x + 1, d),
        b = sampleAt(data, line, 3 * x + 2, d);
      out[dst] = to8(r, d);
      out[dst + 1] = to8(g, d);
      out[dst + 2] = to8(b, d);
      const keyed =
        trns &&
        trns.length >= 6 &&
        r === ((trns[0] << 8) | trns[1]) &&
        g === ((trns[2] << 8) | trns[3]) &&
        b === ((trns[4] << 8) | trns[5]);
      out[dst + 3] = keyed ? 0 : 255;
    } else if (colorType === 3) {
      const idx = sampleAt(data, line, x, d);
      const pal = chunks.palette!;
      if (idx * 3 < pal.length) {
        out[dst] = pal[idx * 3];
        out[dst + 1] = pal[idx * 3 + 1];
        out[dst + 2] = pal[idx * 3 + 2];
      } else {
        out[dst] = out[dst + 1] = out[dst + 2] = 0;
      }
      out[dst + 3] = trns && idx < trns.length ? trns[idx] : 255;
    } else if (colorType === 4) {
      const g = to8(sampleAt(data, line, 2 * x, d), d);
      out[dst] = out[dst + 1] = out[dst + 2] = g;
      out[dst + 3] = to8(sampleAt(data, line, 2 * x + 1, d), d);
    } else {
      const v = sampleAt(data, line, x, d);
      out[dst] = out[dst + 1] = out[dst + 2] = to8(v, d);
      out[dst + 3] = trns && trns.length >= 2 && v === ((trns[0] << 8) | trns[1]) ? 0 : 255;
    }
  }
}

/**
 * Decodes any valid PNG to 8-bit RGBA. Throws PngError for non-PNG input, corrupt or truncated
 * data, or declared dimensions past the limits (checked before allocating).
 */
export function decodePng(bytes: Uint8Array, limits: PngLimits = {}): Rgba {
  const { info, chunks } = openPng(bytes, limits);
  const passes = passSizes(info);
  const expected = passes.reduce((n, [w, h]) => n + (w && h ? h * (rowBytes(info, w) + 1) : 0), 0);
  const raw = inflateExact(chunks, expected);
  const bpp = bytesPerPixel(info);
  const { width, height } = info;
  const out = new Uint8Array(width * height * 4);
  let at = 0;
  passes.forEach(([pw, ph], p) => {
    if (!pw || !ph) return;
    const stride = rowBytes(info, pw);
    unfilter(raw, at, ph, stride, bpp);
    const [xs, ys, dx, dy] = info.interlaced ? ADAM7[p] : [0, 0, 1, 1];
    for (let y = 0; y < ph; y++) {
      const line = at + y * (stride + 1) + 1;
      expandRow(raw, line, pw, info, chunks, out, ((ys + y * dy) * width + xs) * 4, dx * 4);
    }
    at += ph * (stride + 1);
  });
  return { width, height, data: out };
}

/**
 * decodePng followed by media/image.ts resizeNearest to width x height (the same centre sampling, so the pixels
 * are identical), without ever holding the full image: rows are inflated, unfiltered and sampled as they stream
 * by, keeping two rows. A 4096x4096 upload scaled to an icon takes a few KB, not 64 MB of pixels plus 64 MB of
 * image data (issue 13). Interlaced PNGs need every pass before any row is whole, so they take the full decode.
 */
export function decodePngScaled(bytes: Uint8Array, width: number, height: number, limits: PngLimits = {}): Rgba {
  const { info, chunks } = openPng(bytes, limits);
  if (info.interlaced) return resizeNearest(decodePng(bytes, limits), width, height);
  const stride = rowBytes(info, info.width);
  const rowLen = stride + 1;
  const bpp = bytesPerPixel(info);
  const cols = Uint32Array.from({ length: width }, (_, x) => centreSample(x, info.width, width));
  const out = new Uint8Array(width * height * 4);
  const out32 = new Uint32Array(out.buffer);
  const rows = new Uint8Array(rowLen * 2); // [previous row | current row], each with its filter byte
  const expanded = new Uint8Array(info.width * 4);
  const expanded32 = new Uint32Array(expanded.buffer);
  let y = 0;
  let at = 0; // bytes of the current row received
  let nextOut = 0; // the first output row not drawn yet
  inflatePieces(chunks, rowLen * info.height, (data) => {
    for (let i = 0; i < data.length; ) {
      const take = Math.min(rowLen - at, data.length - i);
      rows.set(data.subarray(i, i + take), rowLen + at);
      i += take;
      at += take;
      if (at < rowLen) break;
      unfilterRow(rows, rowLen, stride, bpp, y > 0, y);
      if (nextOut < height && centreSample(nextOut, info.height, height) === y) {
        expandRow(rows, rowLen + 1, info.width, info, chunks, expanded, 0, 4);
        for (; nextOut < height && centreSample(nextOut, info.height, height) === y; nextOut++)
          for (let x = 0; x < width; x++) out32[nextOut * width + x] = expanded32[cols[x]];
      }
      rows.copyWithin(0, rowLen, rowLen * 2);
      at = 0;
      y++;
    }
  });
  return { width, height, data: out };
}

/**
 * Everything decodePng checks, without producing pixels: the header and limits, the chunks, the image data
 * inflating to exactly the declared size, and a known filter type on every row. Far cheaper than a decode
 * (no unfiltering, no 4-bytes-per-pixel output), for callers that only need to know a file is a usable PNG
 * of some size (an import stores the file's own bytes).
 */
export function checkPng(bytes: Uint8Array, limits: PngLimits = {}): { width: number; height: number } {
  const { info, chunks } = openPng(bytes, limits);
  // Where each row's filter byte sits in the inflated stream, pass by pass (Adam7 has seven).
  const rows: [stride: number, count: number][] = passSizes(info)
    .filter(([pw, ph]) => pw && ph)
    .map(([pw, ph]) => [rowBytes(info, pw) + 1, ph]);
  const expected = rows.reduce((n, [stride, count]) => n + stride * count, 0);
  let pass = 0;
  let row = 0;
  let nextFilter = 0;
  inflatePieces(chunks, expected, (data, offset) => {
    while (pass < rows.length && nextFilter < offset + data.length) {
      const type = data[nextFilter - offset];
      if (type > 4) throw new PngError(`PNG row ${row} uses unknown filter type ${type}`);
      nextFilter += rows[pass][0];
      if (++row === rows[pass][1]) {
        pass++;
        row = 0;
      }
    }
  });
  return { width: info.width, height: info.height };
}
