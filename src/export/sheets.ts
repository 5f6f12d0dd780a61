/**
 * Container GUI sheets and the HUD sheet. Both are stored in the pre-1.20.2 arrangement (one sheet
 * holding every widget at its fixed UV); from 1.20.2 the game reads widgets as single sprite files,
 * which are cut out of the stored sheet while the zip streams.
 */
import type { AssetRow } from "../core/assets.ts";
import { encodePng, type Rgba } from "../media/png.ts";
import { atLeast, GUI_SPRITES } from "../pack/versions.ts";
import { splitGuiToSprites, GUI_LAYOUTS } from "../gen/gui.ts";
import { HUD_ELEMENTS, hudScale, splitHudToLegacy, splitHudToSprites, type LegacyHudFile } from "../pack/hud-layout.ts";
import type { ExportPlan } from "./plan.ts";
import { hasGuiFile } from "../pack/game-data.ts";

const texture = (pathUnderTextures: string) => `assets/minecraft/textures/${pathUnderTextures}`;

/** Whether the export's release reads this gui/ file (a sprite written for a release without it is lost art). */
const reads = (plan: ExportPlan, pathUnderTextures: string) =>
  hasGuiFile(pathUnderTextures.replace(/^gui\//, "").replace(/\.png$/, ""), plan.version);

/** One file cut from a stored sheet; the crop is encoded when the zip reaches it. */
function cut(plan: ExportPlan, a: AssetRow, path: string, pick: (sheet: Rgba) => Rgba): void {
  plan.derived(a, path, { derive: async () => encodePng(pick(await plan.sheet(a.blob!))) });
}

/**
 * `gui/container/<screen>.png` always (every release reads the background there, and before 1.20.2
 * the widgets too); from 1.20.2 also `gui/sprites/container/<screen>/*.png` for the widgets.
 */
export function planGui(plan: ExportPlan, a: AssetRow): boolean {
  const screen = a.target;
  if (!screen || !GUI_LAYOUTS[screen]) return false;
  plan.stored(a, texture(`gui/container/${screen}.png`));
  if (atLeast(plan.version, GUI_SPRITES)) {
    for (const s of GUI_LAYOUTS[screen].sprites.filter((s) => reads(plan, s.sprite)))
      cut(plan, a, texture(s.sprite), (sheet) => splitGuiToSprites(screen, sheet)[s.sprite]);
  }
  return true;
}

/**
 * Before 1.20.2: the two legacy sheets `gui/icons.png` and `gui/widgets.png` (widgets.png carries the
 * buttons too, so the sheet's own buttons replace vanilla's). From 1.20.2: one sprite per HUD element
 * under `gui/sprites/hud/`; buttons stay vanilla there (their nine-slice .mcmeta belongs to vanilla's art).
 */
export function planHud(plan: ExportPlan, a: AssetRow, size: { width: number; height: number }): boolean {
  // HD sheets (a whole multiple of 256x512) export at their scale, as uploads accept them.
  if (!hudScale(size)) return false;
  if (atLeast(plan.version, GUI_SPRITES)) {
    for (const e of HUD_ELEMENTS) {
      const sprite = e.sprite;
      if (sprite && reads(plan, sprite)) cut(plan, a, texture(sprite), (sheet) => splitHudToSprites(sheet)[sprite]);
    }
  } else {
    for (const file of ["gui/icons.png", "gui/widgets.png"] as LegacyHudFile[])
      cut(plan, a, texture(file), (sheet) => splitHudToLegacy(sheet)[file]);
  }
  return true;
}
