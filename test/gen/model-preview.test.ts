import { describe, expect, test } from "bun:test";
import { writeArtifact } from "../support/artifacts.ts";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { renderModelPreview } from "../../src/gen/model-preview.ts";
import { generateModel } from "../../src/gen/model.ts";
import { TEMPLATES } from "../../src/gen/models/index.ts";
import { convertBbmodel } from "../../src/pack/bbmodel.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";
import { CORPUS } from "../support/corpus.ts";

const OUT = "models/";
mkdirSync(OUT, { recursive: true });
const solid = (rgb: number[]): Rgba => {
  const img = newRgba(16, 16);
  for (let i = 0; i < 256; i++) img.data.set([...rgb, 255], i * 4);
  return img;
};
const px = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
const cube = {
  textures: { all: "x" },
  elements: [
    {
      from: [0, 0, 0],
      to: [16, 16, 16],
      faces: Object.fromEntries(
        ["north", "south", "east", "west", "up", "down"].map((d) => [d, { texture: "#all", uv: [0, 0, 16, 16] }]),
      ),
    },
  ],
};
/** Textures for a generated model: its PNGs by slot, and every other slot through the id it holds. */
const texturesOf = (
  g: { model: Record<string, unknown>; textures: Record<string, Uint8Array> },
  key: (id: string) => string,
) => {
  const out: Record<string, Rgba> = {};
  for (const [slot, png] of Object.entries(g.textures)) out[slot] = decodePng(png);
  for (const [slot, id] of Object.entries(g.model.textures as Record<string, string>))
    if (out[key(id)]) out[slot] = out[key(id)];
  return out;
};

describe("renderModelPreview", () => {
  test("a cube shows three faces shaded like the game: top brightest", () => {
    const img = renderModelPreview(cube, { all: solid([200, 200, 200]) }, { size: 64 });
    expect([img.width, img.height]).toEqual([64, 64]);
    expect(px(img, 32, 12)).toEqual([200, 200, 200, 255]); // top face
    expect(px(img, 46, 40)).toEqual([160, 160, 160, 255]); // north face (right side from the north-east)
    expect(px(img, 18, 40)).toEqual([120, 120, 120, 255]); // east face
    expect(px(img, 0, 0)[3]).toBe(0); // background stays transparent
  });

  test("the depth buffer keeps the nearer element in front", () => {
    const two = {
      textures: { a: "a", b: "b" },
      elements: [
        { from: [0, 0, 8], to: [16, 16, 16], faces: { north: { texture: "#a" }, up: { texture: "#a" } } },
        { from: [4, 4, 0], to: [12, 12, 4], faces: { north: { texture: "#b" } } },
      ],
    };
    const img = renderModelPreview(two, { a: solid([255, 0, 0]), b: solid([0, 0, 255]) }, { size: 64 });
    let blue = 0;
    for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 2] > 100 && img.data[i] === 0) blue++;
    expect(blue).toBeGreaterThan(50);
  });

  test("yaw turns the view (the other side shows)", () => {
    const model = {
      textures: {},
      elements: [{ from: [0, 0, 0], to: [16, 16, 16], faces: { north: { texture: "#n" }, south: { texture: "#s" } } }],
    };
    const tex = { n: solid([255, 0, 0]), s: solid([0, 255, 0]) };
    const count = (img: Rgba, ch: number) => {
      let n = 0;
      for (let i = 0; i < img.data.length; i += 4) if (img.data[i + ch] > 100) n++;
      return n;
    };
    expect(count(renderModelPreview(model, tex, { yaw: 45 }), 0)).toBeGreaterThan(1000);
    expect(count(renderModelPreview(model, tex, { yaw: 45 }), 1)).toBe(0);
    expect(count(renderModelPreview(model, tex, { yaw: 225 }), 1)).toBeGreaterThan(1000);
  });

  test("writes a preview of every template and of the corpus models (look at them)", () => {
    const cell = 128;
    const sheet = newRgba(cell * 4, cell * Math.ceil(TEMPLATES.length / 2));
    TEMPLATES.forEach((t, i) => {
      for (const seed of [1, 2]) {
        const g = generateModel({
          prompt: t.words[0] ? `a ${t.words[0]}` : "a machine",
          seed,
          carrierKind: "full",
          directional: true,
          minecraftVersion: "1.21.6",
          textureId: (s) => `ns:block/${s}`,
        });
        const img = renderModelPreview(
          g.model,
          texturesOf(g, (id) => id.split("/").pop()!),
          { size: cell },
        );
        let opaque = 0;
        for (let k = 3; k < img.data.length; k += 4) if (img.data[k]) opaque++;
        expect(opaque).toBeGreaterThan(cell * cell * 0.1);
        if (seed === 1) writeArtifact(`${OUT}${t.name}.png`, encodePng(img));
        const ox = ((i % 2) * 2 + seed - 1) * cell,
          oy = Math.floor(i / 2) * cell;
        for (let y = 0; y < cell; y++)
          sheet.data.set(img.data.subarray(y * cell * 4, (y + 1) * cell * 4), ((oy + y) * sheet.width + ox) * 4);
      }
    });
    writeArtifact(`${OUT}templates-sheet.png`, encodePng(sheet));
    const corpus = `${CORPUS}/bbmodel/`;
    for (const f of ["blanktopia_wotamelon", "spydnel_scourge_modded_entity"])
      if (existsSync(`${corpus}${f}.bbmodel`)) {
        const r = convertBbmodel(readFileSync(`${corpus}${f}.bbmodel`, "utf8"), {
          minecraftVersion: "1.20.1",
          textureId: (s) => s,
        });
        const tex = Object.fromEntries(Object.entries(r.textures).map(([k, v]) => [k, decodePng(v)]));
        writeArtifact(`${OUT}bbmodel-${f}.png`, encodePng(renderModelPreview(r.model, tex, { size: 160 })));
      }
  });
});
