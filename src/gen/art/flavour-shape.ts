/**
 * The flavours that change a sprite's silhouette rather than its colours (art/flavours.ts `thicken` and
 * `scale`: large, heavy, small, tiny): the label grid, or a finished picture read as one, grown by a cell all
 * round or redrawn smaller on the same canvas. Kept apart from flavour-paint.ts, which marks and recolours.
 */
import type { Rgba } from "../../media/png.ts";
import { FLAVOUR_TABLE, type FlavourName } from "./flavours.ts";
import type { LabelGrid } from "./sprite.ts";
import { reshapeGrid } from "./flavour-reshape.ts";

/** The four neighbours of a cell, left and up first (flavour-paint.ts's top rim takes the first two). */
export const NEIGHBOURS: [number, number][] = [
  [-1, 0],
  [0, -1],
  [1, 0],
  [0, 1],
];

const EMPTY = 46; // "." in a label grid

/**
 * A sprite's label grid reshaped by the flavours that change its silhouette: thickened by one cell all round
 * (large, heavy), then drawn smaller on the same canvas (small, tiny), centred and standing on the ground.
 */
export function shapeGrid(g: LabelGrid, flavours: readonly FlavourName[]): LabelGrid {
  let out = g;
  // A flavour listed twice was strengthened ("extremely long"): its change is made a second time.
  const once = [...new Set(flavours)];
  const again = flavours.filter((f, i) => flavours.indexOf(f) !== i);
  const thickens = (list: readonly FlavourName[]) => list.some((f) => FLAVOUR_TABLE[f].thicken);
  if (thickens(once)) out = thicken(out);
  if (thickens(again)) out = thicken(out);
  for (const f of [...once, ...again]) {
    const how = FLAVOUR_TABLE[f].reshape;
    if (how) out = reshapeGrid(out, how);
  }
  const scaleOf = (list: readonly FlavourName[]) => Math.min(1, ...list.map((f) => FLAVOUR_TABLE[f].scale ?? 1));
  // Said twice, a size goes half as far again (a fraction of the canvas small enough is nothing at all).
  const scale = scaleOf(once) * Math.sqrt(scaleOf(again));
  if (scale < 1) out = shrink(out, scale);
  return out;
}

function thicken(g: LabelGrid): LabelGrid {
  // A new cell takes the neighbour label that covers most of the picture: the body grows, not a thin string.
  const size = new Map<number, number>();
  for (const c of g.cells) if (c !== EMPTY) size.set(c, (size.get(c) ?? 0) + 1);
  const cells = g.cells.slice();
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      if (g.cells[y * g.w + x] !== EMPTY) continue;
      let best = EMPTY;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= g.w || ny >= g.h) continue;
        const c = g.cells[ny * g.w + nx];
        if (c !== EMPTY && (best === EMPTY || (size.get(c) ?? 0) > (size.get(best) ?? 0))) best = c;
      }
      cells[y * g.w + x] = best;
    }
  return { w: g.w, h: g.h, cells };
}

function shrink(g: LabelGrid, scale: number): LabelGrid {
  const w = Math.max(1, Math.round(g.w * scale));
  const h = Math.max(1, Math.round(g.h * scale));
  const cells = new Uint8Array(g.w * g.h).fill(EMPTY);
  const ox = (g.w - w) >> 1;
  const oy = g.h - h - ((g.h - h) >> 2);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = Math.min(g.w - 1, Math.floor(((x + 0.5) * g.w) / w));
      const sy = Math.min(g.h - 1, Math.floor(((y + 0.5) * g.h) / h));
      cells[(y + oy) * g.w + x + ox] = g.cells[sy * g.w + sx];
    }
  return { w: g.w, h: g.h, cells };
}

/**
 * The same reshaping on a finished picture with no label grid (the drawn library): thickened by one pixel in
 * the colour of the pixel beside it, then redrawn smaller, centred and standing on the ground.
 */
export function shapeImage(img: Rgba, flavours: readonly FlavourName[]): Rgba {
  const { width: w, height: h } = img;
  const cells = new Uint8Array(w * h).fill(EMPTY);
  const colours: number[][] = [];
  const index = new Map<string, number>();
  // As a label grid: each distinct RGBA is one label (pictures here hold at most 12 colours).
  for (let i = 0; i < w * h; i++) {
    if (!img.data[i * 4 + 3]) continue;
    const px = Array.from(img.data.subarray(i * 4, i * 4 + 4));
    const key = px.join();
    let k = index.get(key);
    if (k === undefined) {
      k = colours.push(px) - 1;
      index.set(key, k);
    }
    cells[i] = k === EMPTY ? 255 : k;
  }
  const shaped = shapeGrid({ w, h, cells }, flavours);
  if (shaped === null || shaped.cells === cells) return img;
  const out: Rgba = { width: w, height: h, data: new Uint8Array(w * h * 4) };
  for (let i = 0; i < w * h; i++) {
    const k = shaped.cells[i];
    if (k !== EMPTY) out.data.set(colours[k === 255 ? EMPTY : k], i * 4);
  }
  return out;
}
