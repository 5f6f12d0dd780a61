import { encodePng, type Rgba } from "../../media/png.ts";
import { decodePng } from "../../media/png-decode.ts";
import type { TaskResult } from "../task.ts";
import { animateStill, animationMcmeta, fullAnimation, stripFrame, type AnimationRequest } from "./animate.ts";
import { lockToPalette } from "./palette-lock.ts";
import { hexToRgb } from "../art/colour.ts";
import { fbm, normalise } from "../art/noise.ts";
import { hashSeed, rngFrom } from "../rng.ts";
import { labDistance2, type Lab, oklabToRgb, rgbToOklab } from "./oklab.ts";

export const OVERLAYS = ["moss", "cracks", "rust", "snow", "glow", "runes"] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** A colour change: pairs of colours to swap (each with its shading), and/or a hue, saturation and value shift. */
export interface Recolour {
  map?: { from: string; to: string }[];
  /** Degrees round the OKLCh hue circle, -180..180. */
  hue?: number;
  /** -1..1: chroma scaled by 1 + saturation. */
  saturation?: number;
  /** -1..1: the colour mixed that share of the way to white (positive) or black (negative). */
  value?: number;
  /** A part of a generated item ("blade", "handle"): only its pixels change (see `only`). */
  part?: string;
  /**
   * The pixels of one frame that may change, row by row ('1' yes, '0' no), set by the edit operation from the
   * item's part mask when `part` is given; a strip repeats it per frame.
   */
  only?: string;
}

/** How near (OKLab) a pixel must be to a `map` entry's `from` to follow it: a colour's shading ramp, not its neighbours'. */
const MAP_REACH = 0.12;

/** Changes every visible pixel's colour (or only those `only` marks); alpha is kept. Pure. */
export function recolour(img: Rgba, r: Recolour): Rgba {
  const out = { ...img, data: new Uint8Array(img.data) };
  const pairs = (r.map ?? []).map(({ from, to }) => {
    const f = hexToRgb(from)!;
    const t = hexToRgb(to)!;
    return { from: rgbToOklab(f[0], f[1], f[2]), to: rgbToOklab(t[0], t[1], t[2]) };
  });
  const turn = ((r.hue ?? 0) * Math.PI) / 180;
  const chroma = 1 + (r.saturation ?? 0);
  const value = r.value ?? 0;
  const d = out.data;
  const only = r.only;
  if (only && (only.length % img.width !== 0 || img.height % (only.length / img.width) !== 0))
    throw new Error(
      `the part mask (${img.width} wide, ${only.length / img.width} rows) does not fit this ${img.width}x${img.height} picture: it was changed since it was generated`,
    );
  for (let i = 0; i < d.length; i += 4) {
    if (!d[i + 3]) continue;
    if (only && only[(i / 4) % only.length] !== "1") continue;
    let p: Lab = rgbToOklab(d[i], d[i + 1], d[i + 2]);
    // The nearest `from` within reach moves the pixel by the pair's difference, keeping its own shade.
    let best = -1;
    for (let k = 0; k < pairs.length; k++)
      if (
        labDistance2(p, pairs[k].from) < MAP_REACH ** 2 &&
        (best < 0 || labDistance2(p, pairs[k].from) < labDistance2(p, pairs[best].from))
      )
        best = k;
    if (best >= 0) {
      const { from, to } = pairs[best];
      p = [p[0] + to[0] - from[0], p[1] + to[1] - from[1], p[2] + to[2] - from[2]];
    }
    const [a, b] = [p[1] * Math.cos(turn) - p[2] * Math.sin(turn), p[1] * Math.sin(turn) + p[2] * Math.cos(turn)];
    // Value mixes toward white (or black): lightness and chroma move together, so 1 is white and -1 black.
    const L = value >= 0 ? p[0] + (1 - p[0]) * value : p[0] * (1 + value);
    const keep = chroma * (1 - Math.abs(value));
    d.set(oklabToRgb([Math.min(1, Math.max(0, L)), a * keep, b * keep]), i);
  }
  return out;
}

const visible = (img: Rgba, x: number, y: number) =>
  x >= 0 && y >= 0 && x < img.width && y < img.height && img.data[(y * img.width + x) * 4 + 3] > 0;

function tint(img: Rgba, i: number, colour: [number, number, number], amount: number): void {
  const d = img.data;
  for (let c = 0; c < 3; c++) d[i + c] = Math.round(d[i + c] + (colour[c] - d[i + c]) * amount);
}

function shade(img: Rgba, i: number, dL: number): void {
  const d = img.data;
  const [L, a, b] = rgbToOklab(d[i], d[i + 1], d[i + 2]);
  d.set(oklabToRgb([Math.min(1, Math.max(0, L + dL)), a, b]), i);
}

/**
 * Wear or an overlay painted on a picture (each frame of a strip alike, one `frameHeight` tall): moss and rust
 * in patches from wrapping noise (a tiling texture still tiles), cracks as dark branching lines, snow on the
 * upward faces (pixels with nothing visible above them, or the top rows of an opaque texture), glow as lifted
 * light parts with a halo on a sprite's see-through rim, runes as small light strokes. Alpha is kept except
 * glow's halo. Deterministic per seed.
 */
