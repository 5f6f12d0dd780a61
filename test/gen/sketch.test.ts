/** Sketches (gen/art/sketch.ts): refusals with a clear message, legend materials, game-style shading, tiling. */
import { describe, expect, test } from "bun:test";
import { type Sketch, sketchProblem } from "../../src/gen/art/sketch";
import { itemRgba } from "../../src/gen/item";
import { iconRgba } from "../../src/gen/icon";
import { textureRgba } from "../../src/gen/texture";
import { luminance, rgbToHsl } from "../../src/gen/art/colour";
import type { Rgba } from "../../src/media/png";
import { seamRatio, visibleColourCount } from "../support/texture-checks.ts";

const DAGGER: Sketch = {
  grid: ["......RR", ".....RRR", "....RRR.", "GG.RRR..", ".GGRR...", "..HG....", ".HH.G...", "HH......"],
  legend: { R: { part: "blade", material: "ruby" }, G: { part: "guard", material: "gold" }, H: { colour: "brown" } },
};
const BLOCK: Sketch = {
  grid: ["XXXXXX", "XXXXXX", "XXXXXX", "XXXXXX", "XXXXXX", "XXXXXX"],
  legend: { X: { material: "iron" } },
};

const px = (img: Rgba, x: number, y: number) => [
  ...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4),
];

describe("sketch refusals", () => {
  const bad: [Partial<Sketch>, RegExp][] = [
    [{ grid: [] }, /empty/],
    [{ grid: Array(33).fill("X") }, /33 rows; at most 32/],
    [{ grid: ["X".repeat(33)] }, /33 characters wide; at most 32/],
    [{ grid: ["XX", "X"] }, /row 2 is 1 characters wide but row 1 is 2/],
    [{ grid: ["XQ"] }, /uses 'Q', which the legend does not define/],
    [{ grid: ["..", "  "] }, /no drawn cells/],
    [{ legend: { X: { material: "unobtainium" } } }, /unknown material 'unobtainium'/],
    [{ legend: { X: { colour: "blurple" } } }, /unknown colour 'blurple'/],
    [{ legend: { X: { part: "blade" } } }, /needs a material or a colour/],
    [{ legend: { XY: { colour: "red" } } }, /single printable ASCII character/],
    [{ grid: ["XĀ"], legend: { X: { colour: "red" }, Ā: { colour: "blue" } } }, /printable ASCII/],
    [{ grid: ["X\t"] }, /row 1 has '\t'/],
    [{ legend: { ".": { colour: "red" }, X: { colour: "red" } } }, /reserved/],
    [
      { legend: Object.fromEntries("ABCDEFGHIJKL".split("").map((k) => [k, { colour: "red" }])) },
      /12 entries; at most 11/,
    ],
  ];
  for (const [change, message] of bad)
    test(`refused: ${message.source}`, () => {
      expect(sketchProblem({ ...BLOCK, ...change } as Sketch) ?? "").toMatch(message);
    });
  test("at the bounds: 32×32 and 11 legend entries are drawn", () => {
    const keys = "ABCDEFGHIJK".split("");
    const grid = Array.from({ length: 32 }, (_, y) =>
      Array.from({ length: 32 }, (_, x) => keys[(x + y) % 11]).join(""),
    );
    const s: Sketch = { grid, legend: Object.fromEntries(keys.map((k, i) => [k, { colour: i % 2 ? "red" : "blue" }])) };
    expect(sketchProblem(s)).toBeNull();
    const n = visibleColourCount(itemRgba({ prompt: "x", seed: 1, size: 32, sketch: s }));
    expect(n).toBeLessThanOrEqual(12);
  });
});

describe("sketch drawing", () => {
  test("an item: legend materials land where their characters are, outlined darker than the fill", () => {
    const img = itemRgba({ prompt: "dagger", seed: 1, size: 16, sketch: DAGGER });
    expect(px(img, 0, 0)[3]).toBe(0);
    const hues = (pred: (h: number, s: number) => boolean) => {
      let n = 0;
      for (let i = 0; i < img.data.length; i += 4)
        if (img.data[i + 3]) {
          const [h, s] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
          if (pred(h * 360, s)) n++;
        }
      return n;
    };
    expect(hues((h, s) => s > 0.4 && (h > 330 || h < 10))).toBeGreaterThan(0); // ruby
    expect(hues((h, s) => s > 0.4 && h > 38 && h < 60)).toBeGreaterThan(0); // gold
    const n = visibleColourCount(img);
    expect(n).toBeGreaterThanOrEqual(4);
    expect(n).toBeLessThanOrEqual(12);
  });

  test("a solid block: dark outline, lit top-left inside, shaded bottom-right inside", () => {
    const img = itemRgba({ prompt: "block", seed: 1, size: 32, sketch: BLOCK });
    const lum = (x: number, y: number) => luminance(px(img, x, y));
    // 6 cells centred in 32 px: the block spans about 5..26.
    let x0 = 0;
    while (px(img, x0, 16)[3] === 0) x0++;
    const outline = lum(x0, 16);
    const lit = lum(x0 + 2, x0 + 2);
    const middle = lum(16, 16);
    const shaded = lum(31 - x0 - 2, 31 - x0 - 2);
    expect(outline).toBeLessThan(shaded);
    expect(lit).toBeGreaterThan(middle);
    expect(shaded).toBeLessThan(middle);
    const n = visibleColourCount(img);
    expect(n).toBeGreaterThanOrEqual(4);
    expect(n).toBeLessThanOrEqual(12);
  });

  test("an icon keeps the sketch's proportions at the asked height", () => {
    const wide: Sketch = { grid: ["XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX"], legend: { X: { colour: "lime" } } };
    const img = iconRgba({ prompt: "bar", name: "bar", seed: 1, height: 8, sketch: wide });
    expect([img.width, img.height]).toEqual([16, 8]);
  });

  test("a texture tile fills the tile, tiles exactly and keeps 4-12 colours", () => {
    const s: Sketch = {
      grid: ["BBBBBBBM", "BBBBBBBM", "BBBBBBBM", "MMMMMMMM", "BBBMBBBB", "BBBMBBBB", "BBBMBBBB", "MMMMMMMM"],
      legend: { B: { part: "brick", colour: "red" }, M: { part: "mortar", material: "stone" } },
    };
    for (const size of [16, 32]) {
      const img = textureRgba({ prompt: "bricks", description: "bricks", mode: "custom", seed: 1, size, sketch: s });
      for (let i = 3; i < img.data.length; i += 4) expect(img.data[i]).toBe(255);
      expect(seamRatio(img, "x")).toBeLessThanOrEqual(1);
      expect(seamRatio(img, "y")).toBeLessThanOrEqual(1);
      const n = visibleColourCount(img);
      expect(n).toBeGreaterThanOrEqual(4);
      expect(n).toBeLessThanOrEqual(12);
    }
  });

  test("deterministic per seed", () => {
    const a = itemRgba({ prompt: "dagger", seed: 5, size: 16, sketch: DAGGER });
    expect(itemRgba({ prompt: "dagger", seed: 5, size: 16, sketch: DAGGER })).toEqual(a);
  });
});
