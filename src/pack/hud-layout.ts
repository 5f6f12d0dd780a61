/**
 * The HUD sheet and how it maps onto what the game reads.
 *
 * Our HUD sheet is 256x512: the top half is laid out exactly like the pre-1.20.2
 * `textures/gui/icons.png`, the bottom half exactly like `textures/gui/widgets.png`. So a legacy export
 * is two crops, and a 1.20.2+ export cuts one sprite per element. The few 1.20.2+ sprites that have no
 * legacy place (blinking absorbing/frozen hearts, the empty air bubble) sit in icons.png areas the
 * game never read; they are cut out for 1.20.2+ and left out of the legacy sheets.
 *
 * Legacy UVs come from `Gui.java` of Minecraft 1.20.1 (Mojang names), as decompiled in
 * github.com/Blackjack200/minecraft_client_1_20_1 @ c129e3e: `HeartType.getX` (x = 16 + (index*2 +
 * half + 2*blinking) * 9, v = 0, or 45 in hardcore), armour v 9 (x 16/25/34), air v 18, food v 27
 * (x 16 + 36 [+36 hunger] + 0/9; empty 16 or 133 hunger), mount hearts v 9 (52/88/97), XP bar v 64/69,
 * jump bar v 84/74/89, attack indicators v 94, crosshair (0,0); widgets: hotbar (0,0), selection
 * (0,22), offhand (24,22)/(53,22), buttons v 46/66/86 (AbstractWidget, 1.20.1).
 * 1.20.2+ names and sizes: src/data/minecraft/hud-sprites.json.
 */
import { newRgba, type Rgba } from "../media/png";
import { blit, crop } from "../media/image";

export type LegacyHudFile = "gui/icons.png" | "gui/widgets.png";

export interface HudRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface HudElement {
  /** The 1.20.2+ sprite name under gui/sprites/hud/ (e.g. "heart/full"), or "widget/<name>" for buttons. */
  id: string;
  /** Rectangle in our 256x512 HUD sheet. */
  sheet: HudRect;
  /** Where the element lives in the legacy sheets (same rectangle, icons.png or widgets.png), or null. */
  legacy: { file: LegacyHudFile; rect: HudRect } | null;
  /** Path under textures/ for 1.20.2+, or null when vanilla's own sprite must stay (see buttons). */
  sprite: string | null;
}

export const HUD_SHEET = { width: 256, height: 512, widgetsTop: 256 } as const;
export const LEGACY_HUD_SIZE = 256;

const r = (x: number, y: number, w: number, h: number): HudRect => ({ x, y, w, h });
const elements: HudElement[] = [];

function icon(id: string, x: number, y: number, w: number, h: number, legacy = true): void {
  elements.push({
    id,
    sheet: r(x, y, w, h),
    legacy: legacy ? { file: "gui/icons.png", rect: r(x, y, w, h) } : null,
    sprite: `gui/sprites/hud/${id}.png`,
  });
}

function widget(id: string, x: number, y: number, w: number, h: number, sprite = true): void {
  elements.push({
    id,
    sheet: r(x, HUD_SHEET.widgetsTop + y, w, h),
    legacy: { file: "gui/widgets.png", rect: r(x, y, w, h) },
    sprite: sprite ? `gui/sprites/hud/${id}.png` : null,
  });
}

