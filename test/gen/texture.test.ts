import { describe, expect, test } from "bun:test";
import { generateTexture, textureRgba, faceOf } from "../../src/gen/texture";
import { decodePng } from "../../src/media/png-decode";
import type { TextureRequest } from "../../src/gen/types";
import type { Rgba } from "../../src/media/png";
import { seamRatio, visibleColourCount } from "../support/texture-checks.ts";

const req = (prompt: string, extra: Partial<TextureRequest> = {}): TextureRequest => ({
  prompt,
  seed: 42,
  size: 16,
  mode: "custom",
  ...extra,
});

const PROMPTS: [string, string?][] = [
  ["stone"],
  ["cobblestone"],
  ["diamond ore"],
  ["oak planks"],
  ["oak log"],
  ["oak log", "oak_log_top"],
  ["red bricks"],
  ["stone bricks"],
  ["sand"],
  ["gravel"],
  ["dirt"],
  ["grass", "grass_block_top"],
  ["oak leaves"],
  ["red wool"],
  ["glass"],
  ["purple stained glass"],
  ["iron block"],
  ["gold block"],
  ["amethyst crystal"],
  ["obsidian"],
  ["netherrack"],
  ["ice"],
  ["snow"],
  ["lava"],
  ["water"],
  ["mossy cobblestone"],
  ["cracked stone bricks"],
  ["polished granite"],
  ["sandstone"],
  ["birch log"],
  ["deepslate emerald ore"],
  ["nether bricks"],
  ["a strange glowing fungus"],
  ["bookshelf full of red and green books"],
  ["iron plate with bolts"],
  ["magma block with glowing veins"],
  ["veined diorite"],
  ["oxidized copper block"],
  ["spotted red mushroom block"],
  ["engraved stone bricks"],
];
const vreq = ([prompt, target]: [string, string?], size: number, seed = 42): TextureRequest =>
  target ? { prompt, seed, size, mode: "vanilla", vanillaTarget: target } : req(prompt, { size, seed });

