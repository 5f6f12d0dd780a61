/**
 * Two-colour patterns: checkered squares and diagonal (hazard) stripes. The first colour is the material's
 * ramp, the second its accent ramp (art/material.ts). Each keeps a little shading noise so it reads as a
 * block, not a flat vector; both repeat a whole number of times across the tile, so they tile exactly.
 */
import { accentRange, blankPaint, type PaintContext, type Paint } from "./paint.ts";
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
