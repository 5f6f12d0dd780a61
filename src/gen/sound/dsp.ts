/**
 * Synthesis building blocks for the sound generator: oscillators, noise, envelopes, filters, mixing.
 * Everything works on mono Float32Array buffers at one fixed rate and takes its randomness from the
 * caller's seeded Rng, so a sound is a pure function of its request.
 */
import type { Rng } from "../rng.ts";

export const SAMPLE_RATE = 44100;

export type Buf = Float32Array;
/** A value that moves over a sound's life: `t` runs 0..1 across the buffer. */
export type Curve = (t: number) => number;

export const samplesFor = (seconds: number) => Math.max(1, Math.round(seconds * SAMPLE_RATE));

/** Uniform value in [lo, hi). */
export const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

/** Frequency glide from `from` to `to` Hz, exponential so it sounds even to the ear. */
export const glide =
  (from: number, to: number, curve = 1): Curve =>
  (t) =>
    from * (to / from) ** (t ** curve);

export type Wave = "sine" | "square" | "saw" | "triangle";

/**
 * An oscillator whose frequency follows `freq`. Square and saw are naive (not band-limited): at
 * game-sound pitches the aliasing reads as the chiptune grit these effects want.
 */
export function osc(n: number, wave: Wave, freq: Curve | number, phase = 0, duty = 0.5): Buf {
  const out = new Float32Array(n);
  const f = typeof freq === "number" ? () => freq : freq;
  let p = phase;
  for (let i = 0; i < n; i++) {
    p += f(i / n) / SAMPLE_RATE;
    p -= Math.floor(p);
    out[i] =
      wave === "sine"
        ? Math.sin(2 * Math.PI * p)
        : wave === "square"
          ? p < duty
            ? 1
            : -1
          : wave === "saw"
            ? 2 * p - 1
            : 1 - 4 * Math.abs(p - 0.5);
  }
  return out;
}

export function whiteNoise(n: number, rng: Rng): Buf {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = rng() * 2 - 1;
  return out;
}

/** Brown (red) noise: integrated white noise with a leak; deep rumble for explosions and lava. */
export function brownNoise(n: number, rng: Rng): Buf {
  const out = new Float32Array(n);
  let v = 0;
  for (let i = 0; i < n; i++) {
    v = v * 0.995 + (rng() * 2 - 1) * 0.1;
    out[i] = v;
  }
  return out;
}

// ---------------------------------------------------------------- envelopes

/** Multiplies `buf` by `env(t)` in place, t in 0..1. */
export function shape(buf: Buf, env: Curve): Buf {
  const n = buf.length;
  for (let i = 0; i < n; i++) buf[i] *= env(i / n);
  return buf;
}

/** Exponential decay reaching about -60 dB at t = `end` (fraction of the buffer). */
export const decay =
  (end = 1): Curve =>
  (t) =>
    Math.exp((-6.9 * t) / end);

/** Linear attack over `attack` (fraction), then exponential decay to about -60 dB at `end`. */
export const attackDecay =
  (attack: number, end = 1): Curve =>
  (t) =>
    t < attack ? t / attack : Math.exp((-6.9 * (t - attack)) / Math.max(1e-6, end - attack));

/** Attack, flat sustain, then release: for sustained sounds (ambience, calls). Fractions of the buffer. */
export const swell =
  (attack: number, release: number): Curve =>
  (t) =>
    Math.min(1, t / Math.max(1e-6, attack), (1 - t) / Math.max(1e-6, release));

// ---------------------------------------------------------------- filters

export type FilterKind = "lowpass" | "highpass" | "bandpass";

/**
 * RBJ-cookbook biquad, in place. `freq` may be a curve: coefficients are then refreshed every 32
 * samples, which is smooth enough for sweeps and cheap.
 */
