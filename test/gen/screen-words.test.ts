/**
 * The GUI, HUD and font-icon words read since issue 28's screen work: flavour and look marks, form words,
 * ornaments, HUD likenesses and frames, icon accents and symbol words. Each word left out of `unmatched` must
 * change the picture, and the sheets must keep the layout the game reads (slots, widgets, element rectangles).
 */
import { describe, expect, test } from "bun:test";
import { GUI_LAYOUTS, guiRgba } from "../../src/gen/gui.ts";
import { hudRgba } from "../../src/gen/hud.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { HUD_ELEMENTS } from "../../src/pack/hud-layout.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import type { Rgba } from "../../src/media/png.ts";

const gui = (prompt: string, target = "furnace") => guiRgba({ prompt, seed: 3, target });
const hud = (prompt: string) => hudRgba({ prompt, seed: 3 });
const icon = (prompt: string, name: string) => iconRgba({ prompt, seed: 3, name });
const same = (a: Rgba, b: Rgba) => a.width === b.width && a.data.every((v, i) => v === b.data[i]);
const px = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
const sheet = (id: string) => HUD_ELEMENTS.find((e) => e.id === id)!.sheet;
type Area = { x: number; y: number; w: number; h: number };
/** Whether two pictures differ inside `r` (or anywhere) by more than `by` in a channel. */
function differIn(a: Rgba, b: Rgba, r?: Area, by = 0): boolean {
  const { x, y, w, h } = r ?? { x: 0, y: 0, w: a.width, h: a.height };
  for (let j = y; j < y + h; j++)
    for (let i = x; i < x + w; i++) {
      const p = px(a, i, j);
      const q = px(b, i, j);
      if (p.some((v, k) => Math.abs(v - q[k]) > by)) return true;
    }
  return false;
}
const unmatched = (kind: "gui" | "hud" | "icon", prompt: string, name = "") =>
  interpret(kind, prompt, {}, { target: "furnace", name }).unmatched;

/** The container's contract: every slot's 16x16 item area flat and opaque, nothing drawn outside panel and widgets. */
function keepsLayout(img: Rgba, target: string): void {
  const layout = GUI_LAYOUTS[target];
  for (const s of layout.slots) {
    const mid = px(img, s.x + 8, s.y + 8);
    expect(mid[3]).toBe(255);
    for (let y = s.y; y < s.y + 16; y++)
      for (let x = s.x; x < s.x + 16; x++)
        if (px(img, x, y).join() !== mid.join()) throw new Error(`slot ${s.x},${s.y} not flat at ${x},${y}`);
  }
  const inSprite = (x: number, y: number) =>
    layout.sprites.some(({ sheet: r }) => x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h);
  for (let y = 0; y < 256; y++)
    for (let x = 0; x < 256; x++)
      if ((x >= layout.panel.w || y >= layout.panel.h) && !inSprite(x, y) && px(img, x, y)[3])
        throw new Error(`stray pixel at ${x},${y}`);
}

