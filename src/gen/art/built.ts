/**
 * Painters for made and grown surfaces: bricks, planks, bark, log rings, bevelled panels, glass,
 * wool, leaves and grass. Structure sizes are fractions of the tile (times `unit`), so a 64 px tile
 * has the same four plank boards as a 16 px one, with finer grain: detail grows, nothing blurs.
 */
import { accentRange, addField, bell, blankPaint, quantiseByRank, type Paint, type PaintContext } from "./paint";
import { cells, emboss, fbm, normalise, speckle, wrapIndex } from "./noise";

export function paintBricks(ctx: PaintContext): Paint {
  const { size, rng, unit, m } = ctx;
  const p = blankPaint(ctx);
  const clay = m.accent !== null;
  const nether = m.substance === "nether";
  const rows = 4;
  const cols = nether ? 4 : 2;
  const bh = size / rows;
  const bw = size / cols;
  const mortar = Math.max(1, Math.round(unit));
  const tone = Array.from({ length: rows * cols }, () => (rng() - 0.5) * 0.5);
  const grain = addField(normalise(fbm(size, size, rng, { cells: 4, octaves: 3 })), speckle(size, size, rng), 0.6);
  const f = new Float32Array(size * size);
  const isMortar = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    const r = Math.floor(y / bh);
    const ly = y - Math.round(r * bh);
    const shift = r % 2 ? bw / 2 : 0;
    for (let x = 0; x < size; x++) {
      const xx = (x + shift) % size;
      const c = Math.floor(xx / bw);
      const lx = xx - Math.round(c * bw);
      const i = y * size + x;
      if (ly >= Math.round(bh) - mortar || lx >= Math.round(bw) - mortar) {
        isMortar[i] = 1;
        continue;
      }
      // Lit top edge, shaded bottom edge: each brick stands proud of its mortar.
      const lit = ly < mortar ? 0.7 : lx < mortar ? 0.35 : ly >= Math.round(bh) - 2 * mortar ? -0.6 : 0;
      f[i] = grain[i] * 0.5 + tone[r * cols + c] + lit;
    }
  }
  const n = m.palette.length;
  const levels = quantiseByRank(f, clay ? bell(n, 0.6) : bell(n - 1, 0.6), clay ? 0 : 1, (i) => !isMortar[i]);
  const [a0, an] = accentRange(ctx);
  const mortarShade = (i: number) => (clay ? a0 + (grain[i] > 0.9 ? an - 1 : 0) : 0);
  for (let i = 0; i < f.length; i++) p.idx[i] = isMortar[i] ? mortarShade(i) : levels[i];
  p.joints = isMortar;
  return p;
}

export function paintPlanks(ctx: PaintContext): Paint {
  const { size, rng, unit } = ctx;
  const p = blankPaint(ctx);
  const boards = 4;
  const bh = size / boards;
  const seam = Math.max(1, Math.round(unit));
  const grain = normalise(
    fbm(size, size, rng, { cells: 4, octaves: Math.round(Math.log2(size)), stretchX: 8, gain: 0.7 }),
  );
  addField(grain, speckle(size, size, rng), 0.25);
  // Board ends are staggered (never stacked), as a carpenter lays them.
  const start = rng();
  const ends = Array.from({ length: boards }, (_, b) => Math.floor(((start + b * 0.375 + rng() * 0.2) % 1) * size));
  const tone = Array.from({ length: boards }, () => (rng() - 0.5) * 0.3);
  const f = new Float32Array(size * size);
  const dark = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    const b = Math.floor(y / bh);
    const ly = y - Math.round(b * bh);
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const dx = (x - ends[b] + size) % size;
      if (ly >= Math.round(bh) - seam || dx < seam) dark[i] = 1;
      f[i] = grain[i] + tone[b] + (ly < seam ? 0.35 : 0) + (dx >= seam && dx < 2 * seam ? 0.25 : 0);
    }
  }
  const n = ctx.m.palette.length;
  const levels = quantiseByRank(f, bell(n - 1, 0.5), 1, (i) => !dark[i]);
  for (let i = 0; i < f.length; i++) p.idx[i] = dark[i] ? 0 : levels[i];
  return p;
}

