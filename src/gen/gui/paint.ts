/**
 * The vanilla GUI vocabulary, themed: a panel with a rounded dark outline and a two-pixel bevel lit
 * from the top-left, recessed slots (dark top-left edge, light bottom-right edge, flat middle so
 * items stay readable), and recessed insets. GUI and HUD both draw with these.
 */
import type { Rgba } from "../../media/png";
import type { Rgb } from "../art/colour";
import { clearPx, fill, hline, setPx, vline, type Rect } from "./raster";
import type { GuiTheme } from "./theme";
import { outsideCorner } from "./form";

/**
 * A bevelled panel. Corners are cut by one pixel diagonal (the vanilla rounded look); the bevel is
 * `bevel` px wide. Where the lit and shaded bands meet (top-right, bottom-left) the body colour
 * shows, as in vanilla sheets. `grain` (0..1 per pixel of the rect) roughens the body slightly,
 * less inside the `calm` rectangles; `marks` (gui/marks.ts) are painted over the body outside them.
 */
export function panel(
  img: Rgba,
  r: Rect,
  t: GuiTheme,
  opts: {
    bevel?: number;
    grain?: Float32Array;
    calm?: Rect[];
    marks?: (Rgb | null)[] | null;
    /** gui/form.ts: corners rounded with this radius (0: vanilla's one-pixel cut), the body's alpha. */
    radius?: number;
    alpha?: number;
    /** Body lighter at the top, darker at the bottom (gui/form.ts "gradient"). */
    gradient?: boolean;
  } = {},
): void {
  const bevel = opts.bevel ?? 2;
  const calm = opts.calm ?? [];
  const radius = opts.radius ?? 0;
  const alpha = opts.alpha ?? 255;
  const px = (x: number, y: number, c: Rgb) => setPx(img, x, y, c, alpha);
  const cut = (dx: number, dy: number) =>
    dx < 0 || dy < 0 || dx >= r.w || dy >= r.h || outsideCorner(dx, dy, r.w, r.h, radius);
  for (let dy = 0; dy < r.h; dy++)
    for (let dx = 0; dx < r.w; dx++) {
      const x = r.x + dx;
      const y = r.y + dy;
      const rx = r.w - 1 - dx;
      const ry = r.h - 1 - dy;
      const cx = Math.min(dx, rx);
      const cy = Math.min(dy, ry);
      if (radius ? cut(dx, dy) : cx + cy <= 1) {
        clearPx(img, x, y);
        continue;
      }
      const rim = radius
        ? cut(dx - 1, dy) || cut(dx + 1, dy) || cut(dx, dy - 1) || cut(dx, dy + 1)
        : cx === 0 || cy === 0 || cx + cy === 2;
      if (rim) {
        setPx(img, x, y, t.outline);
        continue;
      }
      const top = dy - 1;
      const left = dx - 1;
      const bottom = ry - 1;
      const right = rx - 1;
      const lit = Math.min(top, left);
      const dark = Math.min(bottom, right);
      if (lit < bevel || dark < bevel) {
        // Nearest band wins; a tie on the off-diagonal corners shows the body.
        if (lit < dark) px(x, y, t.light);
        else if (dark < lit) px(x, y, t.shadow);
        else px(x, y, t.body);
        continue;
      }
      // Text areas get a third of the grain: 8-px glyphs need a quiet ground.
      const quiet = calm.some((c) => x >= c.x && y >= c.y && x < c.x + c.w && y < c.y + c.h);
      // The surface's marks in their own colours (gui/marks.ts: moss, petals, runes), never under the labels.
      const mark = quiet ? null : opts.marks?.[dy * r.w + dx];
      if (mark) {
        px(x, y, mark);
        continue;
      }
      // A gradient body runs from 24 units lighter at the top to 24 darker at the bottom; text areas keep theirs.
      const shade = opts.gradient && !quiet ? 24 - (48 * dy) / Math.max(1, r.h - 1) : 0;
      const base: Rgb = shade ? (t.body.map((v) => Math.round(Math.max(0, Math.min(255, v + shade)))) as Rgb) : t.body;
      px(x, y, grainy(base, opts.grain ? opts.grain[dy * r.w + dx] : 0.5, t.grainStrength * (quiet ? 0.33 : 1)));
    }
}

