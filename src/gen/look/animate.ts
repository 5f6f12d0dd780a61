import { newRgba, type Rgba } from "../../media/png.ts";
import { rngFrom, hashSeed } from "../rng.ts";
import { oklabToRgb, rgbToOklab } from "./oklab.ts";

export const ANIMATION_EFFECTS = ["flow", "pulse", "flicker", "shimmer", "drip", "spin"] as const;
export type AnimationEffect = (typeof ANIMATION_EFFECTS)[number];
export const ANIMATION_FRAMES = { min: 2, max: 32, default: 8 } as const;
/** Game ticks per frame (20 ticks a second): at most 10 s a frame. */
export const ANIMATION_FRAMETIME = { min: 1, max: 200, default: 2 } as const;

/** What a request asks for; missing numbers take the defaults above. */
export interface AnimationRequest {
  effect: AnimationEffect;
  frames?: number;
  frametime?: number;
  interpolate?: boolean;
}

export interface Animation {
  effect: AnimationEffect;
  frames: number;
  frametime: number;
  interpolate: boolean;
}

export function fullAnimation(a: AnimationRequest): Animation {
  return {
    effect: a.effect,
    frames: a.frames ?? ANIMATION_FRAMES.default,
    frametime: a.frametime ?? ANIMATION_FRAMETIME.default,
    interpolate: a.interpolate ?? false,
  };
}

/**
 * The `.png.mcmeta` the game reads beside the strip: frames are the strip's cells, top to bottom. A frame that
 * is not square (an icon) names its size; a square one needs nothing (the game's default frame is square).
 */
export function animationMcmeta(a: Animation, frame: { width: number; height: number }): string {
  const size = frame.width === frame.height ? {} : { width: frame.width, height: frame.height };
  const section = { frametime: a.frametime, ...(a.interpolate ? { interpolate: true } : {}), ...size };
  return `${JSON.stringify({ animation: section }, null, 2)}\n`;
}

/**
 * A still picture made into the vertical strip the game animates: `frames` copies of it, each changed by the
 * effect at its point in the loop (frame k at phase k/frames, so the last frame leads back into the first).
 * Effects keep the still's alpha except `spin` (which turns a sprite), and on a tiling texture every frame
 * still tiles (flow and drip wrap around the edges). Deterministic per seed.
 */
export function animateStill(still: Rgba, anim: Animation, seed: number): Rgba {
  const { width: w, height: h } = still;
  const strip = newRgba(w, h * anim.frames);
  const paint = EFFECTS[anim.effect](still, seed, anim.frames);
  for (let k = 0; k < anim.frames; k++) strip.data.set(paint(k / anim.frames, k).data, k * w * h * 4);
  return strip;
}

/** Frame `k` of a strip whose frames are `frameHeight` rows tall. */
export function stripFrame(strip: Rgba, k: number, frameHeight: number): Rgba {
  const frame = newRgba(strip.width, frameHeight);
  const row = frameHeight * strip.width * 4;
  frame.data.set(strip.data.subarray(k * row, (k + 1) * row));
  return frame;
}

type Effect = (still: Rgba, seed: number, frames: number) => (phase: number, k: number) => Rgba;

const copy = (img: Rgba): Rgba => ({ width: img.width, height: img.height, data: new Uint8Array(img.data) });

/** Changes the OKLab lightness of each visible pixel: `f(L, x, y)` gives the new one. */
function relight(still: Rgba, f: (L: number, x: number, y: number) => number): Rgba {
  const out = copy(still);
  const d = out.data;
  for (let y = 0; y < still.height; y++)
    for (let x = 0; x < still.width; x++) {
      const i = (y * still.width + x) * 4;
      if (!d[i + 3]) continue;
      const [L, a, b] = rgbToOklab(d[i], d[i + 1], d[i + 2]);
      d.set(oklabToRgb([Math.min(1, Math.max(0, f(L, x, y))), a, b]), i);
    }
  return out;
}

/**
 * Moves the colours inside the shape down by `dy` rows (wrapping): on an opaque texture the whole picture
 * flows and still tiles; on a sprite only what lies inside its outline moves, so the outline stays put.
 */
