/**
 * Container GUI sheets: a 256x256 PNG for one vanilla screen, laid out exactly like the game's own
 * sheet (gui/layouts.ts) so hit boxes, progress widgets and labels line up, themed by the prompt.
 *
 * The sheet is in the pre-1.20.2 format (background plus widget sprites at their fixed UVs), which
 * 1.20.2+ also reads for the background; `splitGuiToSprites` cuts the widgets out as the separate
 * files 1.20.2+ wants.
 */
import { invalid } from "../domain-error.ts";
import { encodePng, newRgba, type Rgba } from "../media/png";
import type { GuiRequest } from "./types";
import { GUI_LAYOUTS, GUI_TARGETS, type ScreenLayout } from "./gui/layouts";
import { crop } from "../media/image";
import { type Rect, rect } from "./gui/raster";
import { hashSeed, rngFrom } from "./rng";
import { flavoursOf } from "./interpret/flavour.ts";
import { readForm, toMonochrome } from "./gui/form";
import { paintOrnaments, readOrnaments } from "./gui/ornaments";
import { markArea } from "./gui/screen-flavours";
import { panel, slot } from "./gui/paint";
import { grainField, guiTheme } from "./gui/theme";
import { paintDecor, paintSprite } from "./gui/widgets";
import { panelMarks } from "./gui/marks";

export { GUI_TARGETS, GUI_LAYOUTS } from "./gui/layouts";
export type { ScreenLayout, SlotSpec, SpriteSpec } from "./gui/layouts";

export const GUI_SHEET_SIZE = 256;

export function layoutFor(target: string): ScreenLayout {
  const layout = GUI_LAYOUTS[target];
  if (!layout) throw invalid(`target must be one of: ${GUI_TARGETS.join(", ")}`);
  return layout;
}

export function guiRgba(req: GuiRequest): Rgba {
  const layout = layoutFor(req.target);
  const theme = guiTheme(req.prompt, req.seed, req.style, req.target);
  const img = newRgba(GUI_SHEET_SIZE, GUI_SHEET_SIZE);
  const { w, h } = layout.panel;
  // The screen's form, ornaments and flavour marks (gui/form.ts, gui/ornaments.ts, gui/screen-flavours.ts).
  const flavours = flavoursOf(req.prompt);
  const { form } = readForm(req.prompt, flavours);
  panel(img, rect(0, 0, w, h), theme, {
    ...(form.flat ? {} : { grain: grainField(req.prompt, theme, w, h, req.seed, req.style) }),
    calm: layout.labels,
    marks: panelMarks(req.prompt, w, h, req.seed, req.style),
    bevel: form.bevel,
    radius: form.rounded ? 7 : 0,
    alpha: form.alpha,
    gradient: form.gradient,
  });
  const inner = rect(form.bevel + 1, form.bevel + 1, w - 2 * form.bevel - 2, h - 2 * form.bevel - 2);
  const rng = rngFrom(hashSeed("gui-screen", req.seed, req.prompt));
  const body = bodyMask(layout, inner);
  markArea(img, inner, body, flavours, rng, 0.35, 32);
  for (const d of layout.decor) paintDecor(img, d, theme);
  for (const s of layout.slots) slot(img, s.x, s.y, theme, s.big, form.rounded);
  for (const s of layout.sprites) paintSprite(img, s.art, s.sheet, theme);
  // Ornaments on the free body only: between and around the slots, never over them or a label.
  paintOrnaments(img, inner, body, readOrnaments(req.prompt, req.seed), theme, rng);
  if (form.mono) toMonochrome(img, theme.ramp[theme.ramp.length >> 1]);
  return img;
}

/** The panel body a flavour may mark: inside the bevel, outside the labels, slots, widgets and their sprites. */
function bodyMask(layout: ScreenLayout, inner: Rect): Uint8Array {
  const out = new Uint8Array(inner.w * inner.h).fill(1);
  const off = (r: Rect) => {
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        const i = (y - inner.y) * inner.w + (x - inner.x);
        if (x >= inner.x && y >= inner.y && x < inner.x + inner.w && y < inner.y + inner.h) out[i] = 0;
      }
  };
  for (const l of layout.labels) off(l);
  for (const s of layout.slots) off(s.big ? rect(s.x - 5, s.y - 5, 26, 26) : rect(s.x - 1, s.y - 1, 18, 18));
  for (const d of layout.decor) off(d.at);
  return out;
}

export function generateGui(req: GuiRequest): Uint8Array {
  return encodePng(guiRgba(req));
}

/**
 * The 1.20.2+ sprite files for a sheet's widgets, keyed by path under `textures/`
 * (e.g. `gui/sprites/container/furnace/burn_progress.png`). Screens without widgets give {}.
 */
export function splitGuiToSprites(target: string, sheet: Rgba): Record<string, Rgba> {
  const out: Record<string, Rgba> = {};
  for (const s of layoutFor(target).sprites) out[s.sprite] = crop(sheet, s.sheet.x, s.sheet.y, s.sheet.w, s.sheet.h);
  return out;
}
