/**
 * The drawn library: subjects no hand-made silhouette covers (hourglass, candle, scissors, watermelon…),
 * from Fluent Emoji Flat (Microsoft, MIT) rasterised at build time by scripts/library.ts into
 * src/data/library.json (16×16 index grids, at most six colours each). Here an icon is drawn the way the
 * game's items are: its main colour group recoloured to the prompt's material or colour, a dark outline, a lit
 * top-left rim and a shaded bottom-right rim, and never more than 12 colours. Loaded once per process.
 */
import { readFileSync } from "node:fs";
// Embedded as a file, read and parsed on first use, once per process (see interpret/lexicon.ts).
import LIBRARY_FILE from "../../data/library.json" with { type: "file" };
import { newRgba, type Rgba } from "../../media/png";
import { type Rgb, hexToRgb, hslToRgb, luminance, mix, rgbToHsl, scale } from "./colour";
import { type LabelGrid, resizeLabels } from "./sprite";

let table: { size: number; icons: Record<string, string> } | null = null;
const library = () => {
  table ??= JSON.parse(readFileSync(LIBRARY_FILE as unknown as string, "utf8")) as {
    size: number;
    icons: Record<string, string>;
  };
  return table;
};
const MAX_COLOURS = 12;

export interface Icon {
  palette: Rgb[];
  grid: LabelGrid;
}

const decoded = new Map<string, Icon>();

export const libraryIconNames = (): string[] => Object.keys(library().icons);

/** Library icon `name` as drawn from: its palette and its 16×16 index grid (0 clear, i = palette[i - 1]). */
export function icon(name: string): Icon {
  const hit = decoded.get(name);
  if (hit) return hit;
  const entry = library().icons[name];
  if (!entry) throw new Error(`no library icon ${name}`);
  const [pal, b64] = entry.split(":");
  const palette = (pal.match(/.{6}/g) ?? []).map((h) => hexToRgb(`#${h}`)!);
  const bytes = Buffer.from(b64, "base64");
  const size = library().size;
  const cells = new Uint8Array(size * size);
  for (let i = 0; i < bytes.length; i++) {
    cells[i * 2] = bytes[i] >> 4;
    cells[i * 2 + 1] = bytes[i] & 15;
  }
  const out = { palette, grid: { w: size, h: size, cells } };
  decoded.set(name, out);
  return out;
}

/**
 * The icon's palette with its main colour group (the largest area that is not an outline-dark colour, and the
 * colours of a like hue) moved to `main`, keeping each colour's lightness relative to the group's.
 */
export function recoloured(palette: Rgb[], cells: Uint8Array, main: Rgb | null, more: Rgb[] = []): Rgb[] {
  // No colour for the whole but one for a part ("butterfly with blue wings"): the icon has no declared parts,
  // so the part's colour takes the largest group, as the whole's would.
  if (!main) return more.length ? recoloured(palette, cells, more[0], more.slice(1)) : palette;
  const out = recolourGroup(palette, cells, main, new Set());
  // Each further colour named ("blue and white vase", "scarf with a white tassel") takes the next largest group.
  const done = new Set(out.changed);
  let colours = out.palette;
  for (const c of more) {
    const next = recolourGroup(colours, cells, c, done);
    if (!next.changed.length) break;
    for (const k of next.changed) done.add(k);
    colours = next.palette;
  }
  return colours;
}

/** Moves the largest colour group whose colours are not in `skip` to `main`; says which colours changed. */
function recolourGroup(
  palette: Rgb[],
  cells: Uint8Array,
  main: Rgb,
  skip: Set<number>,
): { palette: Rgb[]; changed: number[] } {
  // Area inside the outline: a thin frame is mostly outline once drawn, so it is not what the eye reads.
  const size = Math.sqrt(cells.length);
  const area = palette.map(() => 0);
  for (let i = 0; i < cells.length; i++) {
    const x = i % size;
    const inside = x > 0 && x < size - 1 && [i - 1, i + 1, i - size, i + size].every((n) => cells[n]);
    if (cells[i] && inside) area[cells[i] - 1]++;
  }
  const hsl = palette.map(rgbToHsl);
  // The largest colour that is not outline-dark, or the largest of all when every colour is (a black pawn).
  let dominant = -1;
  for (const lightOnly of [true, false])
    palette.forEach((_, k) => {
      if ((dominant >= 0 && !lightOnly) || skip.has(k) || (skip.size && !area[k])) return;
      if ((!lightOnly || hsl[k][2] > 0.16) && (dominant < 0 || area[k] > area[dominant])) dominant = k;
    });
  if (dominant < 0) return { palette, changed: [] };
  const [hd, sd, ld] = hsl[dominant];
  const [hm, sm, lm] = rgbToHsl(main);
  const grey = sd < 0.15;
  const changed: number[] = [];
  const next = palette.map((c, k) => {
    const [h, s, l] = hsl[k];
    const gap = Math.min(Math.abs(h - hd), 1 - Math.abs(h - hd)) * 360;
    const alike = k === dominant || (!skip.has(k) && (grey ? s < 0.15 && l > 0.16 : s >= 0.15 && gap <= 35));
    if (!alike) return c;
    changed.push(k);
    return hslToRgb(hm, sm, Math.max(0.08, Math.min(0.95, lm + (l - ld) * 0.8)));
  });
  return { palette: next, changed };
}

