/**
 * Physical effects: hits, explosions, whooshes, doors, and the material-driven footsteps and block
 * breaking. Long requests repeat the natural gesture (a walk of steps, a cascade of debris) rather than
 * stretching one contact until it smears.
 */
import {
  attackDecay,
  between,
  brownNoise,
  decay,
  drive,
  filter,
  glide,
  mix,
  mixInto,
  osc,
  SAMPLE_RATE,
  shape,
  whiteNoise,
} from "./dsp.ts";
import type { SoundFamily } from "./family.ts";
import { MATERIALS, materialGrain } from "./material.ts";

export const hit: SoundFamily = {
  id: "hit",
  words: [
    "hit",
    "hurt",
    "punch",
    "impact",
    "thud",
    "damage",
    "attack",
    "strike",
    "smack",
    "slap",
    "kick",
    "bonk",
    "knock",
    "whack",
    "injury",
    "pain",
    "oof",
  ],
  seconds: 0.35,
  peakDb: -1,
  render({ rng, n, seconds }) {
    // The body of a hit is its first ~250 ms; longer requests leave a decaying tail.
    const end = Math.min(1, 0.3 / seconds);
    const from = between(rng, 140, 220);
    const thump = shape(osc(n, "sine", glide(from, from * 0.35, 0.5)), attackDecay(0.005, end));
    const slap = shape(filter(whiteNoise(n, rng), "lowpass", between(rng, 1500, 3000)), decay(end * 0.35));
    return drive(mix(n, [thump, 1], [slap, 0.7]), 2.2);
  },
};

export const explosion: SoundFamily = {
  id: "explosion",
  words: [
    "explosion",
    "explode",
    "boom",
    "blast",
    "tnt",
    "bomb",
    "kaboom",
    "detonate",
    "grenade",
    "firework",
    "thunder",
  ],
  seconds: 2.5,
  peakDb: -1,
  render({ rng, n }) {
    const crack = shape(
      filter(whiteNoise(n, rng), "lowpass", glide(between(rng, 5000, 8000), 180, 0.35)),
      attackDecay(0.003, 0.75),
    );
    const rumble = shape(filter(brownNoise(n, rng), "lowpass", glide(600, 90)), attackDecay(0.01, 1));
    const sub = shape(osc(n, "sine", glide(between(rng, 55, 75), 30)), attackDecay(0.01, 0.6));
    return drive(mix(n, [crack, 0.9], [rumble, 4], [sub, 0.6]), 1.8);
  },
};

export const whoosh: SoundFamily = {
  id: "whoosh",
  words: [
    "whoosh",
    "swoosh",
    "woosh",
    "swish",
    "swing",
    "swipe",
    "wind",
    "throw",
    "arrow",
    "dash",
    "fly",
    "flap",
    "wings",
    "elytra",
    "sweep",
    "breeze",
  ],
  seconds: 0.6,
  peakDb: -1,
  render({ rng, n }) {
    const centre = between(rng, 0.4, 0.6);
    const lo = between(rng, 300, 600);
    const hi = between(rng, 1800, 3500);
    const band = (t: number) => lo + (hi - lo) * Math.exp(-(((t - centre) / 0.25) ** 2));
    const air = filter(whiteNoise(n, rng), "bandpass", band, 1.4);
    return shape(air, (t) => Math.exp(-(((t - centre) / 0.28) ** 2)));
  },
};

export const door: SoundFamily = {
  id: "door",
  words: ["door", "gate", "trapdoor", "hatch", "creak", "creaky", "hinge", "open", "close", "shut", "latch"],
  seconds: 0.8,
  peakDb: -1,
  render({ rng, n, seconds, material }) {
    const surface = material.id === "metal" ? material : MATERIALS.find((m) => m.id === "wood")!;
    // Creak: a slow, jittery sawtooth "stick-slip" through two wood-like resonances.
    const creakEnd = Math.max(0.3, 1 - 0.25 / seconds);
    const base = between(rng, 70, 130);
    let jitter = 0;
    const saw = osc(n, "saw", (t) => {
      jitter = jitter * 0.995 + (rng() - 0.5) * 0.6;
      return base * (1 + 0.3 * t + 0.05 * jitter);
    });
    const creak = mix(
      n,
      [filter(saw.slice(), "bandpass", between(rng, 500, 800), 6), 1],
      [filter(saw, "bandpass", between(rng, 1200, 1800), 8), 0.7],
    );
    shape(creak, (t) => (t < creakEnd ? Math.sin((Math.PI * t) / creakEnd) * (0.6 + 0.4 * Math.sin(t * 40)) : 0));
    const thud = materialGrain(surface, rng, 1);
    const low = shape(osc(thud.length, "sine", glide(110, 60)), decay(0.8));
    const out = mixInto(creak, thud, creakEnd * n * 0.98, 2.5);
    return mixInto(out, low, creakEnd * n * 0.98, 1.2);
  },
};

export const step: SoundFamily = {
  id: "step",
  words: [
    "step",
    "footstep",
    "walk",
    "walking",
    "run",
    "running",
    "stomp",
    "place",
    "land",
    "landing",
    "fall",
    "foot",
    "feet",
    "tread",
    "sneak",
  ],
  seconds: 0.25,
  peakDb: -1,
  render({ rng, n, seconds, material }) {
    // One step per ~0.45 s of requested length: a short request is a single step, a long one a walk.
    const count = Math.max(1, Math.floor(seconds / 0.45));
    const out = new Float32Array(n);
    for (let i = 0; i < count; i++) {
      const at = (i * seconds) / count + between(rng, 0, 0.02);
      const grain = materialGrain(material, rng, between(rng, 0.5, 0.8));
      const heel = shape(osc(grain.length, "sine", glide(between(rng, 90, 140), 50)), decay(0.3));
      mixInto(out, mix(grain.length, [grain, 1], [heel, 0.5]), at * SAMPLE_RATE);
    }
    return out;
  },
};

export const breaking: SoundFamily = {
  id: "break",
  words: [
    "break",
    "broken",
    "dig",
    "mine",
    "mining",
    "shatter",
    "crack",
    "crumble",
    "smash",
    "destroy",
    "crush",
    "debris",
    "collapse",
    "chop",
  ],
  seconds: 0.5,
  peakDb: -1,
  render({ rng, n, seconds, material }) {
    const out = new Float32Array(n);
    // A heavy first contact, then debris thinning out over the rest of the sound.
    mixInto(out, materialGrain(material, rng, 1), 0, 1.4);
    const pieces = Math.round(4 + seconds * (6 + material.crunch));
    for (let i = 0; i < pieces; i++) {
      const t = rng() ** 1.8 * 0.85;
      mixInto(
        out,
        materialGrain(material, rng, between(rng, 0.1, 0.6)),
        t * n,
        between(rng, 0.25, 0.7) * (1 - t * 0.6),
      );
    }
    const body = shape(
      filter(whiteNoise(n, rng), "lowpass", material.high * 0.6),
      attackDecay(0.01, Math.min(1, 0.35 / seconds)),
    );
    return mixInto(out, body, 0, 0.5);
  },
};
