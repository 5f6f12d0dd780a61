import { describe, expect, test } from "bun:test";
import hud from "../../src/data/minecraft/hud-sprites.json";
import { HUD_ELEMENTS, HUD_SHEET, splitHudToLegacy, splitHudToSprites } from "../../src/pack/hud-layout.ts";
import { newRgba, type Rgba } from "../../src/media/png.ts";

const SIZES = hud.sprites as unknown as Record<string, [number, number]>;
const byId = (id: string) => HUD_ELEMENTS.find((e) => e.id === id)!;

/** A sheet where every element's rectangle is filled with a colour unique to that element. */
function tagged(): Rgba {
  const img = newRgba(HUD_SHEET.width, HUD_SHEET.height);
  HUD_ELEMENTS.forEach((e, i) => {
    for (let y = e.sheet.y; y < e.sheet.y + e.sheet.h; y++)
      for (let x = e.sheet.x; x < e.sheet.x + e.sheet.w; x++)
        img.data.set([i & 255, i >> 8, 77, 255], (y * img.width + x) * 4);
  });
  return img;
}

describe("HUD layout table", () => {
  test("rectangles fit the sheet and never overlap", () => {
    const seen = new Int32Array(HUD_SHEET.width * HUD_SHEET.height).fill(-1);
    HUD_ELEMENTS.forEach((e, i) => {
      expect(e.sheet.x + e.sheet.w).toBeLessThanOrEqual(256);
      expect(e.sheet.y + e.sheet.h).toBeLessThanOrEqual(512);
      for (let y = e.sheet.y; y < e.sheet.y + e.sheet.h; y++)
        for (let x = e.sheet.x; x < e.sheet.x + e.sheet.w; x++) {
          const k = y * 256 + x;
          if (seen[k] >= 0) throw new Error(`${e.id} overlaps ${HUD_ELEMENTS[seen[k]].id} at ${x},${y}`);
          seen[k] = i;
        }
    });
  });

  test("the top half is icons.png and the bottom half widgets.png, at the same offsets", () => {
    for (const e of HUD_ELEMENTS) {
      if (!e.legacy) continue;
      const dy = e.legacy.file === "gui/icons.png" ? 0 : 256;
      expect({ ...e.legacy.rect, y: e.legacy.rect.y + dy }).toEqual(e.sheet);
      expect(e.legacy.rect.y + e.legacy.rect.h).toBeLessThanOrEqual(256);
    }
  });

  test("sprite paths are vanilla 1.20.2+ HUD sprite names with their sizes", () => {
    for (const e of HUD_ELEMENTS) {
      if (!e.sprite) continue;
      const name = /^gui\/sprites\/hud\/(.+)\.png$/.exec(e.sprite)![1];
      expect(SIZES[name]).toEqual([e.sheet.w, e.sheet.h]);
    }
  });

  test("covers every vanilla HUD sprite except effect backgrounds and the 1.21.6 locator bar", () => {
    const covered = new Set(HUD_ELEMENTS.map((e) => e.sprite));
    const missing = Object.keys(SIZES).filter(
      (n) => !covered.has(`gui/sprites/hud/${n}.png`) && !/^(effect_background|locator_bar)/.test(n),
    );
    expect(missing).toEqual([]);
  });

  test("legacy positions match Gui.java of 1.20.1 (written out independently)", () => {
    const at = (id: string) => {
      const l = byId(id).legacy!;
      return `${l.file}@${l.rect.x},${l.rect.y}`;
    };
    expect(at("crosshair")).toBe("gui/icons.png@0,0");
    expect(at("heart/container")).toBe("gui/icons.png@16,0");
    expect(at("heart/full")).toBe("gui/icons.png@52,0");
    expect(at("heart/half_blinking")).toBe("gui/icons.png@79,0");
    expect(at("heart/poisoned_half_blinking")).toBe("gui/icons.png@115,0");
    expect(at("heart/withered_full")).toBe("gui/icons.png@124,0");
    expect(at("heart/absorbing_half")).toBe("gui/icons.png@169,0");
    expect(at("heart/frozen_full")).toBe("gui/icons.png@178,0");
    expect(at("heart/hardcore_full")).toBe("gui/icons.png@52,45");
    expect(at("heart/container_hardcore_blinking")).toBe("gui/icons.png@25,45");
    expect(at("heart/vehicle_full")).toBe("gui/icons.png@88,9");
    expect(at("armor_full")).toBe("gui/icons.png@34,9");
    expect(at("air_bursting")).toBe("gui/icons.png@25,18");
    expect(at("food_half")).toBe("gui/icons.png@61,27");
    expect(at("food_full_hunger")).toBe("gui/icons.png@88,27");
    expect(at("food_empty_hunger")).toBe("gui/icons.png@133,27");
    expect(at("experience_bar_background")).toBe("gui/icons.png@0,64");
    expect(at("experience_bar_progress")).toBe("gui/icons.png@0,69");
    expect(at("jump_bar_background")).toBe("gui/icons.png@0,84");
    expect(at("crosshair_attack_indicator_full")).toBe("gui/icons.png@68,94");
    expect(at("hotbar")).toBe("gui/widgets.png@0,0");
    expect(at("hotbar_selection")).toBe("gui/widgets.png@0,22");
    expect(at("hotbar_offhand_right")).toBe("gui/widgets.png@53,22");
    expect(at("widget/button")).toBe("gui/widgets.png@0,66");
    expect(byId("heart/frozen_full_blinking").legacy).toBeNull();
  });

  test("splitHudToLegacy copies each legacy region to its place and nothing else", () => {
    const legacy = splitHudToLegacy(tagged());
    for (const file of ["gui/icons.png", "gui/widgets.png"] as const) {
      const img = legacy[file];
      expect([img.width, img.height]).toEqual([256, 256]);
      const owner = new Int32Array(256 * 256).fill(-1);
      HUD_ELEMENTS.forEach((e, i) => {
        if (e.legacy?.file !== file) return;
        const r = e.legacy.rect;
        for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) owner[y * 256 + x] = i;
      });
      for (let k = 0; k < owner.length; k++) {
        const p = Array.from(img.data.subarray(k * 4, k * 4 + 4));
        const i = owner[k];
        expect(p).toEqual(i < 0 ? [0, 0, 0, 0] : [i & 255, i >> 8, 77, 255]);
      }
    }
  });

  test("splitHudToSprites cuts every sprite element at its size, and refuses a wrong-sized sheet", () => {
    const sprites = splitHudToSprites(tagged());
    const withSprites = HUD_ELEMENTS.filter((e) => e.sprite);
    expect(Object.keys(sprites).length).toBe(withSprites.length);
    for (const e of withSprites) {
      const s = sprites[e.sprite!];
      expect([s.width, s.height]).toEqual([e.sheet.w, e.sheet.h]);
      const i = HUD_ELEMENTS.indexOf(e);
      expect(Array.from(s.data.subarray(0, 4))).toEqual([i & 255, i >> 8, 77, 255]);
    }
    expect(() => splitHudToSprites(newRgba(256, 256))).toThrow(RangeError);
    expect(() => splitHudToLegacy(newRgba(256, 513))).toThrow(RangeError);
  });
});
