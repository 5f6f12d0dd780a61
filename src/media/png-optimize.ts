/**
 * Lossless PNG optimisation for `optimize=true` exports: the smallest encoding that keeps every pixel.
 *
 * The re-encoding is oxipng's (the Rust optimiser, through `@jsquash/oxipng`'s WebAssembly build, which runs
 * in Bun and inside the compiled binary): it picks the smallest colour type and bit depth that holds the image
 * exactly (palette where 256 colours or fewer, grey where grey, no alpha where opaque, tRNS where it pays),
 * tries the row filters and adaptive per-row strategies and keeps the smallest, and deflates with libdeflate
 * at its strongest level from preset 4 up (see presetFor). Written here, around it:
 * - ancillary chunks are dropped first (text, time, physical size, gamma and colour profiles, background…):
 *   the game's image loader (stb_image) reads IHDR, PLTE, tRNS and IDAT only; oxipng itself keeps chunks;
 * - `optimize_alpha` stays off, so even fully transparent pixels keep their colour: the RGBA is equal, not
 *   merely equivalent;
 * - the result is decoded and compared with the original's RGBA before it is used; a PNG that cannot be read
 *   (bad CRCs the game tolerates, an animated PNG, a form our decoder refuses) is left exactly as it came.
 * Deterministic: the same bytes and preset give the same output (oxipng's single-threaded build).
 */
import { initSync, optimise } from "@jsquash/oxipng/codec/pkg/squoosh_oxipng.js";
import wasmPath from "@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm" with { type: "file" };
import { readFileSync } from "node:fs";
import { crc32 } from "./crc32.ts";
import { decodePng } from "./png-decode.ts";

/**
 * oxipng's preset by image size. 4 is the first with libdeflate's maximum level (12) and the full set of row
 * filters (5 and 6 add brute-force trials costing several times the time for well under 1%): every sprite-sized
 * image gets it. Its time grows with the pixels, and a zip entry cannot start before its bytes are known, so a
 * large image holds the download still while it is re-encoded: a 2048x2048 pack.png took 28 s at preset 2 and
 * 16 s at preset 1 here (still 7% smaller than `optipng -o2`, which took 13 s of CPU), and preset 4 would run past
 * the server's 120 s idle timeout on a loaded machine. So larger images step down.
 */
export function presetFor(pixels: number): number {
  if (pixels <= 512 * 512) return 4;
  if (pixels <= 1024 * 1024) return 2;
  return 1;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The chunks the game's loader reads; every other chunk is ancillary to it. */
const CRITICAL = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);
/** Animated PNG chunks: such a file is left as it came (its frames are not the game's business, nor ours). */
const ANIMATION = new Set(["acTL", "fcTL", "fdAT"]);

let ready = false;
function ensureWasm(): void {
  if (ready) return;
  initSync(readFileSync(wasmPath));
  ready = true;
}

/**
 * The PNG with only the chunks the game reads, or null when it cannot be walked safely: not a PNG, a chunk
 * running past the end, a CRC that does not match, or an animation.
 */
export function stripAncillary(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let ended = false;
  while (at + 12 <= bytes.length && !ended) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (ANIMATION.has(type) || (at === 8 && (type !== "IHDR" || length !== 13))) return null;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return null;
    if (CRITICAL.has(type)) kept.push(bytes.subarray(at, end));
    ended = type === "IEND";
    at = end;
  }
  if (!ended) return null;
  return new Uint8Array(Bun.concatArrayBuffers(kept));
}

function samePixels(a: Uint8Array, b: Uint8Array): boolean {
  try {
    const x = decodePng(a);
    const y = decodePng(b);
    return x.width === y.width && x.height === y.height && Buffer.compare(x.data, y.data) === 0;
  } catch {
    return false;
  }
}

/** The smallest lossless form of a PNG, or the bytes as they came when nothing smaller keeps every pixel. */
export function optimizePng(bytes: Uint8Array, preset?: number): Uint8Array {
  const stripped = stripAncillary(bytes);
  if (!stripped) return bytes;
  ensureWasm();
  const ihdr = new DataView(stripped.buffer, stripped.byteOffset + 16, 8);
  preset ??= presetFor(ihdr.getUint32(0) * ihdr.getUint32(4));
  let best = stripped;
  try {
    const out = optimise(stripped, preset, false, false);
    if (out.length < best.length) best = out;
  } catch {
    // oxipng refused it (a form it does not read): the stripped file is still the game's image.
  }
  if (best.length >= bytes.length || !samePixels(bytes, best)) return bytes;
  return best;
}
