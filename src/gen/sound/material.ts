/**
 * Surfaces for footsteps, block breaking and doors. Each material is a recipe for one "grain" (a single
 * contact: a step, a chip of debris): how bright and how resonant it is, and how long it rings.
 */
import type { Rng } from "../rng.ts";
import { between, decay, filter, mix, osc, samplesFor, shape, whiteNoise, type Buf } from "./dsp.ts";

export interface Material {
  id: string;
  words: string[];
  /** Band the noise body of a grain sits in, Hz. */
  low: number;
  high: number;
  /** Grain length in seconds (how dull or ringing the surface is). */
  grain: number;
  /** Resonant partials mixed into each grain: glass and metal ring, stone clacks, grass has none. */
  ring: number[];
  ringGain: number;
  /** How many sub-impacts one contact scatters into: gravel and sand crunch, wood knocks once. */
  crunch: number;
}

export const MATERIALS: Material[] = [
  {
    id: "stone",
    words: [
      "stone",
      "rock",
      "cobble",
      "cobblestone",
      "deepslate",
      "brick",
      "ore",
      "andesite",
      "granite",
      "diorite",
      "basalt",
      "tuff",
      "blackstone",
      "netherrack",
      "concrete",
      "terracotta",
      "calcite",
    ],
    low: 300,
    high: 3200,
    grain: 0.07,
    ring: [1200, 1900],
    ringGain: 0.25,
    crunch: 3,
  },
  {
    id: "wood",
    words: [
      "wood",
      "wooden",
      "plank",
      "log",
      "oak",
      "spruce",
      "birch",
      "jungle",
      "acacia",
      "mangrove",
      "cherry",
      "crate",
      "chest",
      "barrel",
      "ladder",
      "bamboo",
      "scaffolding",
      "fence",
    ],
    low: 150,
    high: 1400,
    grain: 0.09,
    ring: [420, 980],
    ringGain: 0.45,
    crunch: 1,
  },
  {
    id: "grass",
    words: [
      "grass",
      "leaf",
      "leaves",
      "plant",
      "moss",
      "hay",
      "crop",
      "vine",
      "flower",
      "foliage",
      "bush",
      "azalea",
      "fern",
    ],
    low: 1200,
    high: 7000,
    grain: 0.08,
    ring: [],
    ringGain: 0,
    crunch: 5,
  },
  {
    id: "gravel",
    words: ["gravel", "rubble", "pebble", "pebbles"],
    low: 700,
    high: 6000,
    grain: 0.05,
    ring: [],
    ringGain: 0,
    crunch: 8,
  },
  {
    id: "sand",
    words: ["sand", "dust", "sandstone", "soul"],
    low: 1800,
    high: 9000,
    grain: 0.06,
    ring: [],
    ringGain: 0,
    crunch: 10,
  },
  {
    id: "glass",
    words: ["glass", "crystal", "ice", "amethyst", "pane", "bottle", "window"],
    low: 2500,
    high: 11000,
    grain: 0.12,
    ring: [2800, 4100, 5900, 7300],
    ringGain: 0.7,
    crunch: 4,
  },
  {
    id: "metal",
    words: ["metal", "iron", "anvil", "chain", "copper", "steel", "armor", "armour", "bell", "netherite", "cauldron"],
    low: 800,
    high: 6000,
    grain: 0.25,
    ring: [520, 1370, 2210, 3480],
    ringGain: 0.8,
    crunch: 1,
  },
  {
    id: "dirt",
    words: ["dirt", "mud", "soil", "clay", "rooted", "farmland", "mycelium", "podzol"],
    low: 120,
    high: 1800,
    grain: 0.07,
    ring: [],
    ringGain: 0,
    crunch: 3,
  },
  { id: "snow", words: ["snow", "powder"], low: 900, high: 5000, grain: 0.1, ring: [], ringGain: 0, crunch: 6 },
  {
    id: "wool",
    words: ["wool", "carpet", "cloth", "fabric", "bed", "cloak"],
    low: 150,
    high: 1000,
    grain: 0.08,
    ring: [],
    ringGain: 0,
    crunch: 1,
  },
];

export const DEFAULT_MATERIAL = MATERIALS[0];

/**
 * One contact with a surface, `weight` 0..1 scaling its force (a heavy break vs a light step).
 * The material's crunch scatters the energy into several tiny clicks across the grain.
 */
export function materialGrain(m: Material, rng: Rng, weight: number): Buf {
  const seconds = m.grain * between(rng, 0.8, 1.25) * (0.7 + 0.6 * weight);
  const n = samplesFor(seconds);
  const body = filter(filter(whiteNoise(n, rng), "highpass", m.low * between(rng, 0.85, 1.15)), "lowpass", m.high);
  shape(body, decay(between(rng, 0.5, 0.9)));
  if (m.crunch > 1) {
    // Sparse random gating: many short clicks instead of one smooth burst.
    const gate = new Float32Array(n);
    for (let c = 0; c < m.crunch * 3; c++) {
      const at = Math.floor(rng() * n * 0.8);
      const len = samplesFor(between(rng, 0.002, 0.008));
      for (let i = at; i < Math.min(n, at + len); i++) gate[i] = Math.max(gate[i], 1 - (i - at) / len);
    }
    for (let i = 0; i < n; i++) body[i] *= 0.35 + 0.65 * gate[i];
  }
  if (m.ring.length === 0) return body;
  const partials = m.ring.map((f) => {
    const tone = osc(n, "sine", f * between(rng, 0.93, 1.07), rng());
    return [shape(tone, decay(between(rng, 0.4, 1))), m.ringGain / m.ring.length] as [Buf, number];
  });
  return mix(n, [body, 1], ...partials);
}
