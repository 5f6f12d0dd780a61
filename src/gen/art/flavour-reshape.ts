/**
 * Shape adjectives drawn on a sprite's silhouette (art/flavours.ts `reshape`): thin and long things drawn
 * narrower across their length, wide ones broader and shorter, flat ones squashed from the top, curved ones
 * bent, twisted ones waved along their length, round ones with the corners of their outline taken off.
 *
 * A sprite's length runs along its principal axis (the cells' covariance): a sword lies on the diagonal, a
 * bottle stands upright, a loaf lies flat, so one rule serves every family and the drawn library alike. Each
 * output cell is read back through the inverse of the reshaping, sampled at four points so that a one-pixel
 * line (a staff, a wand) stays unbroken when it is bent. Labels are copied, never invented: the painter still
 * outlines, shades and lights the result, so the palette and the game's outline are kept.
 */
import type { LabelGrid } from "./sprite.ts";

export type Reshape = "slender" | "wide" | "flat" | "curve" | "twist" | "round";

const EMPTY = 46; // "." in a label grid

interface Axis {
  cx: number;
  cy: number;
  /** Unit vector along the length, and across it. */
  ax: number;
  ay: number;
  nx: number;
  ny: number;
  /** Half the length along the axis. */
  half: number;
  /** The bounding box of the filled cells. */
  box: [number, number, number, number];
}

function axisOf(g: LabelGrid): Axis | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  const box: [number, number, number, number] = [g.w, g.h, -1, -1];
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      if (g.cells[y * g.w + x] === EMPTY) continue;
      n++;
      sx += x + 0.5;
      sy += y + 0.5;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  if (n < 2) return null;
  const cx = sx / n;
  const cy = sy / n;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      if (g.cells[y * g.w + x] === EMPTY) continue;
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      xx += dx * dx;
      yy += dy * dy;
      xy += dx * dy;
    }
  const theta = 0.5 * Math.atan2(2 * xy, xx - yy);
  const ax = Math.cos(theta);
  const ay = Math.sin(theta);
  let half = 0;
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++)
      if (g.cells[y * g.w + x] !== EMPTY) half = Math.max(half, Math.abs((x + 0.5 - cx) * ax + (y + 0.5 - cy) * ay));
  return { cx, cy, ax, ay, nx: -ay, ny: ax, half: Math.max(1, half), box };
}

/** Where in the source a point of the reshaped picture comes from: [along, across] → [along, across]. */
type Inverse = (u: number, v: number) => [number, number];

function inverseOf(how: Exclude<Reshape, "flat" | "round">, a: Axis): Inverse {
  const t = (u: number) => Math.max(-1, Math.min(1, u / a.half));
  switch (how) {
    // Two thirds as thick across its length.
    case "slender":
      return (u, v) => [u, v / 0.62];
    // Half as thick again, and a little shorter.
    case "wide":
      return (u, v) => [u / 0.85, v / 1.5];
    // The middle pushed aside by a fifth of the length, the ends kept where they were.
    case "curve": {
      const k = Math.max(1.5, a.half * 0.3);
      return (u, v) => [u, v - k * (1 - t(u) ** 2)];
    }
    // A wave and a half along the length, a pixel either side.
    case "twist":
      return (u, v) => [u, v - Math.sin(1.5 * Math.PI * t(u))];
  }
}

/** The centre of a cell, then four more points in it: a bent one-pixel line still lands on some cell. */
const SAMPLES: [number, number][] = [
  [0.5, 0.5],
  [0.25, 0.25],
  [0.75, 0.75],
  [0.25, 0.75],
  [0.75, 0.25],
];

/**
 * The label grid reshaped; the same grid when nothing is drawn in it. Each cell is read back at its centre, so
 * a thick body grows thinner; where that breaks the silhouette into more pieces than it had (a thin staff bent
 * off the grid's lines), it is read again at five points in each cell, which keeps thin lines joined.
 */
export function reshapeGrid(g: LabelGrid, how: Reshape): LabelGrid {
  const a = axisOf(g);
  if (!a) return g;
  const centre = resample(g, how, a, SAMPLES.slice(0, 1));
  return pieces(centre) <= pieces(g) ? centre : resample(g, how, a, SAMPLES);
}

function resample(g: LabelGrid, how: Reshape, a: Axis, samples: [number, number][]): LabelGrid {
  const at = (x: number, y: number) => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    return ix < 0 || iy < 0 || ix >= g.w || iy >= g.h ? EMPTY : g.cells[iy * g.w + ix];
  };
  const cells = new Uint8Array(g.w * g.h).fill(EMPTY);
  const [x0, y0, x1, y1] = a.box;
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      let label = EMPTY;
      if (how === "round") {
        // Inside the ellipse the bounding box holds, with a little slack so only the corners go.
        const rx = (x1 - x0 + 1) / 2;
        const ry = (y1 - y0 + 1) / 2;
        const dx = (x + 0.5 - (x0 + rx)) / rx;
        const dy = (y + 0.5 - (y0 + ry)) / ry;
        label = dx * dx + dy * dy <= 1.12 ? g.cells[y * g.w + x] : EMPTY;
      } else if (how === "flat") {
        // Three fifths as tall, standing where it stood.
        for (const [ox, oy] of samples) {
          label = at(x + ox, y1 + 1 - (y1 + 1 - (y + oy)) / 0.6);
          if (label !== EMPTY) break;
        }
      } else {
        const inv = inverseOf(how, a);
        for (const [ox, oy] of samples) {
          const dx = x + ox - a.cx;
          const dy = y + oy - a.cy;
          const [u, v] = inv(dx * a.ax + dy * a.ay, dx * a.nx + dy * a.ny);
          label = at(a.cx + u * a.ax + v * a.nx, a.cy + u * a.ay + v * a.ny);
          if (label !== EMPTY) break;
        }
      }
      cells[y * g.w + x] = label;
    }
  return { w: g.w, h: g.h, cells };
}

/** The filled cells' 8-connected pieces. */
function pieces(g: LabelGrid): number {
  const seen = new Uint8Array(g.w * g.h);
  let n = 0;
  for (let start = 0; start < g.cells.length; start++) {
    if (seen[start] || g.cells[start] === EMPTY) continue;
    n++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const cx = i % g.w;
      const cy = (i - cx) / g.w;
      for (let y = cy - 1; y <= cy + 1; y++)
        for (let x = cx - 1; x <= cx + 1; x++) {
          const j = y * g.w + x;
          if (x < 0 || y < 0 || x >= g.w || y >= g.h || seen[j] || g.cells[j] === EMPTY) continue;
          seen[j] = 1;
          stack.push(j);
        }
    }
  }
  return n;
}