function shiftInside(still: Rgba, dy: number): Rgba {
  const out = copy(still);
  const { width: w, height: h, data: s } = still;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (!s[i + 3]) continue;
      const from = ((((y - dy) % h) + h) % h) * w + x;
      if (s[from * 4 + 3] < 255 || s[i + 3] < 255) continue;
      out.data.set(s.subarray(from * 4, from * 4 + 3), i);
    }
  return out;
}

const EFFECTS: Record<AnimationEffect, Effect> = {
  // Liquids: the picture slides down one full height over the loop.
  flow: (still) => (phase) => shiftInside(still, Math.round(phase * still.height)),
  // Glowing ores and runes: the light parts brighten and dim on a sine, the dark parts barely.
  pulse: (still) => (phase) => {
    const wave = Math.cos(phase * 2 * Math.PI);
    return relight(still, (L) => L + wave * 0.2 * L * L);
  },
  // Flames and torches: an uneven brightness each frame, and the brightest pixels twinkling on their own.
  flicker: (still, seed, frames) => {
    const r = rngFrom(hashSeed(seed, "flicker"));
    const levels = Array.from({ length: frames }, () => 0.88 + r() * 0.24);
    return (_phase, k) => {
      const twinkle = rngFrom(hashSeed(seed, "twinkle", k));
      return relight(still, (L) => L * levels[k] + (L > 0.7 ? (twinkle() - 0.5) * 0.1 : 0));
    };
  },
  // Enchanted items: a band of light crossing diagonally, once per loop.
  shimmer: (still) => (phase) => {
    const span = still.width + still.height;
    const centre = phase * (span + 8) - 4;
    return relight(still, (L, x, y) => {
      const d = Math.abs(x + y - centre);
      return L + (d < 3 ? (1 - d / 3) * 0.3 : 0);
    });
  },
  // Drops run down a few columns, one pixel darker than what they pass, each loop once round the height.
  drip: (still, seed) => {
    const r = rngFrom(hashSeed(seed, "drip"));
    const drops = Array.from({ length: Math.max(1, Math.round(still.width / 6)) }, () => ({
      x: Math.floor(r() * still.width),
      start: r(),
    }));
    return (phase) => {
      const out = copy(still);
      for (const drop of drops)
        for (let t = 0; t < 2; t++) {
          const y = Math.floor(((drop.start + phase) % 1) * still.height) - t;
          const row = (y + still.height) % still.height;
          const i = (row * still.width + drop.x) * 4;
          if (!out.data[i + 3]) continue;
          const [L, a, b] = rgbToOklab(out.data[i], out.data[i + 1], out.data[i + 2]);
          out.data.set(oklabToRgb([Math.max(0, L - (t ? 0.08 : 0.16)), a, b]), i);
        }
      return out;
    };
  },
  // Coins: the sprite turns about its upright axis, narrowing to an edge and widening again (mirrored on the back).
  spin: (still) => (phase) => {
    const { width: w, height: h } = still;
    const out = newRgba(w, h);
    const turn = Math.cos(phase * 2 * Math.PI);
    // Edge-on, the coin is still two pixels thick: a frame never goes empty.
    const half = Math.max(1, Math.abs(turn) * (w / 2));
    const centre = w / 2;
    for (let x = 0; x < w; x++) {
      const off = x + 0.5 - centre;
      if (Math.abs(off) > half) continue;
      let sx = Math.floor(centre + (off / half) * (w / 2));
      if (turn < 0) sx = w - 1 - sx;
      sx = Math.min(w - 1, Math.max(0, sx));
      const shade = 0.75 + 0.25 * Math.abs(turn);
      for (let y = 0; y < h; y++) {
        const i = (y * w + sx) * 4;
        const o = (y * w + x) * 4;
        out.data[o] = Math.round(still.data[i] * shade);
        out.data[o + 1] = Math.round(still.data[i + 1] * shade);
        out.data[o + 2] = Math.round(still.data[i + 2] * shade);
        out.data[o + 3] = still.data[i + 3];
      }
    }
    return out;
  },
};
