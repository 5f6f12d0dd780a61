import { describe, expect, test } from "bun:test";
import { zlibSync } from "fflate";
import { checkPng, decodePng, decodePngScaled, pngInfo, PngError } from "../../src/media/png-decode.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import {
  encodeFixture,
  ihdrChunk,
  joinBytes,
  PNG_SIGNATURE,
  pngChunk,
  pngWithStream,
  randomSamples,
} from "../support/png-fixture.ts";

const small = (() => {
  const img = newRgba(16, 16);
  img.data.set(randomSamples(16 * 16 * 4, 8, 3));
  return encodePng(img);
})();

/**
 * The refusal's message; checkPng (the import's check without pixels) and the streaming scaled decode (uploads
 * resampled to a smaller size) must refuse with the same one.
 */
function refusal(bytes: Uint8Array, limits?: Parameters<typeof decodePng>[1]): string {
  const scaled = (b: Uint8Array, l?: Parameters<typeof decodePng>[1]) => decodePngScaled(b, 3, 2, l);
  const messages = [decodePng, checkPng, scaled].map((f) => {
    try {
      f(bytes, limits);
    } catch (e) {
      expect(e).toBeInstanceOf(PngError);
      return (e as Error).message;
    }
    throw new Error(`${f.name} accepted input it should refuse`);
  });
  expect(messages[1]).toBe(messages[0]);
  expect(messages[2]).toBe(messages[0]);
  return messages[0];
}

/** IHDR only (plus IEND): enough to reach the limit check, nothing to allocate from. */
const headerOnly = (w: number, h: number) =>
  joinBytes([PNG_SIGNATURE, ihdrChunk(w, h, 8, 6), pngChunk("IEND", new Uint8Array(0))]);

describe("decodePng refuses oversized declarations before allocating", () => {
  test("60000x60000 in a 57-byte file is refused with the dimensions in the message", () => {
    expect(refusal(headerOnly(60000, 60000))).toBe("PNG declares 60000x60000 pixels; the limit is 4096 per edge");
  });

  test("default edge limit: 4096 passes the check, 4097 does not (either axis)", () => {
    // Passing the check shows as the next complaint: the file has no pixel data.
    expect(refusal(headerOnly(4096, 1))).toContain("no image data");
    expect(refusal(headerOnly(1, 4096))).toContain("no image data");
    expect(refusal(headerOnly(4097, 1))).toContain("limit is 4096 per edge");
    expect(refusal(headerOnly(1, 4097))).toContain("limit is 4096 per edge");
    expect(refusal(headerOnly(4096, 4096))).toContain("no image data"); // exactly the 16M pixel default
  });

  test("custom limits at the bound and one past", () => {
    const png = encodeFixture({ width: 10, height: 10, colorType: 0, bitDepth: 8, samples: randomSamples(100, 8, 1) });
    expect(decodePng(png, { maxEdge: 10, maxPixels: 100 }).width).toBe(10);
    expect(refusal(png, { maxEdge: 9 })).toBe("PNG declares 10x10 pixels; the limit is 9 per edge");
    expect(refusal(png, { maxPixels: 99 })).toBe("PNG declares 10x10 = 100 pixels; the limit is 99");
  });

  test("zero-sized and out-of-range dimensions", () => {
    expect(refusal(headerOnly(0, 5))).toContain("invalid dimensions");
    expect(refusal(headerOnly(0x80000000, 1))).toContain("invalid dimensions");
  });
});

