import { describe, expect, test } from "bun:test";
import { analyseReference, describeLook } from "../../../src/gen/look/reference.ts";
import { clampStrength, steerTowardReference, tilingPeriod } from "../../../src/gen/look/steer.ts";
import { generateTexture } from "../../../src/gen/texture.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { encodePng } from "../../../src/media/png.ts";
import { runTask } from "../../../src/gen/run.ts";
import type { Task } from "../../../src/gen/task.ts";
import { rngFrom } from "../../../src/gen/rng.ts";
import { axisShares, BLUE, distanceTo, meanLightness, ORANGE, paint, stripes, procedural } from "../../support/look.ts";

const stone = () =>
  decodePng(generateTexture({ prompt: "grey cobblestone", size: 32, mode: "custom", description: "stone", seed: 7 }));

describe("reading a reference", () => {
  test("a two-colour picture gives those two colours, darkest first", () => {
    const look = describeLook(analyseReference(stripes(64, 4)));
    expect(look.palette).toEqual(["#143ca0", "#e68c28"]);
    expect(look.contrast).toBe("high");
  });

  test("stripes: direction and how many across", () => {
    expect(describeLook(analyseReference(stripes(64, 4))).structure).toBe("vertical stripes, 8 across");
    expect(describeLook(analyseReference(stripes(64, 8, false))).structure).toBe("horizontal stripes, 4 across");
    const diagonal = paint(64, 64, (x, y) => (Math.floor((x + y) / 4) % 2 ? [200, 200, 200] : [30, 30, 30]));
    expect(describeLook(analyseReference(diagonal)).structure).toBe("diagonal stripes, 8 across");
  });

  test("a grid of tiles: the tile size from the autocorrelation both ways", () => {
    const grid = paint(60, 60, (x, y) => (x % 12 === 0 || y % 10 === 0 ? [90, 90, 90] : [180, 170, 150]));
    expect(describeLook(analyseReference(grid)).structure).toBe("tiles, 5 across and 6 down");
  });

  test("no repeat in noise or in a flat picture", () => {
    const r = rngFrom(3);
    expect(analyseReference(paint(64, 64, () => [r() * 255, r() * 255, r() * 255])).structure).toBeNull();
    expect(analyseReference(paint(32, 32, () => [100, 120, 90])).structure).toBeNull();
  });

  test("a large reference is read from an averaged copy, so thin stripes stay stripes", () => {
    const big = stripes(1024, 16);
    const look = describeLook(analyseReference(big));
    expect(look.structure).toBe("vertical stripes, 32 across");
  });
});

