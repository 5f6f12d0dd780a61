/**
 * Ornaments a GUI panel carries on its body, said by the words people use for them: "golden ornaments",
 * "iron hinges", "metal bands", "copper pipes and gears", "a starry background", "glowing blue lines". Each is a
 * small piece of pixel art painted over the panel before the slots, widgets and labels, in the colour of the
 * describing word before it ("golden ornaments"), else the frame's trim, else a light shade of the theme; stars
 * are near-white. They never cover a label or a slot (both are drawn over them or kept clear), so the layout the
 * game expects is unchanged.
 */
import type { Rgba } from "../../media/png";
import { type Rgb, luminance, mix } from "../art/colour";
import { materialFromPrompt, readWords } from "../art/material";
import type { Rng } from "../rng";
import { setPx, type Rect } from "./raster";
import type { GuiTheme } from "./theme";

export type Ornament = "flourish" | "hinges" | "bands" | "gears" | "stars" | "pipes" | "lines";

/** The words for each ornament. */
export const ORNAMENT_WORDS: Record<string, Ornament> = {
  ornament: "flourish",
  ornaments: "flourish",
  ornamented: "flourish",
  flourishes: "flourish",
  scrollwork: "flourish",
  decorations: "flourish",
  embellishments: "flourish",
  hinge: "hinges",
  hinges: "hinges",
  hinged: "hinges",
  band: "bands",
  bands: "bands",
  banded: "bands",
  straps: "bands",
  hoops: "bands",
  gear: "gears",
  gears: "gears",
  cog: "gears",
  cogs: "gears",
  cogwheels: "gears",
  star: "stars",
  stars: "stars",
  starry: "stars",
  starlit: "stars",
  constellations: "stars",
  pipe: "pipes",
  pipes: "pipes",
  tubes: "pipes",
  pipework: "pipes",
  lines: "lines",
  circuits: "lines",
  circuitry: "lines",
  circuit: "lines",
};

export interface OrnamentWord {
  ornament: Ornament;
  /** The ornament's own word, and the describing word before it that gave its colour. */
  word: string;
  colour?: string;
  rgb: Rgb | null;
}

/** The ornaments a prompt names, each once, with a colour when a describing word stands before it. */
export function readOrnaments(prompt: string, seed = 0): OrnamentWord[] {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const out: OrnamentWord[] = [];
  words.forEach((w, i) => {
    // A sky is starry when said so ("a starry sky", "night sky"): its stars.
    const sky = w === "sky" && (words[i - 1] === "night" || ORNAMENT_WORDS[words[i - 1]] === "stars");
    if (sky) out.push({ ornament: "stars", word: w, rgb: null });
    const ornament = ORNAMENT_WORDS[w];
    if (!ornament || out.some((o) => o.ornament === ornament)) return;
    // "copper pipes and gears": the colour said before the first of an "and" list is the list's.
    let j = i - 1;
    if (words[j] === "and" && ORNAMENT_WORDS[words[j - 1]]) j -= 2;
    const before = words[j];
    const r = before ? readWords(before) : null;
    const says =
      !!r && !!(r.substance || r.wood || r.mineral || r.colour || before === "golden" || before === "gilded");
    const rgb = says ? materialFromPrompt(before === "gilded" ? "gold" : before, seed).palette[3] : null;
    out.push({ ornament, word: w, ...(says ? { colour: before } : {}), rgb });
  });
  return out;
}

/**
 * Paints the ornaments over the panel's body, inside its bevel (`inner`), on the pixels `free` keeps (inner-sized:
 * not a slot, widget or label), so none of those is ever covered.
 */
