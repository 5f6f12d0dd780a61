/**
 * The wide HUD pieces: hotbar and its selection frame, off-hand slots, the 182x5 experience and
 * jump bars, crosshair and attack indicators, and the menu buttons that share widgets.png.
 * Framed in the prompt's material like the GUI sheets (gui/paint.ts).
 */
import type { Rgba } from "../../media/png";
import { type Rgb, hslToRgb, mix } from "../art/colour";
import { raised, recess } from "../gui/paint";
import { clearPx, fill, hline, setPx, vline, type Rect } from "../gui/raster";
import { PLAIN_FORM } from "../gui/form";
import type { GuiTheme } from "../gui/theme";

/** One 20x20 hotbar cell plus its share of the outer border: a frame around a see-through well. */
function hotbarCell(img: Rgba, x: number, y: number, t: GuiTheme): void {
  const form = t.form ?? PLAIN_FORM;
  const well = mix(t.slotDark, [0, 0, 0], 0.3);
  // A see-through hotbar (gui/form.ts) lets more of the world show through its wells.
  fill(img, { x: x + 2, y: y + 2, w: 18, h: 18 }, well, form.alpha < 255 ? 60 : 150);
  // Raised rim: the material's light/shadow around each well (a named hotbar colour's own shades); one flat
  // colour on a minimal hotbar.
  const own = t.rainbow?.has("hotbar") ? hueAt(Math.round((x - 1) / 20) % 9, 9) : t.parts?.hotbar;
  let light = own ? mix(own, [255, 255, 255], 0.25) : t.light;
  let shadow = own ? mix(own, [0, 0, 0], 0.35) : t.shadow;
  if (form.flat) light = shadow = mix(light, shadow, 0.5);
  const a = form.alpha;
  for (let k = 0; k < 20; k++) {
    setPx(img, x + 1 + k, y + 1, light, a);
    setPx(img, x + 1, y + 1 + k, light, a);
    setPx(img, x + 1 + k, y + 20, shadow, a);
    setPx(img, x + 20, y + 1 + k, shadow, a);
  }
  // Rounded wells: their corner pixels take the rim.
  if (form.rounded)
    for (const [cx, cy, c] of [
      [x + 2, y + 2, light],
      [x + 19, y + 2, light],
      [x + 2, y + 19, shadow],
      [x + 19, y + 19, shadow],
    ] as [number, number, Rgb][])
      setPx(img, cx, cy, c, a);
}

export function paintHotbar(img: Rgba, r: Rect, t: GuiTheme): void {
  hline(img, r.x, r.y, r.w, t.outline);
  hline(img, r.x, r.y + r.h - 1, r.w, t.outline);
  vline(img, r.x, r.y, r.h, t.outline);
  vline(img, r.x + r.w - 1, r.y, r.h, t.outline);
  for (let i = 0; i < 9; i++) hotbarCell(img, r.x + i * 20, r.y, t);
  // A heavy or bold hotbar: its outline doubled inward along the long sides.
  if ((t.form?.bevel ?? 2) > 2) {
    hline(img, r.x + 1, r.y + 1, r.w - 2, t.outline);
    hline(img, r.x + 1, r.y + r.h - 2, r.w - 2, t.outline);
  }
  // A rounded hotbar: its four outer corners cut.
  if (t.form?.rounded) for (const [cx, cy] of corners(r)) clearPx(img, cx, cy);
}

const corners = (r: Rect): [number, number][] => [
  [r.x, r.y],
  [r.x + r.w - 1, r.y],
  [r.x, r.y + r.h - 1],
  [r.x + r.w - 1, r.y + r.h - 1],
];

/** The selected-slot frame: a bright 2-px ring, open in the middle, 24 wide and 23 (legacy 22) tall. */
export function paintSelection(img: Rgba, r: Rect, t: GuiTheme): void {
  const bright = t.parts?.selection ?? mix(t.ramp[t.ramp.length - 1], [255, 255, 255], 0.6);
  const dim = mix(bright, t.shadow, 0.45);
  const ring = (k: number, c: Rgb) => {
    hline(img, r.x + k, r.y + k, r.w - 2 * k, c);
    hline(img, r.x + k, r.y + r.h - 1 - k, r.w - 2 * k, c);
    vline(img, r.x + k, r.y + k, r.h - 2 * k, c);
    vline(img, r.x + r.w - 1 - k, r.y + k, r.h - 2 * k, c);
  };
  ring(0, t.outline);
  ring(1, bright);
  ring(2, dim);
}

/** Off-hand slot: one hotbar cell with its own border, at the left or right of a 29x24 box. */
export function paintOffhand(img: Rgba, r: Rect, t: GuiTheme, side: "left" | "right"): void {
  const x = side === "left" ? r.x : r.x + r.w - 22;
  const cell: Rect = { x, y: r.y + 1, w: 22, h: 22 };
  hline(img, cell.x, cell.y, 22, t.outline);
  hline(img, cell.x, cell.y + 21, 22, t.outline);
  vline(img, cell.x, cell.y, 22, t.outline);
  vline(img, cell.x + 21, cell.y, 22, t.outline);
  hotbarCell(img, cell.x, cell.y, t);
}

const XP_GREEN: Rgb = [0x80, 0xff, 0x20];
/** The jump bar's own tint (hud.ts passes it): never a rainbow. */
export const JUMP: Rgb = [0xe0, 0x80, 0x30];

/** The k-th of n hues from red to violet, saturated and mid-light. */
const hueAt = (k: number, n: number): Rgb => hslToRgb((k / n) * 0.8, 0.75, 0.55);

