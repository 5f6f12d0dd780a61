import { inflateRawSync } from "node:zlib";
import { Unzlib } from "fflate";
import { crc32 } from "./png.ts";

/**
 * The PNG container for the decoder (png-decode.ts): signature and IHDR with the size limits, the chunks it
 * reads (CRCs checked unless told not to), and the image data inflated to exactly the size the header implies,
 * in one piece or streamed.
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
export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes as [xStart, yStart, xStep, yStep]. */
export const ADAM7 = [
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
/** ...and below this much image data: a flat 4096² image compresses to ~64 KB but is 64 MB inflated. */
const SYNC_INFLATE_MAX_OUTPUT = 4 * 1024 * 1024;
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

export interface Chunks {
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
export function rowBytes(info: PngInfo, width: number): number {
  return Math.ceil((width * info.bitDepth * CHANNELS[info.colorType]) / 8);
}

export function passSizes(info: PngInfo): [number, number][] {
  if (!info.interlaced) return [[info.width, info.height]];
  return ADAM7.map(([xs, ys, dx, dy]) => [
    info.width > xs ? Math.ceil((info.width - xs) / dx) : 0,
    info.height > ys ? Math.ceil((info.height - ys) / dy) : 0,
  ]);
}

/** Inflates the zlib stream to exactly `expected` bytes, refusing more or less. */
/** The same words whichever inflater (native zlib for small streams, fflate's streaming one for large) failed. */
const corrupt = () => new PngError("PNG image data is corrupt (not a valid zlib stream)");

export function inflateExact(chunks: Chunks, expected: number): Uint8Array {
  const tooMuch = () => new PngError(`PNG image data inflates past the ${expected} bytes its header implies`);
  let out: Uint8Array;
  let filled: number;
  if (chunks.idatLength <= SYNC_INFLATE_MAX_INPUT) {
    try {
      // Native zlib, capped one byte past the size: more output than the header allows is refused in its loop.
      // (fflate's JS inflate was most of an import's time on the API thread for packs of small textures.)
      // The zlib header is checked here and its Adler-32 trailer is not read (raw inflate of what follows the
      // header): real packs carry PNGs with wrong checksums that the game and fflate both accept.
      const stream = chunks.idat.length === 1 ? chunks.idat[0] : new Uint8Array(Bun.concatArrayBuffers(chunks.idat));
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

/** The header (refused past the limits before anything is allocated) and the chunks the decoder reads. */
export function openPng(bytes: Uint8Array, limits: PngLimits): { info: PngInfo; chunks: Chunks } {
  const info = parseIhdr(bytes, limits.checkCrc !== false);
  checkLimits(info, limits);
  return { info, chunks: readChunks(bytes, info, limits.checkCrc !== false) };
}

/** Bytes per complete pixel, at least 1 (sub-byte depths filter byte by byte). */
export const bytesPerPixel = (info: PngInfo) => Math.max(1, (info.bitDepth * CHANNELS[info.colorType]) >> 3);

/**
 * The image data handed to `take` piece by piece with each piece's offset, never kept here: exactly `expected`
 * bytes or a PngError. A small stream of a small image inflates in one native call (fflate's streaming inflater costs ~160 KB of
 * allocation per push, which made packs of small textures several times slower); a large one streams, so a
 * 16384² image is looked at in a few KB, not the gigabyte its pixels would take.
 */
export function inflatePieces(
  chunks: Chunks,
  expected: number,
  take: (data: Uint8Array, offset: number) => void,
): void {
  if (chunks.idatLength <= SYNC_INFLATE_MAX_INPUT && expected <= SYNC_INFLATE_MAX_OUTPUT)
    return take(inflateExact(chunks, expected), 0);
  const filled = inflateStreaming(chunks, expected, take);
  if (filled < expected) throw new PngError(`PNG image data is truncated: ${filled} of ${expected} bytes`);
}
