/**
 * Flavours on sketches (gen/sketch-flavours.ts): the prompt's flavours and looks change a sketched item, icon and
 * tile; a flavour said of a legend part ("a dagger with a rusty blade", a spec part's effects) and a legend
 * entry's own `effects` change that entry's pixels and no other; what is reported is what is painted.
 */
import { describe, expect, test } from "bun:test";
import { type Sketch, sketchLabels, sketchProblem, tileCell } from "../../src/gen/art/sketch";
import { itemRgba, partMaskForTask } from "../../src/gen/item";
import { iconRgba } from "../../src/gen/icon";
import { textureRgba } from "../../src/gen/texture";
import { interpretTask } from "../../src/gen/interpret/task";
import type { ArtSpec } from "../../src/gen/interpret/spec";
import type { Rgba } from "../../src/media/png";
import { changedPixels, seamRatio, visibleColourCount } from "../support/texture-checks.ts";

const DAGGER: Sketch = {
  grid: ["......RR", ".....RRR", "....RRR.", "GG.RRR..", ".GGRR...", "..HG....", ".HH.G...", "HH......"],
  legend: { R: { part: "blade", material: "iron" }, G: { part: "guard", material: "gold" }, H: { colour: "brown" } },
};
const BRICKS: Sketch = {
  grid: ["BBBBBBBM", "BBBBBBBM", "BBBBBBBM", "MMMMMMMM", "BBBMBBBB", "BBBMBBBB", "BBBMBBBB", "MMMMMMMM"],
  legend: { B: { part: "brick", colour: "red" }, M: { part: "mortar", material: "stone" } },
};

const item = (prompt: string, sketch = DAGGER, spec?: ArtSpec) => itemRgba({ prompt, seed: 4, size: 16, sketch, spec });
const icon = (prompt: string, sketch = DAGGER) => iconRgba({ prompt, name: "dagger", seed: 4, height: 16, sketch });
const tile = (prompt: string, sketch = BRICKS) =>
  textureRgba({ prompt, description: prompt, mode: "custom", seed: 4, size: 16, sketch });

const changed = changedPixels;

/** The pixels of legend key `key` in a sprite drawn at `side` (no silhouette flavour). */
const spritePixels = (s: Sketch, key: string, side: number) =>
  new Set([...sketchLabels(s, side, side).cells].flatMap((c, i) => (c === key.charCodeAt(0) ? [i] : [])));
const tilePixels = (s: Sketch, key: string, size: number) => {
  const at = tileCell(s, size);
  return new Set(Array.from({ length: size * size }, (_, i) => i).filter((i) => at(i % size, (i / size) | 0) === key));
};

describe("flavours of the whole sketch", () => {
  test("flavour and look words change a sketched item, icon and tile, within 12 colours", () => {
    for (const word of ["rusty", "glowing", "frozen", "burnt", "medieval", "spooky"]) {
      const pairs: [string, Rgba, Rgba][] = [
        ["item", item("dagger"), item(`${word} dagger`)],
        ["icon", icon("dagger"), icon(`${word} dagger`)],
        ["tile", tile("bricks"), tile(`${word} bricks`)],
      ];
      for (const [kind, plain, flavoured] of pairs) {
        expect({ word, kind, changed: changed(plain, flavoured).length > 0 }).toEqual({ word, kind, changed: true });
        expect(visibleColourCount(flavoured)).toBeLessThanOrEqual(12);
      }
    }
  });

  test("a silhouette flavour reshapes a sketched item (tiny draws it smaller)", () => {
    const opaque = (img: Rgba) => img.data.filter((_, i) => i % 4 === 3 && img.data[i] > 0).length;
    expect(opaque(item("tiny dagger"))).toBeLessThan(opaque(item("dagger")));
  });

  test("a flavoured tile still tiles", () => {
    for (const word of ["rusty", "mossy", "frozen", "glowing"]) {
      const img = tile(`${word} bricks`);
      expect(seamRatio(img, "x")).toBeLessThanOrEqual(1.5);
      expect(seamRatio(img, "y")).toBeLessThanOrEqual(1.5);
    }
  });
});

