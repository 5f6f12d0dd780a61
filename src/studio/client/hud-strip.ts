/// <reference lib="dom" />
import { h } from "./dom.ts";
import { HUD_ELEMENTS, hudScale, LEGACY_HUD_SIZE, type HudRect } from "../../pack/hud-layout.ts";

/** Where each element sits in this picture, for the three sheet shapes a pack holds. */
function rectsFor(name: string, w: number, ht: number): { k: number; at: (id: string) => HudRect | null } | null {
  const whole = hudScale({ width: w, height: ht });
  if (whole) {
    const byId = new Map(HUD_ELEMENTS.map((e) => [e.id, e.sheet]));
    return { k: whole, at: (id) => byId.get(id) ?? null };
  }
  // An imported pre-1.20.2 pack: icons.png holds hearts and food, widgets.png the hotbar.
  const file = name === "hud:icons" ? "gui/icons.png" : name === "hud:widgets" ? "gui/widgets.png" : null;
  const k = w / LEGACY_HUD_SIZE;
  if (!file || w !== ht || !Number.isInteger(k) || k < 1) return null;
  const byId = new Map(HUD_ELEMENTS.filter((e) => e.legacy?.file === file).map((e) => [e.id, e.legacy!.rect]));
  return { k, at: (id) => byId.get(id) ?? null };
}

/** The strip in GUI pixels: hearts and hunger over the experience bar over the hotbar, as on screen. */
const STRIP = { width: 184, height: 42 };

/**
 * A HUD sheet judged where it is seen: a mock of the bottom of the screen (hotbar with its selection, eight
 * and a half hearts, seven and a half hunger, a partly filled experience bar), drawn from the sheet itself
 * at 2x. Null for a picture that is not a whole sheet (a single 1.20.2+ sprite).
 */
export function hudStrip(img: HTMLImageElement, name: string, label: string): HTMLCanvasElement | null {
  const layout = rectsFor(name, img.naturalWidth, img.naturalHeight);
  if (!layout) return null;
  const { k, at } = layout;
  const canvas = h("canvas", {
    width: STRIP.width * k,
    height: STRIP.height * k,
    class: "hud-strip pixelated",
    role: "img",
    "aria-label": `${label} in a mock hotbar with hearts and hunger, at 2x`,
    style: { width: `${STRIP.width * 2}px`, height: `${STRIP.height * 2}px` },
  });
  const g = canvas.getContext("2d")!;
  g.imageSmoothingEnabled = false;
  const put = (id: string, x: number, y: number, fraction = 1) => {
    const r = at(id);
    if (!r) return;
    const w = Math.round(r.w * fraction);
    g.drawImage(img, r.x * k, r.y * k, w * k, r.h * k, x * k, y * k, w * k, r.h * k);
  };
  for (let i = 0; i < 10; i++) {
    put("heart/container", 1 + i * 8, 0);
    if (i < 8) put("heart/full", 1 + i * 8, 0);
    else if (i === 8) put("heart/half", 1 + i * 8, 0);
    const fx = 1 + 182 - 9 - i * 8;
    put("food_empty", fx, 0);
    if (i < 7) put("food_full", fx, 0);
    else if (i === 7) put("food_half", fx, 0);
  }
  put("experience_bar_background", 1, 12);
  put("experience_bar_progress", 1, 12, 0.6);
  put("hotbar", 1, 19);
  put("hotbar_selection", 0, 18);
  canvas.dataset.sheetScale = String(k);
  return canvas;
}
