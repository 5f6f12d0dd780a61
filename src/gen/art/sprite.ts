/**
 * Renders a letter-mask silhouette (silhouettes.ts, glyphs.ts) into a shaded sprite: a one-pixel dark
 * outline, lit top-left rims and shaded bottom-right rims per region. Larger sizes are reached with
 * Scale2x on the mask (smooths diagonals, never blurs) and then shaded at the final resolution, so
 * the outline stays one pixel and the bevels gain detail.
 */
import type { Rng } from "../rng";
import { newRgba, type Rgba } from "../../media/png";
import { type Rgb, luminance, scale } from "./colour";

export interface RegionStyle {
  /** Dark-to-light shades of the region. */
  ramp: Rgb[];
  /** Shade offset from the middle of the ramp (T = +1, D = -1). */
  tone?: number;
  /** Regions sharing a group shade as one surface (M, T, D). */
  group?: string;
  /** Always the lightest shade (glints). */
  glint?: boolean;
  /** Opacity of the region's inside (glass); outlines stay opaque. */
  alpha?: number;
  /** Thin wooden handles: two-tone at 16 px instead of outlined, like vanilla sticks. */
  stick?: boolean;
  /**
   * Thin parts painted in a named colour (a bow's silver string, an apple's green leaf): so thin that an outline
   * would hide them at 16 px, so there an edge pixel beside another part's outline is drawn in the ramp's middle
   * shade, as the game draws a bow string.
   */
  bare?: boolean;
  /** The outline colour, when regions share one (sketches); otherwise derived from the ramp. */
  outline?: Rgb;
  /** Light sources (flames): outlined like the rest, the inside at the ramp's brightest. */
  glow?: boolean;
}

export type Regions = Record<string, RegionStyle>;

const EMPTY = 46; // "."

export interface LabelGrid {
  w: number;
  h: number;
  cells: Uint8Array;
}

export function gridFromMask(mask: string[]): LabelGrid {
  const h = mask.length;
  const w = Math.max(...mask.map((r) => r.length));
  const cells = new Uint8Array(w * h).fill(EMPTY);
  mask.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) cells[y * w + x] = row.charCodeAt(x);
  });
  return { w, h, cells };
}

/** Scale2x (EPX) on labels: doubles the grid, rounding stair-steps along diagonals. */
export function scale2x(g: LabelGrid): LabelGrid {
  const { w, h, cells } = g;
  const at = (x: number, y: number) => cells[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  const out = new Uint8Array(w * h * 4);
  const W = w * 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = at(x, y);
      const a = at(x, y - 1);
      const b = at(x + 1, y);
      const c = at(x - 1, y);
      const d = at(x, y + 1);
      const o = y * 2 * W + x * 2;
      out[o] = c === a && c !== d && a !== b ? a : p;
      out[o + 1] = a === b && a !== c && b !== d ? b : p;
      out[o + W] = d === c && d !== b && c !== a ? c : p;
      out[o + W + 1] = b === d && b !== a && d !== c ? d : p;
    }
  return { w: W, h: h * 2, cells: out };
}

/** Scale2x until at least the target height, then nearest-neighbour to the exact size. */
export function resizeLabels(g: LabelGrid, width: number, height: number): LabelGrid {
  let cur = g;
  while (cur.h < height) cur = scale2x(cur);
  if (cur.w === width && cur.h === height) return cur;
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.min(cur.w - 1, Math.floor(((x + 0.5) * cur.w) / width));
      const sy = Math.min(cur.h - 1, Math.floor(((y + 0.5) * cur.h) / height));
      cells[y * width + x] = cur.cells[sy * cur.w + sx];
    }
  return { w: width, h: height, cells };
}

/** A colour dark enough to read as an outline against its own ramp (luminance under 70). */
export function outlineOf(ramp: Rgb[]): Rgb {
  let c = scale(ramp[0], 0.6);
  for (let i = 0; i < 8 && luminance(c) > 70; i++) c = scale(c, 0.75);
  return c;
}

