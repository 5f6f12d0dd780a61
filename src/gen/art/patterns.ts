/**
 * Two-colour patterns: checkered squares and diagonal (hazard) stripes. The first colour is the material's
 * ramp, the second its accent ramp (art/material.ts). Each keeps a little shading noise so it reads as a
 * block, not a flat vector; both repeat a whole number of times across the tile, so they tile exactly.
 */
import { accentRange, blankPaint, type PaintContext, type Paint, type Painter } from "./paint.ts";
import { fbm, normalise } from "./noise.ts";

/** Shade index within a ramp of `n` from a 0..1 noise value, kept off the extremes. */
const shade = (n: number, v: number) => Math.min(n - 1, Math.max(0, Math.round(1 + (n - 3) * v + 0.5)));

function paintTwoColour(
  ctx: PaintContext,
  second: (x: number, y: number) => boolean,
  edge: (x: number, y: number) => boolean,
): Paint {
  const { size, rng, m } = ctx;
  const p = blankPaint(ctx);
  const [a0, an] = accentRange(ctx);
  const n = m.palette.length;
  const noise = normalise(fbm(size, size, rng, { cells: 4, octaves: 2 }));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const v = noise[i];
      // An edge pixel is one shade darker: squares and bands read as laid pieces.
      const dark = edge(x, y) ? 1 : 0;
      p.idx[i] = second(x, y) && an > 0 ? a0 + Math.max(0, shade(an, v) - dark) : Math.max(0, shade(n, v) - dark);
    }
  return p;
}

/** 4x4 squares on the vanilla grid (a 16 px tile holds 4 by 4), scaled with the tile. */
export function paintCheckered(ctx: PaintContext): Paint {
  const cell = ctx.size / 4;
  return paintTwoColour(
    ctx,
    (x, y) => (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 1,
    (x, y) => x % cell === cell - 1 || y % cell === cell - 1,
  );
}

/** Diagonal bands, 8 per tile along the diagonal (an even count, so the pattern wraps seamlessly). */
export function paintStripes(ctx: PaintContext): Paint {
  const band = ctx.size / 8;
  return paintTwoColour(
    ctx,
    (x, y) => Math.floor(((x + y) % ctx.size) / band) % 2 === 1,
    (x, y) => ((x + y) % ctx.size) % band === band - 1,
  );
}

/**
 * Honeycomb: wax cells in offset rows (2 across, 4 down on the vanilla grid, each row shifted half a cell),
 * walls the darkest shades, cell corners cut so they read as hexagons, each cell lit at its top-left. Two
 * whole cells per row and an even number of rows, so the tile wraps exactly.
 */
export function paintHoneycomb(ctx: PaintContext): Paint {
  const { size, unit, rng, m } = ctx;
  const p = blankPaint(ctx);
  const n = m.palette.length;
  const w = size / 2;
  const h = size / 4;
  const t = Math.max(1, Math.round(unit));
  const noise = normalise(fbm(size, size, rng, { cells: 4, octaves: 2 }));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const row = Math.floor(y / h);
      const lx = (x + (row % 2) * (w / 2)) % w;
      const ly = y % h;
      const i = y * size + x;
      const corner = (lx < 2 * t || lx >= w - t) && (ly < 2 * t || ly >= h - t);
      if (lx < t || ly < t) p.idx[i] = 0;
      else if (corner) p.idx[i] = 1;
      else if (lx < 2 * t || ly < 2 * t) p.idx[i] = n - 1;
      else p.idx[i] = shade(n, noise[i]);
    }
  return p;
}

/**
 * Sculk: dark teal rock (the stone painter) sown with glowing cyan specks, one to three per cell of a 4x4
 * grid, kept inside their cell so the tile wraps. The specks are the material's accent shades.
 */
export function paintSculk(ctx: PaintContext, base: Painter): Paint {
  const { size, rng, unit } = ctx;
  const p = base(ctx);
  const [a0, an] = accentRange(ctx);
  if (an === 0) return p;
  const cell = size / 4;
  const r = Math.max(1, Math.round(unit));
  for (let gy = 0; gy < 4; gy++)
    for (let gx = 0; gx < 4; gx++) {
      const count = 1 + Math.floor(rng() * 3);
      for (let k = 0; k < count; k++) {
        const x0 = Math.floor(gx * cell + rng() * (cell - r));
        const y0 = Math.floor(gy * cell + rng() * (cell - r));
        const s = a0 + Math.floor(rng() * an);
        for (let y = 0; y < r; y++) for (let x = 0; x < r; x++) p.idx[(y0 + y) * size + x0 + x] = s;
      }
    }
  return p;
}
