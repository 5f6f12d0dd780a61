import { describe, expect, test } from "bun:test";
import { generateIcon, iconRgba } from "../../src/gen/icon";
import { interpret } from "../../src/gen/interpret/read.ts";
import { iconItem, itemRgba, itemSpriteAt } from "../../src/gen/item";
import { GLYPHS, glyphFor } from "../../src/gen/art/glyphs";
import { decodePng } from "../../src/media/png-decode";
import { unoutlinedEdgePixels } from "../support/texture-checks.ts";

const NAMES = [
  "heart",
  "star",
  "coin",
  "gem",
  "skull",
  "check",
  "cross",
  "arrow",
  "warning",
  "lightning",
  "fire",
  "drop",
  "shield",
  "crown",
  "plus",
  "mystery",
];

describe("font icons", () => {
  test("names pick glyphs; unknown names get an orb", () => {
    expect(glyphFor("hp", "")).toBe("heart");
    expect(glyphFor("icon1", "a gold coin")).toBe("coin");
    expect(glyphFor("back", "")).toBe("arrow_left");
    expect(glyphFor("zzz", "")).toBe("orb");
  });

  test("default height is 7 to 9 px; width follows the glyph", () => {
    const widths = new Set<number>();
    for (const name of NAMES) {
      const img = decodePng(generateIcon({ name, prompt: "", seed: 1 }));
      expect(img.height).toBeGreaterThanOrEqual(7);
      expect(img.height).toBeLessThanOrEqual(9);
      expect(img.width).toBe(GLYPHS[glyphFor(name, "")].mask[0].length);
      widths.add(img.width);
      let clear = 0;
      for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 0) clear++;
      expect(clear).toBeGreaterThan(4); // a shape on a transparent ground, not a filled box
      expect({ name, bad: unoutlinedEdgePixels(img) }).toEqual({ name, bad: 0 });
    }
    expect(widths.size).toBeGreaterThan(2);
  });

  test("a requested height up to 32 is kept; width scales with it; never blurred", () => {
    for (const height of [8, 12, 16, 18, 27, 32]) {
      const img = decodePng(generateIcon({ name: "heart", prompt: "", seed: 1, height }));
      expect(img.height).toBe(height);
      expect(img.width).toBe(Math.round((9 * height) / 9));
      for (let i = 3; i < img.data.length; i += 4) expect([0, 255]).toContain(img.data[i]);
      expect(unoutlinedEdgePixels(img)).toBe(0);
    }
    expect(iconRgba({ name: "arrow", prompt: "", seed: 1, height: 64 }).height).toBe(32);
  });

  test("deterministic; the prompt's colour words recolour the glyph", () => {
    const a = generateIcon({ name: "heart", prompt: "", seed: 5, height: 18 });
    expect(generateIcon({ name: "heart", prompt: "", seed: 5, height: 18 })).toEqual(a);
    const blue = iconRgba({ name: "heart", prompt: "blue heart", seed: 5 });
    const red = iconRgba({ name: "heart", prompt: "", seed: 5 });
    const centre = (img: typeof red) => img.data.subarray((4 * img.width + 4) * 4, (4 * img.width + 4) * 4 + 3);
    expect(centre(blue)[2]).toBeGreaterThan(centre(blue)[0]);
    expect(centre(red)[0]).toBeGreaterThan(centre(red)[2]);
  });
});

describe("icons of items", () => {
  test("an icon of an item is the item drawn at icon size; a material word does not make it a coin", () => {
    expect(glyphFor("icon1", "a silver sword")).toBe("sword");
    expect(glyphFor("icon1", "golden sword")).toBe("sword");
    expect(glyphFor("loot", "a treasure chest")).toBe("chest");
    expect(glyphFor("icon1", "a gold coin")).toBe("coin");
    const icon = iconRgba({ name: "sword", prompt: "a silver sword", seed: 1, height: 16 });
    const item = itemRgba({ prompt: "a silver sword", seed: 1, size: 16 });
    expect(icon).toEqual(item);
    for (const height of [9, 12, 32]) {
      const img = iconRgba({ name: "chest", prompt: "a treasure chest", seed: 1, height });
      expect([img.width, img.height]).toEqual([height, height]);
      expect({ height, bad: unoutlinedEdgePixels(img) }).toEqual({ height, bad: 0 });
    }
  });
});

describe("icons of things the drawn library covers", () => {
  test("a library subject is drawn as the item at the icon's height, not the orb, and the answer says so", () => {
    expect(glyphFor("sunflower", "a sunflower")).toBe("sunflower");
    const req = { name: "sunflower", prompt: "a sunflower", seed: 3, height: 16 };
    const icon = iconRgba(req);
    expect([icon.width, icon.height]).toEqual([16, 16]);
    expect(Buffer.from(icon.data).equals(Buffer.from(itemSpriteAt(iconItem(req), 16, 16).data))).toBe(true);
    const orb = iconRgba({ ...req, name: "x", prompt: "zzzq" });
    expect(Buffer.from(icon.data).equals(Buffer.from(orb.data))).toBe(false);
    expect(interpret("icon", "a sunflower", {}, { name: "sunflower" })).toMatchObject({
      subject: "sunflower",
      via: [["sunflower", "flower"]],
      unmatched: [],
    });
  });
});