describe("GUI words change the sheet and keep its layout", () => {
  const base = gui("oak furnace");
  const cases: [string, string[]][] = [
    // Looks and flavours with marks (gui/screen-flavours.ts).
    ["cosmic oak furnace", ["cosmic"]],
    ["rustic oak furnace", ["rustic"]],
    ["rusty oak furnace", ["rusty"]],
    ["haunted oak furnace", ["haunted"]],
    // Form words (gui/form.ts).
    ["rounded oak furnace", ["rounded"]],
    ["minimalist oak furnace", ["minimalist"]],
    ["transparent oak furnace", ["transparent"]],
    ["oak furnace in monochrome", ["monochrome"]],
    ["thick oak furnace", ["thick"]],
    // Ornaments (gui/ornaments.ts), with the colours they take.
    ["oak furnace with golden ornaments", ["golden", "ornaments"]],
    ["oak furnace with iron hinges", ["iron", "hinges"]],
    ["oak furnace with metal bands", ["metal", "bands"]],
    ["oak furnace with copper pipes and gears", ["copper", "pipes", "gears"]],
    ["oak furnace with a starry background", ["starry"]],
    ["oak furnace with glowing blue lines", ["lines", "blue"]],
  ];
  for (const [prompt, words] of cases)
    test(`"${prompt}": ${words.join(", ")} read, drawn, and the layout kept`, () => {
      const img = gui(prompt);
      expect(same(img, base)).toBe(false);
      const left = unmatched("gui", prompt);
      for (const w of words) expect(left).not.toContain(w);
      keepsLayout(img, "furnace");
    });

  test("every target keeps its layout under every form and a look at once", () => {
    for (const target of Object.keys(GUI_LAYOUTS))
      keepsLayout(gui("rounded transparent cosmic monochrome oak with gold ornaments and gears", target), target);
  });

  test("ornaments and marks never cover a label or a slot; their colour is not the panel's", () => {
    const plain = gui("oak furnace");
    const dressed = gui("oak furnace with golden ornaments, iron hinges, metal bands, gears and stars");
    const layout = GUI_LAYOUTS.furnace;
    // The panel's shade may move a step with the prompt's seed; an ornament would be a stroke of another colour.
    for (const l of layout.labels) expect(differIn(plain, dressed, l, 8)).toBe(false);
    for (const s of layout.slots) {
      const m = s.big ? 5 : 1;
      expect(differIn(plain, dressed, { x: s.x - m, y: s.y - m, w: 16 + 2 * m, h: 16 + 2 * m }, 8)).toBe(false);
    }
    expect(interpret("gui", "oak furnace with golden ornaments", {}, { target: "furnace" }).material).toBe("oak");
  });

  test("rounded cuts the corners rounder; transparent lets the body show through; slots stay opaque", () => {
    expect(px(base, 1, 1)[3]).toBe(255);
    expect(px(gui("rounded oak furnace"), 1, 1)[3]).toBe(0);
    const glass = gui("transparent oak furnace");
    expect(px(glass, 40, 40)[3]).toBeLessThan(255);
    expect(px(glass, 60, 20)[3]).toBe(255);
  });

  test("monochrome puts every coloured pixel in the theme's one hue", () => {
    const img = gui("purple furnace in monochrome");
    const hues = new Set<number>();
    for (let i = 0; i < img.data.length; i += 4) {
      if (!img.data[i + 3]) continue;
      const [h, s] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
      if (s > 0.15) hues.add(Math.round(h * 36));
    }
    expect(hues.size).toBeLessThanOrEqual(2);
  });
});

describe("HUD words change the sheet in the parts they are said of", () => {
  /** No pixel outside the element rectangles the exporter cuts. */
  function keepsRects(img: Rgba): void {
    const owned = new Uint8Array(256 * 512);
    for (const e of HUD_ELEMENTS)
      for (let y = e.sheet.y; y < e.sheet.y + e.sheet.h; y++)
        for (let x = e.sheet.x; x < e.sheet.x + e.sheet.w; x++) owned[y * 256 + x] = 1;
    for (let k = 0; k < owned.length; k++)
      if (!owned[k] && img.data[k * 4 + 3]) throw new Error(`stray pixel at ${k % 256},${k >> 8}`);
  }

  const cases: [string, string, string[]][] = [
    ["cosmic stone hud", "stone hud", ["cosmic"]],
    ["stone hud with starry hearts", "stone hud with hearts", ["starry"]],
    ["stone hud with cracked hearts", "stone hud with hearts", ["cracked"]],
    ["stone hud with hearts that look like crystals", "stone hud with hearts", ["look", "crystals"]],
    ["stone hud with a hunger bar made of gold", "stone hud with a hunger bar", ["made", "gold"]],
    ["rounded stone hotbar", "stone hotbar", ["rounded"]],
    ["sleek stone hotbar", "stone hotbar", ["sleek"]],
    ["transparent stone hotbar", "stone hotbar", ["transparent"]],
    ["chunky stone crosshair", "stone crosshair", ["chunky"]],
    ["green monochrome hud", "green hud", ["monochrome"]],
    ["stone hotbar with a black border", "stone hotbar", ["black", "border"]],
  ];
  for (const [prompt, without, words] of cases)
    test(`"${prompt}": ${words.join(", ")} read and drawn, inside the element rectangles`, () => {
      const img = hud(prompt);
      expect(same(img, hud(without))).toBe(false);
      const left = unmatched("hud", prompt);
      for (const w of words) expect(left).not.toContain(w);
      keepsRects(img);
    });

  test("a flavour said of the hearts marks the hearts only; said of the HUD, every icon", () => {
    const plain = hud("stone hud with hearts");
    const cracked = hud("stone hud with cracked hearts");
    expect(differIn(plain, cracked, sheet("heart/full"))).toBe(true);
    expect(differIn(plain, cracked, sheet("hotbar"))).toBe(false);
    expect(differIn(plain, cracked, sheet("food_full"))).toBe(false);
    // "hearts that look cracked" says the same.
    expect(differIn(plain, hud("stone hud with hearts that look cracked"), sheet("food_full"))).toBe(false);
    const all = hud("cracked stone hud with hearts");
    expect(differIn(plain, all, sheet("food_full"))).toBe(true);
  });

  test("a likeness colours its part: crystal hearts are no longer red", () => {
    const red = (img: Rgba) => {
      const r = sheet("heart/full");
      let n = 0;
      for (let y = r.y; y < r.y + r.h; y++)
        for (let x = r.x; x < r.x + r.w; x++) {
          const [h, s] = rgbToHsl(px(img, x, y).slice(0, 3) as [number, number, number]);
          if (px(img, x, y)[3] && s > 0.4 && (h < 0.05 || h > 0.95)) n++;
        }
      return n;
    };
    expect(red(hud("hearts"))).toBeGreaterThan(10);
    expect(red(hud("hearts that look like crystals"))).toBe(0);
  });

  test("a bold crosshair is three pixels thick; a named border is every outline's colour", () => {
    const r = sheet("crosshair");
    const lit = (img: Rgba) => {
      let n = 0;
      for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) if (px(img, x, y)[3]) n++;
      return n;
    };
    expect(lit(hud("bold crosshair"))).toBeGreaterThan(2 * lit(hud("crosshair")));
    const framed = hud("stone hud with a white outline");
    const heart = sheet("heart/full");
    expect(Math.min(...px(framed, heart.x + 1, heart.y))).toBeGreaterThan(230);
    expect(Math.max(...px(hud("stone hud"), heart.x + 1, heart.y).slice(0, 3))).toBeLessThan(120);
  });
});

