/**
 * The form words of a GUI or HUD: how its frames are cut, not what they are made of. "rounded corners", "a
 * minimalist hotbar", "a transparent inventory", "a thick black border", "green monochrome", "a bold crosshair".
 * Each changes how the painters draw the same layout: corners cut rounder, a flat or a heavier bevel, a
 * see-through panel (resource packs may make GUI textures translucent: the game blends them), every part in the
 * theme's one hue. The slot positions and sizes, sprite rectangles and label areas never move.
 */
import { FLAVOUR_TABLE, type FlavourName } from "../art/flavours";
import { type Rgb, hslToRgb, luminance, rgbToHsl } from "../art/colour";
import type { Rgba } from "../../media/png";

export interface ScreenForm {
  /** Corners cut by a bigger diagonal: rounded panels, slots and hotbar cells. */
  rounded: boolean;
  /** Bevel width of the panel frame (vanilla 2); a bold crosshair and hotbar outline when > 2. */
  bevel: number;
  /** No grain on the panel body: a flat, modern surface. */
  flat: boolean;
  /** Alpha of the panel body and bevel (255: opaque). */
  alpha: number;
  /** Every colour of the sheet in the theme's hue, by its lightness. */
  mono: boolean;
  /** The panel body lighter at the top and darker at the bottom; the experience bar dark to light. */
  gradient: boolean;
}

export const PLAIN_FORM: ScreenForm = {
  rounded: false,
  bevel: 2,
  flat: false,
  alpha: 255,
  mono: false,
  gradient: false,
};

/** The form words and what each does. Words the flavours read (thick, chunky: heavy) arrive through them. */
const FORM_WORDS: Record<string, Partial<ScreenForm>> = {
  rounded: { rounded: true },
  round: { rounded: true },
  curved: { rounded: true },
  bubbly: { rounded: true },
  minimal: { flat: true, bevel: 1 },
  minimalist: { flat: true, bevel: 1 },
  minimalistic: { flat: true, bevel: 1 },
  flat: { flat: true, bevel: 1 },
  sleek: { flat: true, bevel: 1 },
  streamlined: { flat: true, bevel: 1 },
  bold: { bevel: 3 },
  beveled: { bevel: 3 },
  bevelled: { bevel: 3 },
  transparent: { alpha: 150 },
  translucent: { alpha: 170 },
  seethrough: { alpha: 150 },
  monochrome: { mono: true },
  monochromatic: { mono: true },
  monotone: { mono: true },
  greyscale: { mono: true },
  grayscale: { mono: true },
  gradient: { gradient: true },
  gradients: { gradient: true },
  ombre: { gradient: true },
};

/** Flavours that draw as a form: a heavy or large thing has a heavier frame. */
const heavier = (f: FlavourName) => !!FLAVOUR_TABLE[f].thicken;

/** The prompt's form, and the words that made it. */
export function readForm(
  prompt: string,
  flavours: readonly FlavourName[] = [],
): { form: ScreenForm; words: Set<string> } {
  const words = prompt
    .toLowerCase()
    .replace(/see[\s-]+through/g, "seethrough")
    .split(/[^a-z]+/)
    .filter(Boolean);
  const form = { ...PLAIN_FORM };
  const used = new Set<string>();
  for (const w of words) {
    const f = FORM_WORDS[w];
    if (!f) continue;
    Object.assign(form, f);
    used.add(w);
  }
  if (flavours.some(heavier)) form.bevel = 3;
  // "dark mode", "light mode": the tone word is read (art/material.ts); "mode" is said with it.
  words.forEach((w, i) => {
    if (w === "mode" && (words[i - 1] === "dark" || words[i - 1] === "light")) used.add(w);
  });
  if (/see[\s-]+through/.test(prompt.toLowerCase())) used.add("see").add("through");
  return { form, words: used };
}

/** Recolours every drawn pixel of `img` in `hue`'s hue and saturation, keeping its lightness: a monochrome sheet. */
export function toMonochrome(img: Rgba, hue: Rgb): void {
  const [h, s] = rgbToHsl(hue);
  const sat = Math.min(0.6, Math.max(0.12, s));
  const cache = new Map<number, Rgb>();
  for (let i = 0; i < img.data.length; i += 4) {
    if (!img.data[i + 3]) continue;
    const key = (img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2];
    let out = cache.get(key);
    if (!out) {
      const l = luminance([img.data[i], img.data[i + 1], img.data[i + 2]]) / 255;
      out = hslToRgb(h, sat, l);
      cache.set(key, out);
    }
    img.data.set(out, i);
  }
}

/** Whether (dx, dy) of a w*h box lies outside a rounded corner of radius `r` (the cut-off pixels). */
export function outsideCorner(dx: number, dy: number, w: number, h: number, r: number): boolean {
  const cx = Math.min(dx, w - 1 - dx);
  const cy = Math.min(dy, h - 1 - dy);
  return cx < r && cy < r && (r - cx - 0.5) ** 2 + (r - cy - 0.5) ** 2 > r * r;
}
