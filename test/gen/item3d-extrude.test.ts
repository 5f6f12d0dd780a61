import { describe, expect, test } from "bun:test";
import { writeArtifact } from "../support/artifacts.ts";
import { extrudeSprite, mergeRuns } from "../../src/gen/item3d-extrude.ts";
import { checkBlockModel } from "../../src/pack/model-rules.ts";
import { renderModelPreview } from "../../src/gen/model-preview.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";
import { rngFrom } from "../../src/gen/rng.ts";

type El = { from: number[]; to: number[]; faces: Record<string, { uv: number[] }> };

/** A diagonal sword drawn pixel by pixel: blade, crossguard, grip. */
function sword(size = 16): Rgba {
  const img = newRgba(size, size);
  const k = size / 16;
  const put = (x: number, y: number, c: number[]) => {
    for (let j = 0; j < k; j++)
      for (let i = 0; i < k; i++) img.data.set([...c, 255], ((y * k + j) * size + x * k + i) * 4);
  };
  for (let i = 3; i < 14; i++)
    for (const d of [-1, 0, 1]) if (i + d >= 0 && i + d < 16) put(i + d, 15 - i, d ? [150, 160, 170] : [220, 230, 240]);
  for (let i = 0; i < 5; i++) put(1 + i, 10 + i, [120, 80, 40]);
  for (const [x, y] of [
    [2, 11],
    [3, 12],
    [4, 13],
    [1, 10],
  ])
    put(x, y, [90, 60, 30]);
  return img;
}

function noise(size: number, seed: number): Rgba {
  const rng = rngFrom(seed);
  const img = newRgba(size, size);
  for (let i = 0; i < size * size; i++) img.data.set([255, 0, 0, rng() < 0.6 ? 255 : 0], i * 4);
  return img;
}

const volume = (els: El[]) => els.reduce((v, e) => v + (e.to[0] - e.from[0]) * (e.to[1] - e.from[1]), 0);

describe("extrudeSprite", () => {
  test("a sword: valid on every version, few elements, covers exactly the opaque pixels", () => {
    const img = sword();
    const model = extrudeSprite(img, "ns:item/sword", true);
    for (const v of ["1.12.2", "1.20.1", "1.21.6", "26.3"])
      expect(checkBlockModel(model, { minecraftVersion: v, textureSlots: "must-resolve" })).toEqual([]);
    const els = model.elements as El[];
    let opaque = 0;
    for (let i = 3; i < img.data.length; i += 4) if (img.data[i]) opaque++;
    expect(volume(els)).toBe(opaque); // front area in block units = pixel count at 16x16
    expect(els.length).toBeLessThan(60);
    expect((model.display as any).thirdperson_righthand.rotation).toEqual([0, -90, 55]);
    writeArtifact(
      "models/item3d-sword.png",
      encodePng(renderModelPreview(model, { sprite: img }, { size: 128, yaw: 30 })),
    );
  });

  test("inner pixels are thicker than edge pixels", () => {
    const img = newRgba(16, 16);
    for (let y = 4; y < 12; y++) for (let x = 4; x < 12; x++) img.data.set([0, 200, 0, 255], (y * 16 + x) * 4);
    const els = extrudeSprite(img, "x", false).elements as El[];
    const depths = new Set((els as El[]).map((e) => e.to[2] - e.from[2]));
    expect([...depths].sort()).toEqual([1, 2]);
  });

  test("worst-case noise stays under 200 elements at 16x16 and UVs stay inside the texture at 32x32", () => {
    for (let seed = 0; seed < 20; seed++) {
      const m = extrudeSprite(noise(16, seed), "x", false);
      expect((m.elements as El[]).length).toBeLessThan(200);
      expect(checkBlockModel(m, { minecraftVersion: "1.20.1", textureSlots: "must-resolve" })).toEqual([]);
    }
    const big = extrudeSprite(sword(32), "x", true);
    expect(checkBlockModel(big, { minecraftVersion: "1.20.1", textureSlots: "must-resolve" })).toEqual([]);
    expect(volume(big.elements as El[])).toBeCloseTo(volume(extrudeSprite(sword(16), "x", true).elements as El[]), 5);
  });

  test("mergeRuns covers every opaque cell once", () => {
    const depth = Uint8Array.from([1, 1, 0, 2, 2, 1, 2, 2, 1]);
    const rects = mergeRuns(depth, 3, 3);
    const seen = new Uint8Array(9);
    for (const r of rects)
      for (let j = 0; j < r.h; j++)
        for (let i = 0; i < r.w; i++) {
          const k = (r.y + j) * 3 + r.x + i;
          expect(depth[k]).toBe(r.depth);
          seen[k]++;
        }
    expect(Array.from(seen)).toEqual(Array.from(depth, (d) => (d ? 1 : 0)));
  });

  test("south face shows the sprite, north mirrors it", () => {
    const els = extrudeSprite(sword(), "x", true).elements as El[];
    const e = els[0];
    expect(e.faces.north.uv).toEqual([
      e.faces.south.uv[2],
      e.faces.south.uv[1],
      e.faces.south.uv[0],
      e.faces.south.uv[3],
    ]);
  });
});
