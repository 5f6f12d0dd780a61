import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildLibrary } from "../../scripts/library.ts";
import { libraryIconNames, libraryRgba } from "../../src/gen/art/library.ts";
import { generateItem, itemRgba } from "../../src/gen/item.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { countColours } from "../../src/media/image.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import type { Rgba } from "../../src/media/png.ts";
import { unoutlinedEdgePixels } from "../support/texture-checks.ts";

test("the committed library is exactly what scripts/library.ts rasterises from the pinned icon set", () => {
  // A mismatch: the table was edited by hand or the package moved. Run `bun scripts/library.ts`.
  const committed = readFileSync(join(import.meta.dir, "../../src/data/library.json"), "utf8");
  expect(committed === buildLibrary()).toBe(true);
}, 60_000);

/** Distinct opaque colours. */
const colours = (img: Rgba) => countColours(img) - (img.data.some((_, i) => i % 4 === 3 && img.data[i] === 0) ? 1 : 0);

describe("library subjects are drawn like the game's items", () => {
  // Subjects no hand-made family draws (hourglass, candle, watermelon slice… have families of their own).
  const prompts = ["wicker basket", "brass saxophone", "old camera", "ripe pineapple", "teddy bear", "croissant"];
  test("the prompts pick library subjects, not a fallback", () => {
    for (const p of prompts) {
      const read = interpret("item", p);
      expect({ p, fallback: read.fallback }).toEqual({ p, fallback: undefined });
    }
    expect(interpret("item", "a ripe pineapple").subject).toBe("pineapple");
  });
  test("4 to 12 colours, a dark outline on every edge, deterministic per seed", () => {
    for (const p of prompts)
      for (const size of [16, 32]) {
        const img = itemRgba({ prompt: p, seed: 7, size, target: null });
        expect(img.width).toBe(size);
        const n = colours(img);
        expect({ p, size, ok: n >= 4 && n <= 12 }).toEqual({ p, size, ok: true });
        expect({ p, size, unoutlined: unoutlinedEdgePixels(img) }).toEqual({ p, size, unoutlined: 0 });
        const again = generateItem({ prompt: p, seed: 7, size, target: null });
        expect(decodePng(again).data).toEqual(img.data);
      }
  });
  test("the prompt's colour takes over the icon's main colours", () => {
    const hue = (img: Rgba) => {
      const hues: number[] = [];
      for (let i = 0; i < img.data.length; i += 4) {
        if (!img.data[i + 3]) continue;
        const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
        if (s > 0.3 && l > 0.25) hues.push(h * 360);
      }
      return hues;
    };
    const blue = hue(itemRgba({ prompt: "blue camera", seed: 1, size: 16, target: null }));
    expect(blue.filter((h) => h > 200 && h < 250).length).toBeGreaterThan(10);
  });
  test("every icon of the table decodes and draws within the palette rules", () => {
    for (const name of libraryIconNames()) {
      const img = libraryRgba(name, 16, 16, null);
      const n = colours(img);
      expect({ name, ok: n >= 4 && n <= 12 }).toEqual({ name, ok: true });
    }
  });
});
