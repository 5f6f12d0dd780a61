import { describe, expect, test } from "bun:test";
import { decodePng, decodePngScaled, pngInfo, checkPng } from "../../src/media/png-decode.ts";
import { resizeNearest } from "../../src/media/image.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { CHANNELS, encodeFixture, randomSamples, type FixtureImage } from "../support/png-fixture.ts";

/** What the PNG specification says each sample means, written independently of the decoder. */
function expectedRgba(img: FixtureImage): Uint8Array {
  const ch = CHANNELS[img.colorType];
  const d = img.bitDepth;
  const scale = (v: number) => (d === 16 ? Math.round(v / 257) : Math.round((v * 255) / (2 ** d - 1)));
  const out = new Uint8Array(img.width * img.height * 4);
  const t = img.trns;
  const key = (i: number) => (t![2 * i] << 8) | t![2 * i + 1];
  for (let p = 0; p < img.width * img.height; p++) {
    const s = Array.from({ length: ch }, (_, c) => img.samples[p * ch + c]);
    let px: number[];
    if (img.colorType === 0) px = [scale(s[0]), scale(s[0]), scale(s[0]), t && s[0] === key(0) ? 0 : 255];
    else if (img.colorType === 2) px = [...s.map(scale), t && s.every((v, i) => v === key(i)) ? 0 : 255];
    else if (img.colorType === 4) px = [scale(s[0]), scale(s[0]), scale(s[0]), scale(s[1])];
    else if (img.colorType === 6) px = s.map(scale);
    else px = [...(img.palette![s[0]] ?? [0, 0, 0]), t && s[0] < t.length ? t[s[0]] : 255];
    out.set(px, p * 4);
  }
  return out;
}

const COMBOS: [FixtureImage["colorType"], FixtureImage["bitDepth"]][] = [
  [0, 1],
  [0, 2],
  [0, 4],
  [0, 8],
  [0, 16],
  [2, 8],
  [2, 16],
  [3, 1],
  [3, 2],
  [3, 4],
  [3, 8],
  [4, 8],
  [4, 16],
  [6, 8],
  [6, 16],
];
const SIZES = [
  [1, 1],
  [2, 2],
  [3, 5],
  [8, 8],
  [9, 9],
  [33, 17],
  [5, 1],
  [1, 7],
];

function fixture(
  colorType: FixtureImage["colorType"],
  bitDepth: FixtureImage["bitDepth"],
  w: number,
  h: number,
  seed: number,
): FixtureImage {
  const count = w * h * CHANNELS[colorType];
  if (colorType !== 3)
    return { width: w, height: h, colorType, bitDepth, samples: randomSamples(count, bitDepth, seed) };
  const entries = Math.min(2 ** bitDepth, 20);
  const palette = randomSamples(entries * 3, 8, seed + 1).reduce<[number, number, number][]>((acc, v, i) => {
    if (i % 3 === 0) acc.push([v, 0, 0]);
    else acc[acc.length - 1][i % 3] = v;
    return acc;
  }, []);
  return {
    width: w,
    height: h,
    colorType,
    bitDepth,
    palette,
    samples: randomSamples(count, bitDepth, seed, entries - 1),
  };
}

describe("decodePng: every colour type, bit depth and interlace", () => {
  for (const [colorType, bitDepth] of COMBOS) {
    test(`colour type ${colorType}, ${bitDepth}-bit, plain and Adam7, all sizes`, () => {
      SIZES.forEach(([w, h], i) => {
        const img = fixture(colorType, bitDepth, w, h, i * 31 + colorType * 7 + bitDepth);
        const want = expectedRgba(img);
        for (const interlaced of [false, true]) {
          const png = encodeFixture({ ...img, interlaced });
          const got = decodePng(png);
          expect([got.width, got.height]).toEqual([w, h]);
          expect(got.data).toEqual(want);
          expect(pngInfo(png)).toEqual({ width: w, height: h, bitDepth, colorType, interlaced });
          // The import's pixel-free check accepts exactly what decodes, with the same size.
          expect(checkPng(png)).toEqual({ width: w, height: h });
          // The streaming scaled decode gives exactly the full decode's nearest-neighbour resize, down and up.
          for (const [tw, th] of [
            [1, 1],
            [Math.max(1, w >> 1), Math.max(1, h >> 1)],
            [w * 2 + 1, h + 3],
          ])
            expect(decodePngScaled(png, tw, th).data).toEqual(resizeNearest(got, tw, th).data);
        }
      });
    });
  }

  test("each filter type alone, and the stream split over many IDAT chunks", () => {
    const img = fixture(6, 8, 13, 11, 99);
    const want = expectedRgba(img);
    for (const f of [0, 1, 2, 3, 4]) expect(decodePng(encodeFixture({ ...img, filters: [f] })).data).toEqual(want);
    for (const parts of [2, 7, 1000]) expect(decodePng(encodeFixture({ ...img, idatParts: parts })).data).toEqual(want);
  });

  test("round-trips the project's own encoder", () => {
    for (const [w, h] of [
      [1, 1],
      [16, 16],
      [17, 3],
      [64, 32],
    ]) {
      const img = newRgba(w, h);
      img.data.set(randomSamples(w * h * 4, 8, w * h));
      expect(decodePng(encodePng(img))).toEqual(img);
    }
  });

  test("a large image takes the streaming inflate path and still decodes exactly", () => {
    const img = newRgba(300, 300); // noise: ~360 KB of IDAT, past the synchronous-inflate threshold
    img.data.set(randomSamples(300 * 300 * 4, 8, 5));
    const png = encodePng(img);
    expect(png.length).toBeGreaterThan(64 * 1024);
    expect(decodePng(png).data).toEqual(img.data);
  });
});

