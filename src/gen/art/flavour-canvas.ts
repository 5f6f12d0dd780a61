/**
 * The canvas the flavour painters (flavour-paint.ts, flavour-marks.ts) work on, and where on it a mark may land:
 * inside a sprite's outline or anywhere on a wrapping texture, and, for a flavour said of one part, only there.
 */
import { luminance } from "./colour.ts";
import type { Rgb } from "./colour.ts";
import { NEIGHBOURS } from "./flavour-shape.ts";

/** A picture being flavoured: one colour per pixel, 0 alpha where nothing is drawn. */
export interface Canvas {
  w: number;
  h: number;
  rgb: Rgb[];
  alpha: Uint8Array;
  /** Textures: neighbours wrap and there is no silhouette to bite into. */
  wrap: boolean;
  /**
   * A part's pixels (1), when the flavour is said of one part ("a sword with a rusty blade"): marks and shifts
   * land there only and no other pixel changes. Absent: the whole picture, as every flavour said of the subject.
   */
  only?: Uint8Array;
}

export const inside = (c: Canvas, x: number, y: number): boolean => {
  if (c.wrap) return c.alpha[wrapAt(c, x, y)] > 0;
  return x >= 0 && y >= 0 && x < c.w && y < c.h && c.alpha[y * c.w + x] > 0;
};
export const wrapAt = (c: Canvas, x: number, y: number) => (((y % c.h) + c.h) % c.h) * c.w + (((x % c.w) + c.w) % c.w);

/** Sprites: the outline (a drawn pixel beside the ground). Textures have none. */
export function isEdge(c: Canvas, x: number, y: number): boolean {
  if (c.wrap || !inside(c, x, y)) return false;
  return NEIGHBOURS.some(([dx, dy]) => !inside(c, x + dx, y + dy));
}

/**
 * Drawn pixels a mark may paint: inside the outline (sprites), every drawn pixel (textures); on one part, its
 * pixels inside the outline, or all of them when it is too thin to have an inside (a bow's string).
 */
export function body(c: Canvas): number[] {
  const out: number[] = [];
  for (let y = 0; y < c.h; y++)
    for (let x = 0; x < c.w; x++) if (inside(c, x, y) && !isEdge(c, x, y)) out.push(y * c.w + x);
  if (!c.only) return out;
  const part = out.filter((i) => c.only![i]);
  if (part.length >= 2) return part;
  const all: number[] = [];
  for (let i = 0; i < c.alpha.length; i++) if (c.alpha[i] && c.only[i]) all.push(i);
  return all;
}

/**
 * The ring just inside the outline (sprites), or on a texture the pixels beside a seam (a neighbour much
 * darker: mortar, a gap between planks). `top`: only where the light falls (the outline or seam above or left).
 */
export function ring(c: Canvas, side: "all" | "top"): number[] {
  const dirs = side === "top" ? NEIGHBOURS.slice(0, 2) : NEIGHBOURS;
  const out: number[] = [];
  for (const i of body(c)) {
    const x = i % c.w;
    const y = (i - x) / c.w;
    const hit = dirs.some(([dx, dy]) => {
      if (!c.wrap) return isEdge(c, x + dx, y + dy) || !inside(c, x + dx, y + dy);
      return luminance(c.rgb[wrapAt(c, x + dx, y + dy)]) < luminance(c.rgb[i]) - 28;
    });
    if (hit) out.push(i);
  }
  if (out.length || !c.wrap) return out;
  // A texture with no seams: its lightest tenth catches the frost or the light.
  const lit = body(c).sort((a, b) => luminance(c.rgb[b]) - luminance(c.rgb[a]) || a - b);
  return lit.slice(0, Math.max(1, Math.round(lit.length / 10)));
}

export function edges(c: Canvas): number[] {
  const out: number[] = [];
  for (let y = 0; y < c.h; y++) for (let x = 0; x < c.w; x++) if (isEdge(c, x, y)) out.push(y * c.w + x);
  return c.only ? out.filter((i) => c.only![i]) : out;
}
