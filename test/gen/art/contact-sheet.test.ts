/**
 * Writes test/artifacts/contact-sheet.png so a person can judge the procedural art: block textures
 * repeated 3x3 (a seam would show as a grid line), item sprites and chat icons, all scaled up with
 * nearest-neighbour. The test checks the sheet is complete and small enough to commit.
 */
import { writeArtifact } from "../../support/artifacts.ts";
import { expect, test } from "bun:test";
import { textureRgba } from "../../../src/gen/texture";
import { itemRgba } from "../../../src/gen/item";
import { iconRgba } from "../../../src/gen/icon";
import { encodePng, newRgba, type Rgba } from "../../../src/media/png";
import { decodePng } from "../../../src/media/png-decode";
import type { TextureRequest } from "../../../src/gen/types";

const CELL = 200;
const COLS = 8;
const BACKDROP = [139, 139, 139]; // the inventory-slot grey items are seen on

const BLOCKS: [string, string?, number?][] = [
  ["stone"],
  ["cobblestone"],
  ["", "diamond_ore"],
  ["oak planks"],
  ["", "oak_log"],
  ["", "oak_log_top"],
  ["red bricks"],
  ["stone bricks"],
  ["sand"],
  ["gravel"],
  ["dirt"],
  ["", "grass_block_side"],
  ["oak leaves"],
  ["lime wool"],
  ["glass"],
  ["iron block"],
  ["gold block"],
  ["amethyst crystal"],
  ["obsidian"],
  ["netherrack"],
  ["ice"],
  ["lava"],
  ["mossy cobblestone"],
  ["cracked stone bricks"],
  ["polished granite"],
  ["ruby", "deepslate_diamond_ore"],
  ["cherry planks"],
  ["spruce log"],
  ["stone bricks", undefined, 64],
  ["oak planks", undefined, 64],
  ["emerald ore", undefined, 64],
  ["mossy cobblestone", undefined, 64],
];
const ITEMS: [string, string?][] = [
  ["diamond sword"],
  ["iron pickaxe"],
  ["golden axe"],
  ["stone shovel"],
  ["netherite hoe"],
  ["bow"],
  ["copper ingot"],
  ["ruby gem"],
  ["gold nugget"],
  ["glowstone dust"],
  ["apple"],
  ["bread"],
  ["cooked beef"],
  ["potion of healing"],
  ["empty bottle"],
  ["golden key"],
  ["ancient scroll"],
  ["spell book"],
  ["fire staff"],
  ["iron helmet"],
  ["diamond chestplate"],
  ["golden leggings"],
  ["leather boots"],
  ["emerald", "diamond_sword"],
];
const ICONS = [
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
  "orb",
];

function blit(sheet: Rgba, img: Rgba, ox: number, oy: number, scale: number, repeat: number, backdrop: number[]): void {
  const w = img.width * repeat * scale;
  const h = img.height * repeat * scale;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = Math.floor(x / scale) % img.width;
      const sy = Math.floor(y / scale) % img.height;
      const si = (sy * img.width + sx) * 4;
      const di = ((oy + y) * sheet.width + ox + x) * 4;
      const a = img.data[si + 3] / 255;
      for (let c = 0; c < 3; c++) sheet.data[di + c] = Math.round(img.data[si + c] * a + backdrop[c] * (1 - a));
      sheet.data[di + 3] = 255;
    }
}

test("contact sheet of blocks, items and icons", async () => {
  const tiles: { img: Rgba; scale: number; repeat: number }[] = [];
  for (const [prompt, target, size = 16] of BLOCKS) {
    const req: TextureRequest = target
      ? { prompt, seed: 7, size, mode: "vanilla", vanillaTarget: target }
      : { prompt, seed: 7, size, mode: "custom" };
    tiles.push({ img: textureRgba(req), scale: Math.floor(CELL / (3 * size)), repeat: 3 });
  }
  for (const [prompt, target] of ITEMS)
    tiles.push({ img: itemRgba({ prompt, seed: 7, size: 16, target }), scale: 12, repeat: 1 });
  for (const name of ICONS) tiles.push({ img: iconRgba({ name, prompt: "", seed: 7 }), scale: 16, repeat: 1 });
  expect(tiles.length).toBeGreaterThanOrEqual(24);

  const rows = Math.ceil(tiles.length / COLS);
  const sheet = newRgba(COLS * CELL, rows * CELL);
  for (let i = 0; i < sheet.data.length; i += 4) sheet.data.set([40, 40, 46, 255], i);
  tiles.forEach(({ img, scale, repeat }, k) => {
    const w = img.width * scale * repeat;
    const h = img.height * scale * repeat;
    const ox = (k % COLS) * CELL + ((CELL - w) >> 1);
    const oy = Math.floor(k / COLS) * CELL + ((CELL - h) >> 1);
    blit(sheet, img, ox, oy, scale, repeat, repeat > 1 ? [40, 40, 46] : BACKDROP);
  });

  const bytes = encodePng(sheet);
  writeArtifact("contact-sheet.png", bytes);
  expect(bytes.length).toBeLessThan(1024 * 1024);
  const back = decodePng(bytes);
  expect([back.width, back.height]).toEqual([COLS * CELL, rows * CELL]);
  // The first block tile is a true 3x3 repetition: pixel (x, y) equals pixel (x + tile, y).
  const first = tiles[0];
  const edge = first.img.width * first.scale;
  const ox = (CELL - edge * 3) >> 1;
  const px = (x: number, y: number) =>
    back.data.subarray(((ox + y) * back.width + ox + x) * 4, ((ox + y) * back.width + ox + x) * 4 + 4).join();
  for (let y = 0; y < edge; y += 7) for (let x = 0; x < edge; x += 5) expect(px(x + edge, y + edge)).toBe(px(x, y));
});
