/**
 * Paints the flavours of art/flavours.ts: one implementation over a plain RGB canvas, used on finished sprites
 * (items, icons, the drawn library: a silhouette with a one-pixel outline on a transparent ground) and on
 * block textures (a torus: every neighbour wraps, so whatever is drawn still tiles exactly).
 *
 * What keeps the game's look: colour shifts map each colour to one colour (the count never grows); marks use
 * the picture's own next shade up or down where they can, and one colour of their own where they must (frost,
 * rust, soot); sprites are then held to 12 colours by merging the closest pair, as textures are by
 * layers.ts limitColours. Marks land where a seeded rng says, so the same prompt and seed give the same picture.
 */
import type { Rng } from "../rng.ts";
import { type Rgb, hexToRgb, hslToRgb, luminance, mix, rgbToHsl } from "./colour.ts";
import type { Rgba } from "../../media/png.ts";
import { FLAVOUR_TABLE, type FlavourName, type Mark, type MarkColour, type Shift } from "./flavours.ts";
import type { Paint } from "./paint.ts";
import { NEIGHBOURS } from "./flavour-shape.ts";

/** A picture being flavoured: one colour per pixel, 0 alpha where nothing is drawn. */
interface Canvas {
  w: number;
  h: number;
  rgb: Rgb[];
  alpha: Uint8Array;
  /** Textures: neighbours wrap and there is no silhouette to bite into. */
  wrap: boolean;
  /**
   * A part's pixels (1), when the flavour is said of one part ("a sword with a rusty blade"): marks and shifts
   * land there only and no other pixel changes. Absent: the whole picture, as every flavour said of the subject.
   */
  only?: Uint8Array;
}

/** Flavours a finished sprite in place; `only`: the pixels of the one part they are said of. */
export function flavourSprite(img: Rgba, flavours: readonly FlavourName[], rng: Rng, only?: Uint8Array): Rgba {
  if (!flavours.length) return img;
  const c: Canvas = {
    w: img.width,
    h: img.height,
    rgb: [],
    alpha: new Uint8Array(img.width * img.height),
    wrap: false,
    ...(only ? { only } : {}),
  };
  for (let i = 0; i < c.alpha.length; i++) {
    c.rgb.push([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]]);
    c.alpha[i] = img.data[i * 4 + 3];
  }
  for (const f of flavours) paintFlavour(c, f, rng);
  limitCanvas(c, 12);
  for (let i = 0; i < c.alpha.length; i++) {
    img.data.set(c.alpha[i] ? c.rgb[i] : [0, 0, 0], i * 4);
    // A bitten-out pixel is cleared; glass keeps its own partial alpha.
    img.data[i * 4 + 3] = c.alpha[i];
  }
  return img;
}

/**
 * Flavours a block texture's indexed canvas in place. Flavours that block textures already draw as wear in
 * their material (weathered, rusty, mossy, polished…) are left to it; silhouette flavours have no silhouette
 * here. The caller limits the colours afterwards (layers.ts limitColours).
 */
export function flavourTexture(p: Paint, flavours: readonly FlavourName[], rng: Rng, only?: Uint8Array): void {
  // On one overlay ("mossy cracks") the material's own wear flavours are drawn too: the overlay has none.
  const drawn = flavours.filter((f) => drawsOnTexture(f) || (only && FLAVOUR_TABLE[f].marks?.length));
  if (!drawn.length) return;
  const c: Canvas = {
    w: p.size,
    h: p.size,
    rgb: Array.from(p.idx, (k) => p.colours[k]),
    alpha: p.alpha,
    wrap: true,
    ...(only ? { only } : {}),
  };
  const before = only && new Set(c.rgb.map((rgb, i) => (c.alpha[i] ? rgb.join() : ""))).size - 1;
  for (const f of drawn) paintFlavour(c, f, rng);
  if (only) {
    keepIndices(p, c, Math.max(12, before || 0));
    return;
  }
  const index = new Map<string, number>();
  const colours: Rgb[] = [];
  for (let i = 0; i < c.rgb.length; i++) {
    const key = c.rgb[i].join();
    let k = index.get(key);
    if (k === undefined) {
      k = colours.push(c.rgb[i]) - 1;
      index.set(key, k);
    }
    p.idx[i] = k;
  }
  p.colours = colours;
}

/**
 * Flavours a finished tile (RGBA) in place with every mark and shift of its flavours, wrapping at the edges so it
 * still tiles, and held to 12 colours: a model slot's texture that a flavour was said of ("a chest with rusty
 * trim"), where, unlike a whole block texture, the material draws no wear of its own.
 */
