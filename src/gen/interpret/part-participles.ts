/**
 * A part said as an adjective after its colour or material: "a red-handled knife", "a gold-hilted sword", "a
 * diamond-tipped arrow", "an iron-banded chest", "a wide-brimmed hat". English makes such adjectives from any
 * part noun with -ed (handle → handled, tip → tipped, edge → edged), so the part is found by undoing the
 * suffix against the painters' part words (interpret/parts.ts), not listed: the part scanner then reads
 * "<colour|material> <part>ed" as it reads "<colour|material> <part>".
 */
import { PART_REGIONS } from "./parts.ts";

/** The part nouns a word may be the -ed adjective of, most likely first (none when it is no such word). */
export function partsOfParticiple(word: string): string[] {
  if (word.length < 5 || !word.endsWith("ed")) return [];
  const stem = word.slice(0, -2);
  // handled → handle (stem + e), hilted → hilt, tipped → tip (a doubled last consonant).
  const tries = [`${stem}e`, stem, /([^aeiou])\1$/.test(stem) ? stem.slice(0, -1) : ""];
  return tries.filter((t) => t && t in PART_REGIONS);
}