describe("decodePng: 16-bit reduction and transparency", () => {
  test("16-bit samples become round(v / 257) for all 65536 values", () => {
    const samples = Array.from({ length: 65536 }, (_, v) => v);
    const got = decodePng(encodeFixture({ width: 256, height: 256, colorType: 0, bitDepth: 16, samples }));
    for (let v = 0; v < 65536; v++) {
      if (got.data[v * 4] !== Math.round(v / 257)) throw new Error(`16-bit ${v} gave ${got.data[v * 4]}`);
    }
    // Spot checks where rounding differs from taking the high byte.
    expect([got.data[255 * 4], got.data[128 * 4], got.data[129 * 4], got.data[65535 * 4]]).toEqual([1, 0, 1, 255]);
  });

  test("a 16-bit grey tRNS key matches all 16 bits, not the reduced 8-bit value", () => {
    const trns = new Uint8Array([0x12, 0x34]);
    const got = decodePng(
      encodeFixture({ width: 2, height: 1, colorType: 0, bitDepth: 16, samples: [0x1234, 0x1235], trns }),
    );
    expect(Array.from(got.data)).toEqual([18, 18, 18, 0, 18, 18, 18, 255]);
  });

  test("an RGB tRNS key makes exactly the matching colour transparent", () => {
    const trns = new Uint8Array([0, 10, 0, 20, 0, 30]);
    const got = decodePng(
      encodeFixture({ width: 2, height: 1, colorType: 2, bitDepth: 8, samples: [10, 20, 30, 10, 20, 31], trns }),
    );
    expect(Array.from(got.data)).toEqual([10, 20, 30, 0, 10, 20, 31, 255]);
  });

  test("a sub-byte grey key compares the raw sample", () => {
    const got = decodePng(
      encodeFixture({
        width: 4,
        height: 1,
        colorType: 0,
        bitDepth: 2,
        samples: [0, 1, 2, 3],
        trns: new Uint8Array([0, 2]),
      }),
    );
    expect(Array.from(got.data)).toEqual([0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 0, 255, 255, 255, 255]);
  });

  test("palette alpha applies per entry; entries past tRNS are opaque; indices past PLTE are opaque black", () => {
    const palette: [number, number, number][] = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ];
    const got = decodePng(
      encodeFixture({
        width: 4,
        height: 1,
        colorType: 3,
        bitDepth: 8,
        palette,
        trns: new Uint8Array([0, 128]),
        samples: [0, 1, 2, 7],
      }),
    );
    expect(Array.from(got.data)).toEqual([255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255, 0, 0, 0, 255]);
  });
});

describe("large but highly compressible images stream", () => {
  test("a flat 2048² PNG (tiny IDAT, 16 MB of image data) is checked and scaled like the full decode", () => {
    const img = newRgba(2048, 2048);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([40, 90, 200, 255], i);
    img.data.set([255, 0, 0, 255], (1024 * 2048 + 1024) * 4);
    const png = encodePng(img);
    expect(png.length).toBeLessThan(64 * 1024);
    expect(checkPng(png)).toEqual({ width: 2048, height: 2048 });
    expect(decodePngScaled(png, 31, 17).data).toEqual(resizeNearest(decodePng(png), 31, 17).data);
  });
});
