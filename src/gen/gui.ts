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
import { rect } from "./gui/raster";
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
  const theme = guiTheme(req.prompt, req.seed, req.style);
  const img = newRgba(GUI_SHEET_SIZE, GUI_SHEET_SIZE);
  const { w, h } = layout.panel;
  panel(img, rect(0, 0, w, h), theme, {
    grain: grainField(req.prompt, theme, w, h, req.seed, req.style),
    calm: layout.labels,
    marks: panelMarks(req.prompt, w, h, req.seed, req.style),
  });
  for (const d of layout.decor) paintDecor(img, d, theme);
  for (const s of layout.slots) slot(img, s.x, s.y, theme, s.big);
  for (const s of layout.sprites) paintSprite(img, s.art, s.sheet, theme);
  return img;
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
