/**
 * Books on shelves, like a vanilla bookshelf: a plank row at the top, the middle and the bottom, and two rows
 * of standing books between them, each book one or two vanilla pixels wide, of varied height, in the accent
 * colours (the ones the prompt names first). Rows fill the width and planks close top and bottom: it tiles.
 */
import { accentRange, blankPaint, type Paint, type PaintContext } from "./paint.ts";

export function paintBookshelf(ctx: PaintContext): Paint {
  const { size, rng, unit, m } = ctx;
  const p = blankPaint(ctx);
  const n = m.palette.length;
  const [a0, an] = accentRange(ctx);
  const colours = Math.max(1, an >> 1);
  const px = (v: number) => Math.round(v * unit);
  const fill = (x0: number, y0: number, x1: number, y1: number, idx: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) p.idx[y * size + x] = idx;
  };
  // Planks: top (0..2), middle (7..9), bottom (14..16), lit on top and dark below.
  for (const [top, bottom] of [
    [0, 2],
    [7, 9],
    [14, 16],
  ]) {
    fill(0, px(top), size, px(bottom), n - 2);
    fill(0, px(top), size, px(top) + 1, n - 1);
    fill(0, px(bottom) - 1, size, px(bottom), 1);
  }
  for (const [top, bottom] of [
    [2, 7],
    [9, 14],
  ]) {
    // The back of the shelf, in shadow, shows above shorter books.
    fill(0, px(top), size, px(bottom), 0);
    let x = 0;
    let k = Math.floor(rng() * colours);
    while (x < 16) {
      const w = Math.min(16 - x, rng() < 0.6 ? 1 : 2);
      const gap = Math.floor(rng() * 2);
      const c = a0 + ((k++ % colours) << 1);
      fill(px(x), px(top + gap), px(x + w), px(bottom), c + 1);
      // A darker spine edge on the right of each book.
      fill(px(x + w) - Math.max(1, Math.round(unit / 2)), px(top + gap), px(x + w), px(bottom), c);
      x += w;
    }
  }
  return p;
}
