/**
 * Layers painted over a finished surface: ore specks, moss patches and cracks. Positions wrap, so an
 * overlay crossing the tile edge continues on the opposite side and the texture still tiles.
 */
import { accentRange, mossRange, quantiseByRank, type Paint, type PaintContext } from "./paint";
import { fbm, normalise, speckle, wrapIndex } from "./noise";
import { veinLines } from "./overlay-shapes";
import type { Rgb } from "./colour";

/**
 * Mineral clusters: a few blobs grown by random steps on the vanilla pixel grid (scaled by unit),
 * shaded light at their top-left rim, dark at the bottom-right, as vanilla ore specks are.
 */
export function oreSpecks(ctx: PaintContext, p: Paint): void {
  const { size, rng, unit } = ctx;
  const [a0, an] = accentRange(ctx);
  if (an === 0) return;
  const grid = 16;
  const blob = new Uint8Array(grid * grid);
  const clusters = 4 + Math.floor(rng() * 3);
  const gx = 2;
  const gy = Math.ceil(clusters / gx);
  for (let k = 0; k < clusters; k++) {
    const cx = Math.floor(((k % gx) + 0.2 + rng() * 0.6) * (grid / gx));
    const cy = Math.floor((Math.floor(k / gx) + 0.2 + rng() * 0.6) * (grid / gy));
    // Eden growth: each new pixel touches the cluster, which keeps specks compact like vanilla's.
    const cluster = [[cx, cy]];
    const target = 4 + Math.floor(rng() * 4);
    for (let tries = 0; cluster.length < target && tries < 40; tries++) {
      const [bx, by] = cluster[Math.floor(rng() * cluster.length)];
      const dir = Math.floor(rng() * 4);
      const nx = bx + (dir === 0 ? 1 : dir === 1 ? -1 : 0);
      const ny = by + (dir === 2 ? 1 : dir === 3 ? -1 : 0);
      if (!cluster.some(([x, y]) => x === nx && y === ny)) cluster.push([nx, ny]);
    }
    for (const [x, y] of cluster) blob[wrapIndex(x, y, grid, grid)] = 1;
  }
  const inBlob = (x: number, y: number) => blob[wrapIndex(x, y, grid, grid)] === 1;
  // Shade per vanilla pixel: open to the top-left means lit, open to the bottom-right means shadowed.
  const shadeOf = (x: number, y: number) => {
    const open = (dx: number, dy: number) => (inBlob(x + dx, y + dy) ? 0 : 1);
    const s = open(-1, 0) + open(0, -1) - open(1, 0) - open(0, 1);
    return s > 0 ? an - 1 : s < 0 ? 0 : an - 2;
  };
  const sp = speckle(size, size, rng);
  const u = Math.max(1, Math.round(unit));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const gxp = Math.floor(x / unit);
      const gyp = Math.floor(y / unit);
      if (!inBlob(gxp, gyp)) continue;
      let shade = shadeOf(gxp, gyp);
      if (u > 1) {
        // At larger sizes each vanilla pixel gets its own rim and a little grain.
        const sx = x - Math.round(gxp * unit);
        const sy = y - Math.round(gyp * unit);
        if ((sx === u - 1 && !inBlob(gxp + 1, gyp)) || (sy === u - 1 && !inBlob(gxp, gyp + 1))) shade = 0;
        else if ((sx === 0 && !inBlob(gxp - 1, gyp)) || (sy === 0 && !inBlob(gxp, gyp - 1))) shade = an - 1;
        else if (sp[y * size + x] > 0.85) shade = Math.min(an - 1, shade + 1);
      }
      p.idx[y * size + x] = a0 + shade;
    }
}

/** Moss spreads from the top of the block in soft patches. */
export function mossPatches(ctx: PaintContext, p: Paint): void {
  const { size, rng } = ctx;
  const [m0, mn] = mossRange(ctx);
  if (mn === 0) return;
  const patches = normalise(fbm(size, size, rng, { cells: 4, octaves: 3, gain: 0.6 }));
  const sp = speckle(size, size, rng);
  const covered = (i: number) => patches[i] + (sp[i] - 0.5) * 0.25 > 0.58;
  const levels = quantiseByRank(sp, [0.3, 0.45, 0.25].slice(0, mn), m0, covered);
  for (let i = 0; i < p.idx.length; i++) if (covered(i) && p.alpha[i] > 0) p.idx[i] = levels[i];
}

/**
 * Jagged cracks: a core with a lit lower-right lip (the crack's far wall faces the light). Plain, the core is a
 * shade darker than the surface's darkest, so a crack still reads across mortar or grout in that shade; with
 * `shades` (an overlay's own colour: "lava cracks", "gold cracks") the core is the lit shade edged by the dark one,
 * along the same path the plain cracks take, so a glow said of cracks changes only the cracks' pixels.
 */