/** Draws library icon `name` at `width`×`height` px, its main colours moved to `main` when the prompt names one. */
export function libraryRgba(name: string, width: number, height: number, main: Rgb | null, more: Rgb[] = []): Rgba {
  const { palette, grid: native } = icon(name);
  return renderLibrary(recoloured(palette, native.cells, main, more), native, width, height);
}

/**
 * Draws an index grid in `colours` at `width`×`height` the way the game's items are drawn (see the header), held
 * to `max` colours (art/library-parts.ts draws with no cap, then caps keeping its parts' colours).
 */
export function renderLibrary(
  colours: Rgb[],
  native: LabelGrid,
  width: number,
  height: number,
  max = MAX_COLOURS,
): Rgba {
  const grid = resizeLabels(native, width, height);
  const band = Math.max(1, Math.round(height / native.h));
  const { w, h, cells } = grid;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : cells[y * w + x]);
  const img = newRgba(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const k = at(x, y);
      if (!k) continue;
      const base = colours[k - 1];
      let c: Rgb;
      if (!at(x - 1, y) || !at(x + 1, y) || !at(x, y - 1) || !at(x, y + 1)) c = outline(base);
      else {
        let lit = false;
        let shaded = false;
        for (let d = 2; d <= band + 1; d++) {
          if (!at(x - d, y) || !at(x, y - d)) lit = true;
          if (!at(x + d, y) || !at(x, y + d)) shaded = true;
        }
        c = lit && !shaded ? mix(base, [255, 255, 255], 0.22) : shaded && !lit ? scale(base, 0.78) : base;
      }
      img.data.set([c[0], c[1], c[2], 255], (y * w + x) * 4);
    }
  if (max < Infinity) capColours(img, max);
  return img;
}

/** The game's outline: a dark shade of the colour it borders (luminance under 70). */
function outline(c: Rgb): Rgb {
  let o = scale(c, 0.55);
  for (let i = 0; i < 8 && luminance(o) > 70; i++) o = scale(o, 0.75);
  return o;
}

/** Merges the two closest colours (the rarer into the commoner) until at most `max` remain. */
export function capColours(img: Rgba, max: number): void {
  const key = (i: number) => (img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2];
  const count = new Map<number, number>();
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3]) count.set(key(i), (count.get(key(i)) ?? 0) + 1);
  const rgb = (k: number): Rgb => [k >> 16, (k >> 8) & 255, k & 255];
  const to = new Map<number, number>();
  const d2 = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
  while (count.size > max) {
    const keys = [...count.keys()];
    let best: [number, number] = [keys[0], keys[1]];
    let bestD = Infinity;
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++) {
        const d = d2(rgb(keys[i]), rgb(keys[j]));
        if (d < bestD) [best, bestD] = [[keys[i], keys[j]], d];
      }
    const [a, b] = count.get(best[0])! >= count.get(best[1])! ? best : [best[1], best[0]];
    count.set(a, count.get(a)! + count.get(b)!);
    count.delete(b);
    to.set(b, a);
    for (const [from, into] of to) if (into === b) to.set(from, a);
  }
  if (!to.size) return;
  for (let i = 0; i < img.data.length; i += 4) {
    const into = img.data[i + 3] ? to.get(key(i)) : undefined;
    if (into !== undefined) img.data.set(rgb(into), i);
  }
}

/** The palette indices of an icon's main colour group: the ones a colour for the whole moves (recolourGroup). */
export const mainGroup = (palette: Rgb[], cells: Uint8Array): number[] =>
  recolourGroup(palette, cells, PROBE, new Set()).changed;

/** The main colour of library icon `name`: its largest colour inside the outline that is not outline-dark. */
export function iconMainColour(name: string): Rgb | null {
  const { palette, grid } = icon(name);
  // The group recolourGroup would move is the main one: find which colour it moves first.
  const moved = recoloured(palette, grid.cells, PROBE);
  const k = moved.findIndex((c, i) => c !== palette[i]);
  return k >= 0 ? palette[k] : null;
}
const PROBE: Rgb = [1, 2, 3];