export function paintBark(ctx: PaintContext): Paint {
  const { size, rng, unit } = ctx;
  const p = blankPaint(ctx);
  const furrows = normalise(
    fbm(size, size, rng, { cells: 6, octaves: Math.round(Math.log2(size)) - 1, stretchY: 4, gain: 0.6 }),
  );
  const lit = new Float32Array(size * size);
  // Light falls on the left wall of each ridge: compare with the pixel one unit to the left.
  const step = Math.max(1, Math.round(unit));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      lit[i] = furrows[i] * 1.4 + (furrows[i] - furrows[wrapIndex(x - step, y, size, size)]) * 1.2;
    }
  addField(lit, speckle(size, size, rng), 0.18);
  p.idx = quantiseByRank(lit, bell(ctx.m.palette.length, 0.6));
  if (ctx.m.substance === "birch") birchMarks(ctx, p);
  return p;
}

/** Birch bark's dark horizontal slashes. */
function birchMarks(ctx: PaintContext, p: Paint): void {
  const { size, rng, unit } = ctx;
  const marks = 5;
  const [a0] = accentRange(ctx);
  for (let k = 0; k < marks; k++) {
    const y0 = Math.floor(rng() * size);
    const x0 = Math.floor(rng() * size);
    const len = Math.round((2 + rng() * 4) * unit);
    const thick = Math.max(1, Math.round(unit));
    for (let dy = 0; dy < thick; dy++)
      for (let dx = 0; dx < len; dx++) p.idx[wrapIndex(x0 + dx, y0 + dy, size, size)] = ctx.m.accent ? a0 : 0;
  }
}

/** Log end: rounded-square growth rings inside a bark rim. */
export function paintRings(ctx: PaintContext): Paint {
  const { size, rng, unit } = ctx;
  const p = blankPaint(ctx);
  const wobble = fbm(size, size, rng, { cells: 4, octaves: 2 });
  const sp = speckle(size, size, rng);
  const c = (size - 1) / 2;
  const rim = Math.max(1, Math.round(unit));
  const ringWidth = 1.6 * unit;
  const n = ctx.m.palette.length;
  const [a0, an] = accentRange(ctx);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const edge = Math.min(x, y, size - 1 - x, size - 1 - y);
      if (edge < rim) {
        p.idx[i] = a0 + Math.min(an - 1, Math.floor(sp[i] * an));
        continue;
      }
      const dx = Math.abs(x - c);
      const dy = Math.abs(y - c);
      const d = 0.65 * Math.max(dx, dy) + 0.35 * Math.hypot(dx, dy) + (wobble[i] - 0.5) * unit * 1.5;
      const ring = Math.floor(d / ringWidth);
      const shade = ring % 2 === 0 ? n - 1 : n - 3;
      p.idx[i] = Math.max(1, Math.min(n - 1, shade + (sp[i] > 0.85 ? 1 : 0)) - (edge === rim ? 1 : 0));
    }
  return p;
}

/**
 * A bevelled block (metal, gem, polished stone): lit top-left rim, shaded bottom-right rim, and an
 * inset groove whose top-left wall is in shadow, the way vanilla metal blocks read.
 */
export function paintPanel(ctx: PaintContext): Paint {
  const { size, rng, unit, m } = ctx;
  const p = blankPaint(ctx);
  const n = m.palette.length;
  const rim = Math.max(1, Math.round(unit));
  const inset = Math.round(3 * unit);
  const shine = normalise(fbm(size, size, rng, { cells: 2, octaves: 3 }));
  const sp = speckle(size, size, rng);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      let v: number;
      // The outer rim is softer than the recess, so the block edge reads as a bevel, not a seam.
      if (x < rim || y < rim) v = n - 2;
      else if (x >= size - rim || y >= size - rim) v = 1;
      else {
        // The recess: its top-left walls are in shadow, its bottom-right walls lit, and the lip
        // just outside its top-left edge catches the light.
        const lo = inset;
        const hi = size - 1 - inset;
        const inRect = x >= lo && x <= hi && y >= lo && y <= hi;
        const shadowWall = inRect && (x < lo + rim || y < lo + rim);
        const litWall = inRect && !shadowWall && (x > hi - rim || y > hi - rim);
        const lip =
          !inRect &&
          ((x >= lo - rim && x < lo && y >= lo - rim && y <= hi) ||
            (y >= lo - rim && y < lo && x >= lo - rim && x <= hi));
        if (shadowWall) v = 0;
        else if (litWall || lip) v = n - 1;
        else {
          v = Math.round(1 + (n - 3) * shine[i] + (sp[i] > 0.9 ? 1 : 0));
          const diag = (x + y) / size;
          if (m.mineral && Math.abs(diag - 0.5) < 0.06 && !inRect) v = n - 2;
        }
      }
      p.idx[i] = Math.max(0, Math.min(n - 1, v));
    }
  return p;
}

