/**
 * Pixel plumbing shared by the GUI and HUD sheets: plain rectangles, single pixels and masks on the
 * project's Rgba (crops and pastes live in media/image.ts). Pixel art: nothing here blends.
 */
import type { Rgba } from "../../media/png";
import type { Rgb } from "../art/colour";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const rect = (x: number, y: number, w: number, h: number): Rect => ({ x, y, w, h });

export function setPx(img: Rgba, x: number, y: number, c: Rgb, a = 255): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const i = (y * img.width + x) * 4;
  img.data[i] = c[0];
  img.data[i + 1] = c[1];
  img.data[i + 2] = c[2];
  img.data[i + 3] = a;
}

export function clearPx(img: Rgba, x: number, y: number): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  img.data.fill(0, (y * img.width + x) * 4, (y * img.width + x) * 4 + 4);
}

export function fill(img: Rgba, r: Rect, c: Rgb, a = 255): void {
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) setPx(img, x, y, c, a);
}

export function hline(img: Rgba, x: number, y: number, w: number, c: Rgb): void {
  for (let i = 0; i < w; i++) setPx(img, x + i, y, c);
}

export function vline(img: Rgba, x: number, y: number, h: number, c: Rgb): void {
  for (let i = 0; i < h; i++) setPx(img, x, y + i, c);
}

/** Draws a 1-bit mask given as strings ('#' or any listed key) with a colour per key. */
export function stamp(img: Rgba, x: number, y: number, rows: readonly string[], colours: Record<string, Rgb>): void {
  for (let j = 0; j < rows.length; j++)
    for (let i = 0; i < rows[j].length; i++) {
      const c = colours[rows[j][i]];
      if (c) setPx(img, x + i, y + j, c);
    }
}
