import { describe, expect, test } from "bun:test";
import hud from "../../src/data/minecraft/hud-sprites.json";
import { generateHud } from "../../src/gen/hud.ts";
import { HUD_ELEMENTS, splitHudToLegacy, splitHudToSprites, type HudElement } from "../../src/pack/hud-layout.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import type { Rgba } from "../../src/media/png.ts";

const sheetFor = (prompt: string, seed = 5) => decodePng(generateHud({ prompt, seed }));
const px = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
const el = (id: string) => HUD_ELEMENTS.find((e) => e.id === id)!;

/** The element's alpha mask, as rows of '#' (opaque) and '.' (transparent). */
function mask(img: Rgba, e: HudElement): string[] {
  const rows: string[] = [];
  for (let y = 0; y < e.sheet.h; y++) {
    let row = "";
    for (let x = 0; x < e.sheet.w; x++) row += px(img, e.sheet.x + x, e.sheet.y + y)[3] ? "#" : ".";
    rows.push(row);
  }
  return rows;
}

/** Mean colour of the opaque pixels strictly inside the icon (not its outline ring). */
function meanFill(img: Rgba, e: HudElement): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 2; y < e.sheet.h - 3; y++)
    for (let x = 2; x < e.sheet.w - 2; x++) {
      const p = px(img, e.sheet.x + x, e.sheet.y + y);
      if (!p[3]) continue;
      for (let c = 0; c < 3; c++) sum[c] += p[c];
      n++;
    }
  return sum.map((v) => v / Math.max(1, n));
}

