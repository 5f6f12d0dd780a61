import { describe, expect, test } from "bun:test";
import { PhotonImage } from "@cf-wasm/photon";
import { unzipSync } from "fflate";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { decodePng, pngInfo, PngError } from "../../src/media/png-decode.ts";
import { CHANNELS, encodeFixture, randomSamples, type FixtureImage } from "../support/png-fixture.ts";
import { CORPUS as SHARED_CORPUS } from "../support/corpus.ts";

/** Cross-check against an independent decoder (photon, i.e. Rust's png crate) on 8-bit inputs. */
function photonPixels(bytes: Uint8Array): Uint8Array {
  const img = PhotonImage.new_from_byteslice(bytes);
  try {
    return img.get_raw_pixels();
  } finally {
    img.free();
  }
}

const CORPUS = `${SHARED_CORPUS}/packs`;

describe("decodePng agrees with photon", () => {
  const cases: [string, FixtureImage][] = [];
  const palette = (n: number) =>
    Array.from({ length: n }, (_, i) => [(i * 53) & 255, (i * 97) & 255, (i * 29) & 255] as [number, number, number]);
  for (const interlaced of [false, true]) {
    for (const [w, h] of [
      [16, 16],
      [7, 13],
      [1, 1],
    ]) {
      const n = w * h;
      cases.push(
        [
          `grey 8 ${w}x${h}`,
          { width: w, height: h, colorType: 0, bitDepth: 8, samples: randomSamples(n, 8, 1), interlaced },
        ],
        [
          `grey 8 + tRNS ${w}x${h}`,
          {
            width: w,
            height: h,
            colorType: 0,
            bitDepth: 8,
            samples: randomSamples(n, 8, 1, 3),
            trns: new Uint8Array([0, 2]),
            interlaced,
          },
        ],
        [
          `rgb 8 ${w}x${h}`,
          { width: w, height: h, colorType: 2, bitDepth: 8, samples: randomSamples(n * 3, 8, 2), interlaced },
        ],
        [
          `rgb 8 + tRNS ${w}x${h}`,
          {
            width: w,
            height: h,
            colorType: 2,
            bitDepth: 8,
            samples: randomSamples(n * 3, 8, 2, 1),
            trns: new Uint8Array([0, 1, 0, 0, 0, 1]),
            interlaced,
          },
        ],
        [
          `grey+alpha 8 ${w}x${h}`,
          { width: w, height: h, colorType: 4, bitDepth: 8, samples: randomSamples(n * 2, 8, 3), interlaced },
        ],
        [
          `rgba 8 ${w}x${h}`,
          { width: w, height: h, colorType: 6, bitDepth: 8, samples: randomSamples(n * 4, 8, 4), interlaced },
        ],
        [
          `palette 8 ${w}x${h}`,
          {
            width: w,
            height: h,
            colorType: 3,
            bitDepth: 8,
            palette: palette(40),
            trns: new Uint8Array([0, 50, 200]),
            samples: randomSamples(n, 8, 5, 39),
            interlaced,
          },
        ],
        [
          `palette 4 ${w}x${h}`,
          {
            width: w,
            height: h,
            colorType: 3,
            bitDepth: 4,
            palette: palette(16),
            samples: randomSamples(n, 4, 6),
            interlaced,
          },
        ],
        [
          `palette 1 ${w}x${h}`,
          {
            width: w,
            height: h,
            colorType: 3,
            bitDepth: 1,
            palette: palette(2),
            samples: randomSamples(n, 1, 7),
            interlaced,
          },
        ],
      );
    }
  }
  test.each(cases)("%s", (_name, img) => {
    expect(CHANNELS[img.colorType]).toBeGreaterThan(0);
    const png = encodeFixture(img);
    expect(decodePng(png).data).toEqual(photonPixels(png));
  });

  test("every 8-bit PNG in the real packs of the shared corpus", () => {
    if (!existsSync(CORPUS)) {
      console.warn(`skipped: ${CORPUS} is absent`);
      return;
    }
    let compared = 0,
      badCrc = 0;
    for (const zip of readdirSync(CORPUS)) {
      const files = unzipSync(readFileSync(`${CORPUS}/${zip}`), {
        filter: (f) => f.name.toLowerCase().endsWith(".png"),
      });
      for (const [name, bytes] of Object.entries(files)) {
        if (pngInfo(bytes).bitDepth === 16) continue;
        let ours: Uint8Array;
        try {
          ours = decodePng(bytes).data;
        } catch (e) {
          // One real pack ships 1x1 placeholders with wrong CRCs (photon refuses them too, the game
          // never checks): refused by default, readable when asked to skip CRCs.
          expect(e).toBeInstanceOf(PngError);
          expect((e as Error).message, name).toContain("bad CRC");
          expect(decodePng(bytes, { checkCrc: false }).data.length, name).toBe(
            4 * pngInfo(bytes).width * pngInfo(bytes).height,
          );
          badCrc++;
          continue;
        }
        expect(Buffer.from(ours).equals(Buffer.from(photonPixels(bytes))), name).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
    expect(badCrc).toBeLessThan(50);
  });
});
