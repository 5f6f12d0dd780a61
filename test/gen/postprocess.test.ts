import { describe, expect, test } from "bun:test";
import { toPackArt } from "../../src/gen/providers/postprocess";
import { newRgba, type Rgba } from "../../src/media/png";
import { rngFrom } from "../../src/gen/rng";
import { seamRatio, unoutlinedEdgePixels, visibleColourCount } from "../support/texture-checks.ts";

/** Stand-in for an image model's answer: a smooth, non-wrapping painting with photographic noise. */
function painting(w: number, h: number, seed: number): Rgba {
  const img = newRgba(w, h);
  const rng = rngFrom(seed);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      img.data[o] = 90 + (120 * x) / w + rng() * 20;
      img.data[o + 1] = 60 + 60 * Math.sin(y / 17) + rng() * 20;
      img.data[o + 2] = 40 + (100 * y) / h + rng() * 20;
      img.data[o + 3] = 255;
    }
  return img;
}

/** A red disc with a darker core on a flat light-grey backdrop, as image models draw "an item". */
function subjectOnBackdrop(w: number, h: number, rx: number, ry: number): Rgba {
  const img = newRgba(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      const d = ((x - w / 2) / rx) ** 2 + ((y - h / 2) / ry) ** 2;
      const c = d < 0.3 ? [150, 20, 30] : d < 1 ? [220, 50, 60] : [235, 235, 232];
      img.data.set([...c, 255], o);
    }
  return img;
}

describe("post-processing external art", () => {
  test("a block becomes an exactly tiling square with at most the asked palette", () => {
    const src = painting(300, 220, 1);
    for (const size of [16, 32, 64]) {
      const out = toPackArt(src, { kind: "block", size });
      expect([out.width, out.height]).toEqual([size, size]);
      expect(seamRatio(out, "x")).toBeLessThanOrEqual(1.5);
      expect(seamRatio(out, "y")).toBeLessThanOrEqual(1.5);
      expect(visibleColourCount(out)).toBeLessThanOrEqual(12);
      for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(255);
    }
    expect(visibleColourCount(toPackArt(src, { kind: "block", size: 32, colours: 6 }))).toBeLessThanOrEqual(6);
  });

  test("the same painting merely downscaled would show a seam (the check is meaningful)", () => {
    const src = painting(256, 256, 2);
    const naive = toPackArt(src, { kind: "icon", size: 32 }); // no tiling step, same downscale
    expect(Math.max(seamRatio(naive, "x"), seamRatio(naive, "y"))).toBeGreaterThan(1.5);
  });

  test("an item loses its backdrop, keeps its shape, gets a dark rim", () => {
    const out = toPackArt(subjectOnBackdrop(512, 512, 150, 190), { kind: "item", size: 16 });
    expect([out.width, out.height]).toEqual([16, 16]);
    const a = (x: number, y: number) => out.data[(y * 16 + x) * 4 + 3];
    for (const [x, y] of [
      [0, 0],
      [15, 0],
      [0, 15],
      [15, 15],
    ])
      expect(a(x, y)).toBe(0);
    expect(a(8, 8)).toBe(255);
    for (let i = 3; i < out.data.length; i += 4) expect([0, 255]).toContain(out.data[i]);
    expect(unoutlinedEdgePixels(out)).toBe(0);
    expect(visibleColourCount(out)).toBeLessThanOrEqual(16);
  });

  test("an icon's width follows its shape at the asked height", () => {
    const out = toPackArt(subjectOnBackdrop(400, 300, 180, 60), { kind: "icon", size: 9 });
    expect(out.height).toBe(9);
    expect(out.width).toBeGreaterThanOrEqual(25);
    expect(out.width).toBeLessThanOrEqual(29);
    expect(out.data[3]).toBe(0);
  });

  test("pictures that already carry transparency keep it", () => {
    const src = subjectOnBackdrop(64, 64, 20, 20);
    for (let i = 0; i < src.data.length; i += 4) if (src.data[i] === 235) src.data[i + 3] = 0;
    const out = toPackArt(src, { kind: "item", size: 16 });
    expect(out.data[3]).toBe(0);
    expect(out.data[(8 * 16 + 8) * 4 + 3]).toBe(255);
  });

  test("pure and deterministic", () => {
    const src = painting(100, 100, 3);
    const copy = { ...src, data: src.data.slice() };
    const a = toPackArt(src, { kind: "block", size: 16 });
    expect(src.data).toEqual(copy.data);
    expect(toPackArt(src, { kind: "block", size: 16 }).data).toEqual(a.data);
  });
});
