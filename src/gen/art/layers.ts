/**
 * Texture overlays that carry their own colour: the layer stack's third layer (structure × material ×
 * overlays × wear × light). A prompt names them with an optional colour or material before the word ("gold
 * veins", "pink blossoms", "lava cracks", "glowing runes", "ivy", "snow"); that colour is the overlay's, not the
 * surface's. Each overlay adds two shades (lit and dark) to the canvas and draws in wrapped coordinates or
 * symmetric about the tile, so every structure with any overlays still tiles.
 */
import type { Paint, PaintContext } from "./paint";
import { fbm, normalise, speckle, wrapIndex } from "./noise";
import { type Rgb, hexToRgb, mix, ramp } from "./colour";
import { COLOURS, MINERALS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "./vocabulary";

export type Overlay =
  | "veins"
  | "cracks"
  | "runes"
  | "vines"
  | "petals"
  | "rivets"
  | "corners"
  | "border"
  | "dots"
  | "snow"
  | "frost"
  | "sand"
  | "lattice"
  | "leaves";

/** Words naming an overlay (singular and plural). */
export const OVERLAY_WORDS: Record<string, Overlay> = {
  veins: "veins",
  vein: "veins",
  veined: "veins",
  cracks: "cracks",
  crack: "cracks",
  runes: "runes",
  rune: "runes",
  glyphs: "runes",
  carvings: "runes",
  symbols: "runes",
  ivy: "vines",
  vines: "vines",
  vine: "vines",
  creepers: "vines",
  petals: "petals",
  blossoms: "petals",
  blossom: "petals",
  flowers: "petals",
  rivets: "rivets",
  bolts: "rivets",
  studs: "rivets",
  corners: "corners",
  brackets: "corners",
  border: "border",
  borders: "border",
  trim: "border",
  edging: "border",
  frame: "border",
  dots: "dots",
  spots: "dots",
  polka: "dots",
  snowy: "snow",
  frost: "frost",
  frosted: "frost",
  frosty: "frost",
  joints: "sand",
  lattice: "lattice",
  leaded: "lattice",
  latticed: "lattice",
  motif: "lattice",
  diamonds: "lattice",
  leaves: "leaves",
  leaf: "leaves",
};

/** What an overlay is drawn in when the prompt gives it no colour. */
const DEFAULT_COLOUR: Record<Overlay, string> = {
  veins: "#3a3a40",
  cracks: "#26262a",
  runes: "#3fe3e0",
  vines: "#3f7f22",
  petals: "#f2a6c8",
  rivets: "#b9bcc2",
  corners: "#9a9ca3",
  border: "#d9b23a",
  dots: "#f4f1e8",
  snow: "#f4f8fb",
  frost: "#dcecf7",
  sand: "#dacf9e",
  lattice: "#3b3b42",
  leaves: "#c8702a",
};
const WEAR_TWINS = new Set<Overlay>(["veins", "cracks", "dots", "rivets"]);
/** Words that put leaves on a surface rather than make the surface of leaves. */
const LYING = new Set(["with", "fallen", "autumn", "scattered", "dry", "dead"]);
/** Words that light an overlay from within: "glowing cracks", "lava cracks". */
const GLOW: Record<string, string> = { glowing: "#ffb43c", lava: "#ff8a1e", molten: "#ff8a1e", magma: "#ff8a1e" };

export interface OverlaySpec {
  overlay: Overlay;
  colour: Rgb;
  glowing: boolean;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);

/** A word's colour as a material or colour ("gold", "pink", "cyan"), or null. */
function colourOf(word: string): Rgb | null {
  const w = SYNONYMS[word] ?? word;
  if (w in COLOURS) return hexToRgb(COLOURS[w]);
  if (w in SUBSTANCES) return hexToRgb(SUBSTANCES[w].colour);
  if (w in MINERALS) return hexToRgb(SUBSTANCES[w]?.colour ?? MINERALS[w]);
  if (w in WOODS && w !== "wood") return hexToRgb(WOODS[w].planks);
  return null;
}

/**
 * The overlays a texture prompt names, each with its colour, and the word positions its colour took (those
 * words describe the overlay, so the surface's material reading must not see them).
 */
export function readOverlays(text: string): { overlays: OverlaySpec[]; taken: Set<number> } {
  const ws = words(text);
  const overlays: OverlaySpec[] = [];
  const taken = new Set<number>();
  ws.forEach((w, i) => {
    const overlay = OVERLAY_WORDS[w];
    if (!overlay) return;
    const mine: number[] = [];
    const sandAt = ws.slice(0, i).findLastIndex((x, j) => j >= i - 3 && (x === "sand" || x === "sandy"));
    if (overlay === "sand" && sandAt < 0) return;
    // The overlay's own word is no material of the surface: snowy bricks are bricks, sand in joints is no sand block.
    if (overlay === "sand") mine.push(sandAt);
    if (overlay === "snow" || overlay === "frost") mine.push(i);
    // Leaves are a surface of their own ("oak leaves") unless they lie on one named before them: "cobblestone
    // with fallen leaves" (the first surface word names the surface, as the interpretation reports it).
    if (overlay === "leaves") {
      const onSurface = ws.slice(0, i).some((x) => x in STRUCTURE_WORDS && STRUCTURE_WORDS[x] !== "leaves");
      if (!onSurface || !ws.slice(Math.max(0, i - 3), i).some((x) => LYING.has(x))) return;
      mine.push(i);
    }
    let colour: Rgb | null = null;
    let glowing = false;
    for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
      // "a diamond motif" is the lattice's shape, not a diamond-coloured one.
      if (overlay === "lattice" && ws[j] === "diamond") {
        mine.push(j);
        continue;
      }
      if (GLOW[ws[j]]) {
        glowing = true;
        mine.push(j);
        continue;
      }
      const c = overlay === "sand" ? null : colourOf(ws[j]);
      if (c && !colour) {
        colour = c;
        mine.push(j);
      } else break;
    }
    // Veins, spots and bolts said plainly (or only glowing) are the surface's own wear, drawn by the `veined`,
    // `spotted`, `riveted` modifiers in its shades; with a colour they are an overlay of their own. Cracks that
    // glow ("lava cracks") are an overlay; plain ones are the `cracked` wear.
    if (WEAR_TWINS.has(overlay) && !colour && !(overlay === "cracks" && glowing)) return;
    if (overlay === "cracks" && glowing && !colour) colour = hexToRgb(GLOW[ws[mine[0]]] ?? GLOW.glowing);
    for (const k of mine) taken.add(k);
    if (overlays.some((o) => o.overlay === overlay)) return;
    overlays.push({ overlay, colour: colour ?? hexToRgb(DEFAULT_COLOUR[overlay])!, glowing });
  });
  return { overlays, taken };
}

