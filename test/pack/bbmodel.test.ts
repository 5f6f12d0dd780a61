import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { boxUvFaces, convertBbmodel } from "../../src/pack/bbmodel.ts";
import { decompressBlockbench } from "../../src/pack/bbmodel-lz.ts";
import { checkBlockModel } from "../../src/pack/model-rules.ts";
import { DomainError } from "../../src/domain-error.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { CORPUS as SHARED_CORPUS } from "../support/corpus.ts";

const CORPUS = `${SHARED_CORPUS}/bbmodel/`;
const have = existsSync(CORPUS);
if (!have) console.warn(`skipping corpus tests: ${CORPUS} is absent`);
const opts = (v = "1.20.1") => ({ minecraftVersion: v, textureId: (s: string) => `packsmith:block/bb_${s}` });
const read = (f: string) => readFileSync(CORPUS + f, "utf8");
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).errorCode).toBe("invalid_request");
    return (e as Error).message;
  }
  throw new Error("expected a refusal");
};
const valid = (model: unknown, v = "1.20.1") =>
  expect(checkBlockModel(model, { minecraftVersion: v, textureSlots: "must-resolve" })).toEqual([]);

describe.skipIf(!have)("corpus .bbmodel files", () => {
  test("blanktopia_wotamelon (java_block): 12 elements, 4 embedded textures, display carried over", () => {
    for (const v of ["1.12.2", "1.20.1", "1.21.6", "26.3"]) {
      const r = convertBbmodel(read("blanktopia_wotamelon.bbmodel"), opts(v));
      valid(r.model, v);
      expect((r.model.elements as unknown[]).length).toBe(12);
      expect(Object.keys(r.textures).sort()).toEqual(["dandelion", "melon_inside", "melon_side", "melon_top"]);
      for (const png of Object.values(r.textures)) expect(decodePng(png).width).toBe(16);
      expect((r.model.display as any).head.translation).toEqual([0, 13, 2.25]);
      expect((r.model.textures as any).melon_side).toBe("packsmith:block/bb_melon_side");
      expect((r.model.textures as any).particle).toBe("#melon_side"); // the texture marked as particle
      expect(r.warnings).toEqual([]);
    }
  });

  test("spydnel_scourge (modded_entity, box UV, 128px texture, animation): converts as a scaled static model", () => {
    const r = convertBbmodel(read("spydnel_scourge_modded_entity.bbmodel"), opts());
    valid(r.model);
    const els = r.model.elements as { from: number[]; to: number[]; faces: Record<string, { uv: number[] }> }[];
    expect(els.length).toBe(11);
    expect(r.warnings.join("\n")).toContain("modded_entity");
    expect(r.warnings.join("\n")).toContain("animation");
    expect(r.warnings.join("\n")).toContain("scaled by 0.6575");
    // First cube's north face: [76,44,85,67] on a 128 px texture -> x 16/128.
    expect(els[0].faces.north.uv).toEqual([9.5, 5.5, 10.625, 8.375]);
    expect(decodePng(r.textures.stone_golem).width).toBe(128);
  });

  test("box-UV layout computed from uv_offset matches the face UVs Blockbench stored", () => {
    const doc = JSON.parse(read("spydnel_scourge_modded_entity.bbmodel"));
    let checked = 0;
    for (const e of doc.elements)
      if (e.uv_offset) {
        const faces = boxUvFaces(e.from, e.to, e.uv_offset, !!e.mirror_uv);
        for (const dir of ["north", "east", "south", "west", "up", "down"] as const)
          expect(faces[dir]).toEqual(e.faces[dir].uv);
        checked++;
      }
    expect(checked).toBeGreaterThan(4);
  });

  test("jannisx11_blockbench_test: refused, it has no textures", () => {
    expect(refusal(() => convertBbmodel(read("jannisx11_blockbench_test.bbmodel"), opts()))).toContain(
      "no embedded textures",
    );
  });

  test("animatedjava_cube_ajmodel: refused, it has no cubes", () => {
    expect(refusal(() => convertBbmodel(read("animatedjava_cube_ajmodel.bbmodel"), opts()))).toContain("no cubes");
  });
});

/** Test-side LZUTF8 + StorageBinaryString encoder (greedy matches), to make "<lz>" files. */
function lzCompress(text: string): string {
  const src = new TextEncoder().encode(text);
  const out: number[] = [];
  for (let i = 0; i < src.length; ) {
    let best = 0,
      dist = 0;
    // Only start matches on UTF-8 lead bytes so pointers never split a character.
    if (src[i] >>> 6 !== 2)
      for (let j = Math.max(0, i - 32767); j < i; j++) {
        let l = 0;
        while (l < 31 && i + l < src.length && src[j + l] === src[i + l]) l++;
        while (l > 0 && i + l < src.length && src[i + l] >>> 6 === 2) l--;
        if (l > best) [best, dist] = [l, i - j];
      }
    if (best >= 4) {
      if (dist < 128) out.push(0xc0 | best, dist);
      else out.push(0xe0 | best, dist >>> 8, dist & 255);
      i += best;
    } else out.push(src[i++]);
  }
  return `<lz>${storageBinary(out)}`;
}