export function paintOrnaments(
  img: Rgba,
  inner: Rect,
  free: Uint8Array,
  ornaments: OrnamentWord[],
  t: GuiTheme,
  rng: Rng,
): void {
  const put = (x: number, y: number, c: Rgb) => {
    const inside = x >= inner.x && y >= inner.y && x < inner.x + inner.w && y < inner.y + inner.h;
    if (inside && free[(y - inner.y) * inner.w + x - inner.x]) setPx(img, x, y, c);
  };
  const metal = t.trim ? t.trim[Math.max(0, t.trim.length - 2)] : mix(t.ramp[t.ramp.length - 1], [255, 255, 255], 0.35);
  const painted = new Set<Ornament>();
  for (const o of ornaments) {
    // Each kind once ("a starry night sky": one field of stars).
    if (painted.has(o.ornament)) continue;
    painted.add(o.ornament);
    let c = o.rgb ?? (o.ornament === "stars" ? ([250, 250, 235] as Rgb) : metal);
    // An ornament in nearly the panel's own tone ("copper gears" on copper) is drawn a shade darker, to be seen.
    if (Math.abs(luminance(c) - luminance(t.body)) < 40) c = mix(c, [0, 0, 0], 0.4);
    const dark = mix(c, [0, 0, 0], 0.45);
    const light = mix(c, [255, 255, 255], 0.45);
    switch (o.ornament) {
      case "flourish":
        for (const [sx, sy] of CORNERS) flourish(put, inner, sx, sy, c, dark, light);
        break;
      case "hinges":
        // Upright plates in the left margin (the slots start a few pixels in), a pin near each end.
        for (const fy of [0.2, 0.72]) {
          const y0 = inner.y + Math.round(inner.h * fy);
          for (let y = 0; y < 12; y++)
            for (let x = 0; x < 4; x++)
              put(inner.x + x, y0 + y, y === 0 || x === 0 ? light : y === 11 || x === 3 ? dark : c);
          put(inner.x + 1, y0 + 2, dark);
          put(inner.x + 1, y0 + 9, dark);
        }
        break;
      case "bands":
        for (const fy of [0.3, 0.62]) {
          const y0 = inner.y + Math.round(inner.h * fy);
          for (let x = 0; x < inner.w; x++) {
            put(inner.x + x, y0, light);
            put(inner.x + x, y0 + 1, c);
            put(inner.x + x, y0 + 2, dark);
            if (x % 24 === 6) put(inner.x + x, y0 + 1, dark);
          }
        }
        break;
      case "gears":
        for (const [x, y] of freeSpots(free, inner.w, inner.h, 9)) gear(put, inner.x + x + 1, inner.y + y + 1, c, dark);
        break;
      case "stars": {
        const n = Math.round((inner.w * inner.h) / 90);
        for (let k = 0; k < n; k++) {
          const x = inner.x + Math.floor(rng() * inner.w);
          const y = inner.y + Math.floor(rng() * inner.h);
          if (k % 5 === 0) {
            for (const [dx, dy] of [
              [-1, 0],
              [1, 0],
              [0, -1],
              [0, 1],
            ])
              put(x + dx, y + dy, mix(c, t.body, 0.45));
          }
          put(x, y, c);
        }
        break;
      }
      case "pipes":
        // Down the side margins, where no slot is.
        for (const x0 of [inner.x, inner.x + inner.w - 3]) {
          for (let y = 0; y < inner.h; y++) {
            put(x0, y + inner.y, light);
            put(x0 + 1, y + inner.y, c);
            put(x0 + 2, y + inner.y, dark);
            if (y % 20 === 10) for (let d = -1; d < 4; d++) put(x0 + d, y + inner.y, dark);
          }
        }
        break;
      case "lines":
        // Thin traced lines with right-angle turns, as circuits or inlaid stripes.
        for (let k = 0; k < 4; k++) {
          let x = inner.x + 2;
          let y = inner.y + Math.round(((k + 0.5) * inner.h) / 4);
          while (x < inner.x + inner.w - 2) {
            put(x, y, c);
            x++;
            if (rng() < 0.06) {
              const dy = rng() < 0.5 ? -1 : 1;
              for (let s = 0; s < 3; s++) put(x, (y += dy), c);
            }
          }
        }
        break;
    }
  }
}

type Put = (x: number, y: number, c: Rgb) => void;
const CORNERS: [0 | 1, 0 | 1][] = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
];

/** A corner flourish: an L of two arms with a curl and a bead, mirrored into each corner. */
function flourish(put: Put, r: Rect, sx: 0 | 1, sy: 0 | 1, c: Rgb, dark: Rgb, light: Rgb): void {
  const X = (d: number) => (sx ? r.x + r.w - 1 - d : r.x + d);
  const Y = (d: number) => (sy ? r.y + r.h - 1 - d : r.y + d);
  for (let d = 0; d < 9; d++) {
    put(X(d), Y(0), d % 4 === 3 ? light : c);
    put(X(0), Y(d), d % 4 === 3 ? light : c);
  }
  for (const [dx, dy] of [
    [2, 2],
    [3, 2],
    [2, 3],
    [4, 4],
    [10, 1],
    [1, 10],
  ])
    put(X(dx), Y(dy), c);
  put(X(3), Y(3), dark);
  put(X(10), Y(0), dark);
  put(X(0), Y(10), dark);
}

/** A 7x7 cog: a ring with four teeth and a dark hub. */
function gear(put: Put, x: number, y: number, c: Rgb, dark: Rgb): void {
  const rows = ["...#...", ".#####.", ".##.##.", "###.###", ".##.##.", ".#####.", "...#..."];
  rows.forEach((row, j) => {
    for (let i = 0; i < 7; i++) if (row[i] === "#") put(x + i, y + j, (i + j) % 5 === 0 ? dark : c);
  });
  put(x + 3, y + 3, dark);
}

/**
 * Up to four places (top-left corners, inner-relative) where a size×size square is all free, the nearest one to
 * each corner of the panel, none overlapping another: room for a gear beside the slots.
 */
function freeSpots(free: Uint8Array, w: number, h: number, size: number): [number, number][] {
  // Summed-area table of the blocked pixels: a square is free when it sums to nothing.
  const sum = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      sum[(y + 1) * (w + 1) + x + 1] =
        (free[y * w + x] ? 0 : 1) + sum[y * (w + 1) + x + 1] + sum[(y + 1) * (w + 1) + x] - sum[y * (w + 1) + x];
  const blocked = (x: number, y: number) =>
    sum[(y + size) * (w + 1) + x + size] -
    sum[y * (w + 1) + x + size] -
    sum[(y + size) * (w + 1) + x] +
    sum[y * (w + 1) + x];
  const out: [number, number][] = [];
  for (const [cx, cy] of [
    [0, 0],
    [w - size, 0],
    [0, h - size],
    [w - size, h - size],
  ]) {
    let best: [number, number] | null = null;
    let bestD = Infinity;
    for (let y = 0; y + size <= h; y++)
      for (let x = 0; x + size <= w; x++) {
        const d = Math.abs(x - cx) + Math.abs(y - cy);
        if (d >= bestD || blocked(x, y)) continue;
        if (out.some(([ox, oy]) => Math.abs(ox - x) < size && Math.abs(oy - y) < size)) continue;
        best = [x, y];
        bestD = d;
      }
    if (best) out.push(best);
  }
  return out;
}
