/**
 * Flavours said of one part (src/gen/interpret/part-flavours.ts, src/gen/item-part-flavours.ts): "a sword with a
 * rusty blade" rusts the blade only. For several flavours × parts × subjects the picture differs from the same
 * prompt without the flavour word only inside the named part (itemPartMask; a model's slot texture; a texture's
 * overlay pixels, texturePartMask), the interpretation reports the flavour on its part and not on the whole
 * subject, and a flavour that names no part still flavours the whole.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { partFlavourWords } from "../../src/gen/interpret/part-flavour-words.ts";
import { itemPartMask, itemRgba, itemSpriteAt, partMaskForTask } from "../../src/gen/item.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { interpretTask } from "../../src/gen/interpret/task.ts";
import type { Task } from "../../src/gen/task.ts";
import { withoutOwnedWords } from "../../src/gen/interpret/part-flavours.ts";
import type { ArtSpec } from "../../src/gen/interpret/spec.ts";
import type { Rgba } from "../../src/media/png.ts";
import { generateModel } from "../../src/gen/model.ts";
import type { ModelRequest } from "../../src/gen/types.ts";
import { texturePartMask, textureRgba } from "../../src/gen/texture.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { seamRatio } from "../support/texture-checks.ts";
import { splitPartFlavours } from "../../src/gen/item-part-flavours.ts";
import { slotFlavours } from "../../src/gen/models/part-flavours.ts";
import { overlayFlavours } from "../../src/gen/texture-part-flavours.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const item = (prompt: string, spec?: ArtSpec) => itemRgba({ prompt, seed: 7, size: 16, ...(spec ? { spec } : {}) });
const changed = (a: Rgba, b: Rgba) => {
  const out: number[] = [];
  for (let i = 0; i < a.width * a.height; i++)
    if ([0, 1, 2, 3].some((k) => a.data[i * 4 + k] !== b.data[i * 4 + k])) out.push(i);
  return out;
};
const colourCount = (img: Rgba) => {
  const seen = new Set<string>();
  for (let i = 0; i < img.width * img.height; i++)
    if (img.data[i * 4 + 3]) seen.add(Array.from(img.data.subarray(i * 4, i * 4 + 4)).join());
  return seen.size;
};

/** [prompt, flavour word, part, the flavour's name]. */
const CASES: [string, string, string, string][] = [
  ["a sword with a rusty blade", "rusty", "blade", "rusty"],
  ["iron sword with a bloody blade", "bloody", "blade", "bloody"],
  ["gold sword with a worn leather grip", "worn", "grip", "worn"],
  ["a sword with an ornate hilt", "ornate", "hilt", "ornate"],
  ["a pickaxe with a cracked handle", "cracked", "handle", "broken"],
  ["an axe with a glowing edge", "glowing", "edge", "glowing"],
  ["a bow with a frozen string", "frozen", "string", "frozen"],
  ["a potion with a toxic liquid", "toxic", "liquid", "toxic"],
  ["a magic staff with a glowing orb", "glowing", "orb", "glowing"],
  ["chest with mossy bands", "mossy", "bands", "mossy"],
  ["spear with a bloody tip", "bloody", "tip", "bloody"],
  ["gold sword with a rusty iron blade", "rusty", "blade", "rusty"],
];

