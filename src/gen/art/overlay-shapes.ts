/**
 * How each texture overlay is drawn. Each adds two shades (lit and dark) of its own colour to the canvas and
 * draws in wrapped coordinates or symmetric about the tile, so every structure with any overlays still tiles.
 */
import type { Paint, PaintContext } from "./paint";
import { fbm, normalise, speckle, wrapIndex } from "./noise";
import { type Rgb, mix, ramp } from "./colour";
import type { Overlay, OverlaySpec } from "./overlay-words";

/** Adds the overlay's dark and lit shades to the canvas; returns their indices. */
export function shadesOf(p: Paint, c: Rgb, glowing: boolean): [number, number] {
  const r = ramp(c, 4, glowing ? 0.3 : 0.4);
  p.colours.push(r[1], glowing ? mix(r[3], [255, 255, 220], 0.3) : r[2]);
  return [p.colours.length - 2, p.colours.length - 1];
}

type Draw = (ctx: PaintContext, p: Paint, shades: [number, number], o: OverlaySpec) => void;
const put = (p: Paint, x: number, y: number, idx: number) => {
  const i = wrapIndex(x, y, p.size, p.size);
  if (p.alpha[i] > 0) p.idx[i] = idx;
};
const px = (ctx: PaintContext) => Math.max(1, Math.round(ctx.unit));

/**
 * Veins as unbroken lines: the pixels where a wrapping noise field crosses its middle (toward the next pixel
 * right or down), so each vein is a connected winding line that runs on across the tile's edges. 2 marks the
 * line's core (nearest the middle), 1 its edge.
 */
export function veinLines(ctx: PaintContext): Uint8Array {
  const { size, rng } = ctx;
  const f = normalise(fbm(size, size, rng, { cells: 3, octaves: 2 }));
  const out = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const a = f[i] - 0.5;
      const r = f[y * size + ((x + 1) % size)] - 0.5;
      const d = f[((y + 1) % size) * size + x] - 0.5;
      if (a >= 0 && (r < 0 || d < 0)) out[i] = a < 0.03 ? 2 : 1;
    }
  // A lone pixel is a speck of the field just over its middle, not a vein: dropped.
  const near = (x: number, y: number) =>
    [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) => (dx || dy) && out[wrapIndex(x + dx, y + dy, size, size)]));
  const lone: number[] = [];
  for (let i = 0; i < out.length; i++) if (out[i] && !near(i % size, Math.floor(i / size))) lone.push(i);
  for (const i of lone) out[i] = 0;
  // A vein is one vanilla pixel wide at any size: widened right and down by the scale, wrapping.
  const u = Math.max(1, Math.round(ctx.unit));
  if (u === 1) return out;
  const wide = out.slice();
  for (let i = 0; i < out.length; i++) {
    if (!out[i]) continue;
    const x = i % size;
    const y = (i - x) / size;
    for (let dy = 0; dy < u; dy++)
      for (let dx = 0; dx < u; dx++) {
        const k = wrapIndex(x + dx, y + dy, size, size);
        wide[k] = Math.max(wide[k], out[i]);
      }
  }
  return wide;
}

/**
 * One small motif per cell of a 3×3 grid, some cells left empty (`skip` of them), each placed at random in its
 * cell between `lead` from the cell's start and `span` short of its end.
 */
function scatter(ctx: PaintContext, skip: number, lead: number, span: number, draw: (cx: number, cy: number) => void) {
  const cell = ctx.size / 3;
  for (let gy = 0; gy < 3; gy++)
    for (let gx = 0; gx < 3; gx++) {
      if (ctx.rng() < skip) continue;
      const cx = Math.floor(gx * cell + lead + ctx.rng() * (cell - span));
      const cy = Math.floor(gy * cell + lead + ctx.rng() * (cell - span));
      draw(cx, cy);
    }
}

/** Calls `f` on every joint pixel: the painter's joints where it marked them, else its darkest shade. */
function eachJoint(p: Paint, f: (i: number) => void): void {
  for (let i = 0; i < p.idx.length; i++) if (p.alpha[i] > 0 && (p.joints ? p.joints[i] === 1 : p.idx[i] === 0)) f(i);
}

