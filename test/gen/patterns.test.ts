/** Two-colour texture patterns: both named colours are in the picture, and the tile wraps at every size. */
import { describe, expect, test } from "bun:test";
import { textureRgba } from "../../src/gen/texture.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import type { Rgba } from "../../src/media/png.ts";
import { seamRatio, textureReq } from "../support/texture-checks.ts";

const req = textureReq;

/** Share of pixels whose hue is within 25 degrees of `hue` (saturated ones only). */
function share(img: Rgba, test: (h: number, s: number, l: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
    if (test(h * 360, s, l)) n++;
  }
  return n / (img.width * img.height);
}
const blue = (h: number, s: number) => s > 0.3 && Math.abs(h - 235) < 25;
const white = (_h: number, s: number, l: number) => l > 0.75 && s < 0.35;
const yellow = (h: number, s: number) => s > 0.4 && Math.abs(h - 50) < 20;
const black = (_h: number, _s: number, l: number) => l < 0.25;

describe("checkered and striped textures", () => {
  test("blue and white checkered tiles: both colours, about half each of the squares (grout between them)", () => {
    const img = textureRgba(req("blue and white checkered tiles"));
    // "tiles" lays grout between the squares (art/tiled-patterns.ts): 7 of every 16 pixels are joints.
    expect(share(img, blue)).toBeGreaterThan(0.25);
    expect(share(img, white)).toBeGreaterThan(0.25);
    expect(Math.abs(share(img, blue) - share(img, white))).toBeLessThan(0.1);
    const plain = textureRgba(req("blue and white checkered"));
    expect(share(plain, blue)).toBeGreaterThan(0.35);
    expect(share(plain, white)).toBeGreaterThan(0.35);
  });

  test("hazard stripes yellow and black: both colours", () => {
    const img = textureRgba(req("hazard stripes yellow and black"));
    expect(share(img, yellow)).toBeGreaterThan(0.3);
    expect(share(img, black)).toBeGreaterThan(0.3);
  });

  test("one colour named: the second is a strong contrast", () => {
    const img = textureRgba(req("red checkered"));
    expect(share(img, white) + share(img, black)).toBeGreaterThan(0.3);
  });

  test("every size wraps with no seam, every seed", () => {
    for (const p of ["blue and white checkered tiles", "hazard stripes yellow and black"])
      for (const size of [16, 32, 48, 64, 128])
        for (const seed of [1, 2, 3]) {
          const img = textureRgba(req(p, size, seed));
          expect({ p, size, seed, x: seamRatio(img, "x") <= 1.5, y: seamRatio(img, "y") <= 1.5 }).toEqual({
            p,
            size,
            seed,
            x: true,
            y: true,
          });
        }
  });
});
