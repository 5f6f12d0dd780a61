/**
 * Words that say a model's proportions rather than its size: a "tall cabinet" or an "upright piano" stands
 * narrower for its height, a "low table", a "wide bench" or a "double bed" lies lower for its width. A model
 * already fills its block (kit.ts fitParts), so taller is drawn as narrower and wider as lower. The first such
 * word in the prompt decides.
 */

/** Footprint share for the upright words, height share for the spreading ones. */
const NARROW = 0.75;
const LOW = 0.7;

const UPRIGHT = new Set(["tall", "high", "slender", "narrow", "thin", "skinny", "lanky", "towering", "upright"]);
const SPREAD = new Set(["low", "wide", "long", "broad", "squat", "flat", "stubby", "double", "king", "queen"]);

/** The prompt's proportion word and the per-axis factors it draws with ([x, y, z]), or null. */
export function proportionOf(prompt: string): { word: string; factors: [number, number, number] } | null {
  for (const word of prompt.toLowerCase().split(/[^a-z]+/)) {
    if (UPRIGHT.has(word)) return { word, factors: [NARROW, 1, NARROW] };
    if (SPREAD.has(word)) return { word, factors: [1, LOW, 1] };
  }
  return null;
}
