/**
 * Ambience beds (water, lava) and creature-like calls (growl, hiss, squeak). Beds sit at -4 dBFS so
 * they play under effects; their textures are built from events scattered in time, so any length works.
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
  samplesFor,
  shape,
  swell,
  whiteNoise,
} from "./dsp.ts";
import type { SoundFamily } from "./family.ts";

/** Slow random wobble (-1..1) built from a few incommensurate sines: keeps beds from sounding static. */
function wobble(rng: () => number): (t: number, seconds: number) => number {
  const rates = [between(rng, 0.13, 0.3), between(rng, 0.4, 0.9), between(rng, 1.1, 2.3)];
  const phases = rates.map(() => rng() * 2 * Math.PI);
  return (t, seconds) =>
    rates.reduce((s, r, i) => s + Math.sin(2 * Math.PI * r * t * seconds + phases[i]), 0) / rates.length;
}

export const water: SoundFamily = {
  id: "water",
  words: [
    "water",
    "splash",
    "river",
    "stream",
    "bubble",
    "bubbles",
    "drip",
    "swim",
    "ocean",
    "wave",
    "waves",
    "underwater",
    "brook",
    "fountain",
    "rain",
    "liquid",
    "fish",
  ],
  seconds: 5,
  peakDb: -4,
  render({ rng, n, seconds }) {
    const move = wobble(rng);
    const rush = filter(whiteNoise(n, rng), "lowpass", (t) => 900 + 500 * move(t, seconds), 0.9);
    shape(rush, (t) => 0.7 + 0.3 * move(t, seconds));
    const out = mixInto(new Float32Array(n), filter(rush, "highpass", 150), 0, 0.6);
    // Bubbles: short sines whose pitch rises as they close, the signature of water.
    const bubbles = Math.round(seconds * between(rng, 10, 16));
    for (let i = 0; i < bubbles; i++) {
      const len = samplesFor(between(rng, 0.02, 0.07));
      const f = between(rng, 400, 1400);
      const blip = shape(osc(len, "sine", glide(f, f * between(rng, 1.5, 2.5))), attackDecay(0.1, 1));
      mixInto(out, blip, rng() * (n - len), between(rng, 0.15, 0.45));
    }
    return out;
  },
};

export const lava: SoundFamily = {
  id: "lava",
  words: [
    "lava",
    "magma",
    "fire",
    "burn",
    "burning",
    "crackle",
    "flame",
    "flames",
    "campfire",
    "blaze",
    "furnace",
    "volcano",
    "ember",
    "sizzle",
  ],
  seconds: 5,
  peakDb: -4,
  render({ rng, n, seconds }) {
    const move = wobble(rng);
    const rumble = filter(brownNoise(n, rng), "lowpass", (t) => 220 + 80 * move(t, seconds));
    const out = mixInto(new Float32Array(n), rumble, 0, 3);
    // Thick low "bloops" and sharp crackles over the rumble.
    const pops = Math.round(seconds * between(rng, 3, 6));
    for (let i = 0; i < pops; i++) {
      const len = samplesFor(between(rng, 0.06, 0.15));
      const f = between(rng, 90, 220);
      const pop = shape(osc(len, "sine", glide(f, f * 1.8)), attackDecay(0.05, 1));
      mixInto(out, pop, rng() * (n - len), between(rng, 0.3, 0.6));
    }
    const crackles = Math.round(seconds * between(rng, 25, 45));
    for (let i = 0; i < crackles; i++) {
      const len = samplesFor(between(rng, 0.002, 0.01));
      const crack = shape(filter(whiteNoise(len, rng), "highpass", 1800), decay(1));
      mixInto(out, crack, rng() * (n - len), between(rng, 0.1, 0.5));
    }
    return out;
  },
};

export const growl: SoundFamily = {
  id: "growl",
  words: [
    "growl",
    "roar",
    "snarl",
    "groan",
    "moan",
    "grunt",
    "zombie",
    "bear",
    "wolf",
    "beast",
    "monster",
    "ogre",
    "dragon",
    "warden",
    "ravager",
    "hoglin",
    "husk",
    "piglin",
    "ghast",
    "mob",
  ],
  seconds: 1.2,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const base = between(rng, 65, 110);
    const move = wobble(rng);
    const voice = osc(n, "saw", (t) => base * (1 + 0.12 * move(t, seconds) + 0.15 * Math.sin(Math.PI * t)));
    // Rough texture: fast amplitude flutter, like air rattling in a throat.
    const flutter = between(rng, 18, 30);
    shape(voice, (t) => 0.75 + 0.25 * Math.sin(2 * Math.PI * flutter * t * seconds));
    const formants = mix(
      n,
      [filter(voice.slice(), "bandpass", between(rng, 350, 550), 3), 1],
      [filter(voice.slice(), "bandpass", between(rng, 800, 1200), 4), 0.6],
      [filter(voice, "lowpass", 250), 0.8],
    );
    const breath = filter(whiteNoise(n, rng), "bandpass", 900, 1.2);
    return shape(drive(mix(n, [formants, 1], [breath, 0.12]), 2.5), swell(0.15, 0.4));
  },
};

export const hiss: SoundFamily = {
  id: "hiss",
  words: [
    "hiss",
    "hissing",
    "snake",
    "creeper",
    "steam",
    "spit",
    "fuse",
    "primed",
    "cat",
    "ocelot",
    "spider",
    "vent",
    "gas",
    "spray",
    "air",
  ],
  seconds: 1.2,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const move = wobble(rng);
    const centre = between(rng, 4200, 5800);
    const air = filter(whiteNoise(n, rng), "highpass", 2500);
    filter(air, "bandpass", (t) => centre + 900 * move(t, seconds), 0.9);
    return shape(air, (t) => swell(0.12, 0.35)(t) * (0.8 + 0.2 * move(t * 3, seconds)));
  },
};

export const squeak: SoundFamily = {
  id: "squeak",
  words: [
    "squeak",
    "squeaky",
    "mouse",
    "rat",
    "bat",
    "chirp",
    "tweet",
    "bird",
    "parrot",
    "chick",
    "chicken",
    "peep",
    "silverfish",
    "endermite",
    "rabbit",
    "fox",
  ],
  seconds: 0.4,
  peakDb: -1,
  render({ rng, n, seconds }) {
    const out = new Float32Array(n);
    const calls = Math.max(1, Math.min(8, Math.round(seconds * between(rng, 3, 6))));
    for (let i = 0; i < calls; i++) {
      const len = samplesFor(Math.min(seconds / calls, between(rng, 0.06, 0.14)));
      const f = between(rng, 2200, 4200);
      const up = rng() < 0.6;
      const call = osc(
        len,
        "sine",
        (t) => f * (1 + (up ? 0.35 : -0.25) * Math.sin(Math.PI * t)) * (1 + 0.03 * Math.sin(t * 90)),
      );
      mixInto(out, shape(call, swell(0.15, 0.4)), (i / calls) * n + rng() * 0.02 * n, 1);
    }
    return out;
  },
};
