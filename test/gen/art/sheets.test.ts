/**
 * Writes test/artifacts/sheets.png so a person can judge the larger generated art: container GUI sheets
 * for several screens and prompts, two HUD sheets (the used parts of the icons.png and widgets.png halves,
 * at 2x so hearts and bars can be judged), and an isometric render of every model template. The test checks each cell really holds its picture and the file stays small.
 */
import { writeArtifact } from "../../support/artifacts.ts";
import { expect, test } from "bun:test";
import { guiRgba } from "../../../src/gen/gui";
import { hudRgba } from "../../../src/gen/hud";
import { generateModel } from "../../../src/gen/model";
import { renderModelPreview } from "../../../src/gen/model-preview";
import { TEMPLATES, pickTemplate } from "../../../src/gen/models/index";
import { blit, crop, fillRect, opaqueBounds, scaleUp } from "../../../src/media/image";
import { encodePng, newRgba, type Rgba } from "../../../src/media/png";
import { decodePng } from "../../../src/media/png-decode";

const GAP = 8;
const BACKDROP: [number, number, number, number] = [40, 40, 46, 255];
/** Behind each picture, so its own transparency (outside a GUI panel, around a model) reads as such. */
const CELL_BACK: [number, number, number, number] = [78, 78, 88, 255];

const GUIS: [string, string][] = [
  ["generic_54", "dark oak planks"],
  ["furnace", "nether bricks"],
  ["anvil", "cobblestone"],
  ["brewing_stand", "packed ice"],
  ["enchanting_table", "purpur"],
  ["beacon", "gold block"],
  ["crafting_table", "oak planks"],
  ["hopper", "copper"],
  ["smoker", "mossy stone bricks"],
  ["shulker_box", "obsidian"],
];
const GUI_COLS = 5;
const HUDS = ["gold", "mossy stone"];
const HUD_SCALE = 2;
const MODEL_CELL = 160;
const MODEL_COLS = 8;

/** A prompt whose first word picks the template, so its own default materials show (the word-less fallback gets a word nothing claims). */
const promptFor = (words: string[]) => (words[0] ? `a ${words[0]}` : "a zorblax");

/** The painted parts of a 256x512 HUD sheet: the icons half above, the widgets half below, each cropped and scaled. */
function hudParts(prompt: string): Rgba[] {
  const sheet = hudRgba({ prompt, seed: 7 });
  return [0, 256].map((y) => {
    const half = crop(sheet, 0, y, 256, 256);
    const b = opaqueBounds(half)!;
    return scaleUp(crop(half, 0, 0, b.x + b.width, b.y + b.height), HUD_SCALE);
  });
}

function modelRender(words: string[]): { img: Rgba; template: string } {
  const prompt = promptFor(words);
  const g = generateModel({
    prompt,
    seed: 7,
    carrierKind: "full",
    directional: false,
    minecraftVersion: "1.21.11",
    textureId: (slot) => slot,
  });
  const textures = Object.fromEntries(Object.entries(g.textures).map(([slot, png]) => [slot, decodePng(png)]));
  return { img: renderModelPreview(g.model, textures, { size: MODEL_CELL }), template: pickTemplate(prompt).name };
}

const opaqueShare = (img: Rgba, x: number, y: number, w: number, h: number, back: number[]) => {
  let differs = 0;
  for (let py = y; py < y + h; py++)
    for (let px = x; px < x + w; px++) {
      const i = (py * img.width + px) * 4;
      if (img.data[i] !== back[0] || img.data[i + 1] !== back[1] || img.data[i + 2] !== back[2]) differs++;
    }
  return differs / (w * h);
};

test("sheet of GUI screens, HUD sheets and model templates", async () => {
  const guiStep = 256 + GAP;
  const width = GAP + GUI_COLS * guiStep;
  const huds = HUDS.map(hudParts);
  const hudHeight = Math.max(...huds.map(([icons, widgets]) => icons.height + GAP + widgets.height));
  const hudTop = GAP + Math.ceil(GUIS.length / GUI_COLS) * guiStep;
  const top = hudTop + hudHeight + GAP;
  const modelStep = Math.floor((width - GAP) / MODEL_COLS);
  const modelRows = Math.ceil(TEMPLATES.length / MODEL_COLS);
  const sheet = newRgba(width, top + modelRows * modelStep + GAP);
  fillRect(sheet, 0, 0, sheet.width, sheet.height, BACKDROP);

  const guiCells = GUIS.map(([target, prompt], i) => {
    const x = GAP + (i % GUI_COLS) * guiStep;
    const y = GAP + Math.floor(i / GUI_COLS) * guiStep;
    fillRect(sheet, x, y, 256, 256, CELL_BACK);
    blit(sheet, guiRgba({ target, prompt, seed: 7 }), x, y);
    return { x, y };
  });
  let hx = GAP;
  const hudCells = huds.flatMap(([icons, widgets]) => {
    const cells = [
      { img: icons, x: hx, y: hudTop },
      { img: widgets, x: hx, y: hudTop + icons.height + GAP },
    ];
    for (const c of cells) {
      fillRect(sheet, c.x, c.y, c.img.width, c.img.height, CELL_BACK);
      blit(sheet, c.img, c.x, c.y);
    }
    hx += Math.max(icons.width, widgets.width) + GAP;
    return cells;
  });
  const seen = new Set<string>();
  const modelCells = TEMPLATES.map((t, i) => {
    const { img, template } = modelRender(t.words);
    seen.add(template);
    const x = GAP + (i % MODEL_COLS) * modelStep;
    const y = top + Math.floor(i / MODEL_COLS) * modelStep;
    fillRect(sheet, x, y, MODEL_CELL, MODEL_CELL, CELL_BACK);
    blit(sheet, img, x, y);
    return { x, y };
  });
  // Each template was really the one rendered (a prompt that fell through to the fallback would repeat it).
  expect([...seen].sort()).toEqual(TEMPLATES.map((t) => t.name).sort());

  const bytes = encodePng(sheet);
  writeArtifact("sheets.png", bytes);
  expect(bytes.length).toBeLessThan(1024 * 1024);
  const back = decodePng(bytes);
  expect([back.width, back.height]).toEqual([sheet.width, sheet.height]);
  // A GUI panel covers much of its cell; a model covers a fair part of its cell, not all of it.
  for (const { x, y } of guiCells) expect(opaqueShare(back, x, y, 256, 256, CELL_BACK)).toBeGreaterThan(0.3);
  for (const { img, x, y } of hudCells)
    expect(opaqueShare(back, x, y, img.width, img.height, CELL_BACK)).toBeGreaterThan(0.2);
  for (const { x, y } of modelCells) {
    const share = opaqueShare(back, x, y, MODEL_CELL, MODEL_CELL, CELL_BACK);
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.95);
  }
});