export const OVERLAYS: Record<Overlay, Draw> = {
  veins(ctx, p, [dark, lit]) {
    const lines = veinLines(ctx);
    for (let i = 0; i < lines.length; i++) if (lines[i] && p.alpha[i] > 0) p.idx[i] = lines[i] === 2 ? lit : dark;
  },
  cracks(ctx, p, [dark, lit], o) {
    const { size, rng } = ctx;
    for (let k = 0; k < 3; k++) {
      let x = Math.floor(rng() * size);
      let y = Math.floor(rng() * size);
      const dx = rng() < 0.5 ? 1 : -1;
      for (let s = 0; s < Math.round(size * 0.6); s++) {
        put(p, x, y, o.glowing ? lit : dark);
        if (o.glowing) put(p, x + 1, y, dark);
        if (rng() < 0.55) y += 1;
        else x += rng() < 0.8 ? dx : -dx;
      }
    }
  },
  runes(ctx, p, [dark, lit]) {
    // Four small glyphs carved in a 2×2 grid of cells: a lit stroke with a dark cut to its top-left.
    const u = px(ctx);
    const GLYPHS = [
      ["x.x", ".x.", "x.x"],
      ["xxx", "x..", "xxx"],
      [".x.", "xxx", ".x."],
      ["x..", "xxx", "..x"],
    ];
    const cell = ctx.size / 2;
    GLYPHS.forEach((g, k) => {
      const ox = (k % 2) * cell + Math.round(cell / 2 - 1.5 * u);
      const oy = Math.floor(k / 2) * cell + Math.round(cell / 2 - 1.5 * u);
      g.forEach((row, gy) =>
        [...row].forEach((ch, gx) => {
          if (ch !== "x") return;
          for (let y = 0; y < u; y++)
            for (let x = 0; x < u; x++) {
              put(p, ox + gx * u + x - 1, oy + gy * u + y - 1, dark);
              put(p, ox + gx * u + x, oy + gy * u + y, lit);
            }
        }),
      );
    });
  },
  vines(ctx, p, [dark, lit]) {
    // Strands hanging down the whole tile (so they continue into the block below), leaves beside them. Each
    // strand sways on one period of a sine over the tile's height, so it meets itself across the top edge.
    const { size, rng } = ctx;
    const u = px(ctx);
    for (let k = 0; k < 3; k++) {
      const x0 = Math.floor(((k + 0.2 + rng() * 0.6) * size) / 3);
      const phase = rng() * 2 * Math.PI;
      for (let y = 0; y < size; y++) {
        const x = x0 + Math.round(Math.sin((2 * Math.PI * y) / size + phase) * 1.4 * u);
        put(p, x, y, dark);
        if (rng() < 0.35) {
          const side = rng() < 0.5 ? -1 : 1;
          for (let d = 1; d <= 2 * u; d++) put(p, x + side * d, y, lit);
        }
      }
    }
  },
  petals(ctx, p, [dark, lit]) {
    // Small five-pixel blossoms, one per cell of a 3×3 grid, jittered inside it.
    const u = px(ctx);
    scatter(ctx, 0.25, u, 2 * u, (cx, cy) => {
      for (const [dx, dy] of [
        [0, -1],
        [-1, 0],
        [1, 0],
        [0, 1],
      ])
        for (let y = 0; y < u; y++) for (let x = 0; x < u; x++) put(p, cx + dx * u + x, cy + dy * u + y, lit);
      for (let y = 0; y < u; y++) for (let x = 0; x < u; x++) put(p, cx + x, cy + y, dark);
    });
  },
  crystals(ctx, p, [dark, lit]) {
    // Small shards growing out of the surface, in some cells of a 3×3 grid: a lit face and a dark one.
    const u = px(ctx);
    const SHARD = [".L.", "LLD", "LDD"];
    scatter(ctx, 0.35, u, 3 * u, (cx, cy) =>
      SHARD.forEach((row, gy) =>
        [...row].forEach((ch, gx) => {
          if (ch === ".") return;
          for (let y = 0; y < u; y++)
            for (let x = 0; x < u; x++) put(p, cx + (gx - 1) * u + x, cy + gy * u + y, ch === "L" ? lit : dark);
        }),
      ),
    );
  },
  stars(ctx, p, [dark, lit]) {
    // Four-pointed stars, one in some cells of a 3×3 grid: a lit cross with dark points, bigger than a blossom.
    const u = px(ctx);
    scatter(ctx, 0.4, 2 * u, 4 * u, (cx, cy) => {
      const dab = (dx: number, dy: number, idx: number) => {
        for (let y = 0; y < u; y++) for (let x = 0; x < u; x++) put(p, cx + dx * u + x, cy + dy * u + y, idx);
      };
      dab(0, 0, lit);
      for (const [dx, dy] of [
        [0, -1],
        [-1, 0],
        [1, 0],
        [0, 1],
      ]) {
        dab(dx, dy, lit);
        dab(2 * dx, 2 * dy, dark);
      }
    });
  },
  rivets(ctx, p, [dark, lit]) {
    const u = px(ctx);
    for (const cx of [2, 13])
      for (const cy of [2, 13])
        for (let y = 0; y < u; y++)
          for (let x = 0; x < u; x++) {
            put(p, Math.round(cx * ctx.unit) + x, Math.round(cy * ctx.unit) + y, lit);
            put(p, Math.round(cx * ctx.unit) + x + u, Math.round(cy * ctx.unit) + y + u, dark);
          }
  },
  corners(ctx, p, [dark, lit]) {
    // L-shaped brackets at the four corners, mirrored, so neighbouring blocks meet bracket to bracket.
    const s = ctx.size;
    const len = Math.round(4 * ctx.unit);
    const t = px(ctx);
    for (let a = 0; a < len; a++)
      for (let b = 0; b < t; b++)
        for (const [fx, fy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ]) {
          const X = (v: number) => (fx ? s - 1 - v : v);
          const Y = (v: number) => (fy ? s - 1 - v : v);
          put(p, X(a), Y(b), fy ? dark : lit);
          put(p, X(b), Y(a), fx ? dark : lit);
        }
  },
  border(ctx, p, [dark, lit]) {
    const s = ctx.size;
    const t = px(ctx);
    for (let a = 0; a < s; a++)
      for (let b = 0; b < t; b++) {
        put(p, a, b, lit);
        put(p, b, a, lit);
        put(p, a, s - 1 - b, dark);
        put(p, s - 1 - b, a, dark);
      }
  },
  dots(ctx, p, [dark, lit]) {
    const cell = ctx.size / 4;
    const u = px(ctx);
    for (let gy = 0; gy < 4; gy++)
      for (let gx = 0; gx < 4; gx++) {
        if ((gx + gy) % 2) continue;
        const x0 = Math.round(gx * cell + cell / 2 - u);
        const y0 = Math.round(gy * cell + cell / 2 - u);
        for (let y = 0; y < 2 * u; y++)
          for (let x = 0; x < 2 * u; x++) put(p, x0 + x, y0 + y, y < u && x < u ? lit : dark);
      }
  },
  snow(ctx, p, [dark, lit]) {
    // A cover on the block's top with a wavy edge (periodic across the tile), shaded under its lip.
    const { size, rng } = ctx;
    const wave = normalise(fbm(size, 1, rng, { cells: 4, octaves: 2 }));
    for (let x = 0; x < size; x++) {
      const depth = Math.round((2.5 + wave[x] * 2) * ctx.unit);
      for (let y = 0; y < depth; y++) put(p, x, y, y === depth - 1 ? dark : lit);
    }
  },
  frost(ctx, p, [dark, lit]) {
    const sp = speckle(ctx.size, ctx.size, ctx.rng);
    for (let i = 0; i < sp.length; i++) if (p.alpha[i] > 0 && sp[i] > 0.86) p.idx[i] = sp[i] > 0.95 ? lit : dark;
  },
  leaves(ctx, p, [dark, lit]) {
    // Fallen leaves: small diagonal blades, one per cell of a 3×3 grid, jittered, each with a dark vein side.
    const u = px(ctx);
    scatter(ctx, 0.2, 0, 3 * u, (cx, cy) => {
      const flip = ctx.rng() < 0.5;
      for (let k = 0; k < 3; k++)
        for (let y = 0; y < u; y++)
          for (let x = 0; x < u; x++) {
            const lx = flip ? 2 - k : k;
            put(p, cx + lx * u + x, cy + k * u + y, lit);
            if (k < 2) put(p, cx + (flip ? lx - 1 : lx + 1) * u + x, cy + k * u + y, k === 0 ? lit : dark);
          }
    });
  },
  lattice(ctx, p, [dark, lit]) {
    // Leaded glass: diagonal cames crossing in diamonds, two per tile each way (so they meet across edges),
    // solid where the glass around them is clear; a lit pixel above each crossing.
    const s = ctx.size;
    const t = px(ctx);
    const k = s / 2;
    for (let y = 0; y < s; y++)
      for (let x = 0; x < s; x++) {
        const a = (((x + y) % k) + k) % k;
        const b = (((x - y) % k) + k) % k;
        if (a < t || b < t) {
          const i = y * s + x;
          p.idx[i] = a < t && b < t ? lit : dark;
          p.alpha[i] = 255;
        }
      }
  },
  sand(_ctx, p, [dark, lit]) {
    // Sand fills the joints, grainy: two shades in turn.
    eachJoint(p, (i) => {
      p.idx[i] = i % 3 ? lit : dark;
    });
  },
  grout(_ctx, p, [dark, lit]) {
    // Coloured grout or mortar: the joints in one flat colour, shaded where they cross.
    const s = p.size;
    eachJoint(p, (i) => {
      const x = i % s;
      const y = (i - x) / s;
      const crossing = p.joints?.[y * s + ((x + 1) % s)] && p.joints?.[((y + 1) % s) * s + x];
      p.idx[i] = crossing ? dark : lit;
    });
  },
  bands(ctx, p, [dark, lit]) {
    // Two straps across the whole tile (a door's or a barrel's own bands, recoloured): lit on top, dark below,
    // a rivet's pixel on each at the quarter points. Full width, so they run on into the next block.
    const s = ctx.size;
    const h = Math.max(2, Math.round(2 * ctx.unit));
    for (const top of [Math.round(3 * ctx.unit), Math.round(11 * ctx.unit)])
      for (let y = top; y < top + h; y++)
        for (let x = 0; x < s; x++) {
          const rivet = y === top && (x === Math.round(4 * ctx.unit) || x === Math.round(12 * ctx.unit));
          put(p, x, y, y < top + h / 2 && !rivet ? lit : dark);
        }
  },
  stripes(ctx, p, [dark, lit]) {
    // Diagonal bands two vanilla pixels wide with a dark lower edge, a period that divides the tile (so they
    // run on across its edges and into the next block).
    const s = ctx.size;
    const period = s % 2 ? s : s / 2;
    const w = Math.max(2, Math.round(2 * ctx.unit));
    const edge = px(ctx);
    for (let y = 0; y < s; y++)
      for (let x = 0; x < s; x++) {
        const d = (x + y) % period;
        if (d < w) put(p, x, y, d >= w - edge ? dark : lit);
      }
  },
  moss(ctx, p, [dark, lit]) {
    // Moss in soft patches, in a colour of its own.
    const { size, rng } = ctx;
    const patches = normalise(fbm(size, size, rng, { cells: 4, octaves: 3, gain: 0.6 }));
    const sp = speckle(size, size, rng);
    for (let i = 0; i < p.idx.length; i++) {
      const cover = patches[i] + (sp[i] - 0.5) * 0.25;
      if (cover > 0.62 && p.alpha[i] > 0) p.idx[i] = sp[i] > 0.55 ? lit : dark;
    }
  },
};