/**
 * StorageBinaryString: the bytes (padded to an even count) as 15-bit characters, a closing character saying
 * whether the last byte was padding, and NUL written as U+8002.
 */
function storageBinary(bytes: number[]): string {
  let s = "",
    acc = 0,
    bits = 0;
  for (const b of bytes.length % 2 ? [...bytes, 0] : bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 15) {
      s += String.fromCharCode((acc >>> (bits - 15)) & 0x7fff);
      bits -= 15;
      acc &= (1 << bits) - 1;
    }
  }
  if (bits) s += String.fromCharCode((acc << (15 - bits)) & 0x7fff);
  s += String.fromCharCode(0x8000 | (bytes.length % 2));
  return s.replace(/\0/g, "\u8002");
}

describe("compressed <lz> projects", () => {
  test("a back-reference by hand decodes", () => {
    // "abcd" then a pointer (length 4, distance 4) then "!" -> "abcdabcd!" (bytes 61 62 63 64 c4 04 21).
    const bytes = [0x61, 0x62, 0x63, 0x64, 0xc4, 0x04, 0x21];
    expect(decompressBlockbench(`<lz>${storageBinary(bytes)}`)).toBe("abcdabcd!");
  });

  test.skipIf(!have)("the wotamelon project compressed round-trips and converts identically", () => {
    const text = read("blanktopia_wotamelon.bbmodel");
    const lz = lzCompress(text);
    expect(lz.length).toBeLessThan(text.length);
    expect(decompressBlockbench(lz)).toBe(text);
    expect(JSON.stringify(convertBbmodel(lz, opts()).model)).toBe(JSON.stringify(convertBbmodel(text, opts()).model));
  });

  test("non-ASCII text survives", () =>
    expect(decompressBlockbench(lzCompress('{"name":"ÿ café ☕ café ☕"}'))).toBe('{"name":"ÿ café ☕ café ☕"}'));
});

describe("conversion rules", () => {
  const png = Buffer.from(encodePng(newRgba(32, 32))).toString("base64");
  const project = (cube: object, extra: object = {}) =>
    JSON.stringify({
      meta: { format_version: "4.5", model_format: "java_block", box_uv: false },
      resolution: { width: 32, height: 32 },
      elements: [
        {
          name: "c",
          uuid: "u1",
          from: [0, 0, 0],
          to: [16, 16, 16],
          origin: [8, 8, 8],
          faces: { north: { uv: [0, 0, 32, 32], texture: 0 }, up: { uv: [0, 0, 16, 16], texture: 0, rotation: 90 } },
          ...cube,
        },
      ],
      outliner: ["u1"],
      textures: [{ name: "Skin Tex.png", id: "0", uuid: "t0", source: `data:image/png;base64,${png}` }],
      ...extra,
    });

  test("UVs scale by the texture resolution; slot names are sanitised", () => {
    const r = convertBbmodel(project({}), opts());
    valid(r.model);
    const el = (r.model.elements as any[])[0];
    expect(el.faces.north).toEqual({ texture: "#skin_tex", uv: [0, 0, 16, 16] });
    expect(el.faces.up).toEqual({ texture: "#skin_tex", uv: [0, 0, 8, 8], rotation: 90 });
    expect(Object.keys(el.faces)).toEqual(["north", "up"]);
  });

  test("rotations: snapped before 1.21.6 (with a warning), kept after; multi-axis only from 1.21.11", () => {
    const r1 = convertBbmodel(project({ rotation: [0, 30, 0] }), opts("1.20.1"));
    expect((r1.model.elements as any[])[0].rotation).toEqual({ origin: [8, 8, 8], axis: "y", angle: 22.5 });
    expect(r1.warnings[0]).toContain("snapped to 22.5");
    const r2 = convertBbmodel(project({ rotation: [0, 30, 0] }), opts("1.21.6"));
    expect((r2.model.elements as any[])[0].rotation.angle).toBe(30);
    expect(r2.warnings).toEqual([]);
    const r3 = convertBbmodel(project({ rotation: [10, 30, 0] }), opts("26.3"));
    expect((r3.model.elements as any[])[0].rotation).toEqual({ origin: [8, 8, 8], x: 10, y: 30, z: 0 });
    valid(r3.model, "26.3");
    const r4 = convertBbmodel(project({ rotation: [10, 30, 0] }), opts("1.21.8"));
    expect((r4.model.elements as any[])[0].rotation.axis).toBe("y");
    expect(r4.warnings[0]).toContain("only one is allowed");
    valid(r4.model, "1.21.8");
  });

  test("a single rotated group lends its rotation to its cubes", () => {
    const r = convertBbmodel(
      project({}, { outliner: [{ name: "g", uuid: "g1", origin: [4, 4, 4], rotation: [0, 0, 45], children: ["u1"] }] }),
      opts(),
    );
    expect((r.model.elements as any[])[0].rotation).toEqual({ origin: [4, 4, 4], axis: "z", angle: 45 });
  });

  test("box UV without stored face UVs uses the layout", () => {
    const faces = Object.fromEntries(["north", "east", "south", "west", "up", "down"].map((d) => [d, { texture: 0 }]));
    const r = convertBbmodel(
      project({ box_uv: true, uv_offset: [0, 0], from: [0, 0, 0], to: [4, 4, 4], faces }),
      opts(),
    );
    expect((r.model.elements as any[])[0].faces.north.uv).toEqual([2, 2, 4, 4]);
    valid(r.model);
  });

  test("refusals: not JSON, no meta, texture not embedded", () => {
    expect(refusal(() => convertBbmodel("hello", opts()))).toContain("not JSON");
    expect(refusal(() => convertBbmodel("{}", opts()))).toContain("meta");
    const unembedded = JSON.parse(project({}));
    unembedded.textures[0].source = "";
    expect(refusal(() => convertBbmodel(JSON.stringify(unembedded), opts()))).toContain("not embedded");
  });

  test("display outside the ranges is clamped; on_shelf dropped before 1.21.9", () => {
    const r = convertBbmodel(
      project({}, { display: { gui: { translation: [100, 0, 0], scale: [5, 1, 1] }, on_shelf: { scale: [1, 1, 1] } } }),
      opts(),
    );
    expect((r.model.display as any).gui).toEqual({ translation: [80, 0, 0], scale: [4, 1, 1] });
    expect((r.model.display as any).on_shelf).toBeUndefined();
    valid(r.model);
  });
});

