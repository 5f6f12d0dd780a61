import { describe, expect, test } from "bun:test";
import { DomainError } from "../../src/domain-error.ts";
import containers from "../../src/data/minecraft/gui-containers.json";
import { GUI_LAYOUTS, GUI_TARGETS, generateGui, guiRgba, splitGuiToSprites } from "../../src/gen/gui.ts";
import { guiTheme } from "../../src/gen/gui/theme.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { newRgba, type Rgba } from "../../src/media/png.ts";

const px = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
const key = (p: number[]) => p.join(",");
const lum = (p: number[]) => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];

function sheet(target: string, prompt = "smooth stone", seed = 7): Rgba {
  return decodePng(generateGui({ target, prompt, seed }));
}

/**
 * Reads a slot frame off the pixels: flat opaque middle, one dark colour along the top and left edge,
 * one light colour along the bottom and right edge, `m` px outside the 16x16 item area at (x, y).
 * Returns the three colours or a reason it is not a slot.
 */
function readSlot(img: Rgba, x: number, y: number, m = 1): { mid: string; dark: string; light: string } | string {
  const size = 16 + 2 * m;
  const fx = x - m;
  const fy = y - m;
  const mid = px(img, x, y);
  if (mid[3] !== 255) return `item area at ${x},${y} not opaque`;
  for (let j = fy + 1; j < fy + size - 1; j++)
    for (let i = fx + 1; i < fx + size - 1; i++)
      if (key(px(img, i, j)) !== key(mid)) return `middle not flat at ${i},${j} (slot ${x},${y})`;
  const dark = px(img, fx, fy);
  for (let k = 0; k < size - 1; k++) {
    if (key(px(img, fx + k, fy)) !== key(dark) || key(px(img, fx, fy + k)) !== key(dark))
      return `dark edge broken at slot ${x},${y}`;
  }
  const light = px(img, fx + size - 1, fy + size - 1);
  for (let k = 1; k < size; k++) {
    if (key(px(img, fx + k, fy + size - 1)) !== key(light) || key(px(img, fx + size - 1, fy + k)) !== key(light))
      return `light edge broken at slot ${x},${y}`;
  }
  if (!(lum(dark) < lum(mid) && lum(mid) < lum(light))) return `slot ${x},${y} is not recessed`;
  return { mid: key(mid), dark: key(dark), light: key(light) };
}