export function flavourTile(img: Rgba, flavours: readonly FlavourName[], rng: Rng): Rgba {
  const c: Canvas = { w: img.width, h: img.height, rgb: [], alpha: new Uint8Array(img.width * img.height), wrap: true };
  for (let i = 0; i < c.alpha.length; i++) {
    c.rgb.push([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]]);
    c.alpha[i] = img.data[i * 4 + 3];
  }
  for (const f of flavours) paintFlavour(c, f, rng);
  limitCanvas(c, 12);
  for (let i = 0; i < c.alpha.length; i++) if (c.alpha[i]) img.data.set(c.rgb[i], i * 4);
  return img;
}

/**
 * Writes a canvas flavoured on one overlay back to the indexed tile: the other pixels keep their indices and the
 * palette keeps its order, the flavour's colours appended (limited to 12 in all, or the count it had, merged only
 * inside the overlay),
 * so nothing outside the overlay changes.
 */
function keepIndices(p: Paint, c: Canvas, max: number): void {
  limitCanvas(c, max);
  const index = new Map(p.colours.map((rgb, k) => [rgb.join(), k] as const).reverse());
  for (let i = 0; i < c.rgb.length; i++) {
    if (!c.only![i]) continue;
    const key = c.rgb[i].join();
    let k = index.get(key);
    if (k === undefined) {
      k = p.colours.push(c.rgb[i]) - 1;
      index.set(key, k);
    }
    p.idx[i] = k;
  }
}

/**
 * A palette shifted by the flavours that have a colour shift (GUI and HUD themes: their panels keep their own
 * layout, so only their colours take the flavour). The shades keep their order and their count.
 */
export function shiftPalette(colours: readonly Rgb[], flavours: readonly FlavourName[]): Rgb[] {
  const drawn = flavours.filter((f) => drawsOnTheme(f));
  if (!drawn.length) return [...colours];
  const c: Canvas = {
    w: colours.length,
    h: 1,
    rgb: [...colours],
    alpha: new Uint8Array(colours.length).fill(255),
    wrap: true,
  };
  for (const f of drawn) shiftColours(c, FLAVOUR_TABLE[f].shift!);
  return c.rgb;
}

/** Whether a flavour changes a GUI or HUD theme: it shifts colours, and is not the material's own wear. */
export const drawsOnTheme = (f: FlavourName): boolean => !FLAVOUR_TABLE[f].wear && !!FLAVOUR_TABLE[f].shift;

/** Whether a flavour changes a block texture: it has colours or marks, and is not the material's own wear. */
export const drawsOnTexture = (f: FlavourName): boolean => {
  const d = FLAVOUR_TABLE[f];
  return !d.wear && !!(d.shift || d.marks?.length);
};

function paintFlavour(c: Canvas, name: FlavourName, rng: Rng): void {
  const f = FLAVOUR_TABLE[name];
  if (f.shift) shiftColours(c, f.shift);
  for (const m of f.marks ?? []) paintMark(c, m, rng);
}

const inside = (c: Canvas, x: number, y: number): boolean => {
  if (c.wrap) return c.alpha[wrapAt(c, x, y)] > 0;
  return x >= 0 && y >= 0 && x < c.w && y < c.h && c.alpha[y * c.w + x] > 0;
};
const wrapAt = (c: Canvas, x: number, y: number) => (((y % c.h) + c.h) % c.h) * c.w + (((x % c.w) + c.w) % c.w);

/** Sprites: the outline (a drawn pixel beside the ground). Textures have none. */
function isEdge(c: Canvas, x: number, y: number): boolean {
  if (c.wrap || !inside(c, x, y)) return false;
  return NEIGHBOURS.some(([dx, dy]) => !inside(c, x + dx, y + dy));
}

/**
 * Drawn pixels a mark may paint: inside the outline (sprites), every drawn pixel (textures); on one part, its
 * pixels inside the outline, or all of them when it is too thin to have an inside (a bow's string).
 */
function body(c: Canvas): number[] {
  const out: number[] = [];
  for (let y = 0; y < c.h; y++)
    for (let x = 0; x < c.w; x++) if (inside(c, x, y) && !isEdge(c, x, y)) out.push(y * c.w + x);
  if (!c.only) return out;
  const part = out.filter((i) => c.only![i]);
  if (part.length >= 2) return part;
  return c.alpha.reduce<number[]>((all, a, i) => (a && c.only![i] ? [...all, i] : all), []);
}

/**
 * The ring just inside the outline (sprites), or on a texture the pixels beside a seam (a neighbour much
 * darker: mortar, a gap between planks). `top`: only where the light falls (the outline or seam above or left).
 */
