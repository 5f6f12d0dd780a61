/**
 * Sheets for people to judge (written by `bun run artifacts`): animated results as frame strips laid side by
 * side (one row per effect, frames left to right), and one prompt steered by several references at rising
 * strength. The test itself checks the sheets' make-up, so it runs (and can fail) on every test run.
 */
import { describe, expect, test } from "bun:test";
import { runTask } from "../../../src/gen/run.ts";
import type { Task } from "../../../src/gen/task.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { encodePng, newRgba, type Rgba } from "../../../src/media/png.ts";
import { blit, scaleUp } from "../../../src/media/image.ts";
import { stripFrame } from "../../../src/gen/look/animate.ts";
import { writeArtifact } from "../../support/artifacts.ts";
import { paint, stripes, procedural } from "../../support/look.ts";

const ZOOM = 4;
const FRAMES = 8;
const GAP = 4;

const ANIMATED: [string, Task][] = [
  [
    "flow",
    {
      op: "texture",
      req: {
        prompt: "lava",
        size: 16,
        mode: "custom",
        description: "lava",
        seed: 1,
        animation: { effect: "flow", frames: FRAMES },
      },
    },
  ],
  [
    "pulse",
    {
      op: "texture",
      req: {
        prompt: "diamond ore",
        size: 16,
        mode: "custom",
        description: "ore",
        seed: 1,
        animation: { effect: "pulse", frames: FRAMES },
      },
    },
  ],
  [
    "flicker",
    {
      op: "texture",
      req: {
        prompt: "glowing magma",
        size: 16,
        mode: "custom",
        description: "magma",
        seed: 1,
        animation: { effect: "flicker", frames: FRAMES },
      },
    },
  ],
  [
    "drip",
    {
      op: "texture",
      req: {
        prompt: "mossy cobblestone",
        size: 16,
        mode: "custom",
        description: "stone",
        seed: 1,
        animation: { effect: "drip", frames: FRAMES },
      },
    },
  ],
  [
    "shimmer",
    {
      op: "item",
      req: { prompt: "enchanted golden sword", size: 16, seed: 2, animation: { effect: "shimmer", frames: FRAMES } },
    },
  ],
  [
    "spin",
    { op: "item", req: { prompt: "gold coin", size: 16, seed: 2, animation: { effect: "spin", frames: FRAMES } } },
  ],
];

const REFERENCES: [string, Rgba][] = [
  ["blue and orange stripes", stripes(64, 4)],
  ["dark tiles", paint(60, 60, (x, y) => (x % 12 === 0 || y % 10 === 0 ? [20, 16, 28] : [70, 52, 88]))],
  ["pale diagonal", paint(64, 64, (x, y) => (Math.floor((x + y) / 8) % 2 ? [236, 226, 200] : [190, 214, 226]))],
];

describe("look sheets", () => {
  test("animated results: one row of frames per effect", async () => {
    const cell = 16 * ZOOM + GAP;
    const sheet = newRgba(cell * FRAMES, cell * ANIMATED.length);
    for (const [row, [, task]] of ANIMATED.entries()) {
      const strip = decodePng((await runTask(task, procedural)).main);
      expect(strip.height).toBe(16 * FRAMES);
      for (let k = 0; k < FRAMES; k++) blit(sheet, scaleUp(stripFrame(strip, k, 16), ZOOM), k * cell, row * cell);
    }
    writeArtifact("animations.png", encodePng(sheet));
  });

  test("references steering one prompt: the plain result, then each reference at 0.3, 0.6 and 0.9", async () => {
    const cell = 32 * ZOOM + GAP;
    const sheet = newRgba(cell * 5, cell * REFERENCES.length);
    const req = { prompt: "grey cobblestone", size: 32, mode: "custom" as const, description: "stone", seed: 7 };
    const plain = decodePng((await runTask({ op: "texture", req }, procedural)).main);
    for (const [row, [, ref]] of REFERENCES.entries()) {
      blit(
        sheet,
        scaleUp(
          ref.width === 64
            ? ref
            : paint(64, 64, (x, y) => [
                ...ref.data.subarray(
                  ((y % ref.height) * ref.width + (x % ref.width)) * 4,
                  ((y % ref.height) * ref.width + (x % ref.width)) * 4 + 3,
                ),
              ]),
          2,
        ),
        0,
        row * cell,
      );
      blit(sheet, scaleUp(plain, ZOOM), cell, row * cell);
      for (const [i, strength] of [0.3, 0.6, 0.9].entries()) {
        const task: Task = { op: "texture", req, reference: { id: "ref", blob: "-", strength, png: encodePng(ref) } };
        const out = decodePng((await runTask(task, procedural)).main);
        expect([out.width, out.height]).toEqual([32, 32]);
        blit(sheet, scaleUp(out, ZOOM), (i + 2) * cell, row * cell);
      }
    }
    writeArtifact("references.png", encodePng(sheet));
  });
});