describe("HUD sheet", () => {
  const img = sheetFor("polished iron");

  test("is 256x512; every element is drawn in its rectangle and nothing lies outside them", () => {
    expect([img.width, img.height]).toEqual([256, 512]);
    const owned = new Uint8Array(256 * 512);
    for (const e of HUD_ELEMENTS) {
      let opaque = 0;
      for (let y = e.sheet.y; y < e.sheet.y + e.sheet.h; y++)
        for (let x = e.sheet.x; x < e.sheet.x + e.sheet.w; x++) {
          owned[y * 256 + x] = 1;
          if (px(img, x, y)[3]) opaque++;
        }
      if (opaque < Math.min(12, e.sheet.w * e.sheet.h * 0.2)) throw new Error(`${e.id} is nearly empty (${opaque} px)`);
    }
    for (let k = 0; k < owned.length; k++)
      if (!owned[k] && img.data[k * 4 + 3]) throw new Error(`stray pixel at ${k % 256},${k >> 8}`);
  });

  test("hearts are heart-shaped: symmetric, pointed at the bottom; halves are the left half", () => {
    const full = mask(img, el("heart/full"));
    for (const row of full) expect(row).toBe([...row].reverse().join(""));
    const filled = full.filter((r) => r.includes("#"));
    expect(filled[0].replaceAll(".", "").length).toBeGreaterThan(2); // two lobes on top
    expect(filled[filled.length - 1].replaceAll(".", "").length).toBeLessThanOrEqual(2); // the point
    expect(full.some((r) => r === "#########")).toBe(true);
    const half = mask(img, el("heart/half"));
    half.forEach((row, y) => {
      expect(row.slice(5)).toBe("....");
      expect(row.slice(0, 5)).toBe(full[y].slice(0, 5));
    });
    // The container underlay has exactly the heart's outline so an overlay never pokes out.
    expect(mask(img, el("heart/container"))).toEqual(full);
  });

  test("states keep their meaning whatever the theme", () => {
    for (const prompt of ["gold", "ice", "nether brick", "dark oak"]) {
      const s = sheetFor(prompt);
      const [r, g, b] = meanFill(s, el("heart/full"));
      expect(r).toBeGreaterThan(g + 40);
      expect(r).toBeGreaterThan(b + 40);
      const [pr, pg, pb] = meanFill(s, el("heart/poisoned_full"));
      expect(pg).toBeGreaterThan(pb + 30);
      expect(pg).toBeGreaterThan(pr - 10);
      const [fr, , fb] = meanFill(s, el("heart/frozen_full"));
      expect(fb).toBeGreaterThan(fr + 30);
      const [ar, ag, ab] = meanFill(s, el("heart/absorbing_full"));
      expect(Math.min(ar, ag)).toBeGreaterThan(ab + 50);
      const withered = meanFill(s, el("heart/withered_full"));
      expect(Math.max(...withered)).toBeLessThan(110);
      const [mr, mg, mb] = meanFill(s, el("food_full"));
      expect(mr).toBeGreaterThan(mb);
      expect(mr).toBeGreaterThan(mg);
      const [, hg, hb] = meanFill(s, el("food_full_hunger"));
      expect(hg).toBeGreaterThan(hb);
      const [br, , bb] = meanFill(s, el("air"));
      expect(bb).toBeGreaterThan(br + 30);
    }
  });

  test("blinking hearts differ from steady ones; hardcore differ from normal", () => {
    expect(mask(img, el("heart/full_blinking"))).toEqual(mask(img, el("heart/full")));
    const pix = (e: HudElement) =>
      Array.from({ length: 81 }, (_, i) => px(img, e.sheet.x + (i % 9), e.sheet.y + Math.floor(i / 9)).join()).join(
        "|",
      );
    expect(pix(el("heart/full_blinking"))).not.toBe(pix(el("heart/full")));
    expect(pix(el("heart/hardcore_full"))).not.toBe(pix(el("heart/full")));
    expect(pix(el("heart/absorbing_full_blinking"))).not.toBe(pix(el("heart/absorbing_full")));
  });

  test("hotbar has nine see-through wells; the selection frame is open in the middle", () => {
    const bar = el("hotbar").sheet;
    for (let i = 0; i < 9; i++) {
      const a = px(img, bar.x + i * 20 + 11, bar.y + 11)[3];
      expect(a).toBeGreaterThan(0);
      expect(a).toBeLessThan(255);
    }
    const sel = el("hotbar_selection").sheet;
    expect(px(img, sel.x + 12, sel.y + 11)[3]).toBe(0);
    expect(px(img, sel.x + 1, sel.y + 11)[3]).toBe(255);
    expect(px(img, sel.x + 22, sel.y + 11)[3]).toBe(255);
  });

  test("splits of a generated sheet: 1.20.2+ sprites at vanilla sizes, legacy sheets at 256x256", () => {
    const sprites = splitHudToSprites(img);
    const sizes = hud.sprites as unknown as Record<string, [number, number]>;
    for (const [path, s] of Object.entries(sprites)) {
      const name = path.slice("gui/sprites/hud/".length, -".png".length);
      expect([s.width, s.height]).toEqual(sizes[name]);
    }
    expect(Object.keys(sprites)).toContain("gui/sprites/hud/heart/full.png");
    const legacy = splitHudToLegacy(img);
    expect([legacy["gui/icons.png"].width, legacy["gui/icons.png"].height]).toEqual([256, 256]);
    expect([legacy["gui/widgets.png"].width, legacy["gui/widgets.png"].height]).toEqual([256, 256]);
    expect(px(legacy["gui/icons.png"], 56, 4)).toEqual(px(img, 56, 4));
    expect(px(legacy["gui/widgets.png"], 5, 5)).toEqual(px(img, 5, 261));
  });

  test("deterministic; different prompts give different sheets", () => {
    const a = generateHud({ prompt: "gold", seed: 3 });
    expect(Buffer.from(generateHud({ prompt: "gold", seed: 3 })).equals(Buffer.from(a))).toBe(true);
    const others = ["ice", "nether brick", "dark oak"].map((p) => Buffer.from(generateHud({ prompt: p, seed: 3 })));
    for (const o of others) expect(o.equals(Buffer.from(a))).toBe(false);
    expect(new Set(others.map((o) => o.toString("base64"))).size).toBe(3);
  });
});
