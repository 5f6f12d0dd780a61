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
import { type Rgb, hslToRgb, mix, rgbToHsl } from "./colour.ts";
import type { Rgba } from "../../media/png.ts";
import { FLAVOUR_TABLE, type FlavourName, type Shift } from "./flavours.ts";
import type { Paint } from "./paint.ts";
import { body, type Canvas, edges } from "./flavour-canvas.ts";
import { paintMark } from "./flavour-marks.ts";

/** Flavours a finished sprite in place; `only`: the pixels of the one part they are said of. */
export function flavourSprite(img: Rgba, flavours: readonly FlavourName[], rng: Rng, only?: Uint8Array): Rgba {
  if (!flavours.length) return img;
  const c = canvasOf(img, false, only);
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
 * trim"), where, unlike a whole block texture, the material draws no wear of its own; `only`: the pixels of the one
 * part they are said of (a sketched tile's legend entry).
 */
export function flavourTile(img: Rgba, flavours: readonly FlavourName[], rng: Rng, only?: Uint8Array): Rgba {
  const c = canvasOf(img, true, only);
  for (const f of flavours) paintFlavour(c, f, rng);
  limitCanvas(c, 12);
  for (let i = 0; i < c.alpha.length; i++) if (c.alpha[i]) img.data.set(c.rgb[i], i * 4);
  return img;
}

/** A finished RGBA picture as a canvas to flavour (`wrap`: a tile, whose neighbours wrap round). */
function canvasOf(img: Rgba, wrap: boolean, only?: Uint8Array): Canvas {
  const c: Canvas = {
    w: img.width,
    h: img.height,
    rgb: [],
    alpha: new Uint8Array(img.width * img.height),
    wrap,
    ...(only ? { only } : {}),
  };
  for (let i = 0; i < c.alpha.length; i++) {
    c.rgb.push([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2]]);
    c.alpha[i] = img.data[i * 4 + 3];
  }
  return c;
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
