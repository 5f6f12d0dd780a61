import { describe, expect, test } from "bun:test";
import {
  ANIMATION_EFFECTS,
  animateStill,
  animationMcmeta,
  fullAnimation,
  stripFrame,
} from "../../../src/gen/look/animate.ts";
import { runTask } from "../../../src/gen/run.ts";
import type { Task } from "../../../src/gen/task.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { encodePng } from "../../../src/media/png.ts";
import { textureRgba } from "../../../src/gen/texture.ts";
import { seamRatio } from "../../support/texture-checks.ts";
import { coloursOf, procedural } from "../../support/look.ts";

const still = () => textureRgba({ prompt: "lava", size: 16, mode: "custom", description: "lava", seed: 4 });

describe("animation strips", () => {
  for (const effect of ANIMATION_EFFECTS)
    test(`${effect}: a strip of frames the still's size, each differing, the same bytes for the same seed`, () => {
      const img = still();
      for (const frames of [2, 8, 32]) {
        const strip = animateStill(img, fullAnimation({ effect, frames }), 9);
        expect([strip.width, strip.height]).toEqual([16, 16 * frames]);
        const all = Array.from({ length: frames }, (_, k) => encodePng(stripFrame(strip, k, 16)));
        expect(new Set(all.map((b) => Buffer.from(b).toString("hex"))).size).toBeGreaterThan(1);
      }
      const a = animateStill(img, fullAnimation({ effect }), 9);
      expect(encodePng(animateStill(img, fullAnimation({ effect }), 9))).toEqual(encodePng(a));
    });

  test("a texture's frames tile as its still does (flow and drip wrap round the edges)", () => {
    const img = still();
    const base = Math.max(seamRatio(img, "x"), seamRatio(img, "y"));
    for (const effect of ["flow", "pulse", "flicker", "shimmer", "drip"] as const) {
      const strip = animateStill(img, fullAnimation({ effect, frames: 8 }), 3);
      for (let k = 0; k < 8; k++) {
        const f = stripFrame(strip, k, 16);
        expect({ effect, k, ok: Math.max(seamRatio(f, "x"), seamRatio(f, "y")) < Math.max(1.6, base * 1.5) }).toEqual({
          effect,
          k,
          ok: true,
        });
      }
    }
  });

  test("the outline stays put on a sprite except when it spins; a spinning sprite never has an empty frame", async () => {
    const sprite = decodePng(
      (await runTask({ op: "item", req: { prompt: "gold coin", size: 16, seed: 2 } }, procedural)).main,
    );
    const alphas = (img: typeof sprite) =>
      Array.from({ length: img.width * img.height }, (_, i) => img.data[i * 4 + 3]);
    for (const effect of ["flow", "pulse", "flicker", "shimmer", "drip"] as const) {
      const strip = animateStill(sprite, fullAnimation({ effect, frames: 4 }), 1);
      for (let k = 0; k < 4; k++) expect(alphas(stripFrame(strip, k, 16))).toEqual(alphas(sprite));
    }
    const spin = animateStill(sprite, fullAnimation({ effect: "spin", frames: 8 }), 1);
    for (let k = 0; k < 8; k++) expect(alphas(stripFrame(spin, k, 16)).some((a) => a > 0)).toBe(true);
    expect(alphas(stripFrame(spin, 2, 16))).not.toEqual(alphas(sprite));
  });

  test("the .png.mcmeta: frametime and interpolate as asked; a frame that is not square names its size", () => {
    expect(JSON.parse(animationMcmeta(fullAnimation({ effect: "flow" }), { width: 16, height: 16 }))).toEqual({
      animation: { frametime: 2 },
    });
    expect(
      JSON.parse(
        animationMcmeta(fullAnimation({ effect: "pulse", frametime: 5, interpolate: true }), { width: 7, height: 9 }),
      ),
    ).toEqual({ animation: { frametime: 5, interpolate: true, width: 7, height: 9 } });
  });

  test("the worker's result: the strip as the file, the sidecar in meta; a palette lock holds on every frame", async () => {
    const palette = ["#2b1d0e", "#8a3b12", "#e0701c", "#ffd27a"];
    const task: Task = {
      op: "texture",
      req: {
        prompt: "lava",
        size: 16,
        mode: "custom",
        description: "lava",
        seed: 4,
        animation: { effect: "pulse", frames: 6, frametime: 3 },
        style: { palette, notes: "" },
      },
    };
    const out = await runTask(task, procedural);
    const strip = decodePng(out.main);
    expect([strip.width, strip.height]).toEqual([16, 96]);
    expect(out.meta).toMatchObject({
      animation: { effect: "pulse", frames: 6, frametime: 3, interpolate: false, frameHeight: 16 },
      mcmeta: animationMcmeta(fullAnimation({ effect: "pulse", frames: 6, frametime: 3 }), { width: 16, height: 16 }),
    });
    expect([...coloursOf(strip)].filter((c) => !palette.includes(c))).toEqual([]);
  });
});