describe("flavours said of a legend part", () => {
  test("a prompt's part flavour changes that part's pixels only, and is reported on the part", () => {
    const blade = spritePixels(DAGGER, "R", 16);
    const guard = spritePixels(DAGGER, "G", 16);
    for (const [prompt, pixels, part] of [
      ["a dagger with a rusty blade", blade, "blade"],
      ["a dagger with a bloody blade", blade, "blade"],
      ["a dagger with a frozen blade", blade, "blade"],
      ["a dagger with a glowing guard", guard, "guard"],
      ["a dagger with a mossy guard", guard, "guard"],
    ] as const) {
      const diff = changed(item("a dagger with a blade"), item(prompt));
      expect({ prompt, some: diff.length > 0 }).toEqual({ prompt, some: true });
      expect({ prompt, outside: diff.filter((i) => !pixels.has(i)) }).toEqual({ prompt, outside: [] });
      const read = interpretTask({ op: "item", req: { prompt, seed: 4, size: 16, sketch: DAGGER } } as never);
      expect(read.parts.find((p) => p.part === part)?.effects?.length).toBe(1);
      expect(read.effects ?? []).toEqual([]);
    }
  });

  test("on an icon and a tile too", () => {
    const iconDiff = changed(icon("a dagger with a blade"), icon("a dagger with a rusty blade"));
    expect(iconDiff.length).toBeGreaterThan(0);
    const blade = spritePixels(DAGGER, "R", 16);
    expect(iconDiff.filter((i) => !blade.has(i))).toEqual([]);
    const tileDiff = changed(tile("bricks with mortar"), tile("bricks with mossy mortar"));
    expect(tileDiff.length).toBeGreaterThan(0);
    const mortar = tilePixels(BRICKS, "M", 16);
    expect(tileDiff.filter((i) => !mortar.has(i))).toEqual([]);
  });

  test("a spec part's effects land on that part; a part the legend lacks is unmatched and changes nothing", () => {
    const blade = spritePixels(DAGGER, "R", 16);
    const spec = { parts: [{ part: "blade", effects: ["frozen"] }] };
    const diff = changed(item("dagger"), item("dagger", DAGGER, spec));
    expect(diff.length).toBeGreaterThan(0);
    expect(diff.filter((i) => !blade.has(i))).toEqual([]);
    const missing = { parts: [{ part: "pommel", effects: ["frozen"] }] };
    expect(changed(item("dagger"), item("dagger", DAGGER, missing))).toEqual([]);
    const read = interpretTask({
      op: "item",
      req: { prompt: "dagger", seed: 4, size: 16, sketch: DAGGER, spec: missing },
    } as never);
    expect(read.unmatched).toContain("frozen");
  });

  test("a part the legend lacks is read as without a sketch: the flavour is the whole's", () => {
    const read = interpretTask({
      op: "item",
      req: { prompt: "a dagger with a rusty pommel", seed: 4, size: 16, sketch: DAGGER },
    } as never);
    expect(read.parts.some((p) => p.effects)).toBe(false);
    const diff = changed(item("dagger"), item("a dagger with a rusty pommel"));
    expect(diff.filter((i) => !spritePixels(DAGGER, "R", 16).has(i)).length).toBeGreaterThan(0);
  });
});