describe("icon accents and symbol words", () => {
  test("a crown's jewels take the material said after 'with'; a skull's eyes their colour or glow", () => {
    const crown = icon("golden crown", "crown");
    const rubies = icon("golden crown with rubies", "crown");
    expect(same(crown, rubies)).toBe(false);
    expect(unmatched("icon", "golden crown with rubies", "crown")).not.toContain("rubies");
    for (const [prompt, words] of [
      ["bone skull with red eyes", ["red", "eyes"]],
      ["bone skull with glowing eyes", ["eyes"]],
      ["bone skull with emerald eyes", ["emerald", "eyes"]],
    ] as const) {
      expect(same(icon(prompt, "skull"), icon("bone skull", "skull"))).toBe(false);
      for (const w of words) expect(unmatched("icon", prompt, "skull")).not.toContain(w);
    }
  });

  test("accent words on a glyph with no accent pixels change nothing and stay unmatched", () => {
    // The check glyph has no accent: "eyes" is not drawn there.
    expect(unmatched("icon", "green check with red eyes", "check")).toContain("eyes");
  });

  test("a symbol's kind word and an arrow's pointing word are the subject's", () => {
    expect(unmatched("icon", "bright warning sign", "warning")).not.toContain("sign");
    expect(unmatched("icon", "green arrow pointing up", "up")).toEqual([]);
    expect(interpret("icon", "green arrow pointing up", {}, { name: "up" }).subject).toBe("arrow_up");
    expect(unmatched("icon", "dark purple orb", "orb")).not.toContain("orb");
  });
});