/** The prompt without the words that coloured an overlay ("cherry planks with pink blossoms" → no "pink"). */
export function withoutOverlayColours(text: string): string {
  const { taken } = readOverlays(text);
  return words(text)
    .filter((_, i) => !taken.has(i))
    .join(" ");
}

/** Adds the overlay's dark and lit shades to the canvas; returns their indices. */
function shadesOf(p: Paint, c: Rgb, glowing: boolean): [number, number] {
  const r = ramp(c, 4, glowing ? 0.3 : 0.4);
  p.colours.push(r[1], glowing ? mix(r[3], [255, 255, 220], 0.3) : r[2]);
  return [p.colours.length - 2, p.colours.length - 1];
}

/** Draws every overlay, in the order the prompt named them. */
export function paintOverlays(ctx: PaintContext, p: Paint, overlays: OverlaySpec[]): void {
  for (const o of overlays) OVERLAYS[o.overlay](ctx, p, shadesOf(p, o.colour, o.glowing), o);
}

type Draw = (ctx: PaintContext, p: Paint, shades: [number, number], o: OverlaySpec) => void;
const put = (p: Paint, x: number, y: number, idx: number) => {
  const i = wrapIndex(x, y, p.size, p.size);
  if (p.alpha[i] > 0) p.idx[i] = idx;
};
const px = (ctx: PaintContext) => Math.max(1, Math.round(ctx.unit));