export function filter(buf: Buf, kind: FilterKind, freq: Curve | number, q = Math.SQRT1_2): Buf {
  const n = buf.length;
  const f = typeof freq === "number" ? () => freq : freq;
  let b0 = 0,
    b1 = 0,
    b2 = 0,
    a1 = 0,
    a2 = 0;
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  for (let i = 0; i < n; i++) {
    if (i % 32 === 0) {
      const w = (2 * Math.PI * Math.min(SAMPLE_RATE * 0.45, Math.max(10, f(i / n)))) / SAMPLE_RATE;
      const cos = Math.cos(w);
      const alpha = Math.sin(w) / (2 * q);
      const a0 = 1 + alpha;
      if (kind === "lowpass") {
        b0 = (1 - cos) / 2;
        b1 = 1 - cos;
        b2 = b0;
      } else if (kind === "highpass") {
        b0 = (1 + cos) / 2;
        b1 = -(1 + cos);
        b2 = b0;
      } else {
        b0 = alpha;
        b1 = 0;
        b2 = -alpha;
      }
      b0 /= a0;
      b1 /= a0;
      b2 /= a0;
      a1 = (-2 * cos) / a0;
      a2 = (1 - alpha) / a0;
    }
    const x = buf[i];
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    buf[i] = y;
  }
  return buf;
}

/** Removes DC and sub-audio drift (one-pole high-pass near 20 Hz), in place. */
export function removeDc(buf: Buf): Buf {
  const r = 1 - (2 * Math.PI * 20) / SAMPLE_RATE;
  let x1 = 0,
    y1 = 0;
  for (let i = 0; i < buf.length; i++) {
    const y = buf[i] - x1 + r * y1;
    x1 = buf[i];
    y1 = y;
    buf[i] = y;
  }
  return buf;
}

/** Soft saturation, in place: adds grit and keeps loud layers from spiking. */
export function drive(buf: Buf, amount: number): Buf {
  const norm = Math.tanh(amount);
  for (let i = 0; i < buf.length; i++) buf[i] = Math.tanh(buf[i] * amount) / norm;
  return buf;
}

// ---------------------------------------------------------------- mixing

/** Adds `src * gain` into `dst` starting at sample `at`; what falls past the end is dropped. */
export function mixInto(dst: Buf, src: Buf, at = 0, gain = 1): Buf {
  const start = Math.max(0, Math.round(at));
  const end = Math.min(dst.length, start + src.length);
  for (let i = start; i < end; i++) dst[i] += src[i - start] * gain;
  return dst;
}

/** Sum of equal-length buffers with their gains. */
export function mix(n: number, ...layers: [Buf, number][]): Buf {
  const out = new Float32Array(n);
  for (const [buf, gain] of layers) mixInto(out, buf, 0, gain);
  return out;
}

export function peak(buf: Buf): number {
  let p = 0;
  for (let i = 0; i < buf.length; i++) p = Math.max(p, Math.abs(buf[i]));
  return p;
}

/**
 * Makes a sound safe to ship: no DC, silent first and last sample with short raised-cosine fades (no
 * click when the game starts or cuts it), and the peak scaled to `peakDb` dBFS.
 */
export function finish(buf: Buf, peakDb: number, fadeInMs = 3, fadeOutMs = 15): Buf {
  removeDc(buf);
  const n = buf.length;
  const fadeIn = Math.min(Math.floor(n / 4), Math.round((fadeInMs / 1000) * SAMPLE_RATE));
  const fadeOut = Math.min(Math.floor(n / 4), Math.round((fadeOutMs / 1000) * SAMPLE_RATE));
  for (let i = 0; i < fadeIn; i++) buf[i] *= 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeIn);
  for (let i = 0; i < fadeOut; i++) buf[n - 1 - i] *= 0.5 - 0.5 * Math.cos((Math.PI * i) / fadeOut);
  const p = peak(buf);
  const gain = p > 0 ? 10 ** (peakDb / 20) / p : 0;
  for (let i = 0; i < n; i++) buf[i] *= gain;
  return buf;
}