describe("a flavour said of one part lands in that part only", () => {
  for (const [prompt, word, part, flavour] of CASES)
    test(prompt, () => {
      const read = interpret("item", prompt);
      expect(read.parts.find((p) => p.part === part)?.effects).toEqual([flavour]);
      expect(read.effects ?? []).not.toContain(flavour);
      expect(read.wear ?? []).not.toContain(word);
      expect(read.unmatched).not.toContain(word);
      const without = withoutOwnedWords(prompt, [word]);
      expect(without).not.toContain(word);
      const a = item(prompt);
      const diff = changed(a, item(without));
      expect(diff.length).toBeGreaterThan(0);
      const mask = itemPartMask({ prompt, seed: 7, size: 16 });
      for (const i of diff) expect(mask.parts[i]).toBe(part);
      expect(colourCount(a)).toBeLessThanOrEqual(12);
    });

  test("said with a preposition or after the part, it lands there the same way", () => {
    for (const [prompt, part, flavour] of [
      ["a sword with rust on the blade", "blade", "rusty"],
      ["a sword whose blade is rusty", "blade", "rusty"],
      ["an axe with moss on its handle", "handle", "mossy"],
      ["a pickaxe with a handle caked in mud", "handle", "wet"],
      ["a sword with a gold hilt and a blade dripping with blood", "blade", "bloody"],
      ["potion with ice in the liquid", "liquid", "frozen"],
    ]) {
      const read = interpret("item", prompt);
      expect(read.parts.find((p) => p.part === part)?.effects).toEqual([flavour]);
      expect(read.effects ?? []).toEqual([]);
      expect(read.parts.some((p) => p.part === "accent")).toBe(false);
      const without = withoutOwnedWords(prompt, partFlavourWords("item", prompt));
      const diff = changed(item(prompt), item(without));
      const mask = itemPartMask({ prompt, seed: 7, size: 16 });
      expect(diff.length).toBeGreaterThan(0);
      for (const i of diff) expect(mask.parts[i]).toBe(part);
    }
  });

  test("a part said bare after 'with' is no colour of the body: 'an iron sword with a blade' is no leaf-green", () => {
    const green = (img: Rgba) =>
      [...Array(img.width * img.height).keys()].filter(
        (i) =>
          img.data[i * 4 + 3] &&
          img.data[i * 4 + 1] > img.data[i * 4] + 30 &&
          img.data[i * 4 + 1] > img.data[i * 4 + 2] + 30,
      ).length;
    for (const prompt of ["iron sword with a blade", "diamond sword with a glowing blade", "iron axe with a handle"])
      expect({ prompt, green: green(item(prompt)) }).toEqual({ prompt, green: 0 });
  });

  test("at any size and on an icon's sprite, the change stays in the part", () => {
    const prompt = "a sword with a rusty blade";
    for (const size of [32, 64]) {
      const a = itemRgba({ prompt, seed: 3, size });
      const diff = changed(a, itemRgba({ prompt: "a sword with a blade", seed: 3, size }));
      const mask = itemPartMask({ prompt, seed: 3, size });
      expect(diff.length).toBeGreaterThan(0);
      for (const i of diff) expect(mask.parts[i]).toBe("blade");
    }
    const icon = changed(
      itemSpriteAt({ prompt, seed: 3 }, 12, 12),
      itemSpriteAt({ prompt: "a sword with a blade", seed: 3 }, 12, 12),
    );
    expect(icon.length).toBeGreaterThan(0);
  });

  test("an icon of an item reads and draws it the same way", () => {
    for (const [prompt, word, part] of [
      ["a sword with a rusty blade", "rusty", "blade"],
      ["a potion with a glowing liquid", "glowing", "liquid"],
    ]) {
      const req = { prompt, seed: 4, name: prompt.split(" ")[1], height: 16 };
      const task = { op: "icon", req } as Task;
      expect(interpretTask(task).parts).toEqual([{ part, effects: [word] }]);
      const diff = changed(iconRgba(req), iconRgba({ ...req, prompt: withoutOwnedWords(prompt, [word]) }));
      const mask = partMaskForTask(task);
      expect(diff.length).toBeGreaterThan(0);
      for (const i of diff) expect(mask?.parts[i]).toBe(part);
    }
  });

  test("a spec part's effects land there too; a word that is no flavour is reported unmatched", () => {
    const prompt = "iron sword";
    const spec: ArtSpec = { parts: [{ part: "grip", effects: ["frozen", "wobbly"] }] };
    const read = interpret("item", prompt, spec);
    expect(read.parts).toEqual([{ part: "grip", effects: ["frozen"] }]);
    expect(read.unmatched).toContain("wobbly");
    const diff = changed(item(prompt, spec), item(prompt));
    const mask = itemPartMask({ prompt, seed: 7, size: 16, spec });
    expect(diff.length).toBeGreaterThan(0);
    for (const i of diff) expect(mask.parts[i]).toBe("grip");
  });

  test("a flavour that names no part flavours the whole item, as before", () => {
    for (const prompt of ["rusty sword with a gold hilt", "frozen bow", "shabby cloth bag", "glowing potion"]) {
      const read = interpret("item", prompt);
      expect(read.parts.some((p) => p.effects)).toBe(false);
      expect([...(read.effects ?? []), ...(read.wear ?? [])].length).toBeGreaterThan(0);
    }
    // The rust lands outside the hilt when it is said of the sword.
    const prompt = "rusty sword with a gold hilt";
    const diff = changed(item(prompt), item("sword with a gold hilt"));
    const mask = itemPartMask({ prompt, seed: 7, size: 16 });
    expect(diff.some((i) => mask.parts[i] !== "hilt" && mask.parts[i] !== "guard")).toBe(true);
  });
});

const model = (prompt: string) =>
  generateModel({
    prompt,
    seed: 5,
    carrierKind: "item",
    directional: false,
    minecraftVersion: "1.21.11",
    textureId: (s: string) => `t:block/${s}`,
  } as ModelRequest);

