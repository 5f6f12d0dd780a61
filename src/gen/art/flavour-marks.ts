/**
 * The marks of the flavours (art/flavours.ts `marks`): spots, glints, rims, trims, scratches, grain, sheen, cracks
 * and chips, each painted over the canvas's own next shade where it can (flavour-canvas.ts says where a mark may
 * land), at places a seeded rng picks.
 */
import type { Rng } from "../rng.ts";
import { type Rgb, hexToRgb, luminance, mix, rgbToHsl } from "./colour.ts";
import type { Mark, MarkColour } from "./flavours.ts";
import { NEIGHBOURS } from "./flavour-shape.ts";
import { body, type Canvas, edges, inside, isEdge, ring, wrapAt } from "./flavour-canvas.ts";

/** The picture's next shade darker or lighter than `at` (no new colour), or a mixed one at the ends of its range. */
function stepShade(c: Canvas, at: Rgb, dir: 1 | -1): Rgb {
  const own = luminance(at);
  let best: Rgb | null = null;
  let bestL = dir > 0 ? Infinity : -Infinity;
  const seen = new Set<string>();
  for (let i = 0; i < c.rgb.length; i++) {
    if (!c.alpha[i]) continue;
    const key = c.rgb[i].join();
    if (seen.has(key)) continue;
    seen.add(key);
    const l = luminance(c.rgb[i]);
    // Far enough to be seen, near enough in hue to be the same surface's shade.
    if (dir > 0 ? l > own + 14 && l < bestL : l < own - 14 && l > bestL) {
      if (hueGap(c.rgb[i], at) > 0.12) continue;
      best = c.rgb[i];
      bestL = l;
    }
  }
  return best ?? mix(at, dir > 0 ? [255, 255, 255] : [0, 0, 0], 0.3);
}

function hueGap(a: Rgb, b: Rgb): number {
  const [ha, sa] = rgbToHsl(a);
  const [hb, sb] = rgbToHsl(b);
  if (sa < 0.12 || sb < 0.12) return 0;
  const d = Math.abs(ha - hb);
  return Math.min(d, 1 - d);
}

/** The colour a mark paints over pixel `i`. */
function markColour(c: Canvas, colour: MarkColour, i: number, cache: Map<string, Rgb>): Rgb {
  if (colour.startsWith("#")) return hexToRgb(colour)!;
  const key = `${colour}|${c.rgb[i].join()}`;
  let out = cache.get(key);
  if (!out) {
    out = stepShade(c, c.rgb[i], colour === "lighter" ? 1 : -1);
    cache.set(key, out);
  }
  return out;
}

export function paintMark(c: Canvas, m: Mark, rng: Rng): void {
  const cache = new Map<string, Rgb>();
  const inner = body(c);
  if (!inner.length) return;
  const pick = () => inner[Math.floor(rng() * inner.length)];
  const paint = (i: number, colour: MarkColour) => {
    c.rgb[i] = markColour(c, colour, i, cache);
  };
  const step = (i: number, dx: number, dy: number): number | null => {
    const x = (i % c.w) + dx;
    const y = Math.floor(i / c.w) + dy;
    const j = c.wrap ? wrapAt(c, x, y) : y * c.w + x;
    if (c.only && !c.only[j]) return null;
    if (c.wrap) return j;
    return inside(c, x, y) && !isEdge(c, x, y) ? j : null;
  };
  switch (m.kind) {
    case "spots": {
      // At least one spot, so a small icon still shows it; a part said to be rusty or mossy is mostly so (its few
      // pixels would otherwise take one speck).
      const share = c.only ? Math.min(0.5, m.share * 3) : m.share;
      const n = Math.max(1, Math.round(inner.length * share));
      const mid = m.shaded ? median(c, inner) : 0;
      const shade = m.shaded ? inner.filter((i) => luminance(c.rgb[i]) <= mid) : inner;
      for (let k = 0; k < n && shade.length; k++) {
        const i = m.shaded ? shade[Math.floor(rng() * shade.length)] : pick();
        const colour = markColour(c, m.colour, i, cache);
        c.rgb[i] = colour;
        const j = m.blotch ? step(i, 1, 0) : null;
        if (j !== null) c.rgb[j] = colour;
      }
      return;
    }
    case "glints": {
      const mid = median(c, inner);
      const lit = inner.filter((i) => luminance(c.rgb[i]) >= mid);
      const n = Math.max(1, Math.round(inner.length * m.share));
      for (let k = 0; k < n && lit.length; k++) paint(lit[Math.floor(rng() * lit.length)], m.colour);
      return;
    }
    case "rim":
      for (const i of ring(c, m.side)) paint(i, m.colour);
      return;
    case "trim": {
      // Sprites: dots along the inside of the outline. Textures: a dotted border on the tile's top row and left
      // column, which repeats as a frame around every block.
      const at = c.wrap ? inner.filter((i) => i < c.w || i % c.w === 0) : ring(c, "all");
      for (const i of at) if (((i % c.w) + Math.floor(i / c.w)) % 2 === 0) paint(i, m.colour);
      return;
    }
    case "scratches":
      for (let k = 0; k < m.count; k++) {
        let i: number | null = pick();
        for (let s = 0; s < 3 && i !== null; s++) {
          paint(i, m.colour);
          i = step(i, 1, 1);
        }
      }
      return;
    case "grain":
      for (const i of inner) {
        const r = rng();
        if (r < m.share / 2) paint(i, "darker");
        else if (r < m.share) paint(i, "lighter");
      }
      return;
    case "sheen": {
      // Bands of period 8 (a divisor of every texture size), so a texture still tiles.
      const tint = hexToRgb(m.colour as string) ?? [196, 140, 255];
      for (const i of inner) {
        const x = i % c.w;
        if ((x + Math.floor(i / c.w)) % 8 < 2) c.rgb[i] = mix(c.rgb[i], tint, 0.4);
      }
      return;
    }
    case "crack": {
      const dark = m.colour?.startsWith("#") ? hexToRgb(m.colour)! : darkest(c);
      if (c.only) {
        partCrack(c, inner, dark, rng);
        return;
      }
      let x = inner[Math.floor(rng() * inner.length)] % c.w;
      // Steps left and right that sum to nothing, so on a texture the line meets itself across the tile's edge.
      const half = Array.from({ length: c.h >> 1 }, () => Math.floor(rng() * 3) - 1);
      const steps = [...half, ...half.map((d) => -d).reverse(), ...(c.h % 2 ? [0] : [])];
      for (let y = 0; y < c.h; y++) {
        if (y > 0) x += steps[y - 1];
        const i = c.wrap ? wrapAt(c, x, y) : y * c.w + x;
        if (c.wrap ? true : inside(c, x, y) && !isEdge(c, x, y)) c.rgb[i] = dark;
      }
      return;
    }
    case "chips":
      for (let k = 0; k < m.count; k++) chip(c, rng);
      return;
  }
}

