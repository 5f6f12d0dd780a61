import { zlibSync } from "fflate";
import { crc32 } from "../../src/media/png.ts";

/**
 * Test-only PNG writer for any colour type, bit depth, filter choice and interlace, so the decoder
 * can be fed every shape the format allows (the project's own encodePng only writes RGBA8).
 * Deliberately written from the PNG specification rather than from the decoder.
 */
export interface FixtureImage {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  /** Raw samples at the bit depth, row-major, channels in PNG order (palette: one index). */
  samples: ArrayLike<number>;
  interlaced?: boolean;
  palette?: [number, number, number][];
  /** Raw tRNS chunk body. */
  trns?: Uint8Array;
  /** Filter type per scanline, cycled; default all 0..4 in turn. */
  filters?: number[];
  /** Split the zlib stream over this many IDAT chunks. */
  idatParts?: number;
  /** Chunks placed between IHDR and the first IDAT. */
  extraChunks?: Uint8Array[];
}

export const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

export function pngChunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

export function ihdrChunk(
  width: number,
  height: number,
  bitDepth: number,
  colorType: number,
  interlace = 0,
): Uint8Array {
  const body = new Uint8Array(13);
  const v = new DataView(body.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  body.set([bitDepth, colorType, 0, 0, interlace], 8);
  return pngChunk("IHDR", body);
}

export const PNG_SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

export function joinBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
}

/** Packs one row of samples MSB-first at the bit depth (16-bit big-endian). */
function packRow(samples: number[], depth: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((samples.length * depth) / 8));
  samples.forEach((s, i) => {
    if (depth === 16) (out[2 * i] = s >> 8), (out[2 * i + 1] = s & 255);
    else if (depth === 8) out[i] = s;
    else out[(i * depth) >> 3] |= s << (8 - depth - ((i * depth) % 8));
  });
  return out;
}

function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function filterRow(type: number, row: Uint8Array, prev: Uint8Array | null, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp] : 0,
      b = prev ? prev[i] : 0,
      c = prev && i >= bpp ? prev[i - bpp] : 0;
    const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type];
    out[i + 1] = (row[i] - pred) & 255;
  }
  return out;
}

/** The raw (unfiltered-side) scanlines, pass by pass, before compression. */
export function scanlines(img: FixtureImage): Uint8Array {
  const ch = CHANNELS[img.colorType];
  const bpp = Math.max(1, (img.bitDepth * ch) >> 3);
  const filters = img.filters ?? [0, 1, 2, 3, 4];
  const passes = img.interlaced ? ADAM7 : [[0, 0, 1, 1]];
  const lines: Uint8Array[] = [];
  let n = 0;
  for (const [xs, ys, dx, dy] of passes) {
    let prev: Uint8Array | null = null;
    for (let y = ys; y < img.height; y += dy) {
      const samples: number[] = [];
      for (let x = xs; x < img.width; x += dx) {
        for (let c = 0; c < ch; c++) samples.push(img.samples[(y * img.width + x) * ch + c]);
      }
      if (samples.length === 0) break; // empty pass: no scanlines at all
      const row = packRow(samples, img.bitDepth);
      lines.push(filterRow(filters[n++ % filters.length], row, prev, bpp));
      prev = row;
    }
  }
  return joinBytes(lines);
}

export function encodeFixture(img: FixtureImage): Uint8Array {
  const z = zlibSync(scanlines(img), { level: 6 });
  const parts = img.idatParts ?? 1;
  const step = Math.ceil(z.length / parts);
  const idats: Uint8Array[] = [];
  for (let at = 0; at < z.length; at += step) idats.push(pngChunk("IDAT", z.subarray(at, at + step)));
  return joinBytes([
    PNG_SIGNATURE,
    ihdrChunk(img.width, img.height, img.bitDepth, img.colorType, img.interlaced ? 1 : 0),
    ...(img.palette ? [pngChunk("PLTE", new Uint8Array(img.palette.flat()))] : []),
    ...(img.trns ? [pngChunk("tRNS", img.trns)] : []),
    ...(img.extraChunks ?? []),
    ...idats,
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** A PNG whose IDAT is exactly `zlibStream` (for bombs, short data and garbage). */
export function pngWithStream(
  width: number,
  height: number,
  bitDepth: number,
  colorType: number,
  zlibStream: Uint8Array,
): Uint8Array {
  return joinBytes([
    PNG_SIGNATURE,
    ihdrChunk(width, height, bitDepth, colorType),
    pngChunk("IDAT", zlibStream),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** Deterministic pseudo-random samples in [0, 2^depth). */
export function randomSamples(count: number, depth: number, seed: number, max = 2 ** depth - 1): number[] {
  let s = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push(Math.floor((s / 2 ** 32) * (max + 1)));
  }
  return out;
}