describe("a legend entry's own effects", () => {
  const withEffects = (key: string, effects: string[]): Sketch => ({
    ...DAGGER,
    legend: { ...DAGGER.legend, [key]: { ...DAGGER.legend[key], effects } },
  });

  test("land on the entry's pixels only, on items, icons and tiles", () => {
    for (const [key, effects] of [
      ["R", ["rusty"]],
      ["G", ["glowing"]],
      ["H", ["burnt", "wet"]],
    ] as const) {
      const diff = changed(item("dagger"), item("dagger", withEffects(key, [...effects])));
      expect({ key, some: diff.length > 0 }).toEqual({ key, some: true });
      const pixels = spritePixels(DAGGER, key, 16);
      expect({ key, outside: diff.filter((i) => !pixels.has(i)) }).toEqual({ key, outside: [] });
    }
    const mossyMortar: Sketch = {
      ...BRICKS,
      legend: { ...BRICKS.legend, M: { ...BRICKS.legend.M, effects: ["mossy"] } },
    };
    const diff = changed(tile("bricks"), tile("bricks", mossyMortar));
    expect(diff.length).toBeGreaterThan(0);
    const mortar = tilePixels(BRICKS, "M", 16);
    expect(diff.filter((i) => !mortar.has(i))).toEqual([]);
  });

  test("an effect's own words and WordNet adjectives are taken as the effect", () => {
    expect(item("dagger", withEffects("R", ["luminous"]))).toEqual(item("dagger", withEffects("R", ["glowing"])));
  });

  test("a word that is no effect, or one that reshapes the whole, is refused with what to do", () => {
    expect(sketchProblem(withEffects("R", ["sparkly-ish"])) ?? "").toMatch(
      /'sparkly-ish' is no effect an entry can take/,
    );
    expect(sketchProblem(withEffects("R", ["tiny"])) ?? "").toMatch(/'tiny' is no effect/);
    expect(sketchProblem(withEffects("R", ["rusty", "glowing"]))).toBeNull();
  });
});

describe("what a sketched job reports", () => {
  test("the flavours it paints; what the legend draws instead (material, colours, patterns, tone) is unmatched", () => {
    const read = interpretTask({
      op: "item",
      req: { prompt: "dark rusty ruby dagger with a gold hilt and a glowing blade", seed: 4, size: 16, sketch: DAGGER },
    } as never);
    expect(read.material).toBeUndefined();
    expect(read.colours).toBeUndefined();
    expect(read.tone).toBeUndefined();
    expect(read.fallback).toBeUndefined();
    expect(read.wear).toEqual(["rusty"]);
    expect(read.parts).toEqual([{ part: "blade", effects: ["glowing"] }]);
    expect(read.unmatched).toEqual(expect.arrayContaining(["ruby", "gold", "dark"]));
    // And the same words do change nothing in the picture.
    const a = item("rusty dagger with a glowing blade");
    expect(changed(a, item("dark rusty ruby dagger with a gold hilt and a glowing blade"))).toEqual([]);
    const tile = interpretTask({
      op: "texture",
      req: {
        prompt: "mossy stone bricks",
        description: "mossy stone bricks",
        mode: "custom",
        seed: 4,
        size: 16,
        sketch: BRICKS,
      },
    } as never);
    expect(tile.wear).toEqual(["mossy"]);
    expect(tile.unmatched).toEqual(expect.arrayContaining(["stone", "bricks"]));
  });
});

describe("the part mask of a sketched item", () => {
  test("labels each pixel with its legend entry's part, and a part's flavour changes only its pixels", () => {
    const task = (prompt: string) => ({ op: "item", req: { prompt, seed: 4, size: 32, target: null, sketch: DAGGER } });
    const mask = partMaskForTask(task("a dagger with a rusty blade") as never)!;
    expect(mask.family).toBe("sketch");
    const blade = spritePixels(DAGGER, "R", 32);
    mask.parts.forEach((p, i) => expect(p === "blade").toBe(blade.has(i)));
    expect(mask.parts).toContain("key H");
    const big = (prompt: string) => itemRgba({ prompt, seed: 4, size: 32, sketch: DAGGER });
    const diff = changed(big("a dagger with a blade"), big("a dagger with a rusty blade"));
    expect(diff.length).toBeGreaterThan(0);
    expect(diff.filter((i) => mask.parts[i] !== "blade")).toEqual([]);
    // Reshaped by a silhouette flavour, the mask follows the picture.
    const tiny = partMaskForTask(task("tiny dagger") as never)!;
    const img = big("tiny dagger");
    tiny.parts.forEach((p, i) => expect(p !== null).toBe(img.data[i * 4 + 3] > 0));
  });
});
