/**
 * The flavours (art/flavours.ts) a GUI or HUD draws beyond its theme's colour shift: their marks (an enchanted
 * glint, a glowing rim, rust spots, a rough grain, a crack, frost), painted on a screen's own surfaces. A GUI's
 * marks land on the panel's body between the slots, the labels and the widgets (never on them: the game's text
 * and items must stay readable); a HUD's land on each status icon and hotbar piece, inside its outline, or only on
 * the part they were said of ("cracked hearts"). Looks are flavours too (art/looks.ts): a cosmic furnace glints.
 *
 * Nothing here moves a pixel of the layout: marks recolour pixels already drawn; a chip, which on a sprite bites
 * the silhouette, darkens its pixel instead, so every slot, widget and sprite keeps its place and size.
 */
import type { Rgba } from "../../media/png";
import type { Rng } from "../rng";
import type { Rgb } from "../art/colour";
import { FLAVOUR_TABLE, type FlavourName, type Mark } from "../art/flavours";
import { drawsOnTheme } from "../art/flavour-paint";
import type { Canvas } from "../art/flavour-canvas";
import { paintMark } from "../art/flavour-marks";
import type { Rect } from "./raster";

/** Whether a flavour changes a GUI or HUD: a colour shift (the theme), marks (here) or a heavier frame (gui/form.ts). */
export const drawsOnScreen = (f: FlavourName): boolean => {
  const d = FLAVOUR_TABLE[f];
  return drawsOnTheme(f) || !!d.marks?.length || !!d.thicken;
};

/** The flavours of a list that paint marks on a screen. */
export const markFlavours = (flavours: readonly FlavourName[]): FlavourName[] =>
  flavours.filter((f) => FLAVOUR_TABLE[f].marks?.length);

/**
 * Paints the marks of `flavours` over `area` of `img`, on the pixels `mask` (area-sized, 1 = may be marked) keeps,
 * and nowhere else; `density` scales how many pixels the scattered marks (spots, glints, grain) take. A small
 * area (a HUD icon) is its own canvas: a rim runs inside its outline. A wide one (a GUI panel, `tile` set) is
 * marked as a texture is: on a wrapping tile of its own colours, repeated over the masked pixels, so the cost
 * stays that of one small tile (the marks' shade look-ups are per pixel and per colour of the canvas).
 */
export function markArea(
  img: Rgba,
  area: Rect,
  mask: Uint8Array,
  flavours: readonly FlavourName[],
  rng: Rng,
  density = 1,
  tile = 0,
): void {
  const marks = markFlavours(flavours).flatMap((f) => FLAVOUR_TABLE[f].marks ?? []);
  markWith(img, area, mask, marks, rng, density, tile);
}

/** Paints `marks` over `area` of `img` on the pixels `mask` keeps (see markArea). */
export function markWith(
  img: Rgba,
  area: Rect,
  mask: Uint8Array,
  marks: readonly Mark[],
  rng: Rng,
  density = 1,
  tile = 0,
): void {
  if (!marks.length) return;
  const w = tile ? Math.min(tile, area.w) : area.w;
  const h = tile ? Math.min(tile, area.h) : area.h;
  const c: Canvas = { w, h, rgb: [], alpha: new Uint8Array(w * h), wrap: tile > 0 };
  const before = new Int32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = ((area.y + y) * img.width + area.x + x) * 4;
      // Snapped to steps of 16: a grained panel has many near colours, and a mark looks a shade up or down among
      // the canvas's colours once per distinct colour (art/flavour-marks.ts). Only marked pixels are written back.
      const rgb: Rgb = [snap(img.data[i]), snap(img.data[i + 1]), snap(img.data[i + 2])];
      c.rgb.push(rgb);
      before[y * w + x] = pack(rgb);
      c.alpha[y * w + x] = tile || (mask[y * area.w + x] && img.data[i + 3]) ? 255 : 0;
    }
  const darkest = darkestOf(c);
  // The marks' shares were set for a 16-px sprite; a wide panel takes fewer (`density`) or it reads as noise.
  for (const m of marks) paintMark(c, "share" in m ? { ...m, share: m.share * density } : m, rng);
  for (let y = 0; y < area.h; y++)
    for (let x = 0; x < area.w; x++) {
      if (!mask[y * area.w + x]) continue;
      const k = (y % h) * w + (x % w);
      // A chipped pixel stays drawn, in the darkest shade (the layout keeps its shape); an untouched one as it was.
      const rgb = c.alpha[k] ? c.rgb[k] : darkest;
      if (c.alpha[k] && pack(rgb) === before[k]) continue;
      const i = ((area.y + y) * img.width + area.x + x) * 4;
      img.data[i] = rgb[0];
      img.data[i + 1] = rgb[1];
      img.data[i + 2] = rgb[2];
    }
}

const pack = (c: Rgb) => (c[0] << 16) | (c[1] << 8) | c[2];

/** The mask of a whole rect's drawn, fully opaque pixels: a HUD sprite's silhouette (its see-through wells aside). */
export function opaqueMask(img: Rgba, area: Rect): Uint8Array {
  const out = new Uint8Array(area.w * area.h);
  for (let y = 0; y < area.h; y++)
    for (let x = 0; x < area.w; x++)
      out[y * area.w + x] = img.data[((area.y + y) * img.width + area.x + x) * 4 + 3] === 255 ? 1 : 0;
  return out;
}

const snap = (v: number) => (v & 0xf0) | 8;

function darkestOf(c: Canvas): Rgb {
  let best: Rgb = [20, 18, 16];
  let bestL = Infinity;
  for (let i = 0; i < c.rgb.length; i++) {
    const [r, g, b] = c.rgb[i];
    const l = r * 0.3 + g * 0.59 + b * 0.11;
    if (c.alpha[i] && l < bestL) [best, bestL] = [c.rgb[i], l];
  }
  return best;
}
