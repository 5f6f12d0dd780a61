import { expect, test } from "bun:test";
import { fitModelBytes } from "../../src/pack/model-fit.ts";
import { checkBlockModel } from "../../src/pack/model-rules.ts";

const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const dec = (b: Uint8Array) => JSON.parse(new TextDecoder().decode(b));
const model = {
  textures: { all: "demo:block/lamp" },
  elements: [
    {
      from: [4, 0, 4],
      to: [12, 8, 12],
      light_emission: 15,
      rotation: { origin: [8, 8, 8], axis: "y", angle: 30 },
      faces: { north: { texture: "#all" } },
    },
  ],
};

test("a model made for a newer release is fitted to an older one, and then passes its rules", () => {
  for (const version of ["1.16.5", "1.20.1", "1.21.1"]) {
    const fitted = dec(fitModelBytes(enc(model), version));
    expect(fitted.elements[0].light_emission).toBeUndefined();
    expect(fitted.elements[0].rotation.angle).toBe(22.5);
    expect(checkBlockModel(fitted, { minecraftVersion: version })).toEqual([]);
  }
  // 1.21.2..1.21.5 keep the light but still step rotations; 1.21.6+ takes any angle up to 45.
  const mid = dec(fitModelBytes(enc(model), "1.21.4"));
  expect([mid.elements[0].light_emission, mid.elements[0].rotation.angle]).toEqual([15, 22.5]);
  expect(dec(fitModelBytes(enc(model), "1.21.8")).elements[0].rotation.angle).toBe(30);
});

test("nothing to change, or not a model: the very same bytes", () => {
  const bytes = enc(model);
  expect(fitModelBytes(bytes, "1.21.8")).toBe(bytes);
  const text = new TextEncoder().encode("not json");
  expect(fitModelBytes(text, "1.12.2")).toBe(text);
});
