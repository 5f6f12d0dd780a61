/**
 * Items as assemblies (art/assembly.ts): every declared part of every family, and every derived part, lands in
 * its own region when named with a colour; the examples land where they are named.
 */
import { describe, expect, test } from "bun:test";
import { itemPartMask, itemRgba, partMaskForTask } from "../../src/gen/item";
import { ASSEMBLIES } from "../../src/gen/art/assembly";
import { FAMILY_WORDS, type Family } from "../../src/gen/art/silhouettes";
import { rgbToHsl } from "../../src/gen/art/colour";
import type { ItemRequest } from "../../src/gen/types";
import type { Rgba } from "../../src/media/png";

/** Hues (degrees) of the opaque pixels labelled `part`, with their saturation. */
function partPixels(req: ItemRequest, part: string): { hue: number; sat: number; light: number }[] {
  const mask = itemPartMask(req);
  const img: Rgba = itemRgba(req);
  expect([mask.width, mask.height]).toEqual([img.width, img.height]);
  const out: { hue: number; sat: number; light: number }[] = [];
  mask.parts.forEach((p, i) => {
    if (p !== part || img.data[i * 4 + 3] === 0) return;
    const [h, s, l] = rgbToHsl([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]]);
    out.push({ hue: h * 360, sat: s, light: l });
  });
  return out;
}

const near = (hue: number, target: number, within = 25) => Math.abs(((hue - target + 540) % 360) - 180) <= within;
const lands = (px: { hue: number; sat: number; light: number }[], hue: number, within = 25, light = 0.2) =>
  px.some((p) => p.sat > 0.3 && p.light > light && near(p.hue, hue, within));
/** One-pixel lines (a bow's string, a wick, a fuse, spikes) are all outline at 16 px: their colour shows dark. */
const THIN = new Set([
  "string",
  "line",
  "wick",
  "fuse",
  "spikes",
  "spines",
  "tip",
  "tips",
  "stem",
  "chain",
  "spark",
  "strings",
]);
/** Parts one pixel wide in a family's mask. */
const THIN_IN = new Set([
  "arrow:shaft",
  "book:pages",
  "bomb:flame",
  "bell:clapper",
  "bell:handle",
  "watering_can:handle",
  "grater:handle",
]);

const req = (prompt: string, extra: Partial<ItemRequest> = {}): ItemRequest => ({
  prompt,
  seed: 7,
  size: 16,
  ...extra,
});
/** A prompt word that picks the family. */
const wordFor = (f: Family) => {
  const re = FAMILY_WORDS.find(([, fam]) => fam === f)![0];
  return re.source.replace(/\\b|[()]/g, "").split("|")[0];
};

describe("item parts", () => {
  test("every declared part of every family lands in its region when named with a colour", () => {
    for (const [family, parts] of Object.entries(ASSEMBLIES) as [Family, Record<string, string>][])
      for (const part of Object.keys(parts)) {
        const r = req(wordFor(family), { spec: { parts: [{ part, colour: "blue" }] } });
        const px = partPixels(r, part);
        expect({ family, part, found: px.length > 0 }).toEqual({ family, part, found: true });
        expect({
          family,
          part,
          blue: lands(px, 225, 30, THIN.has(part) || THIN_IN.has(`${family}:${part}`) ? 0.05 : 0.2),
        }).toEqual({
          family,
          part,
          blue: true,
        });
      }
  });

  test("derived parts (trim, band, stars, gem) land on families that draw none of their own", () => {
    for (const family of ["helmet", "chestplate", "shield", "hat", "coin", "boots"] as Family[])
      for (const part of ["trim", "band", "stars", "gem"]) {
        const px = partPixels(req(wordFor(family), { spec: { parts: [{ part, colour: "red" }] } }), part);
        expect({ family, part, red: lands(px, 0) }).toEqual({ family, part, red: true });
      }
  });

  test("parts land at every size", () => {
    for (const size of [16, 32, 64]) {
      const px = partPixels(req("ruby sword with a gold hilt", { size }), "hilt");
      expect({ size, gold: lands(px, 48, 15) }).toEqual({ size, gold: true });
    }
  });

  test("the issue's examples: each named part has its colour, and the rest keeps the main material", () => {
    const cases: [string, string, number][] = [
      ["ruby sword with a gold hilt", "hilt", 48],
      ["obsidian pickaxe with a blaze rod handle", "handle", 38],
      ["golden key with a red ribbon", "ribbon", 355],
      ["purple wizard hat with stars", "stars", 50],
      ["diamond helmet with gold trim", "trim", 48],
      ["lantern with soul fire", "accent", 183],
      ["hourglass with white sand", "sand", -1],
      ["red candle with a blue flame", "flame", 225],
    ];
    for (const [prompt, part, hue] of cases) {
      const px = partPixels(req(prompt), part);
      expect({ prompt, found: px.length > 0 }).toEqual({ prompt, found: true });
      if (hue < 0) expect({ prompt, white: px.some((p) => p.light > 0.8) }).toEqual({ prompt, white: true });
      else expect({ prompt, lands: lands(px, hue) }).toEqual({ prompt, lands: true });
    }
    // The blade stays ruby: a part takes its own region only.
    expect(lands(partPixels(req("ruby sword with a gold hilt"), "blade"), 350)).toBe(true);
    // Without a ribbon named, a key has none.
    expect(itemPartMask(req("golden key")).parts).not.toContain("ribbon");
  });

  test("the part mask labels every opaque pixel and nothing else", () => {
    for (const prompt of ["diamond sword", "lantern", "slice of watermelon", "stack of gold coins"]) {
      const r = req(prompt, { size: 32 });
      const mask = itemPartMask(r);
      const img = itemRgba(r);
      mask.parts.forEach((p, i) =>
        expect({ prompt, i, has: p !== null }).toEqual({ prompt, i, has: img.data[i * 4 + 3] > 0 }),
      );
    }
    expect(new Set(itemPartMask(req("diamond sword")).parts)).toEqual(
      new Set([null, "blade", "guard", "grip", "pommel"]),
    );
  });

  test("deterministic per seed", () => {
    expect(itemRgba(req("purple wizard hat with stars"))).toEqual(itemRgba(req("purple wizard hat with stars")));
  });
});

describe("part masks for a task", () => {
  test("items, 3D items, icons of items and sketched items have one; other kinds and sketched icons do not", () => {
    const item = partMaskForTask({ op: "item", req: req("ruby sword with a gold hilt") })!;
    expect(item.parts).toContain("hilt");
    expect(item.parts.length).toBe(256);
    const icon = partMaskForTask({ op: "icon", req: { name: "sword", prompt: "golden sword", seed: 1, height: 12 } })!;
    expect([icon.width, icon.height, icon.family]).toEqual([12, 12, "sword"]);
    expect(partMaskForTask({ op: "icon", req: { name: "heart", prompt: "", seed: 1 } })).toBeNull();
    const sketch = { grid: ["X"], legend: { X: { colour: "red" } } };
    // A sketched item's parts are its legend's (an entry that names none by its key); a sketched icon has none.
    const sketched = partMaskForTask({ op: "item", req: { ...req("sword"), sketch } })!;
    expect(sketched.family).toBe("sketch");
    expect(new Set(sketched.parts)).toEqual(new Set(["key X"])); // one cell fills the square
    expect(partMaskForTask({ op: "icon", req: { name: "x", prompt: "x", seed: 1, sketch } })).toBeNull();
  });
});
