import { describe, expect, test } from "bun:test";
import { writeArtifact } from "../support/artifacts.ts";
import {
  describeSound,
  generateSound,
  SOUND_DECODED_PEAK_LIMIT,
  SOUND_DURATION,
  SOUND_SAMPLE_RATE,
} from "../../src/gen/sound.ts";
import { FALLBACK_FAMILY, SOUND_FAMILIES } from "../../src/gen/sound/choose.ts";
import { decodeOggVorbis } from "../../src/media/ogg.ts";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ogginfo } from "../media/audio-fixtures.ts";

/** Where a person can listen to one sample per family; rewritten (identically) by every run. */
const ARTIFACTS = join(import.meta.dir, "../artifacts/sounds");

/** One prompt per family; the generic fallback last. */
const FAMILY_PROMPTS: [string, string][] = [
  ["hit", "a heavy punch hit"],
  ["pickup", "collect item pop"],
  ["coin", "shiny coin"],
  ["explosion", "big TNT explosion"],
  ["jump", "8-bit jump"],
  ["click", "UI button click"],
  ["powerup", "power-up fanfare"],
  ["laser", "sci-fi laser zap"],
  ["magic", "magic spell sparkle"],
  ["step", "footsteps on stone"],
  ["break", "glass shattering"],
  ["door", "creaky wooden door"],
  ["water", "gentle water bubbling"],
  ["lava", "lava ambience"],
  ["growl", "zombie growl"],
  ["hiss", "angry snake hiss"],
  ["squeak", "a mouse squeaks"],
  ["whoosh", "sword swing whoosh"],
  ["generic", "something indescribable"],
];

const req = (prompt: string, extra: { seed?: number; event?: string; durationSeconds?: number } = {}) => ({
  prompt,
  event: extra.event ?? "custom.sound",
  seed: extra.seed ?? 42,
  durationSeconds: extra.durationSeconds,
});

const peakOf = (a: Float32Array) => a.reduce((p, v) => Math.max(p, Math.abs(v)), 0);
const ms = (x: number) => Math.round((x / 1000) * SOUND_SAMPLE_RATE);

/** In-place radix-2 FFT magnitude of a power-of-two frame. */
function magnitudes(frame: Float32Array): Float32Array {
  const n = frame.length;
  const re = Float64Array.from(frame, (v, i) => v * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n)));
  const im = new Float64Array(n);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) [re[i], re[j]] = [re[j], re[i]];
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(ang * k),
          wi = Math.sin(ang * k);
        const a = i + k,
          b = a + len / 2;
        const tr = re[b] * wr - im[b] * wi,
          ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
  return Float32Array.from({ length: n / 2 }, (_, k) => Math.hypot(re[k], im[k]));
}

/**
 * A sound's fingerprint: its spectrum in 12 log-spaced bands (as shares of the total) and its loudness
 * over 10 equal time slices (relative to the loudest). Two different effects differ in one or the other.
 */
function fingerprint(pcm: Float32Array): number[] {
  const N = 1024;
  const bands = new Array(12).fill(0);
  const edges = Array.from({ length: 13 }, (_, i) => 60 * (16000 / 60) ** (i / 12));
  for (let start = 0; start + N <= Math.max(pcm.length, N); start += N / 2) {
    const frame = new Float32Array(N);
    frame.set(pcm.subarray(start, start + N));
    const mag = magnitudes(frame);
    for (let k = 1; k < mag.length; k++) {
      const f = (k * SOUND_SAMPLE_RATE) / N;
      const b = edges.findIndex((e, i) => i < 12 && f >= e && f < edges[i + 1]);
      if (b >= 0) bands[b] += mag[k] * mag[k];
    }
  }
  const total = bands.reduce((a, b) => a + b, 0) || 1;
  const slices = Array.from({ length: 10 }, (_, s) => {
    const part = pcm.subarray(Math.floor((s * pcm.length) / 10), Math.floor(((s + 1) * pcm.length) / 10));
    return Math.sqrt(part.reduce((a, v) => a + v * v, 0) / Math.max(1, part.length));
  });
  const loudest = Math.max(...slices) || 1;
  return [...bands.map((b) => b / total), ...slices.map((s) => (0.5 * s) / loudest)];
}

const distance = (a: number[], b: number[]) => a.reduce((d, v, i) => d + Math.abs(v - b[i]), 0);

describe("every family decodes to a clean mono 44.1 kHz sound", () => {
  test("the prompt table covers every family", () => {
    expect(FAMILY_PROMPTS.map(([id]) => id).sort()).toEqual(
      [...SOUND_FAMILIES.map((f) => f.id), FALLBACK_FAMILY.id].sort(),
    );
  });

  for (const [family, prompt] of FAMILY_PROMPTS) {
    test(`${family}: "${prompt}"`, async () => {
      const plan = describeSound(req(prompt));
      expect(plan.family).toBe(family);
      const ogg = await generateSound(req(prompt));
      const out = await decodeOggVorbis(ogg);
      expect(out.sampleRate).toBe(44100);
      expect(out.channels.length).toBe(1);
      const pcm = out.channels[0];
      expect(pcm.length).toBe(Math.round(plan.seconds * 44100));
      const peak = peakOf(pcm);
      expect(peak).toBeLessThanOrEqual(SOUND_DECODED_PEAK_LIMIT);
      // Normalised: effects near -1 dBFS, ambience beds near -4 dBFS.
      expect(peak).toBeGreaterThan(10 ** ((plan.peakDb - 2) / 20));
      // Starts and ends on silence: the first 0.25 ms and the last 1 ms stay low (fade-in 3 ms, fade-out 15 ms).
      expect(peakOf(pcm.subarray(0, ms(0.25)))).toBeLessThan(0.05);
      expect(peakOf(pcm.subarray(pcm.length - ms(1)))).toBeLessThan(0.05);
      expect(ogginfo(ogg) ?? "skipped").toMatch(/Rate: 44100|skipped/);
      writeArtifact(`sounds/${family}.ogg`, ogg);
    });
  }

  test("the listening samples stay small (< 1 MB in all)", () => {
    const files = readdirSync(ARTIFACTS).filter((f) => f.endsWith(".ogg"));
    expect(files.length).toBe(FAMILY_PROMPTS.length);
    expect(files.reduce((n, f) => n + statSync(join(ARTIFACTS, f)).size, 0)).toBeLessThan(1024 * 1024);
  });
});

