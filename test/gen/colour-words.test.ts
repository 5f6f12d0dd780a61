/**
 * A colour or wood the prompt names shows in the decoded pixels (issue 11 points 3-5): a purple crystal is
 * purple, a green check green (not the game's olive dye), a light birch wood GUI the yellow of birch boards.
 */
import { describe, expect, test } from "bun:test";
import { iconRgba } from "../../src/gen/icon.ts";
import { guiRgba } from "../../src/gen/gui.ts";
import { textureRgba } from "../../src/gen/texture.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import type { Rgba } from "../../src/media/png.ts";

/** Share of opaque pixels within `tol` degrees of `hue`, saturated and neither near-black nor near-white. */
function hueShare(img: Rgba, hue: number, tol: number): number {
  let n = 0;
  let all = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (img.data[i + 3] < 128) continue;
    all++;
    const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
    const d = Math.abs(h * 360 - hue);
    if (s >= 0.25 && l >= 0.15 && l <= 0.9 && Math.min(d, 360 - d) <= tol) n++;
  }
  return n / Math.max(1, all);
}

describe("named colours in the pixels", () => {
  test("purple crystal: the crystal takes the colour outright", () => {
    const img = textureRgba({
      prompt: "purple crystal",
      size: 16,
      mode: "custom",
      description: "purple crystal",
      seed: 3,
    });
    expect(hueShare(img, 275, 22)).toBeGreaterThan(0.3);
    const plain = textureRgba({ prompt: "crystal", size: 16, mode: "custom", description: "crystal", seed: 3 });
    expect(hueShare(plain, 275, 22)).toBe(0);
  });

  test("green check: green, not olive; a red check is still red", () => {
    const green = iconRgba({ name: "check", prompt: "green check mark", seed: 1 } as Parameters<typeof iconRgba>[0]);
    expect(hueShare(green, 120, 30)).toBeGreaterThan(0.3);
    const red = iconRgba({ name: "check", prompt: "red check", seed: 1 } as Parameters<typeof iconRgba>[0]);
    expect(hueShare(red, 0, 22)).toBeGreaterThan(0.3);
    expect(hueShare(red, 120, 30)).toBe(0);
  });

  test("light birch wood GUI: birch boards (yellow), not white bark", () => {
    const sheet = (prompt: string) =>
      guiRgba({ prompt, target: "crafting_table", seed: 4 } as Parameters<typeof guiRgba>[0]);
    expect(hueShare(sheet("light birch wood"), 50, 18)).toBeGreaterThan(0.1);
  });
});
