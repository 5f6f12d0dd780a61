/**
 * Where everything sits on the vanilla container sheets. This is the one table the GUI generator,
 * its tests and the exporter read; the numbers must match the game exactly or slot hit boxes,
 * progress bars and labels land on the wrong pixels.
 *
 * Sources (read, not copied):
 * - Slot positions: the menus' `addSlot(new Slot(..., x, y))` calls in Minecraft 1.20.1 (Mojang
 *   names) as decompiled in github.com/Blackjack200/minecraft_client_1_20_1 @ c129e3e
 *   (net/minecraft/world/inventory/{Chest,Dispenser,AbstractFurnace,Crafting,Hopper,ShulkerBox,
 *   BrewingStand,Anvil,Enchantment,Beacon}Menu.java); unchanged in 1.21.7
 *   (github.com/PolarBear2333/minecraft_sourcecode_1.21.7_client @ aa59f96, `addStandardInventorySlots`).
 * - Panel sizes, labels and the legacy sprite UVs: the matching *Screen.java `renderBg` blits in the
 *   same 1.20.1 tree (imageWidth 176 / imageHeight 166 defaults from AbstractContainerScreen;
 *   inventoryLabelY = imageHeight - 94).
 * - 1.20.2+ sprite names and where they are drawn: the `blitSprite` calls in the 1.21.7 tree;
 *   sprite sizes agree with src/data/minecraft/gui-containers.json (sprite_dirs_1_21_8).
 *
 * Coordinates are SHEET coordinates (pixels of the 256x256 PNG). They equal screen coordinates
 * relative to the panel's top-left for every screen except generic_54, see CHEST_SHEET_GAP.
 */
import { rect, type Rect } from "./raster";

/** A slot as the game places it: (x, y) is the top-left of the 16x16 item area. */
export interface SlotSpec {
  x: number;
  y: number;
  /** Output slots are drawn as a 26x26 frame (item area inset by 5) like vanilla's result slots. */
  big?: boolean;
}

/** Static background art that only decorates (empty arrows, troughs); the game reads nothing here. */
export interface DecorSpec {
  kind: "arrow" | "down_arrow" | "flame" | "plus" | "trough" | "inset" | "hammer" | "pyramid" | "tubes";
  at: Rect;
}

/**
 * A widget the game draws on top of the background: before 1.20.2 it is read from `sheet` (a region
 * of this same PNG), from 1.20.2 from the separate sprite file `sprite` (path under textures/).
 */
export interface SpriteSpec {
  name: string;
  sheet: Rect;
  sprite: string;
  /** Where the game draws it on the panel (first place if it repeats). */
  drawnAt: { x: number; y: number };
  art: SpriteArt;
}

export type SpriteArt =
  | "flame"
  | "burn_arrow"
  | "brew_arrow"
  | "bubbles"
  | "fuel_bar"
  | "text_field"
  | "text_field_disabled"
  | "error"
  | "enchant_slot"
  | "enchant_slot_disabled"
  | "enchant_slot_highlighted"
  | `level_${1 | 2 | 3}`
  | `level_${1 | 2 | 3}_disabled`
  | "beacon_button"
  | "beacon_button_selected"
  | "beacon_button_disabled"
  | "beacon_button_highlighted"
  | "confirm"
  | "cancel";

export interface ScreenLayout {
  panel: { w: number; h: number };
  slots: SlotSpec[];
  /** Where the game writes text (titles, inventory label, costs): kept flat and light for dark text. */
  labels: Rect[];
  decor: DecorSpec[];
  sprites: SpriteSpec[];
}

/**
 * generic_54: ContainerScreen blits sheet rows [0, rows*18+17) and then 96 rows starting at sheet
 * row 126 directly below, so sheet row 125 is never shown and every screen y >= 125 of the 6-row
 * chest sits one row lower in the sheet. The 3-row chest (and barrel, ender chest) shows rows
 * 0..70 then 126..221 of the same sheet.
 */
export const CHEST_SHEET_GAP = { topRowsPerChestRow: 18, topExtra: 17, bottomStart: 126, bottomHeight: 96 };