export function cracks(ctx: PaintContext, p: Paint, shades?: [dark: number, lit: number]): void {
  const { size, rng, unit } = ctx;
  const n = ctx.m.palette.length;
  const [d, l, s] = p.colours[0];
  const core = shades ? shades[1] : p.colours.push([Math.round(d * 0.6), Math.round(l * 0.6), Math.round(s * 0.6)]) - 1;
  const lipShade = shades ? shades[0] : n - 1;
  const count = 2 + Math.floor(rng() * 2);
  const mark = (x: number, y: number) => {
    const i = wrapIndex(x, y, size, size);
    if (p.alpha[i] === 0) return;
    p.idx[i] = core;
    const lip = wrapIndex(x + 1, y + 1, size, size);
    if (p.idx[lip] !== core && p.alpha[lip] > 0) p.idx[lip] = lipShade;
  };
  for (let k = 0; k < count; k++) {
    let x = Math.floor(rng() * size);
    let y = Math.floor(rng() * size);
    const len = Math.round(size * (0.4 + rng() * 0.4));
    const dx = rng() < 0.5 ? 1 : -1;
    for (let s = 0; s < len; s++) {
      mark(x, y);
      if (rng() < 0.55) y += 1;
      else x += rng() < 0.8 ? dx : -dx;
      if (unit > 1 && rng() < 0.3) mark(x + 1, y);
    }
  }
}

/**
 * Bolt heads: a lit dot with a dark shadow below-right, at the four corners and the middle of each edge of the
 * vanilla grid (each at 2 px in from the edge), scaled with the tile. Placed symmetrically, so it tiles.
 */
export function rivets(ctx: PaintContext, p: Paint): void {
  const { size, unit } = ctx;
  const r = Math.max(1, Math.round(unit));
  // A head brighter than the surface's lightest and a shadow under its darkest, so a bolt reads on a bevel too;
  // on a panel they sit on its flat rim, clear of the bevel 2 px in.
  const [hi, lo] = [ctx.m.palette.at(-1)!, ctx.m.palette[0]];
  const head = p.colours.push(hi.map((c) => Math.round(c + (255 - c) * 0.5)) as Rgb) - 1;
  const shadow = p.colours.push(lo.map((c) => Math.round(c * 0.6)) as Rgb) - 1;
  const at = ctx.m.structure === "panel" ? [1, 8, 14] : [2, 8, 13];
  for (const cx of at)
    for (const cy of at) {
      if (cx === 8 && cy === 8) continue;
      const x0 = Math.round(cx * unit);
      const y0 = Math.round(cy * unit);
      for (let y = 0; y < r; y++)
        for (let x = 0; x < r; x++) {
          p.idx[wrapIndex(x0 + x, y0 + y, size, size)] = head;
          p.idx[wrapIndex(x0 + x + r, y0 + y + r, size, size)] = shadow;
        }
    }
}

/**
 * Veins: thin winding lines where a wrapping noise field crosses its middle, so they run on across tile
 * edges. Dark cracks in the rock, or, glowing, the brightest colour the surface has pushed to a lit orange.
 */
export function veins(ctx: PaintContext, p: Paint, glowing: boolean): void {
  const lines = veinLines(ctx);
  let colour = 0;
  if (glowing) {
    p.colours.push([255, 170, 40], [255, 214, 90]);
    colour = p.colours.length - 2;
  }
  for (let i = 0; i < lines.length; i++) if (lines[i]) p.idx[i] = glowing ? colour + (lines[i] === 2 ? 1 : 0) : 0;
}

/**
 * Spots: round dabs, one per cell of a 4x4 grid (jittered inside its cell, so they never touch a tile edge
 * out of step), darkest shade with a lit pixel on top.
 */
export function spots(ctx: PaintContext, p: Paint): void {
  const { size, rng, unit } = ctx;
  const cell = size / 4;
  const r = Math.max(1, Math.round(unit));
  for (let gy = 0; gy < 4; gy++)
    for (let gx = 0; gx < 4; gx++) {
      if (rng() < 0.35) continue;
      const x0 = Math.floor(gx * cell + rng() * (cell - 2 * r));
      const y0 = Math.floor(gy * cell + rng() * (cell - 2 * r));
      for (let y = 0; y < 2 * r; y++)
        for (let x = 0; x < 2 * r; x++) p.idx[wrapIndex(x0 + x, y0 + y, size, size)] = y < r && x < r ? 1 : 0;
    }
}

/**
 * An engraving, as on chiseled stone: a carved square ring inside the block and a small diamond at its
 * centre, each cut with a dark top-left wall and a lit bottom-right one. Centred, so the tile still wraps.
 */
export function engraving(ctx: PaintContext, p: Paint): void {
  const { size, unit } = ctx;
  const n = ctx.m.palette.length;
  const u = (v: number) => Math.round(v * unit);
  const set = (x: number, y: number, shade: number) => {
    p.idx[wrapIndex(x, y, size, size)] = shade;
  };
  const lo = u(3);
  const hi = u(13) - 1;
  for (let t = 0; t < Math.max(1, u(1)); t++)
    for (let i = lo; i <= hi; i++) {
      set(i, lo + t, 0);
      set(lo + t, i, 0);
      set(i, hi - t, n - 1);
      set(hi - t, i, n - 1);
    }
  const c = u(8);
  const r = u(2);
  for (let d = -r; d <= r; d++) {
    const w = r - Math.abs(d);
    set(c - w, c + d, 0);
    set(c + w, c + d, n - 1);
  }
}