// Hearts: two rows (normal at v 0, hardcore at v 45), columns per HeartType index.
for (const [v, hc] of [
  [0, ""],
  [45, "hardcore"],
] as const) {
  const name = (state: string, fill: string, blink: boolean) =>
    `heart/${[state, hc, fill].filter(Boolean).join("_")}${blink ? "_blinking" : ""}`;
  icon(hc ? "heart/container_hardcore" : "heart/container", 16, v, 9, 9);
  icon(hc ? "heart/container_hardcore_blinking" : "heart/container_blinking", 25, v, 9, 9);
  const blinkable: [string, number][] = [
    ["", 52],
    ["poisoned", 88],
    ["withered", 124],
  ];
  for (const [state, x] of blinkable) {
    icon(name(state, "full", false), x, v, 9, 9);
    icon(name(state, "half", false), x + 9, v, 9, 9);
    icon(name(state, "full", true), x + 18, v, 9, 9);
    icon(name(state, "half", true), x + 27, v, 9, 9);
  }
  for (const [state, x] of [
    ["absorbing", 160],
    ["frozen", 178],
  ] as const) {
    icon(name(state, "full", false), x, v, 9, 9);
    icon(name(state, "half", false), x + 9, v, 9, 9);
  }
  // 1.20.2+ only: legacy absorbing/frozen hearts never blinked. Unused icons.png columns 196+.
  for (const [state, x] of [
    ["absorbing", 196],
    ["frozen", 214],
  ] as const) {
    icon(name(state, "full", true), x, v, 9, 9, false);
    icon(name(state, "half", true), x + 9, v, 9, 9, false);
  }
}
icon("heart/vehicle_container", 52, 9, 9, 9);
icon("heart/vehicle_full", 88, 9, 9, 9);
icon("heart/vehicle_half", 97, 9, 9, 9);
icon("armor_empty", 16, 9, 9, 9);
icon("armor_half", 25, 9, 9, 9);
icon("armor_full", 34, 9, 9, 9);
icon("air", 16, 18, 9, 9);
icon("air_bursting", 25, 18, 9, 9);
icon("air_empty", 34, 18, 9, 9, false);
icon("food_empty", 16, 27, 9, 9);
icon("food_full", 52, 27, 9, 9);
icon("food_half", 61, 27, 9, 9);
icon("food_full_hunger", 88, 27, 9, 9);
icon("food_half_hunger", 97, 27, 9, 9);
icon("food_empty_hunger", 133, 27, 9, 9);
icon("crosshair", 0, 0, 15, 15);
icon("experience_bar_background", 0, 64, 182, 5);
icon("experience_bar_progress", 0, 69, 182, 5);
icon("jump_bar_cooldown", 0, 74, 182, 5);
icon("jump_bar_background", 0, 84, 182, 5);
icon("jump_bar_progress", 0, 89, 182, 5);
icon("hotbar_attack_indicator_background", 0, 94, 18, 18);
icon("hotbar_attack_indicator_progress", 18, 94, 18, 18);
icon("crosshair_attack_indicator_background", 36, 94, 16, 4);
icon("crosshair_attack_indicator_progress", 52, 94, 16, 4);
icon("crosshair_attack_indicator_full", 68, 94, 16, 16);
widget("hotbar", 0, 0, 182, 22);
// Legacy blits 24x22 of this cell; 1.20.2 grew the sprite to 24x23. The cell has room for 23 rows.
widget("hotbar_selection", 0, 22, 24, 23);
widget("hotbar_offhand_left", 24, 22, 29, 24);
widget("hotbar_offhand_right", 53, 22, 29, 24);
// Buttons share widgets.png, so a legacy export must carry them or every menu loses its buttons.
// From 1.20.2 they are nine-sliced sprites whose .mcmeta lives beside vanilla's PNG: we leave those alone.
widget("widget/button_disabled", 0, 46, 200, 20, false);
widget("widget/button", 0, 66, 200, 20, false);
widget("widget/button_highlighted", 0, 86, 200, 20, false);

/** Every element of the HUD sheet: where it sits, where the game read it before 1.20.2, and its sprite after. */
export const HUD_ELEMENTS: readonly HudElement[] = Object.freeze(elements);

/**
 * The sheet's scale: 1 for 256x512, 2 for an HD 512x1024, and so on (uploads accept whole multiples);
 * anything else is refused.
 */
export function hudScale(size: { width: number; height: number }): number | null {
  const scale = size.width / HUD_SHEET.width;
  return Number.isInteger(scale) && scale >= 1 && size.height === HUD_SHEET.height * scale ? scale : null;
}

function checkSheet(sheet: Rgba): number {
  const scale = hudScale(sheet);
  if (!scale)
    throw new RangeError(
      `a HUD sheet is ${HUD_SHEET.width}x${HUD_SHEET.height} or a whole multiple, got ${sheet.width}x${sheet.height}`,
    );
  return scale;
}

const scaled = (r: { x: number; y: number; w: number; h: number }, k: number) => ({
  x: r.x * k,
  y: r.y * k,
  w: r.w * k,
  h: r.h * k,
});

/** The two pre-1.20.2 sheets (256x256 each, times the sheet's scale), holding only the regions the game reads. */
export function splitHudToLegacy(sheet: Rgba): Record<LegacyHudFile, Rgba> {
  const k = checkSheet(sheet);
  const out: Record<LegacyHudFile, Rgba> = {
    "gui/icons.png": newRgba(LEGACY_HUD_SIZE * k, LEGACY_HUD_SIZE * k),
    "gui/widgets.png": newRgba(LEGACY_HUD_SIZE * k, LEGACY_HUD_SIZE * k),
  };
  for (const e of HUD_ELEMENTS) {
    if (!e.legacy) continue;
    const src = scaled(e.sheet, k);
    blit(out[e.legacy.file], crop(sheet, src.x, src.y, src.w, src.h), e.legacy.rect.x * k, e.legacy.rect.y * k);
  }
  return out;
}

/** The 1.20.2+ sprite files, keyed by path under textures/ (e.g. "gui/sprites/hud/heart/full.png"). */
export function splitHudToSprites(sheet: Rgba): Record<string, Rgba> {
  const k = checkSheet(sheet);
  const out: Record<string, Rgba> = {};
  for (const e of HUD_ELEMENTS) {
    if (!e.sprite) continue;
    const r = scaled(e.sheet, k);
    out[e.sprite] = crop(sheet, r.x, r.y, r.w, r.h);
  }
  return out;
}
