/**
 * Painters for natural, unbuilt surfaces: stone, grainy ground, strata, cobble, gravel, netherrack,
 * crystal, ice and liquids. All built from the wrap-around fields in noise.ts, so all tile exactly.
 */
import { addField, bell, blankPaint, quantiseByRank, type Paint, type PaintContext } from "./paint";
import { cells, emboss, fbm, normalise, speckle, valueNoise, wrapIndex } from "./noise";

function octavesFor(size: number, cells: number): number {
  return Math.max(1, Math.round(Math.log2(size / cells)) + 1);
}

/** Shade weights, narrowed for "smooth" surfaces. */
function weightsFor(ctx: PaintContext, flat = 1): number[] {
  return bell(ctx.m.palette.length, ctx.m.modifiers.includes("smooth") ? flat * 3 : flat);
}

export function paintStone(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const h = fbm(size, size, rng, { cells: 3, octaves: octavesFor(size, 3), gain: 0.62, stretchX: 1.7 });
  const lit = emboss(normalise(h), size, size, 1.2 * ctx.unit);
  addField(lit, speckle(size, size, rng), 0.4);
  p.idx = quantiseByRank(lit, weightsFor(ctx));
  return p;
}

export function paintGrainy(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const soft = normalise(fbm(size, size, rng, { cells: 4, octaves: 2 }));
  const f = addField(speckle(size, size, rng), soft, 0.7);
  p.idx = quantiseByRank(f, weightsFor(ctx, 0.8));
  return p;
}

export function paintStrata(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const layers = normalise(fbm(size, size, rng, { cells: 4, octaves: octavesFor(size, 4), stretchX: 6 }));
  const f = addField(speckle(size, size, rng), layers, 1.6);
  // Light bands every quarter tile: sandstone's bedding planes.
  for (let y = 0; y < size; y++) {
    const band = Math.cos(((y + 0.5) / size) * Math.PI * 8) > 0.85 ? 0.5 : 0;
    for (let x = 0; x < size; x++) f[y * size + x] += band;
  }
  p.idx = quantiseByRank(f, weightsFor(ctx, 0.9));
  return p;
}

/** Rounded stones in dark mortar; `count` stones per tile at any size. */
export function paintCobble(ctx: PaintContext, count = 9, gapWidth = 0.9): Paint {
  const { size, rng, unit } = ctx;
  const p = blankPaint(ctx);
  const c = cells(size, size, count, rng, 1.15);
  const tone = Array.from({ length: c.count }, () => rng() * 0.35);
  const height = new Float32Array(size * size);
  for (let i = 0; i < height.length; i++) height[i] = Math.min(1, (c.f2[i] - c.f1[i]) / (3 * unit)) + tone[c.id[i]];
  const lit = emboss(height, size, size, 0.9);
  addField(lit, speckle(size, size, rng), 0.18);
  const isGap = (i: number) => c.f2[i] - c.f1[i] < gapWidth * unit;
  const n = ctx.m.palette.length;
  const stone = quantiseByRank(lit, bell(n - 1, 0.7), 1, (i) => !isGap(i));
  for (let i = 0; i < height.length; i++) p.idx[i] = isGap(i) ? 0 : stone[i];
  return p;
}

export function paintGravel(ctx: PaintContext): Paint {
  return paintCobble(ctx, 22, 0.5);
}

export function paintNetherrack(ctx: PaintContext): Paint {
  const p = paintStone(ctx);
  const { size, rng, unit } = ctx;
  const c = cells(size, size, 7, rng);
  const cracked = Array.from({ length: c.count }, () => rng() < 0.6);
  for (let i = 0; i < p.idx.length; i++) {
    if (c.f2[i] - c.f1[i] < 0.8 * unit && cracked[c.id[i]]) p.idx[i] = 0;
  }
  return p;
}

/** Flat-shaded facets: each cell faces a random way and takes the shade that way gets from the light. */
export function paintCrystal(ctx: PaintContext): Paint {
  const { size, rng, unit } = ctx;
  const p = blankPaint(ctx);
  const c = cells(size, size, 11, rng);
  const n = ctx.m.palette.length;
  const facet = Array.from({ length: c.count }, () => Math.floor(rng() * (n - 2)));
  const sp = speckle(size, size, rng);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const edge = c.f2[i] - c.f1[i] < 0.9 * unit;
      // A facet edge is bright where its neighbour up-left is another facet (a ridge catching light).
      const ul = c.id[wrapIndex(x - 1, y - 1, size, size)] !== c.id[i];
      p.idx[i] = edge ? (ul ? n - 1 : 0) : Math.min(n - 2, facet[c.id[i]] + (sp[i] > 0.92 ? 1 : 0));
    }
  return p;
}

/** Diagonal bands: a field of x+y (mod size) is periodic, so the streaks wrap. */
function diagonal(size: number, rng: PaintContext["rng"], cellsAlong: number): Float32Array {
  const line = valueNoise(size, 1, cellsAlong, 1, rng);
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) out[y * size + x] = line[(x + y) % size];
  return out;
}

export function paintIce(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const f = normalise(fbm(size, size, rng, { cells: 2, octaves: octavesFor(size, 4), gain: 0.4 }));
  addField(f, diagonal(size, rng, 5), 0.9);
  addField(f, speckle(size, size, rng), 0.08);
  p.idx = quantiseByRank(f, [0.04, 0.14, 0.42, 0.3, 0.1].slice(0, ctx.m.palette.length));
  return p;
}

/** Domain-warped noise: the warp offsets are wrapped, so the swirls tile. */
export function paintLiquid(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const base = fbm(size, size, rng, { cells: 3, octaves: octavesFor(size, 3) });
  const wx = fbm(size, size, rng, { cells: 2, octaves: 2 });
  const wy = fbm(size, size, rng, { cells: 2, octaves: 2 });
  const f = new Float32Array(size * size);
  const amp = size * 0.35;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      f[i] = base[wrapIndex(Math.round(x + (wx[i] - 0.5) * amp), Math.round(y + (wy[i] - 0.5) * amp), size, size)];
    }
  addField(f, speckle(size, size, rng), 0.05);
  const lava = ctx.m.substance === "lava";
  const n = ctx.m.palette.length;
  p.idx = quantiseByRank(f, lava ? [0.12, 0.2, 0.3, 0.22, 0.16].slice(0, n) : bell(n, 0.7));
  return p;
}
