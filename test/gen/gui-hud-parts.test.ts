/** GUIs and HUDs read named colours the way items do: an accent lands on the trim, a HUD part takes its colour. */
import { describe, expect, test } from "bun:test";
import { guiRgba } from "../../src/gen/gui";
import { hudRgba } from "../../src/gen/hud";
import { HUD_ELEMENTS } from "../../src/pack/hud-layout";
import { rgbToHsl } from "../../src/gen/art/colour";
import type { Rgba } from "../../src/media/png";

const near = (h: number, t: number, w = 25) => Math.abs(((h - t + 540) % 360) - 180) <= w;
function count(img: Rgba, hue: number, area?: { x: number; y: number; w: number; h: number }): number {
  let n = 0;
  const { x = 0, y = 0, w = img.width, h = img.height } = area ?? {};
  for (let yy = y; yy < y + h; yy++)
    for (let xx = x; xx < x + w; xx++) {
      const i = (yy * img.width + xx) * 4;
      if (!img.data[i + 3]) continue;
      const [hh, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
      if (s > 0.3 && l > 0.15 && l < 0.92 && near(hh * 360, hue)) n++;
    }
  return n;
}
const element = (id: string) => HUD_ELEMENTS.find((e) => e.id === id)!.sheet;

describe("GUI accents and HUD parts", () => {
  test("a GUI's accent colour is its trim: it lands, and the panel keeps its material", () => {
    const accent = guiRgba({ prompt: "dark oak with purple accents", seed: 1, target: "generic_54" });
    const plain = guiRgba({ prompt: "dark oak", seed: 1, target: "generic_54" });
    expect(count(accent, 280)).toBeGreaterThan(200);
    expect(count(plain, 280)).toBe(0);
    // Most of the panel is still dark oak, not purple.
    expect(count(accent, 280)).toBeLessThan(count(plain, 30) / 4);
  });

  test("a HUD part named with a colour takes it; the rest keeps the theme", () => {
    const img = hudRgba({
      prompt: "stone hud with purple hearts and a lime hotbar and orange experience bar",
      seed: 1,
    });
    expect(count(img, 280, element("heart/full"))).toBeGreaterThan(20);
    expect(count(img, 95, element("hotbar"))).toBeGreaterThan(100);
    expect(count(img, 30, element("experience_bar_progress"))).toBeGreaterThan(100);
    const plain = hudRgba({ prompt: "stone hud", seed: 1 });
    expect(count(plain, 280, element("heart/full"))).toBe(0);
  });
});