export function overlay(img: Rgba, kind: Overlay, seed: number, frameHeight = img.height): Rgba {
  const out = { ...img, data: new Uint8Array(img.data) };
  const w = img.width;
  const h = frameHeight;
  const frames = Math.max(1, Math.round(img.height / h));
  const rng = rngFrom(hashSeed(seed, "overlay", kind));
  const field = normalise(fbm(w, h, rng, { cells: Math.max(2, w / 8), octaves: 3 }));
  const strokes = kind === "cracks" || kind === "runes" ? strokePixels(kind, w, h, rng) : new Set<number>();
  for (let f = 0; f < frames; f++) {
    const top = f * h;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = ((top + y) * w + x) * 4;
        const n = field[y * w + x];
        if (!out.data[i + 3]) {
          // Glow's halo: a see-through pixel touching the picture takes a faint light.
          if (
            kind === "glow" &&
            [
              [1, 0],
              [-1, 0],
              [0, 1],
              [0, -1],
            ].some(([dx, dy]) => y + dy >= 0 && y + dy < h && visible(img, x + dx, top + y + dy))
          ) {
            out.data.set([255, 240, 170, 90], i);
          }
          continue;
        }
        if (kind === "moss" && n > 0.58) tint(out, i, [74, 122, 46], Math.min(0.85, (n - 0.58) * 3));
        else if (kind === "rust" && n > 0.55) tint(out, i, [142, 72, 30], Math.min(0.8, (n - 0.55) * 2.6));
        else if (kind === "snow") {
          const upward = y === 0 || !visible(img, x, top + y - 1) || (y < Math.ceil(h / 8) && n > 0.3);
          if (upward) tint(out, i, [240, 246, 252], 0.85);
        } else if (kind === "glow") {
          const [L] = rgbToOklab(out.data[i], out.data[i + 1], out.data[i + 2]);
          if (L > 0.55) shade(out, i, 0.12);
        }
        if (strokes.has(y * w + x)) {
          if (kind === "cracks") shade(out, i, -0.22);
          else tint(out, i, [150, 230, 255], 0.8);
        }
      }
  }
  return out;
}

/** Crack lines (a few random walks that fork) or rune strokes (short straight glyph bars), as pixel indices. */
function strokePixels(kind: "cracks" | "runes", w: number, h: number, rng: () => number): Set<number> {
  const out = new Set<number>();
  const at = (x: number, y: number) => out.add((((y % h) + h) % h) * w + (((x % w) + w) % w));
  if (kind === "cracks") {
    for (let c = 0; c < Math.max(2, Math.round(w / 8)); c++) {
      let x = Math.floor(rng() * w);
      let y = Math.floor(rng() * h);
      for (let s = 0; s < Math.round(w * 0.6); s++) {
        at(x, y);
        x += rng() < 0.5 ? 1 : rng() < 0.5 ? 0 : -1;
        y += rng() < 0.6 ? 1 : 0;
      }
    }
  } else {
    for (let r = 0; r < Math.max(2, Math.round(w / 6)); r++) {
      const x = 1 + Math.floor(rng() * (w - 3));
      const y = 1 + Math.floor(rng() * (h - 4));
      for (let k = 0; k < 3; k++) at(x, y + k);
      if (rng() < 0.5) at(x + 1, y);
      else at(x + 1, y + 2);
      if (rng() < 0.5) at(x - 1, y + 1);
    }
  }
  return out;
}

/** What an edit asks of an existing picture (POST …/edits); at least one of the changes. */
export interface EditRequest {
  seed: number;
  recolour?: Recolour;
  overlay?: Overlay;
  /** Set when the edit locks the picture to the style guide's palette. */
  style?: { palette: string[]; notes: string; dither?: "none" | "ordered" } | null;
  /** A new or changed animation: the first frame (or the still) is animated afresh. */
  animation?: AnimationRequest;
  /** Rows per frame when the picture already is a strip. */
  frameHeight?: number;
}

/**
 * An edit applied to a picture's bytes: recolour and overlay on every frame, then (when asked) a new animation
 * from the first frame, then the palette lock. The result's meta carries a new animation's sidecar.
 */
export function editPicture(png: Uint8Array, req: EditRequest): TaskResult {
  let img = decodePng(png);
  const frameHeight = req.frameHeight && img.height % req.frameHeight === 0 ? req.frameHeight : img.height;
  if (req.animation) img = stripFrame(img, 0, frameHeight);
  if (req.recolour) img = recolour(img, req.recolour);
  if (req.overlay) img = overlay(img, req.overlay, req.seed, req.animation ? img.height : frameHeight);
  const animation = req.animation ? fullAnimation(req.animation) : null;
  const frame = { width: img.width, height: img.height };
  if (animation) img = animateStill(img, animation, req.seed);
  if (req.style?.palette.length) img = lockToPalette(img, req.style.palette, req.style.dither ?? "none");
  return {
    main: encodePng(img),
    ...(animation
      ? { meta: { animation: { ...animation, frameHeight: frame.height }, mcmeta: animationMcmeta(animation, frame) } }
      : {}),
  };
}
