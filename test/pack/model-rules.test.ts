import { describe, expect, test } from "bun:test";
import { checkBlockModel, legalRotation } from "../../src/pack/model-rules.ts";

const OLD = { minecraftVersion: "1.20.1" };
const face = (extra: object = {}) => ({ texture: "#all", uv: [0, 0, 16, 16], ...extra });
const el = (extra: object = {}) => ({ from: [0, 0, 0], to: [16, 16, 16], faces: { north: face() }, ...extra });
const model = (extra: object = {}) => ({ textures: { all: "packsmith:block/x" }, elements: [el()], ...extra });
const problems = (m: unknown, v = "1.20.1") =>
  checkBlockModel(m, { minecraftVersion: v, textureSlots: "must-resolve" });

describe("checkBlockModel", () => {
  test("a plain cube is valid", () => expect(problems(model())).toEqual([]));

  test("from/to at the bounds pass, past them fail", () => {
    expect(problems(model({ elements: [el({ from: [-16, -16, -16], to: [32, 32, 32] })] }))).toEqual([]);
    expect(problems(model({ elements: [el({ from: [-16.01, 0, 0] })] }))[0]).toContain("leaves -16..32");
    expect(problems(model({ elements: [el({ to: [16, 32.5, 16] })] }))[0]).toContain("leaves -16..32");
    expect(problems(model({ elements: [el({ from: [0, 0], to: [1, 1, 1] })] }))[0]).toContain("3 numbers");
    expect(problems(model({ elements: [el({ from: [5, 0, 0], to: [4, 1, 1] })] }))[0]).toContain("greater");
  });

  test("face uv within 0..16, rotation 0/90/180/270", () => {
    expect(problems(model({ elements: [el({ faces: { up: face({ uv: [16, 16, 0, 0], rotation: 270 }) } })] }))).toEqual(
      [],
    );
    expect(problems(model({ elements: [el({ faces: { up: face({ uv: [0, 0, 16.5, 16] }) } })] }))[0]).toContain(
      "0..16",
    );
    expect(problems(model({ elements: [el({ faces: { up: face({ uv: [-0.1, 0, 16, 16] }) } })] }))[0]).toContain(
      "0..16",
    );
    expect(problems(model({ elements: [el({ faces: { up: face({ uv: [0, 0, 16] }) } })] }))[0]).toContain("4 numbers");
    expect(problems(model({ elements: [el({ faces: { up: face({ rotation: 45 }) } })] }))[0]).toContain(
      "0, 90, 180 or 270",
    );
    expect(problems(model({ elements: [el({ faces: { top: face() } })] }))[0]).toContain("not a face direction");
  });

  test("texture slots must resolve, unless a parent may supply them", () => {
    expect(problems(model({ elements: [el({ faces: { up: face({ texture: "#nope" }) } })] }))[0]).toContain("#nope");
    const withParent = { parent: "block/cube", elements: [el({ faces: { up: face({ texture: "#nope" }) } })] };
    expect(checkBlockModel(withParent, OLD)).toEqual([]);
    expect(checkBlockModel(withParent, { ...OLD, textureSlots: "must-resolve" })[0]).toContain("#nope");
    expect(
      problems({ textures: { a: "#b", b: "#a" }, elements: [el({ faces: { up: face({ texture: "#a" }) } })] }).length,
    ).toBeGreaterThan(0);
    expect(
      problems({ textures: { a: "#b", b: "ns:block/b" }, elements: [el({ faces: { up: face({ texture: "#a" }) } })] }),
    ).toEqual([]);
    expect(problems({ textures: {} })[0]).toContain("elements");
  });

  test("element rotation per version", () => {
    const rot = (r: object) => model({ elements: [el({ rotation: { origin: [8, 8, 8], ...r } })] });
    for (const a of [-45, -22.5, 0, 22.5, 45]) expect(problems(rot({ axis: "y", angle: a }), "1.12.2")).toEqual([]);
    expect(problems(rot({ axis: "y", angle: 30 }), "1.21.5")[0]).toContain("not one of");
    expect(problems(rot({ axis: "y", angle: 30 }), "1.21.6")).toEqual([]);
    expect(problems(rot({ axis: "y", angle: 45 }), "1.21.10")).toEqual([]);
    expect(problems(rot({ axis: "y", angle: 45.5 }), "1.21.10")[0]).toContain("-45..45");
    expect(problems(rot({ axis: "y", angle: 90 }), "1.21.11")).toEqual([]);
    expect(problems(rot({ axis: "w", angle: 0 }), "1.21.11")[0]).toContain("axis");
    expect(problems(rot({ x: 10, y: 70, z: 0 }), "26.3")).toEqual([]);
    expect(problems(rot({ x: 10, y: 70 }), "1.21.10")[0]).toContain("1.21.11");
  });

  test("display transforms: ranges and contexts", () => {
    const d = (display: object, v = "1.20.1") => problems(model({ display }), v);
    expect(d({ gui: { rotation: [30, 225, 0], translation: [80, -80, 0], scale: [4, -4, 0.5] } })).toEqual([]);
    expect(d({ gui: { translation: [80.5, 0, 0] } })[0]).toContain("-80..80");
    expect(d({ gui: { scale: [4.1, 1, 1] } })[0]).toContain("-4..4");
    expect(d({ on_shelf: { scale: [1, 1, 1] } }, "1.21.8")[0]).toContain("before 1.21.9");
    expect(d({ on_shelf: { scale: [1, 1, 1] } }, "1.21.9")).toEqual([]);
    expect(d({ hat: {} })[0]).toContain("not a display context");
  });

  test("light_emission needs 1.21.2 and 0..15", () => {
    expect(problems(model({ elements: [el({ light_emission: 15 })] }), "1.21.2")).toEqual([]);
    expect(problems(model({ elements: [el({ light_emission: 15 })] }), "1.21.1")[0]).toContain("1.21.2");
    expect(problems(model({ elements: [el({ light_emission: 16 })] }), "1.21.4")[0]).toContain("0..15");
  });

  test("non-objects are refused", () => {
    expect(problems(null)).toEqual(["a model must be a JSON object"]);
    expect(problems(model({ elements: {} }))[0]).toContain("list");
  });
});

describe("legalRotation", () => {
  test("snaps to 22.5 steps before 1.21.6", () => {
    expect(legalRotation(30, "1.20.1")).toBe(22.5);
    expect(legalRotation(-40, "1.12.2")).toBe(-45);
    expect(legalRotation(10, "1.20.1")).toBe(0);
    expect(legalRotation(90, "1.20.1")).toBe(45);
  });
  test("clamps to ±45 on 1.21.6–1.21.10, keeps anything from 1.21.11", () => {
    expect(legalRotation(30, "1.21.6")).toBe(30);
    expect(legalRotation(60, "1.21.10")).toBe(45);
    expect(legalRotation(60, "1.21.11")).toBe(60);
    expect(legalRotation(370, "26.3")).toBe(10);
  });
});
