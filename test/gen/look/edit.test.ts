import { describe, expect, test } from "bun:test";
import { editPicture, OVERLAYS, overlay, recolour } from "../../../src/gen/look/edit.ts";
import { textureRgba } from "../../../src/gen/texture.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { encodePng } from "../../../src/media/png.ts";
import { seamRatio } from "../../support/texture-checks.ts";
import { coloursOf, paint } from "../../support/look.ts";

const bricks = () => textureRgba({ prompt: "red bricks", size: 16, mode: "custom", description: "bricks", seed: 2 });

describe("edit passes", () => {
  test("a colour map moves a colour with its shading and leaves far colours alone", () => {
    const img = paint(
      4,
      1,
      (x) =>
        [
          [200, 30, 30],
          [170, 25, 25],
          [30, 30, 200],
          [140, 140, 140],
        ][x],
    );
    const out = recolour(img, { map: [{ from: "#c81e1e", to: "#1ec81e" }] });
    const px = (i: number) => [...out.data.subarray(i * 4, i * 4 + 3)];
    expect(px(0)).toEqual([30, 200, 30]);
    expect(px(1)[1]).toBeGreaterThan(px(1)[0]); // the darker red became a darker green
    expect(px(1)[1]).toBeLessThan(px(0)[1]);
    expect(px(2)).toEqual([30, 30, 200]);
    expect(px(3)).toEqual([140, 140, 140]);
  });

  test("hue, saturation and value shifts; saturation -1 is grey", () => {
    const img = paint(2, 1, (x) => (x ? [40, 90, 200] : [200, 60, 30]));
    const grey = recolour(img, { saturation: -1 });
    for (let i = 0; i < 2; i++) {
      const [r, g, b] = grey.data.subarray(i * 4, i * 4 + 3);
      expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(2);
    }
    expect(recolour(img, { value: 1 }).data.subarray(0, 3)).toEqual(new Uint8Array([255, 255, 255]));
    expect(recolour(img, { value: -1 }).data.subarray(0, 3)).toEqual(new Uint8Array([0, 0, 0]));
    expect(encodePng(recolour(img, { hue: 360 - 360 }))).toEqual(encodePng(img));
  });

  for (const kind of OVERLAYS)
    test(`overlay ${kind}: changes the picture, keeps a texture tiling, same seed same bytes`, () => {
      const img = bricks();
      const out = overlay(img, kind, 5);
      expect(encodePng(out)).not.toEqual(encodePng(img));
      expect(encodePng(overlay(img, kind, 5))).toEqual(encodePng(out));
      const base = Math.max(seamRatio(img, "x"), seamRatio(img, "y"));
      expect(Math.max(seamRatio(out, "x"), seamRatio(out, "y"))).toBeLessThan(Math.max(1.8, base * 1.6));
    });

  test("an edit of a strip overlays every frame alike; a new animation starts from the first frame", () => {
    const still = bricks();
    const strip = decodePng(editPicture(encodePng(still), { seed: 1, animation: { effect: "pulse", frames: 4 } }).main);
    expect(strip.height).toBe(64);
    const mossy = editPicture(encodePng(strip), { seed: 1, overlay: "moss", frameHeight: 16 });
    const m = decodePng(mossy.main);
    expect(m.height).toBe(64);
    expect(mossy.meta).toBeUndefined();
    const again = editPicture(encodePng(strip), { seed: 1, frameHeight: 16, animation: { effect: "flow", frames: 2 } });
    expect(decodePng(again.main).height).toBe(32);
    expect(again.meta).toMatchObject({ animation: { effect: "flow", frames: 2, frameHeight: 16 } });
    const locked = decodePng(
      editPicture(encodePng(strip), { seed: 1, frameHeight: 16, style: { palette: ["#000000", "#ffffff"], notes: "" } })
        .main,
    );
    expect([...coloursOf(locked)].sort()).toEqual(["#000000", "#ffffff"]);
  });
});