describe("steering a picture toward a reference", () => {
  const look = analyseReference(stripes(64, 4));

  test("the palette moves toward the reference's as the strength grows", () => {
    const img = stone();
    const d = [0, 0.05, 0.5, 0.95].map((s) =>
      s === 0 ? distanceTo(img, [BLUE, ORANGE]) : distanceTo(steerTowardReference(img, look, s, false), [BLUE, ORANGE]),
    );
    for (let i = 1; i < d.length; i++) expect(d[i]).toBeLessThan(d[i - 1]);
    expect(d[3]).toBeLessThan(d[0] / 2.5);
  });

  test("a dark reference darkens, a light one lightens", () => {
    const img = stone();
    const dark = analyseReference(paint(16, 16, (x) => (x % 2 ? [20, 15, 30] : [45, 30, 25])));
    const light = analyseReference(paint(16, 16, (x) => (x % 2 ? [240, 235, 220] : [210, 220, 235])));
    expect(meanLightness(steerTowardReference(img, dark, 0.8, false))).toBeLessThan(meanLightness(img) - 0.15);
    expect(meanLightness(steerTowardReference(img, light, 0.8, false))).toBeGreaterThan(meanLightness(img) + 0.15);
  });

  test("a striped reference stripes a texture the same way, still tiling", () => {
    const img = stone();
    const before = axisShares(img);
    const standing = axisShares(steerTowardReference(img, look, 0.9, true));
    const lying = axisShares(steerTowardReference(img, analyseReference(stripes(64, 4, false)), 0.9, true));
    expect(standing.columns).toBeGreaterThan(Math.max(0.5, before.columns + 0.3));
    expect(standing.rows).toBeLessThan(0.2);
    expect(lying.rows).toBeGreaterThan(Math.max(0.5, before.rows + 0.3));
    // Structure only when asked (a model's textures take colour and value only).
    expect(axisShares(steerTowardReference(img, look, 0.9, false)).columns).toBeLessThan(0.5);
    // 8 across on a 32 px texture: a 4 px period, which divides 32, so the texture still tiles.
    expect(tilingPeriod(32, 8)).toBe(4);
    expect(tilingPeriod(16, 3)).toBe(4);
    expect(tilingPeriod(48, 5)).toBe(8);
  });

  test("strength is clamped to 0.05..0.95; the same inputs give the same bytes; alpha is kept", () => {
    expect([clampStrength(-1), clampStrength(0.05), clampStrength(0.5), clampStrength(0.95), clampStrength(3)]).toEqual(
      [0.05, 0.05, 0.5, 0.95, 0.95],
    );
    const img = stone();
    const bytes = (s: number) => encodePng(steerTowardReference(img, look, s, true));
    expect(bytes(3)).toEqual(bytes(0.95));
    expect(bytes(-2)).toEqual(bytes(0.05));
    expect(bytes(0.5)).toEqual(bytes(0.5));
    expect(bytes(0.5)).not.toEqual(bytes(0.95));
    const holed = stone();
    for (let i = 3; i < holed.data.length; i += 32) holed.data[i] = 0;
    const out = steerTowardReference(holed, look, 0.9, true);
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(holed.data[i]);
  });
});

describe("the worker's pass", () => {
  const req = { prompt: "grey cobblestone", size: 16, mode: "custom" as const, description: "stone", seed: 3 };

  test("a texture task with a reference's bytes is steered and says what it took", async () => {
    const plain = await runTask({ op: "texture", req }, procedural);
    const task: Task = {
      op: "texture",
      req,
      reference: { id: "ref_x", blob: "unused", strength: 0.8, png: encodePng(stripes(64, 4)) },
    };
    const steered = await runTask(task, procedural);
    expect(steered.main).not.toEqual(plain.main);
    expect(steered.meta?.interpretation).toEqual({
      reference: {
        referenceId: "ref_x",
        strength: 0.8,
        palette: ["#143ca0", "#e68c28"],
        valueRange: expect.any(Array),
        contrast: "high",
        structure: "vertical stripes, 8 across",
        taken: ["palette", "value range", "contrast", "structure"],
      },
    });
    expect((await runTask(task, procedural)).main).toEqual(steered.main);
  });

  test("a model's textures take colour and value, not the repeat", async () => {
    const model: Task = {
      op: "model",
      req: { prompt: "oak crate", carrierKind: "item", directional: false, seed: 2, minecraftVersion: "1.21.4" },
      texturePrefix: "p:block/crate_",
    };
    const plain = await runTask(model, procedural);
    const steered = await runTask(
      { ...model, reference: { id: "ref_y", blob: "unused", strength: 0.9, png: encodePng(stripes(64, 4)) } },
      procedural,
    );
    expect(steered.main).toEqual(plain.main);
    const slots = Object.keys(plain.textures ?? {});
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      const before = decodePng(plain.textures![slot]);
      const after = decodePng(steered.textures![slot]);
      expect(distanceTo(after, [BLUE, ORANGE])).toBeLessThan(distanceTo(before, [BLUE, ORANGE]));
    }
    expect((steered.meta as any).interpretation.reference.taken).toEqual(["palette", "value range", "contrast"]);
  });
});
