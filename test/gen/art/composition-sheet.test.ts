/**
 * Writes test/artifacts/composition-sheet.png (with `bun run artifacts`): issue 28's composition at a glance:
 * the new item families, parts named with their own material, the texture layer stack repeated 2x2, sketches,
 * and icons of items. The test checks the sheet is complete and small enough to commit.
 */
import { expect, test } from "bun:test";
import { writeArtifact } from "../../support/artifacts.ts";
import { textureRgba } from "../../../src/gen/texture";
import { itemRgba } from "../../../src/gen/item";
import { iconRgba } from "../../../src/gen/icon";
import type { Sketch } from "../../../src/gen/art/sketch";
import { encodePng, newRgba, type Rgba } from "../../../src/media/png";
import { decodePng } from "../../../src/media/png-decode";

const CELL = 132;
const COLS = 10;
const ITEMS = [
  "pair of iron shears",
  "dripping beeswax candle",
  "stack of gold coins",
  "music disc",
  "paintbrush",
  "hourglass with white sand",
  "magnifying glass",
  "bundle of dynamite",
  "a small potted cactus",
  "slice of watermelon",
  "mushroom stew",
  "striped tropical clownfish",
  "pufferfish",
  "treasure chest",
  "ruby sword with a gold hilt",
  "obsidian pickaxe with a blaze rod handle",
  "golden key with a red ribbon",
  "purple wizard hat with stars",
  "diamond helmet with gold trim",
  "lantern with soul fire",
];
const TEXTURES = [
  "herringbone bricks",
  "basket weave bricks",
  "stack bond stone bricks",
  "white tiles with grout",
  "woven straw",
  "quartz column",
  "quartz column top",
  "iron grate",
  "wooden crate",
  "oak door with iron bands",
  "black and white chessboard tiles",
  "cherry wood planks with pink blossoms",
  "stone bricks with gold veins",
  "basalt with lava cracks",
  "deepslate tiles with glowing runes",
  "cobblestone with ivy",
  "iron panel with gold corners",
  "snowy stone bricks",
  "herringbone bricks with sand in the joints",
  "blue glass pane with a diamond motif",
];
const DAGGER: Sketch = {
  grid: ["......RR", ".....RRR", "....RRR.", "GG.RRR..", ".GGRR...", "..HG....", ".HH.G...", "HH......"],
  legend: { R: { part: "blade", material: "ruby" }, G: { part: "guard", material: "gold" }, H: { colour: "brown" } },
};
const TILE: Sketch = {
  grid: ["BBBBBBBM", "BBBBBBBM", "BBBBBBBM", "MMMMMMMM", "BBBMBBBB", "BBBMBBBB", "BBBMBBBB", "MMMMMMMM"],
  legend: { B: { part: "brick", colour: "purple" }, M: { part: "mortar", material: "sandstone" } },
};

function blit(sheet: Rgba, img: Rgba, k: number, repeat: number): void {
  const scale = Math.floor((CELL - 12) / (img.height * repeat));
  const w = img.width * scale * repeat;
  const h = img.height * scale * repeat;
  const ox = (k % COLS) * CELL + ((CELL - w) >> 1);
  const oy = Math.floor(k / COLS) * CELL + ((CELL - h) >> 1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const si = ((Math.floor(y / scale) % img.height) * img.width + (Math.floor(x / scale) % img.width)) * 4;
      const di = ((oy + y) * sheet.width + ox + x) * 4;
      const a = img.data[si + 3] / 255;
      for (let c = 0; c < 3; c++) sheet.data[di + c] = Math.round(img.data[si + c] * a + 139 * (1 - a));
    }
}

test("composition sheet: item families and parts, the layer stack, sketches, icons of items", () => {
  const tiles: [Rgba, number][] = [
    ...ITEMS.map((prompt): [Rgba, number] => [itemRgba({ prompt, seed: 7, size: 16 }), 1]),
    ...TEXTURES.map((prompt): [Rgba, number] => [
      textureRgba({ prompt, description: prompt, mode: "custom", seed: 7, size: 16 }),
      2,
    ]),
    [itemRgba({ prompt: "dagger", seed: 7, size: 32, sketch: DAGGER }), 1],
    [textureRgba({ prompt: "bricks", mode: "custom", description: "bricks", seed: 7, size: 16, sketch: TILE }), 2],
    [iconRgba({ name: "sword", prompt: "a silver sword", seed: 7, height: 9 }), 1],
    [iconRgba({ name: "chest", prompt: "a treasure chest", seed: 7, height: 16 }), 1],
  ];
  const rows = Math.ceil(tiles.length / COLS);
  const sheet = newRgba(COLS * CELL, rows * CELL);
  for (let i = 0; i < sheet.data.length; i += 4) sheet.data.set([40, 40, 46, 255], i);
  tiles.forEach(([img, repeat], k) => blit(sheet, img, k, repeat));
  const bytes = encodePng(sheet);
  writeArtifact("composition-sheet.png", bytes);
  expect(bytes.length).toBeLessThan(1024 * 1024);
  expect([decodePng(bytes).width, decodePng(bytes).height]).toEqual([COLS * CELL, rows * CELL]);
});
