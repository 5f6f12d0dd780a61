import { describe, expect, test } from "bun:test";
import {
  blit,
  clearTransparent,
  countColours,
  crop,
  fillRect,
  flipHorizontal,
  isFullyTransparent,
  isSquare,
  opaqueBounds,
  resizeNearest,
  scaleUp,
} from "../../src/media/image.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";

/** A w x h image whose pixel (x, y) is [x, y, 7, 255], so positions can be read back. */
function coords(w: number, h: number): Rgba {
  const img = newRgba(w, h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) img.data.set([x, y, 7, 255], (y * w + x) * 4);
  return img;
}
const px = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

describe("resizing", () => {
  test("scaleUp makes factor x factor blocks, and survives a PNG round trip", () => {
    const big = decodePng(encodePng(scaleUp(coords(3, 2), 4)));
    expect([big.width, big.height]).toEqual([12, 8]);
    for (let y = 0; y < 8; y++) for (let x = 0; x < 12; x++) expect(px(big, x, y)).toEqual([x >> 2, y >> 2, 7, 255]);
  });

  test("resizeNearest halves by picking centres and never invents colours", () => {
    const half = resizeNearest(coords(16, 16), 8, 8);
    expect(px(half, 0, 0)).toEqual([1, 1, 7, 255]);
    expect(px(half, 7, 7)).toEqual([15, 15, 7, 255]);
    expect(countColours(half)).toBe(64);
    const odd = resizeNearest(coords(5, 3), 13, 7);
    for (let y = 0; y < 7; y++)
      for (let x = 0; x < 13; x++) {
        const [sx, sy] = px(odd, x, y);
        expect(sx).toBe(Math.floor(((x + 0.5) * 5) / 13));
        expect(sy).toBe(Math.floor(((y + 0.5) * 3) / 7));
      }
  });

  test("same size is an exact copy, not the same buffer", () => {
    const src = coords(4, 4);
    const copy = resizeNearest(src, 4, 4);
    expect(copy.data).toEqual(src.data);
    expect(copy.data).not.toBe(src.data);
  });

  test("bad sizes and factors are refused", () => {
    expect(() => resizeNearest(coords(2, 2), 0, 2)).toThrow(RangeError);
    expect(() => scaleUp(coords(2, 2), 1.5)).toThrow(RangeError);
  });

  test("works on pixel data that does not start on a 4-byte boundary", () => {
    const backing = new Uint8Array(1 + 4 * 4);
    const img = { width: 2, height: 2, data: backing.subarray(1) };
    img.data.set([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 1, 2, 3, 255]);
    expect(countColours(img)).toBe(3);
    expect(px(flipHorizontal(img), 0, 0)).toEqual([4, 5, 6, 255]);
  });
});

describe("crop, blit, fill, flip", () => {
  test("crop copies exactly the rectangle and refuses to leave the image", () => {
    const c = crop(coords(10, 10), 3, 4, 2, 3);
    expect([c.width, c.height]).toEqual([2, 3]);
    expect(px(c, 0, 0)).toEqual([3, 4, 7, 255]);
    expect(px(c, 1, 2)).toEqual([4, 6, 7, 255]);
    expect(() => crop(coords(10, 10), 9, 0, 2, 1)).toThrow(RangeError);
    expect(() => crop(coords(10, 10), -1, 0, 1, 1)).toThrow(RangeError);
  });

  test("blit: opaque replaces, transparent leaves, half alpha mixes, and edges clip", () => {
    const dst = newRgba(4, 4);
    fillRect(dst, 0, 0, 4, 4, [0, 0, 255, 255]);
    const src = newRgba(2, 2);
    src.data.set([255, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 128, 0, 255, 0, 255]);
    blit(dst, src, 3, 3); // only src (0,0) lands, at (3,3)
    expect(px(dst, 3, 3)).toEqual([255, 0, 0, 255]);
    blit(dst, src, 0, 0);
    expect(px(dst, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(dst, 1, 0)).toEqual([0, 0, 255, 255]);
    expect(px(dst, 0, 1)).toEqual([128, 128, 255, 255]);
    blit(dst, src, -1, -1); // only src (1,1) lands, at (0,0)
    expect(px(dst, 0, 0)).toEqual([0, 255, 0, 255]);
  });

  test("blit onto transparency keeps the source colour and alpha", () => {
    const dst = newRgba(1, 1);
    const src = newRgba(1, 1);
    src.data.set([200, 100, 50, 77]);
    expect(px(blit(dst, src, 0, 0), 0, 0)).toEqual([200, 100, 50, 77]);
  });

  test("fillRect clips and flipHorizontal mirrors", () => {
    const img = fillRect(newRgba(3, 3), 2, 2, 5, 5, [9, 9, 9, 255]);
    expect(countColours(img)).toBe(2);
    expect(px(img, 2, 2)).toEqual([9, 9, 9, 255]);
    expect(px(flipHorizontal(coords(5, 2)), 0, 1)).toEqual([4, 1, 7, 255]);
  });
});

describe("inspection", () => {
  test("isSquare", () => {
    expect(isSquare(newRgba(16, 16))).toBe(true);
    expect(isSquare(newRgba(16, 8))).toBe(false);
  });

  test("countColours folds invisible pixels together and stops at the cap", () => {
    const img = newRgba(3, 1);
    img.data.set([1, 2, 3, 0, 4, 5, 6, 0, 4, 5, 6, 255]);
    expect(countColours(img)).toBe(2);
    expect(countColours(coords(16, 16), 10)).toBe(10);
    expect(countColours(coords(16, 16))).toBe(256);
  });

  test("clearTransparent zeroes hidden RGB and leaves the input alone", () => {
    const img = newRgba(2, 1);
    img.data.set([9, 9, 9, 0, 9, 9, 9, 1]);
    expect(Array.from(clearTransparent(img).data)).toEqual([0, 0, 0, 0, 9, 9, 9, 1]);
    expect(img.data[0]).toBe(9);
  });

  test("isFullyTransparent and opaqueBounds", () => {
    const img = newRgba(8, 8);
    expect(isFullyTransparent(img)).toBe(true);
    expect(opaqueBounds(img)).toBeNull();
    fillRect(img, 2, 3, 3, 1, [1, 1, 1, 10]);
    img.data[(6 * 8 + 4) * 4 + 3] = 1;
    expect(isFullyTransparent(img)).toBe(false);
    expect(opaqueBounds(img)).toEqual({ x: 2, y: 3, width: 3, height: 4 });
  });
});
