/**
 * Pitched, game-like effects: pickups, coins, jumps, UI clicks, power-ups, lasers, magic, and the
 * fallback tone. Timings are fractions of the buffer so a requested length stretches the gesture.
 */
import {
  attackDecay,
  between,
  decay,
  filter,
  glide,
  mix,
  mixInto,
  osc,
  SAMPLE_RATE,
  samplesFor,
  shape,
  swell,
  whiteNoise,
  type Buf,
} from "./dsp.ts";
import type { SoundFamily } from "./family.ts";

/** A frequency `semitones` above `base`, for melodic figures. */
const note = (base: number, semitones: number) => base * 2 ** (semitones / 12);

/** One short chiptune note: a square (or triangle) with a plucked envelope, written at `at` seconds. */
function chipNote(
  out: Buf,
  freq: number,
  at: number,
  seconds: number,
  duty = 0.5,
  wave: "square" | "triangle" = "square",
) {
  const n = samplesFor(seconds);
  const tone = shape(osc(n, wave, freq, 0, duty), attackDecay(0.02, 1.4));
  mixInto(out, filter(tone, "lowpass", 6000), at * SAMPLE_RATE, wave === "square" ? 0.5 : 0.9);
}

export const pickup: SoundFamily = {
  id: "pickup",
  words: ["pickup", "pick", "collect", "grab", "pop", "loot", "orb", "experience", "xp", "item"],
  seconds: 0.25,
  peakDb: -1,
  render({ rng, n }) {
    const base = between(rng, 500, 800);
    const up = shape(osc(n, "sine", glide(base, base * between(rng, 2.2, 3.2), 0.5)), attackDecay(0.02, 0.9));
    const ding = attackDecay(0.02, 0.6);
    const sparkle = shape(osc(n, "triangle", glide(base * 3, base * 4.5)), (t) => (t < 0.35 ? 0 : ding(t - 0.35)));
    return mix(n, [up, 0.8], [sparkle, 0.3]);
  },
};

export const coin: SoundFamily = {
  id: "coin",
  words: ["coin", "coins", "money", "cash", "gold", "gem", "emerald", "diamond", "treasure", "reward", "ding"],
  seconds: 0.5,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const base = note(988, Math.floor(between(rng, -3, 3))); // near B5, the classic first coin note
    const out = new Float32Array(n);
    const first = Math.min(0.08, seconds * 0.18);
    chipNote(out, base, 0, first * 1.3, 0.5);
    chipNote(out, note(base, 5), first, seconds - first, between(rng, 0.25, 0.5));
    return out;
  },
};

export const jump: SoundFamily = {
  id: "jump",
  words: ["jump", "hop", "bounce", "spring", "leap", "boing", "slime"],
  seconds: 0.35,
  peakDb: -1,
  render({ rng, n }) {
    const from = between(rng, 150, 240);
    const tone = osc(n, "square", glide(from, from * between(rng, 2.5, 3.8), 0.6), 0, 0.25);
    return shape(filter(tone, "lowpass", 3500), attackDecay(0.03, 1.1));
  },
};

export const click: SoundFamily = {
  id: "click",
  words: [
    "click",
    "blip",
    "beep",
    "button",
    "ui",
    "menu",
    "select",
    "tick",
    "toggle",
    "tap",
    "press",
    "switch",
    "lever",
    "interface",
  ],
  seconds: 0.1,
  peakDb: -1,
  render({ rng, n }) {
    const tick = shape(filter(whiteNoise(n, rng), "bandpass", between(rng, 2500, 4500), 2), decay(0.12));
    const ping = shape(osc(n, "sine", between(rng, 1200, 2200)), decay(0.45));
    const body = shape(osc(n, "triangle", between(rng, 300, 500)), decay(0.2));
    return mix(n, [tick, 1.2], [ping, 0.5], [body, 0.4]);
  },
};

export const powerup: SoundFamily = {
  id: "powerup",
  words: [
    "powerup",
    "power",
    "levelup",
    "level",
    "upgrade",
    "buff",
    "achievement",
    "boost",
    "heal",
    "success",
    "victory",
    "win",
    "unlock",
  ],
  seconds: 0.9,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const base = between(rng, 260, 400);
    const steps = [0, 4, 7, 12, 16, 19, 24];
    const out = new Float32Array(n);
    const each = seconds / steps.length;
    steps.forEach((s, i) => chipNote(out, note(base, s), i * each, each * 2.2, 0.5, i % 2 ? "triangle" : "square"));
    // A rising shimmer under the arpeggio ties the notes into one gesture.
    const sweep = shape(osc(n, "triangle", glide(base, base * 4)), swell(0.1, 0.3));
    return mixInto(out, sweep, 0, 0.25);
  },
};

export const laser: SoundFamily = {
  id: "laser",
  words: ["laser", "zap", "shoot", "shot", "blaster", "pew", "beam", "ray", "phaser", "gun", "electric", "spark"],
  seconds: 0.4,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const from = between(rng, 1400, 2400);
    const to = between(rng, 120, 300);
    const vibrato = between(rng, 25, 45);
    const sweep = glide(from, to, 0.45);
    const tone = osc(n, "saw", (t) => sweep(t) * (1 + 0.04 * Math.sin(2 * Math.PI * vibrato * t * seconds)));
    const buzz = osc(n, "square", (t) => sweep(t) * 0.5, 0, 0.3);
    return shape(filter(mix(n, [tone, 0.6], [buzz, 0.3]), "lowpass", 5000), attackDecay(0.01, 1));
  },
};

export const magic: SoundFamily = {
  id: "magic",
  words: [
    "magic",
    "magical",
    "spell",
    "enchant",
    "enchantment",
    "sparkle",
    "shimmer",
    "teleport",
    "portal",
    "mystic",
    "fairy",
    "wand",
    "potion",
    "glitter",
    "twinkle",
    "ender",
    "beacon",
  ],
  seconds: 1.5,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const out = new Float32Array(n);
    const air = shape(filter(whiteNoise(n, rng), "bandpass", glide(1500, 6000), 3), swell(0.4, 0.5));
    mixInto(out, air, 0, 0.35);
    // Bell pings scattered over the sound, drifting upward: the "sparkle".
    const pings = Math.max(4, Math.round(seconds * 10));
    for (let i = 0; i < pings; i++) {
      const t = (i / pings) * 0.85 + rng() * 0.05;
      const len = samplesFor(between(rng, 0.15, 0.4));
      const f = note(between(rng, 900, 1400), Math.floor(t * 14 + rng() * 5));
      const bell = mix(len, [osc(len, "sine", f), 0.7], [osc(len, "sine", f * 2.76), 0.25]);
      mixInto(out, shape(bell, decay(1)), t * n, 0.45);
    }
    return out;
  },
};

/** The fallback when no word matches: a soft mallet tone, pleasant and neutral. */
export const generic: SoundFamily = {
  id: "generic",
  words: [],
  seconds: 1, // SOUND_DURATION.default in gen/sound.ts

  peakDb: -1,
  render({ rng, n }) {
    const f = between(rng, 260, 620);
    const tone = mix(n, [osc(n, "sine", f), 0.8], [osc(n, "sine", f * 2), 0.25], [osc(n, "sine", f * 3.01), 0.1]);
    shape(tone, attackDecay(0.01, 0.95));
    const knock = shape(filter(whiteNoise(n, rng), "lowpass", 2500), decay(0.06));
    return mix(n, [tone, 1], [knock, 0.4]);
  },
};