describe("container GUI sheets", () => {
  test("the supported list covers the required screens, all real vanilla sheets", () => {
    for (const t of [
      "generic_54",
      "dispenser",
      "furnace",
      "blast_furnace",
      "smoker",
      "crafting_table",
      "hopper",
      "brewing_stand",
      "anvil",
      "enchanting_table",
      "beacon",
      "shulker_box",
    ])
      expect(GUI_TARGETS).toContain(t);
    for (const t of GUI_TARGETS)
      expect((containers.containers as Record<string, { size: number[] | null }>)[t]?.size).toEqual([256, 256]);
  });

  for (const target of GUI_TARGETS) {
    test(`${target}: 256x256, slots at the table's positions, nothing outside the panel but widgets`, () => {
      const img = sheet(target);
      const layout = GUI_LAYOUTS[target];
      expect([img.width, img.height]).toEqual([256, 256]);
      const { w, h } = layout.panel;
      // Rounded corners are cut, edges are the outline, the body is opaque.
      expect(px(img, 0, 0)[3]).toBe(0);
      expect(px(img, w - 1, h - 1)[3]).toBe(0);
      expect(px(img, w >> 1, 0)[3]).toBe(255);
      expect(px(img, 0, h >> 1)[3]).toBe(255);
      expect(px(img, w - 1, h >> 1)[3]).toBe(255);
      expect(px(img, w >> 1, h - 1)[3]).toBe(255);
      for (let y = 2; y < h - 2; y++)
        for (let x = 2; x < w - 2; x++) if (px(img, x, y)[3] !== 255) throw new Error(`hole at ${x},${y}`);
      // Outside the panel only the widget sprites may have pixels.
      const inSprite = (x: number, y: number) =>
        layout.sprites.some(
          (s) => x >= s.sheet.x && y >= s.sheet.y && x < s.sheet.x + s.sheet.w && y < s.sheet.y + s.sheet.h,
        );
      for (let y = 0; y < 256; y++)
        for (let x = 0; x < 256; x++)
          if ((x >= w || y >= h) && !inSprite(x, y) && px(img, x, y)[3] !== 0)
            throw new Error(`stray pixel at ${x},${y}`);
      // Every slot is a recessed frame, and all frames share one style.
      const styles = new Set<string>();
      for (const s of layout.slots) {
        const r = readSlot(img, s.x, s.y, s.big ? 5 : 1);
        if (typeof r === "string") throw new Error(r);
        styles.add(`${r.dark}|${r.light}|${r.mid}`);
      }
      expect(styles.size).toBe(1);
    });

    test(`${target}: widgets are drawn and split to 1.20.2+ sprites of the vanilla sizes`, () => {
      const img = sheet(target);
      const layout = GUI_LAYOUTS[target];
      const sprites = splitGuiToSprites(target, img);
      expect(Object.keys(sprites).length).toBe(layout.sprites.length);
      const dirs = containers.sprite_dirs_1_21_8 as unknown as Record<string, [string, number[]][]>;
      for (const s of layout.sprites) {
        // The game blits only the panel as background; widget sprites must sit beside it, never on it.
        expect(s.sheet.x >= layout.panel.w || s.sheet.y >= layout.panel.h).toBe(true);
        expect(s.sheet.x + s.sheet.w <= 256 && s.sheet.y + s.sheet.h <= 256).toBe(true);
        const m = /^gui\/sprites\/container\/([a-z_]+)\/([a-z_0-9]+)\.png$/.exec(s.sprite);
        expect(m).not.toBeNull();
        const vanilla = dirs[m![1]].find(([n]) => n === m![2]);
        expect(vanilla).toBeDefined();
        const cut = sprites[s.sprite];
        expect([cut.width, cut.height]).toEqual(vanilla![1]);
        let opaque = 0;
        for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i]) opaque++;
        expect(opaque).toBeGreaterThan(cut.width * cut.height * 0.1);
      }
    });

    test(`${target}: text areas stay readable for the game's label colours`, () => {
      const img = sheet(target, "dark oak planks");
      for (const l of GUI_LAYOUTS[target].labels)
        for (let y = l.y; y < l.y + l.h; y++)
          for (let x = l.x; x < l.x + l.w; x++) {
            const L = lum(px(img, x, y));
            // Dark label text (#404040) needs a light ground; the beacon's light headings a dark one.
            const ok = target === "beacon" ? L < 0xe0 - 90 : L > 0x40 + 80;
            if (!ok) throw new Error(`label area pixel ${x},${y} luminance ${L.toFixed(0)}`);
          }
    });
  }

  test("vanilla slot coordinates, written out independently of the table", () => {
    const at = (t: string) => GUI_LAYOUTS[t].slots.map((s) => `${s.x},${s.y}`);
    expect(at("furnace").slice(0, 3)).toEqual(["56,17", "56,53", "116,35"]);
    expect(at("hopper").slice(0, 5)).toEqual(["44,20", "62,20", "80,20", "98,20", "116,20"]);
    expect(at("hopper")).toContain("8,109");
    expect(at("beacon").slice(0, 2)).toEqual(["136,110", "36,137"]);
    expect(at("brewing_stand").slice(0, 5)).toEqual(["56,51", "79,58", "102,51", "79,17", "17,17"]);
    expect(at("anvil").slice(0, 3)).toEqual(["27,47", "76,47", "134,47"]);
    expect(at("crafting_table")[0]).toBe("124,35");
    for (const t of GUI_TARGETS) expect(GUI_LAYOUTS[t].slots.length).toBeGreaterThanOrEqual(37);
  });

  // ContainerScreen shows sheet rows [0, rows*18+17) then 96 rows from sheet row 126.
  for (const rows of [3, 6]) {
    test(`generic_54 composed as the game does for a ${rows}-row chest puts slots at ChestMenu positions`, () => {
      const img = sheet("generic_54", "gold", 3);
      const top = rows * 18 + 17;
      const screen = newRgba(176, top + 96);
      const copyRow = (from: number, to: number) =>
        screen.data.set(img.data.subarray(from * 1024, from * 1024 + 176 * 4), to * 176 * 4);
      for (let y = 0; y < top; y++) copyRow(y, y);
      for (let y = 0; y < 96; y++) copyRow(126 + y, top + y);
      const k = (rows - 4) * 18;
      const expected: [number, number][] = [];
      for (let i = 0; i < rows; i++) for (let j = 0; j < 9; j++) expected.push([8 + j * 18, 18 + i * 18]);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 9; j++) expected.push([8 + j * 18, 103 + i * 18 + k]);
      for (let j = 0; j < 9; j++) expected.push([8 + j * 18, 161 + k]);
      for (const [x, y] of expected) {
        const r = readSlot(screen, x, y);
        if (typeof r === "string") throw new Error(r);
      }
      // imageHeight is 114 + rows*18, one more than the game actually blits.
      expect(screen.height).toBe(113 + rows * 18);
    });
  }

  test("same request gives the same bytes; prompts and seeds change the art", () => {
    const a = generateGui({ target: "furnace", prompt: "nether brick", seed: 1 });
    expect(
      Buffer.from(generateGui({ target: "furnace", prompt: "nether brick", seed: 1 })).equals(Buffer.from(a)),
    ).toBe(true);
    expect(Buffer.from(generateGui({ target: "furnace", prompt: "ice", seed: 1 })).equals(Buffer.from(a))).toBe(false);
    expect(
      Buffer.from(generateGui({ target: "furnace", prompt: "nether brick", seed: 2 })).equals(Buffer.from(a)),
    ).toBe(false);
    const body = (p: string) => key(px(decodePng(generateGui({ target: "dispenser", prompt: p, seed: 1 })), 8, 3));
    expect(new Set(["gold", "ice", "dark oak", "nether brick"].map(body)).size).toBe(4);
  });

  test("an unsupported screen is refused with invalid_request", () => {
    for (const t of ["villager", "inventory", "generic_9x3", ""]) {
      try {
        generateGui({ target: t, prompt: "x", seed: 1 });
        throw new Error("accepted " + t);
      } catch (e) {
        expect(e).toBeInstanceOf(DomainError);
        expect((e as DomainError).errorCode).toBe("invalid_request");
      }
    }
  });
});

describe("trim: a second material frames the panel", () => {
  const sheet = (prompt: string) => guiRgba({ prompt, target: "furnace", seed: 4 } as Parameters<typeof guiRgba>[0]);
  const count = (img: Rgba, c: number[]) => {
    let n = 0;
    for (let i = 0; i < img.data.length; i += 4)
      if (img.data[i] === c[0] && img.data[i + 1] === c[1] && img.data[i + 2] === c[2]) n++;
    return n;
  };

  test("'dark oak with brass trim' and 'deepslate and gold': the bevel takes the trim's bright yellow", () => {
    for (const [prompt, plain] of [
      ["dark oak with brass trim", "dark oak"],
      ["deepslate and gold", "deepslate"],
    ]) {
      const t = guiTheme(prompt, 4);
      expect(t.trim).not.toBeNull();
      const [h, sat] = rgbToHsl(t.light);
      expect(h * 360).toBeGreaterThan(30);
      expect(h * 360).toBeLessThan(65);
      expect(sat).toBeGreaterThan(0.4);
      expect(count(sheet(prompt), t.light)).toBeGreaterThan(200);
      expect(guiTheme(plain, 4).trim).toBeNull();
      expect(guiTheme(plain, 4).light).not.toEqual(t.light);
    }
  });
});