describe("armour sets (armor3d)", () => {
  const png = Buffer.from(encodePng(newRgba(64, 64))).toString("base64");
  const cube = (uuid: string, from: number[], to: number[]) => ({
    uuid,
    name: uuid,
    from,
    to,
    origin: [0, 24, 0],
    faces: { north: { uv: [8, 8, 16, 16], texture: 0 }, up: { uv: [8, 0, 16, 8], texture: 0 } },
  });
  const armour = (outliner: unknown[]) =>
    JSON.stringify({
      meta: { format_version: "4.5", model_format: "modded_entity", box_uv: false },
      resolution: { width: 64, height: 64 },
      elements: [
        cube("h1", [-4.5, 23.5, -4.5], [4.5, 32.5, 4.5]),
        cube("h2", [-1, 32.5, -1], [1, 36, 1]),
        cube("c1", [-4.5, 11.5, -2.5], [4.5, 24.5, 2.5]),
      ],
      outliner,
      textures: [{ name: "armor.png", id: "0", source: `data:image/png;base64,${png}` }],
    });

  test("the helmet converts, centred on the head, with a wearing scale; other pieces warned about", async () => {
    const { convertArmorBbmodel } = await import("../../src/pack/bbmodel-armor.ts");
    const r = convertArmorBbmodel(
      armour([
        { name: "Helmet", uuid: "g1", children: ["h1", "h2"] },
        { name: "Chestplate", uuid: "g2", children: ["c1"] },
      ]),
      opts(),
    );
    valid(r.model);
    const els = r.model.elements as { from: number[]; to: number[] }[];
    expect(els.length).toBe(2);
    expect(els[0].from).toEqual([3.5, 4, 3.5]); // the 9-unit shell sits from the neck up, centred on x/z
    expect((r.model.display as any).head.scale).toEqual([1.6, 1.6, 1.6]);
    expect(r.warnings.join("\n")).toContain('"Chestplate"');
  });

  test("a set without a head piece is refused with the reason", async () => {
    const { convertArmorBbmodel } = await import("../../src/pack/bbmodel-armor.ts");
    expect(
      refusal(() =>
        convertArmorBbmodel(armour([{ name: "Chestplate", uuid: "g2", children: ["c1", "h1", "h2"] }]), opts()),
      ),
    ).toContain("no group named like a head piece");
  });

  test.skipIf(!have)(
    "the corpus golem is not an armour set: its head bone only carries the arms, so it is refused",
    async () => {
      const { convertArmorBbmodel } = await import("../../src/pack/bbmodel-armor.ts");
      expect(refusal(() => convertArmorBbmodel(read("spydnel_scourge_modded_entity.bbmodel"), opts()))).toContain(
        "head piece of this armour set has no textured cubes",
      );
    },
  );
});