/** A 182x5 bar. Backgrounds are dark troughs with notches every 20 px (the experience ticks). */
export function paintBar(
  img: Rgba,
  r: Rect,
  t: GuiTheme,
  kind: "background" | "progress" | "cooldown",
  tint: Rgb,
): void {
  if (kind === "background") {
    fill(img, r, mix(t.outline, [0, 0, 0], 0.3));
    fill(img, { x: r.x + 1, y: r.y + 1, w: r.w - 2, h: r.h - 2 }, mix(t.slotDark, [0x20, 0x20, 0x20], 0.4));
    for (let x = r.x + 20; x < r.x + r.w - 1; x += 20) vline(img, x, r.y + 1, r.h - 2, mix(t.outline, [0, 0, 0], 0.3));
    return;
  }
  const base = kind === "cooldown" ? mix(tint, [0x60, 0x60, 0x60], 0.6) : tint;
  fill(img, r, mix(base, [0, 0, 0], 0.45));
  hline(img, r.x + 1, r.y + 1, r.w - 2, mix(base, [255, 255, 255], 0.4));
  fill(img, { x: r.x + 1, y: r.y + 2, w: r.w - 2, h: r.h - 3 }, base);
  for (let x = r.x + 20; x < r.x + r.w - 1; x += 20) vline(img, x, r.y + 1, r.h - 2, mix(base, [0, 0, 0], 0.3));
  // A gradient experience bar (gui/form.ts): its fill from dark at the left to light at the right.
  if (tint !== JUMP && t.form?.gradient && kind === "progress")
    for (let x = r.x + 1; x < r.x + r.w - 1; x++) {
      const k = (x - r.x) / r.w;
      const c = k < 0.5 ? mix(base, [0, 0, 0], 0.5 - k) : mix(base, [255, 255, 255], (k - 0.5) * 0.8);
      for (let y = r.y + 2; y < r.y + r.h - 1; y++) setPx(img, x, y, c);
    }
  // A rainbow experience bar (hud/parts.ts): each 20-px segment a hue of its own, red to violet.
  if (tint !== JUMP && t.rainbow?.has("xp") && kind === "progress")
    for (let x = r.x + 1; x < r.x + r.w - 1; x++) {
      const hue = hueAt(Math.floor((x - r.x) / 20), 9);
      setPx(img, x, r.y + 1, mix(hue, [255, 255, 255], 0.4));
      for (let y = r.y + 2; y < r.y + r.h - 1; y++)
        setPx(img, x, y, (x - r.x) % 20 === 0 ? mix(hue, [0, 0, 0], 0.3) : hue);
    }
}

export function xpTint(t: GuiTheme): Rgb {
  return t.parts?.xp ?? mix(XP_GREEN, t.ramp[t.ramp.length - 1], 0.2);
}

/** A thin plus, light so it shows over the world (the game draws it with an inverting blend). */
export function paintCrosshair(img: Rgba, r: Rect, t: GuiTheme): void {
  const c = t.parts?.crosshair ?? mix([255, 255, 255], t.ramp[t.ramp.length - 1], 0.15);
  const mid = Math.floor(r.w / 2);
  // A bold or heavy crosshair (gui/form.ts) is three pixels thick.
  const thick = (t.form?.bevel ?? 2) > 2 ? 1 : 0;
  for (let d = -thick; d <= thick; d++) {
    hline(img, r.x, r.y + mid + d, r.w, c);
    vline(img, r.x + mid + d, r.y, r.h, c);
  }
}

/** A small sword silhouette, used by the attack indicators. */
function sword(img: Rgba, x: number, y: number, size: number, blade: Rgb, hilt: Rgb): void {
  for (let i = 0; i < size - 4; i++) {
    setPx(img, x + 3 + i, y + size - 4 - i, blade);
    setPx(img, x + 4 + i, y + size - 4 - i, mix(blade, [0, 0, 0], 0.25));
  }
  for (let i = 0; i < 4; i++) setPx(img, x + 1 + i, y + size - 6 + i, hilt);
  setPx(img, x + 1, y + size - 2, hilt);
  setPx(img, x + 2, y + size - 3, hilt);
}

export function paintAttackIndicator(img: Rgba, id: string, r: Rect, t: GuiTheme): void {
  const light = mix(t.ramp[t.ramp.length - 1], [255, 255, 255], 0.5);
  switch (id) {
    case "hotbar_attack_indicator_background":
      recess(img, r, t.outline, t.shadow, mix(t.slotDark, [0, 0, 0], 0.4));
      return sword(img, r.x + 1, r.y + 1, 16, mix(t.slotBody, [0, 0, 0], 0.3), t.outline);
    case "hotbar_attack_indicator_progress":
      recess(img, r, t.outline, t.light, mix(t.slotBody, t.light, 0.3));
      return sword(img, r.x + 1, r.y + 1, 16, light, t.shadow);
    case "crosshair_attack_indicator_background":
      fill(img, r, mix(t.outline, [0x40, 0x40, 0x40], 0.5));
      return;
    case "crosshair_attack_indicator_progress":
      fill(img, r, light);
      return;
    default:
      // crosshair_attack_indicator_full: shown under the crosshair when a hit would land.
      return sword(img, r.x, r.y, 16, light, t.light);
  }
}

export function paintButton(img: Rgba, id: string, r: Rect, t: GuiTheme): void {
  if (id === "widget/button_disabled")
    return raised(img, r, [0, 0, 0], t.slotBody, mix(t.slotBody, [0, 0, 0], 0.4), mix(t.slotBody, [0, 0, 0], 0.25));
  if (id === "widget/button_highlighted")
    return raised(img, r, [255, 255, 255], t.light, t.shadow, mix(t.body, t.shadow, 0.35));
  raised(img, r, [0, 0, 0], mix(t.light, t.body, 0.4), t.shadow, mix(t.body, t.shadow, 0.6));
}
