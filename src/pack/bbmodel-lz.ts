/**
 * Blockbench's compressed project files: "<lz>" followed by LZUTF8 output in its
 * "StorageBinaryString" text form (15 bits per UTF-16 unit, NUL stored as U+8002). Written from the
 * format description (lzutf8.js README/sources); tiny because only decompression is needed.
 */
import { invalid } from "../domain-error.ts";

/** The text form back to bytes: 15-bit units form one bit stream, read as big-endian 16-bit words. */
function storageBinaryToBytes(text: string): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    let unit = text.charCodeAt(i);
    if (unit === 0x8002) unit = 0;
    if (unit >= 0x8000) {
      // End marker; its low bit says the byte count was odd, so the padding byte goes.
      if (unit & 1) out.pop();
      acc = 0;
      bits = 0;
      continue;
    }
    acc = (acc << 15) | unit;
    bits += 15;
    if (bits >= 16) {
      const word = (acc >>> (bits - 16)) & 0xffff;
      out.push(word >>> 8, word & 0xff);
      bits -= 16;
      acc &= (1 << bits) - 1;
    }
  }
  return Uint8Array.from(out);
}

/**
 * LZUTF8 bytes to text: UTF-8 bytes, except that a lead byte 110lllll / 111lllll followed by a byte
 * below 0x80 (which UTF-8 never allows) is a back-reference of `l` bytes, 7- or 15-bit distance.
 */
function lzutf8Decompress(input: Uint8Array): Uint8Array {
  let out = new Uint8Array(Math.max(1024, input.length * 4));
  let n = 0;
  const push = (b: number) => {
    if (n === out.length) {
      const bigger = new Uint8Array(out.length * 2);
      bigger.set(out);
      out = bigger;
    }
    out[n++] = b;
  };
  for (let i = 0; i < input.length; i++) {
    const b = input[i];
    if (b >>> 6 !== 3 || i + 1 >= input.length || input[i + 1] >>> 7 === 1) {
      push(b);
      continue;
    }
    const length = b & 31;
    let distance: number;
    if (b >>> 5 === 6) distance = input[++i];
    else {
      if (i + 2 >= input.length) throw invalid("the compressed Blockbench file is truncated");
      distance = (input[i + 1] << 8) | input[i + 2];
      i += 2;
    }
    const from = n - distance;
    if (distance === 0 || from < 0)
      throw invalid("the compressed Blockbench file is corrupt (a back-reference points before the start)");
    for (let k = 0; k < length; k++) push(out[from + k]);
  }
  return out.subarray(0, n);
}

/** The JSON text inside a "<lz>" Blockbench file. */
export function decompressBlockbench(text: string): string {
  const body = text.startsWith("<lz>") ? text.slice(4) : text;
  return new TextDecoder("utf-8", { fatal: false }).decode(lzutf8Decompress(storageBinaryToBytes(body)));
}