const OVERLAYS: Record<Overlay, Draw> = {
  veins(ctx, p, [dark, lit]) {
    const field = normalise(fbm(ctx.size, ctx.size, ctx.rng, { cells: 3, octaves: 2 }));
    const width = 0.04 * Math.max(1, 16 / ctx.size) ** 0.5;
    for (let i = 0; i < field.length; i++) {
      const d = Math.abs(field[i] - 0.5);
      if (d < width && p.alpha[i] > 0) p.idx[i] = d < width / 2 ? lit : dark;
    }
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
    // Strands hanging down the whole tile (so they continue into the block below), leaves beside them.
    const { size, rng } = ctx;
    const u = px(ctx);
    for (let k = 0; k < 3; k++) {
      let x = Math.floor(((k + 0.2 + rng() * 0.6) * size) / 3);
      for (let y = 0; y < size; y++) {
        put(p, x, y, dark);
        if (rng() < 0.35) {
          const side = rng() < 0.5 ? -1 : 1;
          for (let d = 1; d <= 2 * u; d++) put(p, x + side * d, y, lit);
        }
        if (rng() < 0.15) x += rng() < 0.5 ? -1 : 1;
      }
    }
  },
  petals(ctx, p, [dark, lit]) {
    // Small five-pixel blossoms, one per cell of a 3×3 grid, jittered inside it.
    const { size, rng } = ctx;
    const u = px(ctx);
    const cell = size / 3;
    for (let gy = 0; gy < 3; gy++)
      for (let gx = 0; gx < 3; gx++) {
        if (rng() < 0.25) continue;
        const cx = Math.floor(gx * cell + u + rng() * (cell - 2 * u));
        const cy = Math.floor(gy * cell + u + rng() * (cell - 2 * u));
        for (const [dx, dy] of [
          [0, -1],
          [-1, 0],
          [1, 0],
          [0, 1],
        ])
          for (let y = 0; y < u; y++) for (let x = 0; x < u; x++) put(p, cx + dx * u + x, cy + dy * u + y, lit);
        for (let y = 0; y < u; y++) for (let x = 0; x < u; x++) put(p, cx + x, cy + y, dark);
      }
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
    const { size, rng } = ctx;
    const u = px(ctx);
    const cell = size / 3;
    for (let gy = 0; gy < 3; gy++)
      for (let gx = 0; gx < 3; gx++) {
        if (rng() < 0.2) continue;
        const cx = Math.floor(gx * cell + rng() * (cell - 3 * u));
        const cy = Math.floor(gy * cell + rng() * (cell - 3 * u));
        const flip = rng() < 0.5;
        for (let k = 0; k < 3; k++)
          for (let y = 0; y < u; y++)
            for (let x = 0; x < u; x++) {
              const lx = flip ? 2 - k : k;
              put(p, cx + lx * u + x, cy + k * u + y, lit);
              if (k < 2) put(p, cx + (flip ? lx - 1 : lx + 1) * u + x, cy + k * u + y, k === 0 ? lit : dark);
            }
      }
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
    // Joints are the structure's darkest shade: sand fills them.
    for (let i = 0; i < p.idx.length; i++) if (p.idx[i] === 0 && p.alpha[i] > 0) p.idx[i] = i % 3 ? lit : dark;
  },
};

/** At most `max` colours in use: the closest used pair merges (the rarer into the commoner) until it fits. */
export function limitColours(p: Paint, max = 12): void {
  // Fast path: no more indices in use than allowed means no more colours either.
  const seen = new Uint8Array(256);
  let used = 0;
  for (let i = 0; i < p.idx.length; i++)
    if (p.alpha[i] > 0 && !seen[p.idx[i]]) {
      seen[p.idx[i]] = 1;
      used++;
    }
  if (used <= max) return;
  for (;;) {
    const count = new Map<number, number>();
    for (let i = 0; i < p.idx.length; i++) if (p.alpha[i] > 0) count.set(p.idx[i], (count.get(p.idx[i]) ?? 0) + 1);
    // Distinct RGB values, not indices: two indices of one colour are one colour.
    const byColour = new Map<string, number>();
    for (const k of count.keys()) byColour.set(p.colours[k].join(), k);
    if (byColour.size <= max) return;
    const used = [...byColour.values()];
    let best: [number, number] = [used[0], used[1]];
    let bestD = Infinity;
    for (let a = 0; a < used.length; a++)
      for (let b = a + 1; b < used.length; b++) {
        const ca = p.colours[used[a]];
        const cb = p.colours[used[b]];
        const d = (ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2 + (ca[2] - cb[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = [used[a], used[b]];
        }
      }
    const [a, b] = (count.get(best[0]) ?? 0) >= (count.get(best[1]) ?? 0) ? best : [best[1], best[0]];
    const target = p.colours[a];
    for (let i = 0; i < p.colours.length; i++) if (p.colours[i].join() === p.colours[b].join()) p.colours[i] = target;
  }
}