function ring(c: Canvas, side: "all" | "top"): number[] {
  const dirs = side === "top" ? NEIGHBOURS.slice(0, 2) : NEIGHBOURS;
  const out: number[] = [];
  for (const i of body(c)) {
    const x = i % c.w;
    const y = (i - x) / c.w;
    const hit = dirs.some(([dx, dy]) => {
      if (!c.wrap) return isEdge(c, x + dx, y + dy) || !inside(c, x + dx, y + dy);
      return luminance(c.rgb[wrapAt(c, x + dx, y + dy)]) < luminance(c.rgb[i]) - 28;
    });
    if (hit) out.push(i);
  }
  if (out.length || !c.wrap) return out;
  // A texture with no seams: its lightest tenth catches the frost or the light.
  const lit = body(c).sort((a, b) => luminance(c.rgb[b]) - luminance(c.rgb[a]) || a - b);
  return lit.slice(0, Math.max(1, Math.round(lit.length / 10)));
}

function shiftColours(c: Canvas, s: Shift): void {
  // A sprite's outline stays dark: it takes the hue and saturation of a shift, and only lightness that darkens.
  if (!c.wrap) recolour(c, edges(c), { hue: s.hue, sat: s.sat, light: Math.min(0, s.light ?? 0) });
  recolour(c, body(c), s);
}

function recolour(c: Canvas, drawn: number[], s: Shift): void {
  const mean = drawn.reduce((t, i) => t + rgbToHsl(c.rgb[i])[2], 0) / Math.max(1, drawn.length);
  const memo = new Map<string, Rgb>();
  for (const i of drawn) {
    const key = c.rgb[i].join();
    let out = memo.get(key);
    if (!out) {
      let [h, sat, l] = rgbToHsl(c.rgb[i]);
      if (s.flatten) l += (mean - l) * s.flatten;
      if (s.contrast) l += (l - mean) * s.contrast;
      if (s.light) l += s.light;
      if (s.sat) sat *= s.sat;
      l = Math.min(0.97, Math.max(0.03, l));
      out = hslToRgb(h, Math.min(1, Math.max(0, sat)), l);
      // A tint mixes toward the tint's colour at the same lightness: turning the hue round the wheel would pass
      // through other colours (oak to blue through magenta), and a grey has no hue to turn.
      if (s.hue) out = mix(out, hslToRgb(s.hue[0] / 360, Math.max(0.5, sat), l), s.hue[1]);
      memo.set(key, out);
    }
    c.rgb[i] = out;
  }
}

function edges(c: Canvas): number[] {
  const out: number[] = [];
  for (let y = 0; y < c.h; y++) for (let x = 0; x < c.w; x++) if (isEdge(c, x, y)) out.push(y * c.w + x);
  return c.only ? out.filter((i) => c.only![i]) : out;
}

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

function paintMark(c: Canvas, m: Mark, rng: Rng): void {
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
      for (let k = 0; k < n; k++) {
        const i = pick();
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

/**
 * At most `max` colours (a colour with another opacity, glass, counts apart): the closest pair merges into the
 * more used one until it fits, as layers.ts limitColours does for textures.
 */
function limitCanvas(c: Canvas, max: number): void {
  const keyOf = (i: number) => `${c.rgb[i].join()}|${c.alpha[i]}`;
  // On one part only the part's own colours may merge, and only its pixels change: the rest stays as drawn.
  const kept = new Set<string>();
  if (c.only) for (let i = 0; i < c.rgb.length; i++) if (c.alpha[i] && !c.only[i]) kept.add(keyOf(i));
  for (;;) {
    const count = new Map<string, { rgb: Rgb; alpha: number; n: number }>();
    for (let i = 0; i < c.rgb.length; i++) {
      if (!c.alpha[i]) continue;
      const key = keyOf(i);
      const e = count.get(key);
      if (e) e.n++;
      else count.set(key, { rgb: c.rgb[i], alpha: c.alpha[i], n: 1 });
    }
    if (count.size <= max) return;
    const list = [...count.values()];
    const keyAt = (k: number) => `${list[k].rgb.join()}|${list[k].alpha}`;
    let pair: [number, number] = [0, 1];
    let bestD = Infinity;
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        if (kept.has(keyAt(a)) && kept.has(keyAt(b))) continue;
        const [x, y] = [list[a].rgb, list[b].rgb];
        const d = (x[0] - y[0]) ** 2 + (x[1] - y[1]) ** 2 + (x[2] - y[2]) ** 2 + (list[a].alpha - list[b].alpha) ** 2;
        if (d < bestD) [pair, bestD] = [[a, b], d];
      }
    if (bestD === Infinity) return;
    const byCount = list[pair[0]].n >= list[pair[1]].n ? pair : [pair[1], pair[0]];
    // A colour the rest of the picture uses is never the one dropped.
    const [keep, drop] = kept.has(keyAt(byCount[1])) ? [byCount[1], byCount[0]] : byCount;
    const from = keyAt(drop);
    for (let i = 0; i < c.rgb.length; i++)
      if (c.alpha[i] && keyOf(i) === from && (!c.only || c.only[i])) {
        c.rgb[i] = list[keep].rgb;
        c.alpha[i] = list[keep].alpha;
      }
  }
}