describe("HUD rainbows and ornaments", () => {
  test("a rainbow experience bar has many hues; 'looks like a rainbow' says the same", () => {
    const hues = (img: Rgba) => {
      const r = sheet("experience_bar_progress");
      const out = new Set<number>();
      for (let x = r.x; x < r.x + r.w; x++) {
        const [h, s] = rgbToHsl(px(img, x, r.y + 2).slice(0, 3) as [number, number, number]);
        if (s > 0.3) out.add(Math.round(h * 12));
      }
      return out.size;
    };
    expect(hues(hud("stone hud"))).toBeLessThanOrEqual(2);
    expect(hues(hud("stone hud with a rainbow xp bar"))).toBeGreaterThanOrEqual(6);
    expect(hues(hud("stone hud with an experience bar that looks like a rainbow"))).toBeGreaterThanOrEqual(6);
    expect(unmatched("hud", "stone hud with a rainbow xp bar")).not.toContain("rainbow");
    expect(same(hud("rainbow stone hotbar"), hud("stone hotbar"))).toBe(false);
  });

  test("ornaments a HUD can draw mark their part; those it cannot stay unmatched", () => {
    const plain = hud("stone hotbar");
    const ornate = hud("stone hotbar with gold ornaments");
    const gold = (img: Rgba) => {
      const r = sheet("hotbar");
      let n = 0;
      for (let y = r.y; y < r.y + r.h; y++)
        for (let x = r.x; x < r.x + r.w; x++) {
          const [h, s] = rgbToHsl(px(img, x, y).slice(0, 3) as [number, number, number]);
          if (px(img, x, y)[3] === 255 && s > 0.35 && h > 0.08 && h < 0.18) n++;
        }
      return n;
    };
    expect(gold(plain)).toBe(0);
    expect(gold(ornate)).toBeGreaterThan(10);
    expect(unmatched("hud", "stone hotbar with gold ornaments")).toEqual([]);
    // Hinges need a panel: a HUD draws none, and says so.
    expect(unmatched("hud", "stone hotbar with iron hinges")).toContain("hinges");
  });
});

describe("screen names, colour schemes and skies", () => {
  test("a scheme word after its colours is read with them; after nothing drawn it stays unmatched", () => {
    expect(unmatched("gui", "furnace with purple and yellow tones")).not.toContain("tones");
    expect(unmatched("gui", "furnace with earthy tones")).toContain("tones");
    expect(unmatched("hud", "hud in red and gold colours")).not.toContain("colours");
    // The colours it names are drawn: without them the sheet differs.
    expect(same(gui("furnace with purple and yellow tones"), gui("furnace with tones"))).toBe(false);
  });

  test("a crafting bench is the crafting table, a trunk the chest", () => {
    const bench = interpret("gui", "oak crafting bench", {}, { target: "crafting_table" });
    expect(bench.unmatched).toEqual([]);
    expect(interpret("gui", "iron trunk", {}, { target: "generic_54" }).unmatched).toEqual([]);
  });

  test("a starry or night sky is the panel's stars", () => {
    expect(unmatched("gui", "oak furnace with a night sky")).not.toContain("sky");
    expect(same(gui("oak furnace with a night sky"), gui("oak furnace with a night"))).toBe(false);
    // A sky said of nothing starry is no ornament.
    expect(unmatched("gui", "oak furnace with a blue sky")).toContain("sky");
  });
});

describe("widget colours", () => {
  const furnace = GUI_LAYOUTS.furnace.sprites;
  const flame = furnace.find((s) => s.art === "flame")!.sheet;
  const arrow = furnace.find((s) => s.art === "burn_arrow")!.sheet;
  /** Pixels of a hue (0..1) in a rect. */
  const ofHue = (img: Rgba, r: Area, lo: number, hi: number) => {
    let n = 0;
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        const [h, s] = rgbToHsl(px(img, x, y).slice(0, 3) as [number, number, number]);
        if (px(img, x, y)[3] && s > 0.3 && h >= lo && h <= hi) n++;
      }
    return n;
  };

  test("a blue flame and soul fire burn blue-cyan; a green arrow is green; the panel keeps its material", () => {
    expect(ofHue(gui("oak furnace"), flame, 0.45, 0.7)).toBe(0);
    expect(ofHue(gui("oak furnace with a blue flame"), flame, 0.45, 0.75)).toBeGreaterThan(40);
    expect(ofHue(gui("oak furnace with soul fire"), flame, 0.45, 0.6)).toBeGreaterThan(40);
    expect(ofHue(gui("oak furnace with a green arrow"), arrow, 0.2, 0.45)).toBeGreaterThan(40);
    for (const [prompt, words] of [
      ["oak furnace with a blue flame", ["blue", "flame"]],
      ["oak furnace with soul fire", ["soul", "fire"]],
      ["oak furnace with a green progress arrow", ["green", "progress", "arrow"]],
    ] as const)
      for (const w of words) expect(unmatched("gui", prompt)).not.toContain(w);
    expect(interpret("gui", "oak furnace with a blue flame", {}, { target: "furnace" }).material).toBe("oak");
    keepsLayout(gui("oak furnace with a blue flame and a green arrow"), "furnace");
  });

  test("a widget the screen does not have is not read", () => {
    // A chest has no progress arrow ("flame" there is read as a fiery look, through the lexicon).
    expect(interpret("gui", "oak chest with a green arrow", {}, { target: "generic_54" }).unmatched).toContain("arrow");
  });
});

