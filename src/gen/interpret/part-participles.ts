/**
 * A part said as an adjective after its colour or material: "a red-handled knife", "a gold-hilted sword", "a
 * diamond-tipped arrow", "an iron-banded chest", "a wide-brimmed hat". English makes such adjectives from any
 * part noun with -ed (handle → handled, tip → tipped, edge → edged), so the part is found by undoing the
 * suffix against the painters' part words (interpret/parts.ts), not listed: the part scanner then reads
 * "<colour|material> <part>ed" as it reads "<colour|material> <part>". Said alone before the subject, such a
 * word names a thing the item has ("a winged helmet", "a horned helmet"), drawn as its emblem (emblems.ts).
 */
import { PART_REGIONS } from "./parts.ts";
import { itemPatternOf } from "../art/item-patterns.ts";

/**
 * -ed words that say how a thing is made or framed, not a thing it has ("heart-shaped", "nether themed",
 * "rose-scented"): never read as their noun.
 */
const FRAMES = new Set(["shaped", "themed", "styled", "coloured", "colored", "patterned", "sized", "scented", "based"]);

/** The nouns a word may be the -ed adjective of, most likely first: handled → handle, tipped → tip, winged → wing. */
export function nounsOfParticiple(word: string): string[] {
  // A pattern word is its pattern ("blue striped mug": art/item-patterns.ts), no stripe part.
  if (word.length < 5 || !word.endsWith("ed") || FRAMES.has(word) || itemPatternOf(word)) return [];
  const stem = word.slice(0, -2);
  // handled → handle (stem + e), hilted → hilt, tipped → tip (a doubled last consonant).
  return [`${stem}e`, stem, /([^aeiou])\1$/.test(stem) ? stem.slice(0, -1) : ""].filter(Boolean);
}

/** The part nouns a word may be the -ed adjective of (none when it is no such word). */
export const partsOfParticiple = (word: string): string[] => nounsOfParticiple(word).filter((t) => t in PART_REGIONS);
