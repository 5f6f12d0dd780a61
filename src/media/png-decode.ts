import { inflateRawSync } from "node:zlib";
import { Unzlib } from "fflate";
import { crc32, type Rgba } from "./png.ts";

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
export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PngError";
  }
}

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

export interface PngLimits {
  maxPixels?: number;
  maxEdge?: number;
  /**
   * Default true. False skips CRC checks (never the size limits): real packs carry PNGs with wrong
   * CRCs that the game itself loads, because its loader ignores them; import may want those.
   */
  checkCrc?: boolean;
}

export const DEFAULT_PNG_LIMITS = { maxEdge: 4096, maxPixels: 16 * 1024 * 1024 } as const;

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const VALID_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes as [xStart, yStart, xStep, yStep]. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
/** Below this much compressed data one synchronous inflate is cheap even for a bomb (<= ~1032:1). */
const SYNC_INFLATE_MAX_INPUT = 64 * 1024;
/** Streaming step: bounds what one push may expand to before the size check sees it. */
const STREAM_STEP = 8 * 1024;

function u32(b: Uint8Array, at: number): number {
  return ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}

function parseIhdr(bytes: Uint8Array, checkCrc = true): PngInfo {
  if (bytes.length < 8 || SIGNATURE.some((v, i) => bytes[i] !== v))
    throw new PngError("not a PNG file (bad signature)");
  if (bytes.length < 33) throw new PngError("PNG is truncated inside its header");
  if (u32(bytes, 8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") {
    throw new PngError("PNG does not start with a 13-byte IHDR chunk");
  }
  if (checkCrc && crc32(bytes.subarray(12, 29)) !== u32(bytes, 29)) throw new PngError("PNG chunk IHDR has a bad CRC");
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const [bitDepth, colorType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) {
    throw new PngError(`PNG declares invalid dimensions ${width}x${height}`);
  }
  if (!VALID_DEPTHS[colorType]) throw new PngError(`PNG colour type ${colorType} does not exist`);
  if (!VALID_DEPTHS[colorType].includes(bitDepth)) {
    throw new PngError(`PNG bit depth ${bitDepth} is not allowed with colour type ${colorType}`);
  }
  if (compression !== 0 || filter !== 0 || interlace > 1) {
    throw new PngError("PNG declares an unknown compression, filter or interlace method");
  }
  return { width, height, bitDepth, colorType, interlaced: interlace === 1 };
}

/** Reads only the signature and IHDR; cheap enough to call before deciding to decode. */
export function pngInfo(bytes: Uint8Array): PngInfo {
  return parseIhdr(bytes);
}

function checkLimits(info: PngInfo, limits: PngLimits) {
  const maxEdge = limits.maxEdge ?? DEFAULT_PNG_LIMITS.maxEdge;
  const maxPixels = limits.maxPixels ?? DEFAULT_PNG_LIMITS.maxPixels;
  const { width, height } = info;
  if (width > maxEdge || height > maxEdge) {
    throw new PngError(`PNG declares ${width}x${height} pixels; the limit is ${maxEdge} per edge`);
  }
  if (width * height > maxPixels) {
    throw new PngError(`PNG declares ${width}x${height} = ${width * height} pixels; the limit is ${maxPixels}`);
  }
}

interface Chunks {
  palette?: Uint8Array;
  transparency?: Uint8Array;
  idat: Uint8Array[];
  idatLength: number;
}

function readChunks(bytes: Uint8Array, info: PngInfo, checkCrc: boolean): Chunks {
  const out: Chunks = { idat: [], idatLength: 0 };
  let at = 33;
  for (;;) {
    if (at + 12 > bytes.length) throw new PngError("PNG is truncated (no IEND chunk)");
    const length = u32(bytes, at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const end = at + 8 + length;
    if (length > 0x7fffffff || end + 4 > bytes.length) throw new PngError(`PNG is truncated inside chunk ${type}`);
    const known = type === "IDAT" || type === "PLTE" || type === "tRNS" || type === "IEND" || type === "IHDR";
    if (!known && !(bytes[at + 4] & 0x20)) throw new PngError(`PNG has unknown critical chunk ${JSON.stringify(type)}`);
    if (known && checkCrc && crc32(bytes.subarray(at + 4, end)) !== u32(bytes, end))
      throw new PngError(`PNG chunk ${type} has a bad CRC`);
    const body = bytes.subarray(at + 8, end);
    if (type === "IEND") break;
    if (type === "IHDR") throw new PngError("PNG has a second IHDR chunk");
    if (type === "IDAT") {
      out.idat.push(body);
      out.idatLength += length;
    } else if (type === "PLTE") {
      if (length === 0 || length % 3 !== 0 || length > 768)
        throw new PngError(`PNG palette has an invalid length ${length}`);
      out.palette = body;
    } else if (type === "tRNS") {
      out.transparency = body;
    }
    at = end + 4;
  }
  if (out.idatLength === 0) throw new PngError("PNG has no image data (no IDAT chunk)");
  if (info.colorType === 3 && !out.palette) throw new PngError("PNG uses a palette but has no PLTE chunk");
  return out;
}

/** Bytes per scanline (without its filter byte) for a pass `width` pixels wide. */
function rowBytes(info: PngInfo, width: number): number {
  return Math.ceil((width * info.bitDepth * CHANNELS[info.colorType]) / 8);
}

function passSizes(info: PngInfo): [number, number][] {
  if (!info.interlaced) return [[info.width, info.height]];
  return ADAM7.map(([xs, ys, dx, dy]) => [
    info.width > xs ? Math.ceil((info.width - xs) / dx) : 0,
    info.height > ys ? Math.ceil((info.height - ys) / dy) : 0,
  ]);
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const all = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** Inflates the zlib stream to exactly `expected` bytes, refusing more or less. */
/** The same words whichever inflater (native zlib for small streams, fflate's streaming one for large) failed. */
const corrupt = () => new PngError("PNG image data is corrupt (not a valid zlib stream)");

function inflateExact(chunks: Chunks, expected: number): Uint8Array {
  const tooMuch = () => new PngError(`PNG image data inflates past the ${expected} bytes its header implies`);
  let out: Uint8Array;
  let filled: number;
  if (chunks.idatLength <= SYNC_INFLATE_MAX_INPUT) {
    try {
      // Native zlib, capped one byte past the size: more output than the header allows is refused in its loop.
      // (fflate's JS inflate was most of an import's time on the API thread for packs of small textures.)
      // The zlib header is checked here and its Adler-32 trailer is not read (raw inflate of what follows the
      // header): real packs carry PNGs with wrong checksums that the game and fflate both accept.
      const stream = concat(chunks.idat, chunks.idatLength);
      if (
        stream.length < 2 ||
        (stream[0] & 0x0f) !== 8 ||
        ((stream[0] << 8) | stream[1]) % 31 !== 0 ||
        stream[1] & 0x20
      )
        throw corrupt();
      const got = inflateRawSync(stream.subarray(2), { maxOutputLength: expected + 1 });
      out = new Uint8Array(got.buffer, got.byteOffset, got.length);
    } catch (e) {
      if (e instanceof PngError) throw e;
      if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooMuch();
      throw corrupt();
    }
    if (out.length > expected) throw tooMuch();
    filled = out.length;
  } else {
    const into = new Uint8Array(expected);
    filled = inflateStreaming(chunks, expected, (data, offset) => into.set(data, offset));
    out = into;
  }
  if (filled < expected) throw new PngError(`PNG image data is truncated: ${filled} of ${expected} bytes`);
  return out;
}

/**
 * Inflates the image data in steps, handing each piece and its offset to `take` without keeping it; answers
 * how many bytes came out. Refuses more than `expected` (a bomb stops at the first piece past it).
 */
function inflateStreaming(chunks: Chunks, expected: number, take: (data: Uint8Array, offset: number) => void): number {
  let filled = 0;
  try {
    const inflater = new Unzlib((data) => {
      if (filled + data.length > expected)
        throw new PngError(`PNG image data inflates past the ${expected} bytes its header implies`);
      take(data, filled);
      filled += data.length;
    });
    const parts = chunks.idat;
    for (let i = 0; i < parts.length; i++)
      for (let at = 0; at < parts[i].length; at += STREAM_STEP)
        inflater.push(
          parts[i].subarray(at, at + STREAM_STEP),
          i === parts.length - 1 && at + STREAM_STEP >= parts[i].length,
        );
    if (!parts.length) inflater.push(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof PngError) throw e;
    throw corrupt();
  }
  return filled;
}

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
  const info = parseIhdr(bytes, limits.checkCrc !== false);
  checkLimits(info, limits);
  const chunks = readChunks(bytes, info, limits.checkCrc !== false);
  const passes = passSizes(info);
  const expected = passes.reduce((n, [w, h]) => n + (w && h ? h * (rowBytes(info, w) + 1) : 0), 0);
  const raw = inflateExact(chunks, expected);
  const bpp = Math.max(1, (info.bitDepth * CHANNELS[info.colorType]) >> 3);
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
 * decodePng followed by a nearest-neighbour resize to width x height (the same centre sampling as
 * media/image.ts resizeNearest, so the pixels are identical), without ever holding the full image: rows are
 * inflated, unfiltered and sampled as they stream by, keeping two rows. A 4096x4096 upload scaled to an icon takes a
 * few KB, not 64 MB of pixels plus 64 MB of image data (issue 13). Interlaced PNGs need every pass before any row
 * is whole, so they take the full decode.
 */
export function decodePngScaled(bytes: Uint8Array, width: number, height: number, limits: PngLimits = {}): Rgba {
  const info = parseIhdr(bytes, limits.checkCrc !== false);
  checkLimits(info, limits);
  const chunks = readChunks(bytes, info, limits.checkCrc !== false);
  if (info.interlaced) return sampleNearest(decodePng(bytes, limits), width, height);
  const stride = rowBytes(info, info.width);
  const rowLen = stride + 1;
  const bpp = Math.max(1, (info.bitDepth * CHANNELS[info.colorType]) >> 3);
  const cols = new Uint32Array(width);
  for (let x = 0; x < width; x++) cols[x] = Math.min(info.width - 1, Math.floor(((x + 0.5) * info.width) / width));
  const sourceRow = (y: number) => Math.min(info.height - 1, Math.floor(((y + 0.5) * info.height) / height));
  const out = new Uint8Array(width * height * 4);
  const out32 = new Uint32Array(out.buffer);
  const rows = new Uint8Array(rowLen * 2); // [previous row | current row], each with its filter byte
  const expanded = new Uint8Array(info.width * 4);
  const expanded32 = new Uint32Array(expanded.buffer);
  let y = 0;
  let at = 0; // bytes of the current row received
  let nextOut = 0; // the first output row not drawn yet
  const filled = inflateStreaming(chunks, rowLen * info.height, (data) => {
    for (let i = 0; i < data.length; ) {
      const take = Math.min(rowLen - at, data.length - i);
      rows.set(data.subarray(i, i + take), rowLen + at);
      i += take;
      at += take;
      if (at < rowLen) break;
      unfilterRow(rows, rowLen, stride, bpp, y > 0, y);
      if (nextOut < height && sourceRow(nextOut) === y) {
        expandRow(rows, rowLen + 1, info.width, info, chunks, expanded, 0, 4);
        for (; nextOut < height && sourceRow(nextOut) === y; nextOut++)
          for (let x = 0; x < width; x++) out32[nextOut * width + x] = expanded32[cols[x]];
      }
      rows.copyWithin(0, rowLen, rowLen * 2);
      at = 0;
      y++;
    }
  });
  const expected = rowLen * info.height;
  if (filled < expected) throw new PngError(`PNG image data is truncated: ${filled} of ${expected} bytes`);
  return { width, height, data: out };
}

/** Nearest-neighbour resize with centre sampling, as media/image.ts resizeNearest (which media cannot import here). */
function sampleNearest(img: Rgba, width: number, height: number): Rgba {
  const out = new Uint8Array(width * height * 4);
  const src = new Uint32Array(img.data.buffer, img.data.byteOffset, img.data.length / 4);
  const dst = new Uint32Array(out.buffer);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, Math.floor(((y + 0.5) * img.height) / height));
    for (let x = 0; x < width; x++)
      dst[y * width + x] = src[sy * img.width + Math.min(img.width - 1, Math.floor(((x + 0.5) * img.width) / width))];
  }
  return { width, height, data: out };
}

/**
 * Everything decodePng checks, without producing pixels: the header and limits, the chunks, the image data
 * inflating to exactly the declared size, and a known filter type on every row. Far cheaper than a decode
 * (no unfiltering, no 4-bytes-per-pixel output), for callers that only need to know a file is a usable PNG
 * of some size (an import stores the file's own bytes).
 */
export function checkPng(bytes: Uint8Array, limits: PngLimits = {}): { width: number; height: number } {
  const info = parseIhdr(bytes, limits.checkCrc !== false);
  checkLimits(info, limits);
  const chunks = readChunks(bytes, info, limits.checkCrc !== false);
  // Where each row's filter byte sits in the inflated stream, pass by pass (Adam7 has seven).
  const rows: [stride: number, count: number][] = passSizes(info)
    .filter(([pw, ph]) => pw && ph)
    .map(([pw, ph]) => [rowBytes(info, pw) + 1, ph]);
  const expected = rows.reduce((n, [stride, count]) => n + stride * count, 0);
  let pass = 0;
  let row = 0;
  let nextFilter = 0;
  const look = (data: Uint8Array, offset: number) => {
    while (pass < rows.length && nextFilter < offset + data.length) {
      const type = data[nextFilter - offset];
      if (type > 4) throw new PngError(`PNG row ${row} uses unknown filter type ${type}`);
      nextFilter += rows[pass][0];
      if (++row === rows[pass][1]) {
        pass++;
        row = 0;
      }
    }
  };
  // A small image inflates in one call (fflate's streaming inflater costs ~160 KB of allocation per push, which
  // made checking a pack of small textures several times slower). A large one is looked at as it streams by and
  // never kept: a 16384² image is checked in a few KB, not the gigabyte its pixels would take (issue 13).
  if (chunks.idatLength <= SYNC_INFLATE_MAX_INPUT) {
    look(inflateExact(chunks, expected), 0);
    return { width: info.width, height: info.height };
  }
  const filled = inflateStreaming(chunks, expected, look);
  if (filled < expected) throw new PngError(`PNG image data is truncated: ${filled} of ${expected} bytes`);
  return { width: info.width, height: info.height };
}