/** A notch out of a sprite's edge (the outline moves in), or a dark two-pixel pit in a texture. */
function chip(c: Canvas, rng: Rng): void {
  if (c.wrap) {
    const part = c.only && body(c);
    const i = part ? part[Math.floor(rng() * part.length)] : Math.floor(rng() * c.rgb.length);
    const dark = darkest(c);
    c.rgb[i] = dark;
    const j = wrapAt(c, (i % c.w) + 1, Math.floor(i / c.w));
    if (!c.only || c.only[j]) c.rgb[j] = dark;
    return;
  }
  // Keep thin shapes whole: a sprite with little inside, or an edge pixel with little behind it, is not bitten.
  if (body(c).length <= 12) return;
  const biteable = edges(c).filter((i) => {
    const x = i % c.w;
    const y = (i - x) / c.w;
    return NEIGHBOURS.filter(([dx, dy]) => inside(c, x + dx, y + dy)).length >= 2;
  });
  if (!biteable.length) return;
  const i = biteable[Math.floor(rng() * biteable.length)];
  const outline = c.rgb[i];
  c.alpha[i] = 0;
  const x = i % c.w;
  const y = (i - x) / c.w;
  for (const [dx, dy] of NEIGHBOURS) {
    const j = (y + dy) * c.w + x + dx;
    if (inside(c, x + dx, y + dy) && (!c.only || c.only[j])) c.rgb[j] = outline;
  }
}

/**
 * A crack along one part: a walk from a seeded pixel of the part through its own pixels (a crack across the whole
 * picture would mostly miss a thin handle), about a third of the part long.
 */
function partCrack(c: Canvas, inner: number[], dark: Rgb, rng: Rng): void {
  const at = new Set(inner);
  let i = inner[Math.floor(rng() * inner.length)];
  const seen = new Set([i]);
  for (let n = Math.max(3, Math.round(inner.length / 3)); n > 0; n--) {
    c.rgb[i] = dark;
    const x = i % c.w;
    const next = EIGHT.map(([dx, dy]) => i + dy * c.w + dx).filter(
      (j, k) => at.has(j) && !seen.has(j) && Math.abs((j % c.w) - x) === Math.abs(EIGHT[k][0]),
    );
    if (!next.length) return;
    i = next[Math.floor(rng() * next.length)];
    seen.add(i);
  }
}

const EIGHT: [number, number][] = [...NEIGHBOURS, [-1, -1], [1, -1], [-1, 1], [1, 1]];

function darkest(c: Canvas): Rgb {
  let best: Rgb = [20, 18, 16];
  let bestL = Infinity;
  for (let i = 0; i < c.rgb.length; i++)
    if (c.alpha[i] && luminance(c.rgb[i]) < bestL) [best, bestL] = [c.rgb[i], luminance(c.rgb[i])];
  return best;
}

function median(c: Canvas, at: number[]): number {
  const ls = at.map((i) => luminance(c.rgb[i])).sort((a, b) => a - b);
  return ls[ls.length >> 1];
}