/** The lightest shade of `ramp` dark enough to read as an outline (luminance under 88): a thin part's outline. */
function lightOutlineOf(ramp: Rgb[]): Rgb {
  let c = ramp[0];
  for (let i = 0; i < 12 && luminance(c) >= 88; i++) c = scale(c, 0.85);
  return c;
}

/**
 * Shades a label grid. `unit` is output pixels per vanilla pixel: rims are that wide, the outline
 * always one pixel. `rng` adds sparse one-shade grain at larger sizes, where flat fills look empty.
 */
export function renderLabels(g: LabelGrid, regions: Regions, unit: number, rng: Rng): Rgba {
  const { w, h, cells } = g;
  const img = newRgba(w, h);
  const styleAt = (x: number, y: number): RegionStyle | undefined =>
    x < 0 || y < 0 || x >= w || y >= h ? undefined : regions[String.fromCharCode(cells[y * w + x])];
  const groupOf = (s: RegionStyle | undefined) => (s ? (s.group ?? s.ramp) : undefined);
  const band = Math.max(1, Math.round(unit));
  const isEdge = (x: number, y: number) =>
    !!styleAt(x, y) && (!styleAt(x - 1, y) || !styleAt(x + 1, y) || !styleAt(x, y - 1) || !styleAt(x, y + 1));
  // A bare part's pixel keeps its colour where another part's outline runs beside it, so the sprite stays outlined.
  const besideOutline = (x: number, y: number) => {
    const g0 = groupOf(styleAt(x, y));
    return [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ].some(([a, b]) => {
      const t = styleAt(a, b);
      return !!t && !t.bare && !t.glint && !t.glow && groupOf(t) !== g0 && isEdge(a, b);
    });
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const s = styleAt(x, y);
      if (!s) continue;
      const g0 = groupOf(s);
      const open = (dx: number, dy: number) => !styleAt(x + dx, y + dy);
      const edge = open(-1, 0) || open(1, 0) || open(0, -1) || open(0, 1);
      const n = s.ramp.length;
      let colour: Rgb;
      let alpha = 255;
      if (s.glow && !edge) {
        colour = s.ramp[n - 1];
      } else if (s.bare && band === 1 && (edge || s.stick) && besideOutline(x, y)) {
        colour = s.ramp[n >> 1];
      } else if (s.stick && band === 1) {
        const lower = groupOf(styleAt(x + 1, y)) !== g0 || groupOf(styleAt(x, y + 1)) !== g0;
        colour = lower ? (s.outline ?? outlineOf(s.ramp)) : s.ramp[Math.max(0, n - 2)];
      } else if (edge) {
        // A thin named part's outline is as light as an outline may be, so its colour still reads.
        colour = s.outline ?? (s.bare && band === 1 ? lightOutlineOf(s.ramp) : outlineOf(s.ramp));
      } else if (s.glint) {
        colour = s.ramp[n - 1];
      } else {
        let lit = false;
        let shaded = false;
        for (let d = 1; d <= band; d++) {
          if (groupOf(styleAt(x - d, y)) !== g0 || groupOf(styleAt(x, y - d)) !== g0) lit = true;
          if (groupOf(styleAt(x + d, y)) !== g0 || groupOf(styleAt(x, y + d)) !== g0) shaded = true;
        }
        let t = (n >> 1) + (s.tone ?? 0) + (lit && !shaded ? 1 : 0) - (shaded && !lit ? 1 : 0);
        if (band > 1) {
          const r = rng();
          if (r < 0.05) t += 1;
          else if (r > 0.95) t -= 1;
        }
        colour = s.ramp[Math.max(0, Math.min(n - 1, t))];
        alpha = s.alpha ?? 255;
      }
      const o = (y * w + x) * 4;
      img.data[o] = colour[0];
      img.data[o + 1] = colour[1];
      img.data[o + 2] = colour[2];
      img.data[o + 3] = alpha;
    }
  return img;
}