export function paintGlass(ctx: PaintContext): Paint {
  const { size, rng, unit, m } = ctx;
  const p = blankPaint(ctx);
  const n = m.palette.length;
  const rim = Math.max(1, Math.round(unit));
  const stained = m.substance !== "glass" || m.modifiers.length > 0 || m.palette[2][2] < 180;
  const glints = Array.from({ length: 3 }, () => [Math.floor(rng() * size), Math.round((2 + rng() * 3) * unit)]);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const corner = (x < rim || x >= size - rim) && (y < rim || y >= size - rim);
      if (corner) p.idx[i] = n - 2;
      else if (x < rim || y < rim) p.idx[i] = n - 1;
      else if (x >= size - rim || y >= size - rim) p.idx[i] = n - 3;
      else {
        const glint = glints.some(
          ([g, len]) => (x + y) % size >= g && (x + y) % size < g + rim && Math.abs(x - y) < len * 2,
        );
        p.idx[i] = glint ? n - 1 : n - 2;
        p.alpha[i] = glint ? 200 : stained ? 110 : 0;
      }
    }
  return p;
}

export function paintWool(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const sp = speckle(size, size, rng);
  const f = new Float32Array(size * size);
  // Fibres: each pixel leans on its diagonal neighbours, which softens speckle into short strands.
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      f[y * size + x] =
        sp[y * size + x] +
        0.6 * sp[wrapIndex(x - 1, y - 1, size, size)] +
        0.4 * sp[wrapIndex(x + 1, y - 1, size, size)];
  addField(f, normalise(fbm(size, size, rng, { cells: 3, octaves: 2 })), 0.8);
  p.idx = quantiseByRank(f, bell(ctx.m.palette.length, 1.2));
  return p;
}

export function paintLeaves(ctx: PaintContext): Paint {
  const { size, rng, unit } = ctx;
  const p = blankPaint(ctx);
  const c = cells(size, size, 14, rng);
  const tone = Array.from({ length: c.count }, () => rng() * 0.4);
  const h = new Float32Array(size * size);
  for (let i = 0; i < h.length; i++) h[i] = Math.min(1, (c.f2[i] - c.f1[i]) / (2.5 * unit)) + tone[c.id[i]];
  const lit = addField(emboss(h, size, size, 1.1), speckle(size, size, rng), 0.35);
  p.idx = quantiseByRank(lit, bell(ctx.m.palette.length, 0.5));
  const holes = speckle(size, size, rng);
  for (let i = 0; i < h.length; i++) if (c.f2[i] - c.f1[i] < 1.2 * unit && holes[i] < 0.55) p.alpha[i] = 0;
  return p;
}

export function paintGrass(ctx: PaintContext): Paint {
  const { size, rng } = ctx;
  const p = blankPaint(ctx);
  const f = addField(speckle(size, size, rng), normalise(fbm(size, size, rng, { cells: 4, octaves: 2 })), 0.45);
  p.idx = quantiseByRank(f, bell(ctx.m.palette.length, 0.6));
  return p;
}

/** Grass block side: dirt with a ragged grass fringe. Tiles across; a side face is never stacked on itself. */
export function paintGrassSide(ctx: PaintContext): Paint {
  const { size, rng, unit } = ctx;
  const p = paintGrass(ctx);
  const [a0, an] = accentRange(ctx);
  const dirt = addField(speckle(size, size, rng), normalise(fbm(size, size, rng, { cells: 4, octaves: 2 })), 0.7);
  const dirtLevels = quantiseByRank(dirt, bell(an, 0.8), a0);
  const depth: number[] = [];
  for (let x = 0; x < size; x++) depth.push(Math.round((3 + rng() * 1.5 + (rng() < 0.18 ? 2 : 0)) * unit));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      if (y >= depth[x]) p.idx[i] = dirtLevels[i];
      else if (y >= depth[x] - Math.max(1, Math.round(unit))) p.idx[i] = 0;
    }
  return p;
}