describe("decodePng refuses corrupt input", () => {
  test("not a PNG: empty, text, JPEG, and a signature alone", () => {
    expect(refusal(new Uint8Array(0))).toContain("not a PNG");
    expect(refusal(new TextEncoder().encode("hello, this is not an image"))).toContain("not a PNG");
    expect(refusal(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]))).toContain("not a PNG");
    expect(refusal(PNG_SIGNATURE)).toContain("truncated");
    expect(() => pngInfo(new Uint8Array([1, 2, 3]))).toThrow(PngError);
  });

  test("every truncation of a valid file is refused", () => {
    for (let n = 0; n < small.length; n++) refusal(small.subarray(0, n));
  });

  test("a flipped bit in any checked chunk is a bad CRC", () => {
    const palette = encodeFixture({
      width: 3,
      height: 3,
      colorType: 3,
      bitDepth: 8,
      palette: [
        [1, 2, 3],
        [4, 5, 6],
      ],
      trns: new Uint8Array([9]),
      samples: [0, 1, 0, 1, 0, 1, 0, 1, 0],
    });
    // Offsets of the first body byte of IHDR, PLTE, tRNS and IDAT in that file.
    for (const [at, type] of [
      [16, "IHDR"],
      [41, "PLTE"],
      [59, "tRNS"],
      [72, "IDAT"],
    ] as const) {
      const bad = palette.slice();
      bad[at] ^= 1;
      expect(refusal(bad)).toBe(`PNG chunk ${type} has a bad CRC`);
    }
    const badEnd = small.slice();
    badEnd[badEnd.length - 1] ^= 1;
    expect(refusal(badEnd)).toBe("PNG chunk IEND has a bad CRC");
  });

  test("image data that inflates past the header's size is refused (zip-bomb IDAT)", () => {
    // 1x1 RGBA needs 5 bytes; 4 MB of zeros compresses to ~4 KB.
    expect(refusal(pngWithStream(1, 1, 8, 6, zlibSync(new Uint8Array(4 << 20))))).toContain(
      "inflates past the 5 bytes",
    );
    // Same through the streaming path: stored (level 0) blocks make the IDAT itself large.
    expect(refusal(pngWithStream(1, 1, 8, 6, zlibSync(new Uint8Array(200_000), { level: 0 })))).toContain(
      "inflates past",
    );
    // And one byte too many is already too many.
    expect(refusal(pngWithStream(1, 1, 8, 6, zlibSync(new Uint8Array(6))))).toContain("inflates past");
  });

  test("image data that inflates short, garbage image data, a bad filter type", () => {
    expect(refusal(pngWithStream(2, 2, 8, 6, zlibSync(new Uint8Array(17))))).toContain("truncated: 17 of 18");
    expect(refusal(pngWithStream(2, 2, 8, 6, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])))).toContain("corrupt");
    expect(refusal(pngWithStream(1, 1, 8, 6, zlibSync(new Uint8Array([5, 0, 0, 0, 0]))))).toContain(
      "unknown filter type 5",
    );
  });

  test("structural errors: bad depth, missing PLTE, unknown critical chunk, second IHDR", () => {
    expect(refusal(pngWithStream(1, 1, 4, 2, zlibSync(new Uint8Array(3))))).toContain(
      "bit depth 4 is not allowed with colour type 2",
    );
    expect(refusal(pngWithStream(1, 1, 8, 5, zlibSync(new Uint8Array(3))))).toContain("colour type 5 does not exist");
    expect(refusal(pngWithStream(1, 1, 8, 3, zlibSync(new Uint8Array(2))))).toContain("no PLTE");
    const base = { width: 1, height: 1, colorType: 0 as const, bitDepth: 8 as const, samples: [7] };
    expect(refusal(encodeFixture({ ...base, extraChunks: [pngChunk("ABCD", new Uint8Array(1))] }))).toContain(
      'unknown critical chunk "ABCD"',
    );
    expect(refusal(encodeFixture({ ...base, extraChunks: [ihdrChunk(1, 1, 8, 0)] }))).toContain("second IHDR");
  });

  test("unknown ancillary chunks are skipped, even with a broken CRC", () => {
    const chunk = pngChunk("teXt", new TextEncoder().encode("Comment\0hi"));
    chunk[chunk.length - 1] ^= 0xff;
    const got = decodePng(
      encodeFixture({ width: 1, height: 1, colorType: 0, bitDepth: 8, samples: [7], extraChunks: [chunk] }),
    );
    expect(Array.from(got.data)).toEqual([7, 7, 7, 255]);
  });

  test("random corruption either decodes or throws PngError, never anything else", () => {
    const files = [
      small,
      encodeFixture({
        width: 9,
        height: 7,
        colorType: 3,
        bitDepth: 4,
        interlaced: true,
        palette: [[1, 2, 3]],
        samples: randomSamples(63, 4, 2, 0),
      }),
    ];
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      const bad = files[i % 2].slice();
      for (let k = 0; k < 1 + (i % 4); k++) {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        bad[seed % bad.length] = seed >>> 24;
      }
      try {
        decodePng(bad);
      } catch (e) {
        if (!(e instanceof PngError)) throw e;
      }
    }
  });

  test("random corruption inside a correctly checksummed IDAT also ends in PngError or a decode", () => {
    const stream = zlibSync(new Uint8Array(randomSamples(9 * 17, 8, 4).map((v, i) => (i % 17 === 0 ? v % 5 : v))));
    const raw = new Uint8Array(stream);
    let seed = 11,
      decoded = 0;
    for (let i = 0; i < 3000; i++) {
      const bad = raw.slice();
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      bad[2 + (seed % (bad.length - 2))] = seed >>> 24;
      try {
        decodePng(pngWithStream(4, 9, 8, 6, bad));
        decoded++;
      } catch (e) {
        if (!(e instanceof PngError)) throw e;
      }
    }
    expect(decoded).toBeLessThan(3000);
  });
});