describe("determinism", () => {
  test("same request and seed give identical bytes", async () => {
    for (const prompt of ["shiny coin", "glass shattering", "gentle water bubbling"]) {
      const a = await generateSound(req(prompt, { durationSeconds: 1 }));
      const b = await generateSound(req(prompt, { durationSeconds: 1 }));
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    }
  });

  test("another seed, or another prompt in the same family, gives other bytes", async () => {
    const base = await generateSound(req("zombie growl"));
    expect(Buffer.from(base).equals(Buffer.from(await generateSound(req("zombie growl", { seed: 43 }))))).toBe(false);
    expect(Buffer.from(base).equals(Buffer.from(await generateSound(req("angry zombie growl"))))).toBe(false);
  });
});

describe("duration", () => {
  test("requested lengths are honoured, and clamped to the range", async () => {
    for (const [asked, expected] of [
      [SOUND_DURATION.min, SOUND_DURATION.min],
      [2.5, 2.5],
      [SOUND_DURATION.max, SOUND_DURATION.max],
      [0.01, SOUND_DURATION.min],
      [60, SOUND_DURATION.max],
      [-3, SOUND_DURATION.min],
    ]) {
      const out = await decodeOggVorbis(await generateSound(req("a heavy punch hit", { durationSeconds: asked })));
      expect(out.durationSeconds).toBeCloseTo(expected, 4);
    }
  });

  test("no length (or a non-number) uses the family's natural length", () => {
    expect(describeSound(req("UI button click")).seconds).toBe(0.1);
    expect(describeSound(req("big TNT explosion")).seconds).toBe(2.5);
    expect(describeSound(req("lava ambience", { durationSeconds: Number.NaN })).seconds).toBe(5);
    expect(describeSound(req("something indescribable")).seconds).toBe(SOUND_DURATION.default);
    for (const f of SOUND_FAMILIES) {
      expect(f.seconds).toBeGreaterThanOrEqual(SOUND_DURATION.min);
      expect(f.seconds).toBeLessThanOrEqual(SOUND_DURATION.max);
    }
  });

  test("a long footstep request is a walk of several steps", async () => {
    const pcm = (await decodeOggVorbis(await generateSound(req("footsteps on gravel", { durationSeconds: 3 }))))
      .channels[0];
    // Count loud onsets separated by quiet gaps.
    const block = ms(20);
    const levels = Array.from({ length: Math.floor(pcm.length / block) }, (_, i) =>
      peakOf(pcm.subarray(i * block, (i + 1) * block)),
    );
    let onsets = 0;
    for (let i = 1; i < levels.length; i++) if (levels[i] > 0.3 && levels[i - 1] < 0.15) onsets++;
    expect(onsets).toBeGreaterThanOrEqual(4);
  });
});

// Thresholds sit well under what was measured (closest families: jump/generic at 1.0; closest
// materials: grass/snow at 0.38), so they catch two families collapsing into one, not small retunes.
describe("families and materials sound different", () => {
  test("every pair of families differs in spectrum or loudness shape", async () => {
    const prints = await Promise.all(
      FAMILY_PROMPTS.map(
        async ([id, prompt]) =>
          [id, fingerprint((await decodeOggVorbis(await generateSound(req(prompt)))).channels[0])] as const,
      ),
    );
    for (let i = 0; i < prints.length; i++) {
      for (let j = i + 1; j < prints.length; j++) {
        const d = distance(prints[i][1], prints[j][1]);
        if (d < 0.5) throw new Error(`${prints[i][0]} and ${prints[j][0]} are too alike (distance ${d.toFixed(3)})`);
      }
    }
  });

  test("footsteps on each material differ", async () => {
    const materials = ["stone", "wood", "grass", "gravel", "sand", "glass", "metal", "snow", "wool", "dirt"];
    const prints = await Promise.all(
      materials.map(async (m) => {
        const r = req(`footstep on ${m}`, { durationSeconds: 0.3 });
        expect(describeSound(r).material).toBe(m);
        return [m, fingerprint((await decodeOggVorbis(await generateSound(r))).channels[0])] as const;
      }),
    );
    for (let i = 0; i < prints.length; i++) {
      for (let j = i + 1; j < prints.length; j++) {
        const d = distance(prints[i][1], prints[j][1]);
        if (d < 0.2)
          throw new Error(`${prints[i][0]} and ${prints[j][0]} steps are too alike (distance ${d.toFixed(3)})`);
      }
    }
  });
});
