/**
 * Laid structures: surfaces made of pieces with joints between them (bricks in several bonds, tiles with grout,
 * crates, doors, grates, columns, woven straw). Each is a layout, a function from a pixel to the piece it
 * belongs to, and one painter shades every layout the same way: a tone per piece, fine grain, the piece's
 * top-left edge lit and bottom-right edge shaded, joints in the darkest shade (light tiles: grout). Layouts
 * are periodic in the tile (sizes are fractions of it, times `unit`), so every one tiles exactly.
 */
import { addField, bell, blankPaint, quantiseByRank, type Paint, type PaintContext, type Painter } from "./paint";
import { fbm, normalise, speckle } from "./noise";
import { hexToRgb, luminance } from "./colour";

/** Where a pixel is: a piece (id, position inside it, its size), a joint between pieces, or a hole. */
type Spot = { id: number; lx: number; ly: number; w: number; h: number } | "joint" | "hole";
type Layout = (x: number, y: number, ctx: PaintContext) => Spot;

const mod = (a: number, n: number) => ((a % n) + n) % n;
/** Joint width: one vanilla pixel. */
const jw = (ctx: PaintContext) => Math.max(1, Math.round(ctx.unit));

/** A piece of `w`×`h` at local (lx, ly) with its joint on the right and bottom edges. */
function piece(id: number, lx: number, ly: number, w: number, h: number, j: number): Spot {
  return lx >= w - j || ly >= h - j ? "joint" : { id, lx, ly, w: w - j, h: h - j };
}

/** Pieces on an aligned grid, `cols` across and `rows` down: stack-bonded bricks (2×4), square tiles (4×4). */
const grid =
  (cols: number, rows: number): Layout =>
  (x, y, ctx) => {
    const bw = ctx.size / cols;
    const bh = ctx.size / rows;
    const c = Math.floor(x / bw);
    const r = Math.floor(y / bh);
    return piece(r * cols + c, x - c * bw, y - r * bh, bw, bh, jw(ctx));
  };

/**
 * Herringbone: 2:1 bricks on a grid of k-cells (k a quarter of the tile), period four cells both ways.
 * d = (a - b) mod 4 says which cell of which brick: 0 and 1 a lying brick's left and right, 3 and 2 a standing
 * brick's top and bottom.
 */
const herringbone: Layout = (x, y, ctx) => {
  const k = ctx.size / 4;
  const a = Math.floor(x / k);
  const b = Math.floor(y / k);
  const d = mod(a - b, 4);
  const ix = x - a * k;
  const iy = y - b * k;
  if (d <= 1) return piece(mod(a - d, 4) * 4 + mod(b, 4), d * k + ix, iy, 2 * k, k, jw(ctx));
  const top = d === 3 ? b : b - 1;
  return piece(16 + mod(a, 4) * 4 + mod(top, 4), ix, (d === 3 ? 0 : k) + iy, k, 2 * k, jw(ctx));
};

/**
 * Flemish bond: each course a long brick and a short one (its header end) in turn, the next course shifted so a
 * header sits over the middle of the long brick below. Two pairs across, four courses down.
 */
const flemish: Layout = (x, y, ctx) => {
  const s = ctx.size;
  const bh = s / 4;
  const r = Math.floor(y / bh);
  const pair = s / 2;
  const long = (pair * 5) / 8;
  const xx = mod(x + (r % 2) * (pair / 2), s);
  const c = Math.floor(xx / pair);
  const lx = xx - c * pair;
  const id = r * 4 + c * 2;
  return lx < long
    ? piece(id, lx, y - r * bh, long, bh, jw(ctx))
    : piece(id + 1, lx - long, y - r * bh, pair - long, bh, jw(ctx));
};

