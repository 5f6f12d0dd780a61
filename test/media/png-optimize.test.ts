/**
 * The lossless PNG optimiser: every pixel's RGBA equal after optimising (fully transparent pixels' colours
 * included), the smallest colour type chosen, ancillary chunks dropped, the same bytes on a second run, and
 * files it cannot read safely left exactly as they came.
 */
import { describe, expect, test } from "bun:test";
import { decodePng } from "../../src/media/png-decode.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";
import { optimizePng, stripAncillary } from "../../src/media/png-optimize.ts";
import { noisyRgba } from "../support/exports.ts";
import { encodeFixture, joinBytes, pngChunk } from "../support/png-fixture.ts";
import { rngFrom } from "../../src/gen/rng.ts";

/** The colour type oxipng chose, from IHDR. */
const colourType = (png: Uint8Array) => png[25];
const bitDepth = (png: Uint8Array) => png[24];

function expectSamePixels(a: Uint8Array, b: Uint8Array): void {
  const x = decodePng(a);
  const y = decodePng(b);
  expect([y.width, y.height]).toEqual([x.width, x.height]);
  expect(Buffer.compare(x.data, y.data)).toBe(0);
}

function image(w: number, h: number, paint: (x: number, y: number) => [number, number, number, number]): Rgba {
  const img = newRgba(w, h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) img.data.set(paint(x, y), (y * w + x) * 4);
  return img;
}

describe("optimizePng", () => {
  test("an opaque image of few colours becomes a palette image, smaller, with the same pixels", () => {
    const png = encodePng(noisyRgba(32, 32, 7, 6));
    const out = optimizePng(png);
    expect(out.length).toBeLessThan(png.length);
    expect(colourType(out)).toBe(3);
    expectSamePixels(png, out);
  });

  test("grey stays grey: colour type 0 at the smallest bit depth that holds it", () => {
    const rng = rngFrom(3);
    const levels = [0, 85, 170, 255];
    const png = encodePng(
      image(64, 64, () => {
        const g = levels[Math.floor(rng() * 4)];
        return [g, g, g, 255];
      }),
    );
    const out = optimizePng(png);
    expectSamePixels(png, out);
    expect([0, 3]).toContain(colourType(out));
    expect(bitDepth(out)).toBeLessThanOrEqual(2);
  });

  test("many colours, opaque: no alpha channel (RGB)", () => {
    const rng = rngFrom(11);
    const png = encodePng(image(48, 48, () => [Math.floor(rng() * 256), Math.floor(rng() * 256), 200, 255]));
    const out = optimizePng(png);
    expectSamePixels(png, out);
    expect(colourType(out)).toBe(2);
  });

  test("transparent pixels keep their colour: RGBA equal, not merely equivalent", () => {
    const png = encodePng(image(16, 16, (x, y) => ((x + y) % 3 === 0 ? [200, 10, 30, 0] : [x * 16, y * 16, 90, 255])));
    const out = optimizePng(png);
    expectSamePixels(png, out);
    const a = decodePng(out);
    expect([...a.data.subarray(0, 4)]).toEqual([200, 10, 30, 0]);
  });

  test("ancillary chunks are dropped; the pixels stay", () => {
    const base = encodePng(noisyRgba(16, 16, 5, 4));
    const text = pngChunk("tEXt", new TextEncoder().encode("Software\0Some Editor 1.0 with a long comment"));
    const time = pngChunk("tIME", new Uint8Array([7, 232, 1, 1, 0, 0, 0]));
    const withMeta = joinBytes([base.subarray(0, 33), text, time, base.subarray(33)]);
    const stripped = stripAncillary(withMeta)!;
    expect(Buffer.compare(stripped, base)).toBe(0);
    const out = optimizePng(withMeta);
    expect(new TextDecoder("latin1").decode(out)).not.toContain("tEXt");
    expect(new TextDecoder("latin1").decode(out)).not.toContain("tIME");
    expectSamePixels(withMeta, out);
  });

  test("16-bit input that holds 8-bit values, and a palette input, come out equal", () => {
    const samples = Array.from({ length: 8 * 8 * 4 }, (_, i) => ((i * 37) % 256) * 257);
    const wide = encodeFixture({ width: 8, height: 8, colorType: 6, bitDepth: 16, samples });
    expectSamePixels(wide, optimizePng(wide));
    const indexed = encodeFixture({
      width: 8,
      height: 8,
      colorType: 3,
      bitDepth: 8,
      samples: Array.from({ length: 64 }, (_, i) => i % 3),
      palette: [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
      ],
      trns: new Uint8Array([255, 128]),
    });
    expectSamePixels(indexed, optimizePng(indexed));
  });

  test("deterministic: the same bytes twice", () => {
    const png = encodePng(noisyRgba(64, 64, 9, 40));
    expect(Buffer.compare(optimizePng(png), optimizePng(png))).toBe(0);
  });

  test("a PNG with a bad CRC, an animated PNG or not a PNG at all is left exactly as it came", () => {
    const png = encodePng(noisyRgba(16, 16, 2, 5));
    const bad = new Uint8Array(png);
    bad[bad.length - 20] ^= 0xff; // inside IDAT: its CRC no longer matches
    expect(optimizePng(bad)).toBe(bad);
    const actl = pngChunk("acTL", new Uint8Array(8));
    const animated = joinBytes([png.subarray(0, 33), actl, png.subarray(33)]);
    expect(optimizePng(animated)).toBe(animated);
    const text = new TextEncoder().encode("not a png");
    expect(optimizePng(text)).toBe(text);
  });
});