test("on a screen with no flame, 'blue flame' leaves blue to the screen (here its trim, the second colour)", () => {
  const chest = (p: string) => guiRgba({ prompt: p, seed: 3, target: "generic_54" });
  expect(interpret("gui", "oak chest with a blue flame", {}, { target: "generic_54" }).unmatched).toEqual([]);
  expect(same(chest("oak chest with a blue flame"), chest("oak chest with a flame"))).toBe(false);
});

test("vanilla, default or classic alone is the game's own grey; beside a material it is not read", () => {
  const v = gui("vanilla furnace");
  expect(px(v, 40, 40)).toEqual([0xc6, 0xc6, 0xc6, 255]);
  expect(same(v, gui("furnace"))).toBe(false);
  expect(unmatched("gui", "vanilla furnace")).toEqual([]);
  expect(unmatched("hud", "classic hotbar")).toEqual([]);
  expect(same(hud("classic hotbar"), hud("hotbar"))).toBe(false);
  expect(unmatched("gui", "vanilla oak furnace")).toContain("vanilla");
  expect(unmatched("gui", "dark mode furnace")).toEqual([]);
});

test("a glyph's outline takes the colour said of it; the glyph keeps its own", () => {
  const plain = icon("red heart", "heart");
  const gold = icon("red heart with a golden outline", "heart");
  expect(same(plain, gold)).toBe(false);
  expect(unmatched("icon", "red heart with a golden outline", "heart")).toEqual([]);
  // The top-left lobe's outline pixel is gold now, the middle still red.
  const hueAt = (img: Rgba, x: number, y: number) => rgbToHsl(px(img, x, y).slice(0, 3) as [number, number, number])[0];
  let edge = -1;
  for (let x = 0; x < gold.width && edge < 0; x++) if (px(gold, x, 2)[3]) edge = x;
  expect(hueAt(gold, edge, 2)).toBeGreaterThan(0.08);
  expect(hueAt(gold, edge, 2)).toBeLessThan(0.18);
  const mid = hueAt(gold, gold.width >> 1, gold.height >> 1);
  expect(mid < 0.05 || mid > 0.95).toBe(true);
});

test("a gradient panel is lighter at the top than at the bottom; a gradient xp bar runs dark to light", () => {
  const lum = (img: Rgba, x: number, y: number) => px(img, x, y)[0] + px(img, x, y)[1] + px(img, x, y)[2];
  const g = gui("vanilla furnace with a gradient");
  expect(lum(g, 40, 20) - lum(g, 40, 75)).toBeGreaterThan(30);
  const flat = gui("vanilla furnace");
  expect(lum(flat, 40, 20)).toBe(lum(flat, 40, 75));
  const bar = sheet("experience_bar_progress");
  const h = hud("stone hud with a gradient xp bar");
  expect(lum(h, bar.x + bar.w - 4, bar.y + 2) - lum(h, bar.x + 4, bar.y + 2)).toBeGreaterThan(60);
  expect(unmatched("hud", "stone hud with a gradient xp bar")).toEqual([]);
  keepsLayout(g, "furnace");
});

test("buttons and fuel in their own colours, where the screen has them; HUD heart pieces are read", () => {
  const face = (img: Rgba, target: string, art: string) => {
    const r = GUI_LAYOUTS[target].sprites.find((s) => s.art === art)!.sheet;
    return px(img, r.x + (r.w >> 1), r.y + (r.h >> 1));
  };
  const ench = (p: string) => guiRgba({ prompt: p, seed: 3, target: "enchanting_table" });
  expect(face(ench("oak enchanting table with purple buttons"), "enchanting_table", "enchant_slot")).not.toEqual(
    face(ench("oak enchanting table with buttons"), "enchanting_table", "enchant_slot"),
  );
  const brew = (p: string) => guiRgba({ prompt: p, seed: 3, target: "brewing_stand" });
  expect(face(brew("oak brewing stand with blue fuel"), "brewing_stand", "fuel_bar")).not.toEqual(
    face(brew("oak brewing stand with fuel"), "brewing_stand", "fuel_bar"),
  );
  const read = interpret("gui", "oak brewing stand with blue fuel", {}, { target: "brewing_stand" });
  expect(read.unmatched).toEqual([]);
  expect(read.material).toBe("oak");
  expect(unmatched("hud", "half hearts and empty containers")).toEqual([]);
});