/** English bond: a course of long bricks, then a course of short ones (header ends), offset a quarter brick. */
const english: Layout = (x, y, ctx) => {
  const s = ctx.size;
  const bh = s / 4;
  const r = Math.floor(y / bh);
  const headers = r % 2 === 1;
  const bw = headers ? s / 4 : s / 2;
  const xx = mod(x + (headers ? s / 8 : 0), s);
  const c = Math.floor(xx / bw);
  return piece(r * 4 + c, xx - c * bw, y - r * bh, bw, bh, jw(ctx));
};

/** Basket weave: squares of two bricks, lying and standing in turn. `k` is the square's side. */
const weave =
  (parts: number, squares: number): Layout =>
  (x, y, ctx) => {
    const k = ctx.size / squares;
    const A = Math.floor(x / k);
    const B = Math.floor(y / k);
    const ix = x - A * k;
    const iy = y - B * k;
    const t = k / parts;
    const base = (B * squares + A) * parts;
    if ((A + B) % 2 === 0) {
      const s = Math.floor(iy / t);
      return piece(base + s, ix, iy - s * t, k, t, jw(ctx));
    }
    const s = Math.floor(ix / t);
    return piece(base + s, ix - s * t, iy, t, k, jw(ctx));
  };

/** A column's side: four upright flutes. */
const columnSide: Layout = (x, _y, ctx) => {
  const k = ctx.size / 4;
  const c = Math.floor(x / k);
  const lx = x - c * k;
  // Flutes run on into the block above and below: bevelled on their sides only (a fixed mid-height `ly`).
  return lx >= k - jw(ctx) ? "joint" : { id: c, lx, ly: ctx.size, w: k - jw(ctx), h: ctx.size * 3 };
};

/** A column's top: a frame ring around a square cap. */
const columnTop: Layout = (x, y, ctx) => {
  const r = Math.round(2 * ctx.unit);
  const j = jw(ctx);
  const s = ctx.size;
  const e = Math.min(x, y, s - 1 - x, s - 1 - y);
  if (e < r) return { id: 0, lx: x, ly: y, w: s, h: s };
  if (e < r + j) return "joint";
  return { id: 1, lx: x - r - j, ly: y - r - j, w: s - 2 * (r + j), h: s - 2 * (r + j) };
};

/** A grate: bars two vanilla pixels wide every eight, holes between. */
const grate: Layout = (x, y, ctx) => {
  const k = ctx.size / 2;
  const b = Math.round(2 * ctx.unit);
  const ix = mod(x, k);
  const iy = mod(y, k);
  if (ix < b) return { id: 0, lx: ix, ly: y, w: b, h: ctx.size };
  if (iy < b) return { id: 1, lx: x, ly: iy, w: ctx.size, h: b };
  return "hole";
};

/** A crate: a frame at the tile's edge, a diagonal brace, boards behind. */
const crate: Layout = (x, y, ctx) => {
  const s = ctx.size;
  const f = Math.round(2 * ctx.unit);
  const j = jw(ctx);
  const e = Math.min(x, y, s - 1 - x, s - 1 - y);
  if (e < f)
    return e === f - 1 && x >= f - 1 && y >= f - 1 && x <= s - f && y <= s - f
      ? "joint"
      : { id: 0, lx: e, ly: e, w: f, h: f };
  if (Math.abs(x - y) < f) return { id: 1, lx: x - y + f, ly: 0, w: 2 * f, h: 1 };
  const bh = (s - 2 * f) / 3;
  const r = Math.floor((y - f) / bh);
  return piece(2 + r, x - f, y - f - r * bh, s - 2 * f, bh, j);
};

/** A door leaf: upright boards in a frame, crossed by two bands (iron straps). */
const door: Layout = (x, y, ctx) => {
  const s = ctx.size;
  const u = ctx.unit;
  const f = jw(ctx);
  if (x < f || y < f || x >= s - f || y >= s - f) return { id: 0, lx: x, ly: y, w: s, h: s };
  const band = (y >= Math.round(3 * u) && y < Math.round(5 * u)) || (y >= Math.round(11 * u) && y < Math.round(13 * u));
  if (band)
    return { id: 1, lx: x, ly: y - (y < 8 * u ? Math.round(3 * u) : Math.round(11 * u)), w: s, h: Math.round(2 * u) };
  const k = (s - 2 * f) / 3;
  const c = Math.floor((x - f) / k);
  return piece(2 + c, x - f - c * k, y - f, k, s - 2 * f + f, f);
};

