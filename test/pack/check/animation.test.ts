import { describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { checkPackZip } from "../../../src/pack/check/index.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";

const enc = new TextEncoder();
const PATH = "assets/demo/textures/block/flow.png";

/** A pack holding one strip `w`x`h` with `animation` as its .mcmeta section. */
function strip(w: number, h: number, animation: unknown): ReturnType<typeof checkPackZip> {
  const img = newRgba(w, h);
  img.data.fill(200);
  const zip = zipSync({
    "pack.mcmeta": enc.encode(JSON.stringify({ pack: { pack_format: 34, description: "t" } })),
    [PATH]: encodePng(img),
    [`${PATH}.mcmeta`]: enc.encode(JSON.stringify({ animation })),
  });
  return checkPackZip(zip, { version: "1.21.1" });
}
const problems = (r: ReturnType<typeof checkPackZip>) => r.errors.map((e) => `${e.rule}: ${e.message}`);

describe("animation strips in the checker", () => {
  test("a strip of whole square frames with sound fields is clean", () => {
    expect(problems(strip(16, 16 * 32, { frametime: 200, interpolate: true }))).toEqual([]);
    expect(problems(strip(16, 32, { frames: [0, 1, { index: 1, time: 4 }] }))).toEqual([]);
    expect(problems(strip(9, 36, { width: 9, height: 9, frametime: 1 }))).toEqual([]);
  });

  test("height not a multiple of the width: refused", () => {
    expect(problems(strip(16, 40, {}))).toEqual(["texture.animation: a 16x40 strip does not divide into 16x16 frames"]);
  });

  test("frames past the strip, bad indices and times: refused, with the range", () => {
    expect(problems(strip(16, 32, { frames: [0, 2] }))).toEqual([
      "texture.animation-frames: frames[1] names frame 2, but the strip has frames 0 to 1",
    ]);
    expect(problems(strip(16, 32, { frames: [-1, { index: 1, time: 0 }] })).sort()).toEqual([
      "texture.animation-frames: frames[0] names frame -1, but the strip has frames 0 to 1",
      "texture.animation: frames[1].time must be a whole number of ticks, 1 or more",
    ]);
    expect(problems(strip(16, 32, { frames: "all" }))).toEqual([
      "texture.animation: frames must be a list of frame indices or {index, time} objects",
    ]);
  });

  test("frametime and interpolate of the wrong kind: refused", () => {
    expect(problems(strip(16, 32, { frametime: 0, interpolate: "yes" }))).toEqual([
      "texture.animation: frametime must be a whole number of ticks, 1 or more (got 0)",
      'texture.animation: interpolate must be true or false (got "yes")',
    ]);
  });
});
