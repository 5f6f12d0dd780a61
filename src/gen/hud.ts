/**
 * The HUD sheet: hearts, food, armour, air, hotbar, selection, crosshair, experience and jump bars,
 * attack indicators and menu buttons, themed by the prompt, on one 256x512 PNG laid out as the legacy
 * icons.png over widgets.png (src/pack/hud-layout.ts has the table and the splits the exporter uses).
 */
import { encodePng, newRgba, type Rgba } from "../media/png";
import { HUD_ELEMENTS, HUD_SHEET, type HudElement } from "../pack/hud-layout";
import type { HudRequest } from "./types";
import { guiTheme, type GuiTheme } from "./gui/theme";
import { paintAir, paintArmor, paintFood, paintHeart } from "./hud/icons";
import {
  paintAttackIndicator,
  paintBar,
  paintButton,
  paintCrosshair,
  paintHotbar,
  paintOffhand,
  paintSelection,
  xpTint,
  JUMP,
} from "./hud/bars";
import { readHudParts } from "./hud/parts";
import { readForm, toMonochrome } from "./gui/form";
import { flavoursOf } from "./interpret/flavour.ts";
import { hudFlavours, hudOrnaments, markHud } from "./hud/marks";
import { isModifier } from "./interpret/tokens.ts";

function paintElement(img: Rgba, e: HudElement, t: GuiTheme): void {
  const { id, sheet: r } = e;
  if (id.startsWith("heart/")) return paintHeart(img, id, r.x, r.y, t);
  if (id.startsWith("food_")) return paintFood(img, id, r.x, r.y, t);
  if (id.startsWith("armor_")) return paintArmor(img, id, r.x, r.y, t);
  if (id.startsWith("air")) return paintAir(img, id, r.x, r.y, t);
  if (id.startsWith("widget/")) return paintButton(img, id, r, t);
  if (id.includes("attack_indicator")) return paintAttackIndicator(img, id, r, t);
  if (id.startsWith("experience_bar_"))
    return paintBar(img, r, t, id.endsWith("background") ? "background" : "progress", xpTint(t));
  if (id.startsWith("jump_bar_"))
    return paintBar(img, r, t, id.slice("jump_bar_".length) as "background" | "progress" | "cooldown", JUMP);
  switch (id) {
    case "crosshair":
      return paintCrosshair(img, r, t);
    case "hotbar":
      return paintHotbar(img, r, t);
    case "hotbar_selection":
      return paintSelection(img, r, t);
    case "hotbar_offhand_left":
      return paintOffhand(img, r, t, "left");
    case "hotbar_offhand_right":
      return paintOffhand(img, r, t, "right");
  }
  throw new Error(`no painter for HUD element ${id}`);
}

export function hudRgba(req: HudRequest): Rgba {
  const { parts, rainbow, rest } = readHudParts(req.prompt, req.seed);
  const { form } = readForm(req.prompt, flavoursOf(req.prompt));
  // A wear word said of one part ("cracked hearts") is that part's marks (hud/marks.ts), not the theme's wear.
  // So is an ornament's colour ("a hotbar with gold ornaments": gold trim, not a gold theme).
  const owned = new Set([
    ...hudFlavours(req.prompt).flatMap((f) => (f.part && isModifier(f.raw) ? [f.raw] : [])),
    ...hudOrnaments(req.prompt).flatMap((o) => o.words.slice(1)),
  ]);
  const own = rest
    .split(" ")
    .filter((w) => !owned.has(w))
    .join(" ");
  const theme = {
    ...guiTheme(own, req.seed, req.style),
    parts,
    rainbow,
    form,
    // A named frame colour ("a thick black border") is every piece's outline.
    ...(parts.frame ? { outline: parts.frame } : {}),
  };
  const img = newRgba(HUD_SHEET.width, HUD_SHEET.height);
  for (const e of HUD_ELEMENTS) paintElement(img, e, theme);
  // The flavours' marks on the parts they are said of (hud/marks.ts), then a monochrome sheet in the theme's hue.
  markHud(img, HUD_ELEMENTS, req.prompt, req.seed);
  if (form.mono) toMonochrome(img, theme.ramp[theme.ramp.length >> 1]);
  return img;
}

export function generateHud(req: HudRequest): Uint8Array {
  return encodePng(hudRgba(req));
}