function meanRgb(img: Rgba): [number, number, number] {
  const s = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (img.data[i + 3] === 0) continue;
    for (let c = 0; c < 3; c++) s[c] += img.data[i + c];
    n++;
  }
  return s.map((v) => v / n) as [number, number, number];
}
const dist = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe("block textures", () => {
  test("same request gives the same bytes; seeds and prompts change them", () => {
    const a = generateTexture(req("mossy cobblestone"));
    expect(generateTexture(req("mossy cobblestone"))).toEqual(a);
    expect(generateTexture(req("mossy cobblestone", { seed: 43 }))).not.toEqual(a);
    expect(generateTexture(req("oak planks"))).not.toEqual(a);
  });

  test("different materials look visibly different (mean colour far apart)", () => {
    const means = ["stone", "oak planks", "red wool", "snow", "lava", "oak leaves"].map((p) =>
      meanRgb(textureRgba(req(p))),
    );
    for (let i = 0; i < means.length; i++)
      for (let j = i + 1; j < means.length; j++) expect(dist(means[i], means[j])).toBeGreaterThan(30);
  });

  for (const size of [16, 32, 64, 128]) {
    test(`PNG at ${size}px decodes to the right size, opaque for stone, holes for glass`, () => {
      const stone = decodePng(generateTexture(req("stone", { size })));
      expect([stone.width, stone.height]).toEqual([size, size]);
      for (let i = 3; i < stone.data.length; i += 4) expect(stone.data[i]).toBe(255);
      const glass = decodePng(generateTexture(req("glass", { size })));
      expect([glass.width, glass.height]).toEqual([size, size]);
      expect(glass.data[((size >> 1) * size + (size >> 1)) * 4 + 3]).toBeLessThan(255);
    });
  }

  test("every texture tiles: the wrap seam is no stronger than 1.5x the strongest inner boundary", () => {
    for (const size of [16, 32, 64, 128])
      for (const seed of [1, 2])
        for (const p of PROMPTS) {
          const img = textureRgba(vreq(p, size, seed));
          expect({ p, size, seed, r: seamRatio(img, "x") <= 1.5 }).toEqual({ p, size, seed, r: true });
          expect({ p, size, seed, r: seamRatio(img, "y") <= 1.5 }).toEqual({ p, size, seed, r: true });
        }
  });

  test("grass block side tiles across (its top fringe is a designed edge)", () => {
    const img = textureRgba(vreq(["grass", "grass_block_side"], 32));
    expect(seamRatio(img, "x")).toBeLessThanOrEqual(1.5);
  });

  test("the seam check catches a texture that does not wrap", () => {
    // A 40px window out of a 64px tile of smooth swirls: its opposite edges were never neighbours.
    for (const prompt of ["lava", "water"]) {
      const big = textureRgba(req(prompt, { size: 64 }));
      expect(Math.max(seamRatio(big, "x"), seamRatio(big, "y"))).toBeLessThan(1);
      const W = 40;
      const win: Rgba = { width: W, height: W, data: new Uint8Array(W * W * 4) };
      for (let y = 0; y < W; y++)
        win.data.set(big.data.subarray(((y + 11) * 64 + 11) * 4, ((y + 11) * 64 + 11 + W) * 4), y * W * 4);
      expect(Math.max(seamRatio(win, "x"), seamRatio(win, "y"))).toBeGreaterThan(1.5);
    }
  });

  test("palettes hold 4 to 12 colours at every size", () => {
    for (const size of [16, 64, 128])
      for (const p of PROMPTS) {
        const n = visibleColourCount(textureRgba(vreq(p, size)));
        expect({ p, size, ok: n >= 4 && n <= 12 }).toEqual({ p, size, ok: true });
      }
  });

  test("material words choose colours", () => {
    const [r, g] = meanRgb(textureRgba(req("red wool")));
    expect(r).toBeGreaterThan(g + 40);
    expect(Math.min(...meanRgb(textureRgba(req("snow"))))).toBeGreaterThan(200);
    expect(Math.max(...meanRgb(textureRgba(req("obsidian"))))).toBeLessThan(70);
    const [lr, lg, lb] = meanRgb(textureRgba(req("lava")));
    expect(lr).toBeGreaterThan(lb + 80);
    expect(lr).toBeGreaterThan(lg);
  });

  const countPixels = (img: Rgba, pred: (r: number, g: number, b: number) => boolean) => {
    let n = 0;
    for (let i = 0; i < img.data.length; i += 4) if (pred(img.data[i], img.data[i + 1], img.data[i + 2])) n++;
    return n;
  };

  test("a vanilla target keeps its character; the prompt overrides what it names", () => {
    const cyan = (r: number, g: number, b: number) => b > r + 60 && g > r + 60;
    const red = (r: number, g: number, b: number) => r > g + 60 && r > b + 60;
    const diamond = textureRgba({ prompt: "", seed: 1, size: 16, mode: "vanilla", vanillaTarget: "diamond_ore" });
    expect(countPixels(diamond, cyan)).toBeGreaterThan(6);
    const ruby = textureRgba({ prompt: "ruby", seed: 1, size: 16, mode: "vanilla", vanillaTarget: "diamond_ore" });
    expect(countPixels(ruby, cyan)).toBe(0);
    expect(countPixels(ruby, red)).toBeGreaterThan(6);
    // Ore specks sit on grey stone: most pixels stay neutral.
    expect(countPixels(ruby, (r, g, b) => Math.abs(r - b) < 20 && Math.abs(r - g) < 20)).toBeGreaterThan(256 * 0.6);
  });

  test("a log's top face shows rings inside a bark rim, unlike its side", () => {
    expect(faceOf({ vanillaTarget: "oak_log_top" })).toBe("top");
    expect(faceOf({ vanillaTarget: "oak_log", faceSlot: "top" })).toBe("top");
    const top = textureRgba({ prompt: "", seed: 1, size: 16, mode: "vanilla", vanillaTarget: "oak_log_top" });
    const side = textureRgba({ prompt: "", seed: 1, size: 16, mode: "vanilla", vanillaTarget: "oak_log" });
    const lumAt = (img: Rgba, x: number, y: number) => img.data[(y * 16 + x) * 4] + img.data[(y * 16 + x) * 4 + 1];
    let rim = 0;
    let inner = 0;
    for (let i = 0; i < 16; i++) {
      rim += lumAt(top, i, 0) + lumAt(top, 0, i);
      inner += lumAt(top, i, 8) + lumAt(top, 8, i);
    }
    expect(inner).toBeGreaterThan(rim * 1.3);
    expect(dist(meanRgb(top), meanRgb(side))).toBeGreaterThan(20);
  });

  test("a style palette pulls colours toward its swatches", () => {
    const magenta = [255, 0, 255];
    const plain = meanRgb(textureRgba(req("stone bricks")));
    const styled = meanRgb(textureRgba(req("stone bricks", { style: { palette: ["#ff00ff"], notes: "" } })));
    expect(dist(styled, magenta)).toBeLessThan(dist(plain, magenta) - 10);
  });

  test("sizes outside 16..128 are clamped, not trusted", () => {
    expect(textureRgba(req("stone", { size: 4 })).width).toBe(16);
    expect(textureRgba(req("stone", { size: 999 })).width).toBe(128);
  });
});