function grid(x0: number, y0: number, cols: number, rows: number): SlotSpec[] {
  const out: SlotSpec[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push({ x: x0 + c * 18, y: y0 + r * 18 });
  return out;
}

/** Player inventory: three rows of nine, then the hotbar 58 px below the first row (4 px gap). */
function playerInventory(x: number, y: number): SlotSpec[] {
  return [...grid(x, y, 9, 3), ...grid(x, y + 58, 9, 1)];
}

const titleLabel = (x = 8, w = 160) => rect(x, 6, w, 8);
const inventoryLabel = (panelH: number) => rect(8, panelH - 94, 60, 8);

function furnaceLike(dir: string): ScreenLayout {
  const at = (n: string) => `gui/sprites/container/${dir}/${n}.png`;
  return {
    panel: { w: 176, h: 166 },
    slots: [{ x: 56, y: 17 }, { x: 56, y: 53 }, { x: 116, y: 35, big: true }, ...playerInventory(8, 84)],
    labels: [titleLabel(), inventoryLabel(166)],
    decor: [
      { kind: "flame", at: rect(56, 36, 14, 14) },
      { kind: "arrow", at: rect(79, 34, 24, 16) },
    ],
    sprites: [
      {
        name: "lit_progress",
        sheet: rect(176, 0, 14, 14),
        sprite: at("lit_progress"),
        drawnAt: { x: 56, y: 36 },
        art: "flame",
      },
      {
        name: "burn_progress",
        sheet: rect(176, 14, 24, 16),
        sprite: at("burn_progress"),
        drawnAt: { x: 79, y: 34 },
        art: "burn_arrow",
      },
    ],
  };
}

const plain = (slots: SlotSpec[], h = 166, extra: Partial<ScreenLayout> = {}): ScreenLayout => ({
  panel: { w: 176, h },
  slots,
  labels: [titleLabel(), inventoryLabel(h)],
  decor: [],
  sprites: [],
  ...extra,
});

const enchant = (n: string) => `gui/sprites/container/enchanting_table/${n}.png`;
const beacon = (n: string) => `gui/sprites/container/beacon/${n}.png`;

export const GUI_LAYOUTS: Record<string, ScreenLayout> = {
  // 6-row chest; the player inventory sits at screen y 139/197, i.e. sheet y 140/198 (CHEST_SHEET_GAP).
  generic_54: {
    panel: { w: 176, h: 222 },
    slots: [...grid(8, 18, 9, 6), ...playerInventory(8, chestSheetRow(139))],
    labels: [titleLabel(), rect(8, chestSheetRow(128), 60, 8)],
    decor: [],
    sprites: [],
  },
  shulker_box: {
    // ShulkerBoxScreen adds one row to imageHeight after the label was placed at 166 - 94.
    ...plain([...grid(8, 18, 9, 3), ...playerInventory(8, 84)], 167),
    labels: [titleLabel(), inventoryLabel(166)],
  },
  dispenser: plain([...grid(62, 17, 3, 3), ...playerInventory(8, 84)]),
  hopper: plain([...grid(44, 20, 5, 1), ...playerInventory(8, 51)], 133),
  crafting_table: plain([{ x: 124, y: 35, big: true }, ...grid(30, 17, 3, 3), ...playerInventory(8, 84)], 166, {
    labels: [titleLabel(29, 100), inventoryLabel(166)],
    decor: [{ kind: "arrow", at: rect(90, 35, 22, 15) }],
  }),
  furnace: furnaceLike("furnace"),
  blast_furnace: furnaceLike("blast_furnace"),
  smoker: furnaceLike("smoker"),
  brewing_stand: {
    panel: { w: 176, h: 166 },
    slots: [
      { x: 56, y: 51 },
      { x: 79, y: 58 },
      { x: 102, y: 51 },
      { x: 79, y: 17 },
      { x: 17, y: 17 },
      ...playerInventory(8, 84),
    ],
    labels: [titleLabel(), inventoryLabel(166)],
    decor: [
      { kind: "down_arrow", at: rect(97, 16, 9, 28) },
      { kind: "trough", at: rect(60, 44, 18, 4) },
      { kind: "tubes", at: rect(60, 34, 58, 18) },
    ],
    sprites: [
      {
        name: "brew_progress",
        sheet: rect(176, 0, 9, 28),
        sprite: "gui/sprites/container/brewing_stand/brew_progress.png",
        drawnAt: { x: 97, y: 16 },
        art: "brew_arrow",
      },
      {
        name: "bubbles",
        sheet: rect(185, 0, 12, 29),
        sprite: "gui/sprites/container/brewing_stand/bubbles.png",
        drawnAt: { x: 63, y: 14 },
        art: "bubbles",
      },
      {
        name: "fuel_length",
        sheet: rect(176, 29, 18, 4),
        sprite: "gui/sprites/container/brewing_stand/fuel_length.png",
        drawnAt: { x: 60, y: 44 },
        art: "fuel_bar",
      },
    ],
  },
  anvil: {
    panel: { w: 176, h: 166 },
    slots: [{ x: 27, y: 47 }, { x: 76, y: 47 }, { x: 134, y: 47 }, ...playerInventory(8, 84)],
    // Title at x 60; the cost line is drawn right-aligned on a dark plate at y 67..79.
    labels: [titleLabel(60, 108), inventoryLabel(166), rect(60, 67, 108, 12)],
    decor: [
      { kind: "hammer", at: rect(12, 10, 36, 30) },
      { kind: "plus", at: rect(54, 48, 13, 13) },
      { kind: "arrow", at: rect(102, 48, 22, 15) },
    ],
    sprites: [
      {
        name: "text_field",
        sheet: rect(0, 166, 110, 16),
        sprite: "gui/sprites/container/anvil/text_field.png",
        drawnAt: { x: 59, y: 20 },
        art: "text_field",
      },
      {
        name: "text_field_disabled",
        sheet: rect(0, 182, 110, 16),
        sprite: "gui/sprites/container/anvil/text_field_disabled.png",
        drawnAt: { x: 59, y: 20 },
        art: "text_field_disabled",
      },
      {
        name: "error",
        sheet: rect(176, 0, 28, 21),
        sprite: "gui/sprites/container/anvil/error.png",
        drawnAt: { x: 99, y: 45 },
        art: "error",
      },
    ],
  },
  enchanting_table: {
    panel: { w: 176, h: 166 },
    slots: [{ x: 15, y: 47 }, { x: 35, y: 47 }, ...playerInventory(8, 84)],
    labels: [titleLabel(8, 48), inventoryLabel(166)],
    decor: [{ kind: "inset", at: rect(59, 13, 110, 59) }],
    sprites: [
      {
        name: "enchantment_slot",
        sheet: rect(0, 166, 108, 19),
        sprite: enchant("enchantment_slot"),
        drawnAt: { x: 60, y: 14 },
        art: "enchant_slot",
      },
      {
        name: "enchantment_slot_disabled",
        sheet: rect(0, 185, 108, 19),
        sprite: enchant("enchantment_slot_disabled"),
        drawnAt: { x: 60, y: 14 },
        art: "enchant_slot_disabled",
      },
      {
        name: "enchantment_slot_highlighted",
        sheet: rect(0, 204, 108, 19),
        sprite: enchant("enchantment_slot_highlighted"),
        drawnAt: { x: 60, y: 14 },
        art: "enchant_slot_highlighted",
      },
      ...([1, 2, 3] as const).flatMap((n) => [
        {
          name: `level_${n}`,
          sheet: rect(16 * (n - 1), 223, 16, 16),
          sprite: enchant(`level_${n}`),
          drawnAt: { x: 61, y: 15 + 19 * (n - 1) },
          art: `level_${n}` as const,
        },
        {
          name: `level_${n}_disabled`,
          sheet: rect(16 * (n - 1), 239, 16, 16),
          sprite: enchant(`level_${n}_disabled`),
          drawnAt: { x: 61, y: 15 + 19 * (n - 1) },
          art: `level_${n}_disabled` as const,
        },
      ]),
    ],
  },
  beacon: {
    panel: { w: 230, h: 219 },
    slots: [{ x: 136, y: 110 }, ...playerInventory(36, 137)],
    // Both headings are centred light text (0xE0E0E0) at x 62 / 169, y 10: they need a dark plate.
    labels: [rect(14, 8, 96, 12), rect(121, 8, 96, 12)],
    decor: [
      { kind: "inset", at: rect(8, 7, 106, 90) },
      { kind: "inset", at: rect(119, 7, 103, 65) },
      { kind: "pyramid", at: rect(14, 22, 34, 72) },
      { kind: "inset", at: rect(14, 104, 120, 26) },
    ],
    sprites: [
      {
        name: "button",
        sheet: rect(0, 219, 22, 22),
        sprite: beacon("button"),
        drawnAt: { x: 53, y: 22 },
        art: "beacon_button",
      },
      {
        name: "button_selected",
        sheet: rect(22, 219, 22, 22),
        sprite: beacon("button_selected"),
        drawnAt: { x: 53, y: 22 },
        art: "beacon_button_selected",
      },
      {
        name: "button_disabled",
        sheet: rect(44, 219, 22, 22),
        sprite: beacon("button_disabled"),
        drawnAt: { x: 53, y: 22 },
        art: "beacon_button_disabled",
      },
      {
        name: "button_highlighted",
        sheet: rect(66, 219, 22, 22),
        sprite: beacon("button_highlighted"),
        drawnAt: { x: 53, y: 22 },
        art: "beacon_button_highlighted",
      },
      {
        name: "confirm",
        sheet: rect(90, 220, 18, 18),
        sprite: beacon("confirm"),
        drawnAt: { x: 166, y: 109 },
        art: "confirm",
      },
      {
        name: "cancel",
        sheet: rect(112, 220, 18, 18),
        sprite: beacon("cancel"),
        drawnAt: { x: 192, y: 109 },
        art: "cancel",
      },
    ],
  },
};

/** Screens the generator draws; the API refuses any other `target` with invalid_request. */
export const GUI_TARGETS: readonly string[] = Object.freeze(Object.keys(GUI_LAYOUTS).sort());

/** Screen (game) y of a 6-row-chest pixel -> its sheet row, per CHEST_SHEET_GAP. */
export function chestSheetRow(screenY: number, rows = 6): number {
  const top = rows * 18 + 17;
  return screenY < top ? screenY : screenY - top + CHEST_SHEET_GAP.bottomStart;
}