/** Body colour nudged by a grain value in 0..1 (0.5 = unchanged). */
export function grainy(c: Rgb, g: number, strength: number): Rgb {
  const d = (g - 0.5) * strength;
  return [clamp(c[0] + d), clamp(c[1] + d), clamp(c[2] + d)];
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/**
 * A recessed slot whose 16x16 item area starts at (x, y): the frame is the ring just outside it
 * (18x18), or a 26x26 frame for `big` output slots (item area inset by 5, as vanilla result slots).
 */
export function slot(img: Rgba, x: number, y: number, t: GuiTheme, big = false, rounded = false): void {
  const m = big ? 5 : 1;
  const size = 16 + 2 * m;
  recess(img, { x: x - m, y: y - m, w: size, h: size }, t.slotDark, t.slotLight, t.slotBody);
  // Rounded slots (gui/form.ts): the frame's four corner pixels take the panel's body, the item area untouched.
  if (rounded)
    for (const [cx, cy] of [
      [x - m, y - m],
      [x - m + size - 1, y - m],
      [x - m, y - m + size - 1],
      [x - m + size - 1, y - m + size - 1],
    ])
      setPx(img, cx, cy, t.body);
}

/**
 * A 1-px recessed frame: dark along top and left, light along bottom and right, the two off-corners
 * in the middle colour, flat inside.
 */
export function recess(img: Rgba, r: Rect, dark: Rgb, light: Rgb, middle: Rgb): void {
  fill(img, { x: r.x + 1, y: r.y + 1, w: r.w - 2, h: r.h - 2 }, middle);
  hline(img, r.x, r.y, r.w - 1, dark);
  vline(img, r.x, r.y, r.h - 1, dark);
  hline(img, r.x + 1, r.y + r.h - 1, r.w - 1, light);
  vline(img, r.x + r.w - 1, r.y + 1, r.h - 1, light);
  setPx(img, r.x + r.w - 1, r.y, middle);
  setPx(img, r.x, r.y + r.h - 1, middle);
}

/** A raised 1-px bevelled block (buttons): light top-left, dark bottom-right, outlined. */
export function raised(img: Rgba, r: Rect, outline: Rgb, light: Rgb, dark: Rgb, face: Rgb): void {
  fill(img, r, face);
  hline(img, r.x, r.y, r.w, outline);
  hline(img, r.x, r.y + r.h - 1, r.w, outline);
  vline(img, r.x, r.y, r.h, outline);
  vline(img, r.x + r.w - 1, r.y, r.h, outline);
  hline(img, r.x + 1, r.y + 1, r.w - 2, light);
  vline(img, r.x + 1, r.y + 1, r.h - 2, light);
  hline(img, r.x + 1, r.y + r.h - 2, r.w - 2, dark);
  vline(img, r.x + r.w - 2, r.y + 1, r.h - 2, dark);
}

/** Paints every true cell of `mask` (w*h, row-major) with `colour(x, y)` at (ox, oy). */
export function paintMask(
  img: Rgba,
  ox: number,
  oy: number,
  w: number,
  h: number,
  mask: Uint8Array,
  colour: (x: number, y: number) => Rgb | null,
): void {
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      const c = colour(x, y);
      if (c) setPx(img, ox + x, oy + y, c);
    }
}

/** True when (x, y) is inside `mask` but touches its outside (4-neighbourhood): the outline ring. */
export function onEdge(mask: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  const inside = (i: number, j: number) => i >= 0 && j >= 0 && i < w && j < h && mask[j * w + i] === 1;
  return !inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1);
}

/** A mask from rows of '#'/'.' text. */
export function maskFrom(rows: readonly string[]): { w: number; h: number; mask: Uint8Array } {
  const h = rows.length;
  const w = rows[0].length;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = rows[y][x] === "#" ? 1 : 0;
  return { w, h, mask };
}

/** A right-pointing arrow filling a w*h box: a shaft then a head as tall as the box. */
export function arrowMask(w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  const head = Math.ceil(h / 2) + 1;
  const x0 = w - head;
  const mid = h / 2;
  const shaft = Math.max(2, Math.round(h / 5));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dy = Math.abs(y + 0.5 - mid);
      const inHead = x >= x0 && dy < (w - x) * (mid / head) + 0.01;
      const inShaft = x < x0 && dy < shaft;
      mask[y * w + x] = inHead || inShaft ? 1 : 0;
    }
  return mask;
}