/** Where the two bands (iron straps, hoops) cross a door or a barrel: rows 3-4 and 11-12 of the vanilla grid. */
const bandAt = (y: number, u: number) =>
  y >= Math.round(3 * u) && y < Math.round(5 * u)
    ? Math.round(3 * u)
    : y >= Math.round(11 * u) && y < Math.round(13 * u)
      ? Math.round(11 * u)
      : -1;

/** A barrel's side: upright staves running on into the block above and below, held by two hoops. */
const barrel: Layout = (x, y, ctx) => {
  const s = ctx.size;
  const top = bandAt(y, ctx.unit);
  if (top >= 0) return { id: 1, lx: x, ly: y - top, w: s, h: Math.round(2 * ctx.unit) };
  const k = s / 4;
  const c = Math.floor(x / k);
  const lx = x - c * k;
  return lx >= k - jw(ctx) ? "joint" : { id: 2 + c, lx, ly: s, w: k - jw(ctx), h: s * 3 };
};

/**
 * Shingles: rows of small roof tiles, each row shifted half a tile and hanging over the top of the row below.
 * Gaps run between the tiles of a row; a tile's lower corners are cut round (the row beneath shows there),
 * and the painter shades each tile from the shadow of the row above down to its lit lip.
 */
const shingles: Layout = (x, y, ctx) => {
  const bh = ctx.size / 4;
  const bw = ctx.size / 4;
  const j = jw(ctx);
  const r = Math.floor(y / bh);
  const xx = mod(x + (r % 2 ? bw / 2 : 0), ctx.size);
  const c = Math.floor(xx / bw);
  const lx = xx - c * bw;
  const ly = y - r * bh;
  const lip = ly >= bh - j;
  if (lx >= bw - j || (lip && lx < j)) return "joint";
  return { id: r * 4 + c, lx, ly, w: bw - j, h: bh };
};

/**
 * Scales: offset rows of round scales, each row lying over the top of the row below it, so what shows of a
 * scale is its rounded lower part. Rows are half a scale apart and there are four of them (an even count, so
 * the half-scale shift comes round), two scales across: the tile wraps exactly.
 */
const scales: Layout = (x, y, ctx) => {
  const s = ctx.size;
  const w = s / 2;
  const h = s / 4;
  const r0 = w / 2 + 0.5;
  const j = jw(ctx);
  // The lowest row whose disc holds the pixel is on top; a disc centred on its row line hangs below it.
  for (let k = 0; k >= -2; k--) {
    const row = Math.floor(y / h) + k;
    const cy = row * h;
    const shift = mod(row, 2) ? w / 2 : 0;
    const c = Math.floor(mod(x - shift, s) / w);
    const cx = c * w + shift + w / 2;
    const dx = mod(x + 0.5 - cx + s / 2, s) - s / 2;
    const dy = y + 0.5 - cy;
    const d = Math.hypot(dx, dy);
    if (dy < 0 || d > r0) continue;
    if (d > r0 - j) return "joint";
    return { id: mod(row, 4) * 2 + c, lx: Math.round(dx + w / 2), ly: Math.round(dy), w: w, h: Math.ceil(r0) };
  }
  return "joint";
};

/** A slab's side: two smooth half-blocks, one above the other, each with its own bevel. */
const slab: Layout = (_x, y, ctx) => {
  const h = ctx.size / 2;
  const r = Math.floor(y / h);
  const ly = y - r * h;
  // Bevelled top and bottom only: the halves run on into the slabs beside them (a fixed mid-width `lx`).
  return ly >= h - jw(ctx) ? "joint" : { id: r, lx: ctx.size, ly, w: ctx.size * 3, h: h - jw(ctx) };
};

