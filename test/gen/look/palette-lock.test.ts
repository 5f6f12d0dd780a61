import { describe, expect, test } from "bun:test";
import { lockToPalette, paletteRamps } from "../../../src/gen/look/palette-lock.ts";
import { runTask } from "../../../src/gen/run.ts";
import type { Task } from "../../../src/gen/task.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { encodePng } from "../../../src/media/png.ts";
import { coloursOf, paint, procedural } from "../../support/look.ts";

const PALETTE = ["#1b3a4b", "#3e7cb1", "#81a4cd", "#dbe4ee", "#f17300", "#3b2a1e", "#7a5230", "#c9a66b"];
const inPalette = (img: Parameters<typeof coloursOf>[0], palette = PALETTE) =>
  [...coloursOf(img)].filter((c) => !palette.includes(c));

describe("the palette lock", () => {
  test("ramps: greys together, colours by hue family, each dark to light", () => {
    const ramps = paletteRamps(["#ffffff", "#101010", "#802020", "#ff6060", "#2040a0", "#808080", "#c03030"]);
    const hex = (r: (typeof ramps)[number]) =>
      r.map((s) => `#${s.rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`);
    // Greys first, then the families in hue order (OKLab hue angle from -180°: blue comes before red).
    expect(ramps.map(hex)).toEqual([["#101010", "#808080", "#ffffff"], ["#2040a0"], ["#802020", "#c03030", "#ff6060"]]);
  });

  test("every visible pixel ends up in the palette; alpha is kept; shading survives along a ramp", () => {
    const gradient = paint(32, 8, (x) => [40 + x * 6, 20 + x * 3, 10]);
    gradient.data[3] = 0;
    gradient.data[7] = 100;
    const out = lockToPalette(gradient, PALETTE);
    expect(inPalette(out)).toEqual([]);
    expect(out.data[3]).toBe(0);
    expect(out.data[7]).toBe(100);
    // A brown gradient walks up the brown ramp, dark to light, never jumping to the blues.
    const steps = Array.from(
      { length: 32 },
      (_, x) =>
        `#${[0, 1, 2].map((c) => out.data[(8 * 32 + x) * 4 - 32 * 4 + c].toString(16).padStart(2, "0")).join("")}`,
    );
    const used = [...new Set(steps)];
    expect(used.length).toBeGreaterThanOrEqual(3);
    for (const c of used) expect(["#3b2a1e", "#7a5230", "#c9a66b", "#f17300", "#dbe4ee"]).toContain(c);
  });

  test("ordered dithering mixes two neighbouring steps in a fixed 4x4 pattern, still only palette colours", () => {
    const between = paint(8, 8, () => [160, 120, 75]);
    const flat = lockToPalette(between, PALETTE);
    const dithered = lockToPalette(between, PALETTE, "ordered");
    expect(coloursOf(flat).size).toBe(1);
    expect(coloursOf(dithered).size).toBe(2);
    expect(inPalette(dithered)).toEqual([]);
    // The pattern repeats every 4 pixels both ways (so a tiling texture still tiles).
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 4; x++)
        for (let c = 0; c < 4; c++)
          expect(dithered.data[((y + 4) * 8 + x + 4) * 4 + c]).toBe(dithered.data[(y * 8 + x) * 4 + c]);
    expect(encodePng(lockToPalette(between, PALETTE, "ordered"))).toEqual(encodePng(dithered));
  });

  test("a one-colour palette paints every visible pixel that colour", () => {
    const img = paint(4, 4, (x, y) => [x * 60, y * 60, 90]);
    expect([...coloursOf(lockToPalette(img, ["#336699"]))]).toEqual(["#336699"]);
  });
});

describe("every generator's pictures stay inside the guide's palette", () => {
  const style = { palette: PALETTE, notes: "" };
  const tasks: Task[] = [
    {
      op: "texture",
      req: { prompt: "mossy cobblestone", size: 32, mode: "custom", description: "stone", seed: 1, style },
    },
    { op: "item", req: { prompt: "iron sword with a ruby", size: 16, seed: 2, style } },
    { op: "icon", req: { prompt: "gold coin", name: "coin", seed: 3, style } },
    { op: "gui", req: { prompt: "stone bricks", target: "hopper", seed: 4, style } },
    { op: "hud", req: { prompt: "oak wood", seed: 5, style } },
    {
      op: "model",
      req: { prompt: "oak crate", carrierKind: "full", directional: false, seed: 6, style, minecraftVersion: "1.21.4" },
      texturePrefix: "p:block/crate_",
    },
    {
      op: "item3d",
      req: { prompt: "copper lantern", size: 16, seed: 7, style, minecraftVersion: "1.21.4" },
      texturePrefix: "p:item/lantern_",
    },
  ];
  for (const task of tasks)
    for (const dither of ["none", "ordered"] as const)
      test(`${task.op}, dither ${dither}`, async () => {
        const t = { ...task, req: { ...task.req, style: { ...style, dither } } } as Task;
        const out = await runTask(t, procedural);
        const pictures = task.op === "model" || task.op === "item3d" ? Object.values(out.textures ?? {}) : [out.main];
        expect(pictures.length).toBeGreaterThan(0);
        for (const png of pictures) expect(inPalette(decodePng(png))).toEqual([]);
        const free = await runTask({ ...task, req: { ...task.req, style: null } } as Task, procedural);
        const freePictures =
          task.op === "model" || task.op === "item3d" ? Object.values(free.textures ?? {}) : [free.main];
        expect(freePictures.some((png) => inPalette(decodePng(png)).length > 0)).toBe(true);
      });
});