describe("on a model, a flavour said of one part changes that part's texture only", () => {
  /** [prompt, flavour word, the slot whose texture changes]. */
  const MODELS: [string, string, string][] = [
    ["table with burnt legs", "burnt", "leg"],
    ["oak table with a dusty top", "dusty", "top"],
    ["chair with a dirty cushion", "dirty", "cushion"],
    ["wooden chest with rusty trim", "rusty", "trim"],
    ["a chest with mossy corners", "mossy", "trim"],
    ["campfire with glowing logs", "glowing", "log"],
    ["tree with frozen leaves", "frozen", "leaves"],
    ["wardrobe with shiny knobs", "shiny", "knobs"],
    ["a table with frost on the legs", "frost", "leg"],
  ];
  for (const [prompt, word, slot] of MODELS)
    test(prompt, () => {
      expect(interpret("model", prompt).parts.some((p) => p.effects?.length)).toBe(true);
      const a = model(prompt);
      const b = model(withoutOwnedWords(prompt, [word]));
      expect(a.model.elements).toEqual(b.model.elements);
      const slots = new Set([...Object.keys(a.textures), ...Object.keys(b.textures)]);
      const differ = [...slots].filter(
        (s) => !a.textures[s] || !b.textures[s] || !Buffer.from(a.textures[s]).equals(Buffer.from(b.textures[s])),
      );
      expect(differ).toEqual([slot]);
      const tile = decodePng(a.textures[slot]);
      expect(colourCount(tile)).toBeLessThanOrEqual(12);
    });
});

const tile = (prompt: string) => ({ prompt, description: prompt, seed: 9, size: 16, mode: "custom" as const });

describe("on a texture, a flavour said of one overlay changes that overlay's pixels only", () => {
  /** [prompt, flavour word, overlay]. */
  const TEXTURES: [string, string, string][] = [
    ["oak planks with rusty bolts", "rusty", "rivets"],
    ["stone tiles with frozen vines", "frozen", "vines"],
    ["dark stone with burning runes", "burning", "runes"],
    ["cobblestone with withered ivy", "withered", "vines"],
    ["planks with rusty corners", "rusty", "corners"],
    ["cracked stone with mossy cracks", "mossy", "cracks"],
    // Cracks said plainly are the cracked wear, so a flavour said of them lands on them.
    ["stone bricks with mossy cracks", "mossy", "cracks"],
  ];
  for (const [prompt, word, overlay] of TEXTURES)
    test(prompt, () => {
      expect(interpret("texture", prompt).parts.find((p) => p.part === overlay)?.effects?.length).toBe(1);
      const a = textureRgba(tile(prompt));
      const diff = changed(a, textureRgba(tile(withoutOwnedWords(prompt, [word]))));
      expect(diff.length).toBeGreaterThan(0);
      const mask = texturePartMask(tile(prompt));
      for (const i of diff) expect(mask.parts[i]).toBe(overlay);
      expect(colourCount(a)).toBeLessThanOrEqual(12);
      for (const axis of ["x", "y"] as const) expect(seamRatio(a, axis)).toBeLessThanOrEqual(1.5);
    });

  test("glowing veins and glowing cracks stay the texture's own lit overlays; a plain word draws as before", () => {
    expect(interpret("texture", "marble with glowing veins").parts).toEqual([]);
    expect(interpret("texture", "bricks with glowing cracks").parts).toEqual([]);
  });

  // The light said of cracks or veins lights them where the plain ones run: the pixels that differ from the
  // prompt without the glow word are the cracks' or veins' own, and the part mask says so.
  for (const [prompt, overlay] of [
    ["bricks with glowing cracks", "cracks"],
    ["stone bricks with glowing cracks", "cracks"],
    ["deepslate with glowing cracks", "cracks"],
    ["marble with glowing veins", "veins"],
  ] as const)
    test(`${prompt}: the glow lies on the ${overlay} alone`, () => {
      const a = textureRgba(tile(prompt));
      const diff = changed(a, textureRgba(tile(prompt.replace("glowing ", ""))));
      expect(diff.length).toBeGreaterThan(0);
      const mask = texturePartMask(tile(prompt));
      for (const i of diff) expect(mask.parts[i]).toBe(overlay);
      expect(colourCount(a)).toBeLessThanOrEqual(12);
    });
});

describe("prompts that say no flavour of a part are drawn exactly as before", () => {
  // Every prompt of the tuning and dev lists that says none: the painters take the request itself (the same
  // object, so the same seeds and words) and paint no part flavour, the path every picture took before.
  const lists = ["prompts.json", "dev.json", "dev-flavour.json", "dev-textures.json", "dev-models2.json"];
  const prompts = lists.flatMap(
    (f) =>
      (
        JSON.parse(readFileSync(join(import.meta.dir, "../../bench/fidelity", f), "utf8")) as {
          prompts: { kind: string; prompt: string }[];
        }
      ).prompts,
  );
  test("items, models and textures take the request as it came", () => {
    let checked = 0;
    for (const { kind, prompt } of prompts) {
      if (kind === "item") {
        const req = { prompt, seed: 1, size: 16 };
        const split = splitPartFlavours(req);
        if (split.parts.length) continue;
        expect(split.base).toBe(req);
      } else if (kind === "model") {
        const req = { prompt, seed: 1 } as ModelRequest;
        const split = slotFlavours(req);
        if (Object.keys(split.slots).length) continue;
        expect(split.req).toBe(req);
      } else if (kind === "texture") {
        const req = tile(prompt);
        const split = overlayFlavours(req);
        if (Object.keys(split.byOverlay).length) continue;
        expect(split.req).toBe(req);
      } else continue;
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });
});