export const LAYOUTS = {
  stack_bond: grid(2, 4),
  herringbone,
  basketweave: weave(2, 2),
  flemish_bond: flemish,
  english_bond: english,
  straw: weave(2, 4),
  tiles: grid(4, 4),
  column: columnSide,
  column_top: columnTop,
  grate,
  crate,
  door,
  barrel,
  shingles,
  slab,
  scales,
} satisfies Record<string, Layout>;
export type LayoutName = keyof typeof LAYOUTS;

/** Grout between tiles is light (unless the material brings an accent), mortar and gaps dark. */
const GROUT = hexToRgb("#c9c4b8")!;
const BAND = hexToRgb("#4a4a50")!;

/** Layouts crossed by two metal bands, drawn in the band's own shades. */
const BANDED = new Set<LayoutName>(["door", "barrel"]);

/** Paints any layout: a tone per piece, grain, bevelled edges; joints darkest (tiles: grout). */
export function layoutPainter(name: LayoutName): Painter {
  const layout: Layout = LAYOUTS[name];
  return (ctx: PaintContext): Paint => {
    const { size, rng, m } = ctx;
    const p = blankPaint(ctx);
    const n = m.palette.length;
    const bevel = Math.max(1, Math.round(ctx.unit));
    const grain = addField(normalise(fbm(size, size, rng, { cells: 4, octaves: 3 })), speckle(size, size, rng), 0.5);
    const tone = Array.from({ length: 64 }, () => (rng() - 0.5) * 0.6);
    const f = new Float32Array(size * size);
    const kind = new Uint8Array(size * size); // 0 piece, 1 joint, 2 hole, 3 band
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const s = layout(x, y, ctx);
        if (s === "joint") kind[i] = 1;
        else if (s === "hole") kind[i] = 2;
        else {
          if (BANDED.has(name) && s.id === 1) kind[i] = 3;
          const lit = s.ly < bevel || s.lx < bevel ? 0.8 : 0;
          const shade = s.ly >= s.h - bevel || s.lx >= s.w - bevel ? -0.8 : 0;
          // A shingle lies in the shadow of the row above at its top and catches the light at its lip.
          const overlap = name === "shingles" || name === "scales" ? (s.ly / (s.h - 1)) * 1.8 - 0.9 - lit - shade : 0;
          // A slab is smooth: hardly any grain, only its bevel.
          const grainK = name === "slab" ? 0.15 : 0.5;
          f[i] = grain[i] * grainK + tone[s.id % 64] + lit + shade + overlap;
        }
      }
    const levels = quantiseByRank(f, bell(n - 1, 0.6), 1, (i) => kind[i] === 0 || kind[i] === 3);
    let joint = 0;
    // Light grout between light tiles; dark tiles (deepslate, blackstone) keep dark joints, as the game's do.
    const lightTiles = luminance(m.palette[m.palette.length >> 1]) > 110;
    if (name === "tiles" && !m.accent && lightTiles) {
      p.colours.push(GROUT);
      joint = p.colours.length - 1;
    } else if (name === "tiles" && m.accent) joint = m.palette.length; // grout in a colour said for it (material.ts)
    let band = -1;
    if (BANDED.has(name)) {
      p.colours.push(BAND, [BAND[0] + 40, BAND[1] + 40, BAND[2] + 44]);
      band = p.colours.length - 2;
    }
    p.joints = kind.map((k) => (k === 1 ? 1 : 0));
    for (let i = 0; i < f.length; i++) {
      if (kind[i] === 1) p.idx[i] = joint;
      else if (kind[i] === 2) {
        p.idx[i] = 0;
        p.alpha[i] = 0;
      } else if (kind[i] === 3) p.idx[i] = band + (levels[i] >= n - 2 ? 1 : 0);
      else p.idx[i] = levels[i];
    }
    return p;
  };
}
