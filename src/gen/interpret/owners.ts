/**
 * An owner's mark on a thing: "a knight's gauntlet" is gilded, "a blacksmith's hammer" worn with use, "a
 * witch's cauldron" enchanted. The lexicon (scripts/lexicon/owners.ts) files every person WordNet puts under a
 * few kinds (rulers and nobles, sorcerers, workers, soldiers, healers and cooks) with the flavour that kind
 * gives; a word said as an owner (with 's), or a person said right before the thing ("witch hat": interpret/
 * flavour.ts), is read so; "a knight" alone is the thing, not its owner.
 */
import type { FlavourName } from "../art/flavours.ts";
import { reach } from "./lexicon.ts";

/**
 * The words of a text said as owners, as written: "knight" in "a knight's sword", "soldiers" in "the soldiers'
 * helmets" (straight or curly apostrophe).
 */
export function ownerWords(text: string): Set<string> {
  const lower = text.toLowerCase();
  const one = [...lower.matchAll(/([a-z]+)['\u2019]s\b/g)].map((m) => m[1]);
  const many = [...lower.matchAll(/([a-z]+s)['\u2019](?![a-z])/g)].map((m) => m[1]);
  return new Set([...one, ...many]);
}

/** The flavour an owner gives their things, and the lexicon's path to it: ["knight", "male aristocrat", "ornate"]. */
export function ownerFlavour(word: string): { flavour: FlavourName; via: string[] } | null {
  const hit = reach(word, ["o"], false);
  return hit ? { flavour: hit.target as FlavourName, via: hit.via } : null;
}

/**
 * An owner of two words ("a fortune teller's crystal ball", "the plague doctor's mask"): WordNet's name of a
 * person for the word before the owner and the owner together, whose flavour both words give. Word → flavour.
 */
export function ownerPairs(text: string): Map<string, { flavour: FlavourName; via: string[] }> {
  const out = new Map<string, { flavour: FlavourName; via: string[] }>();
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/([a-z]+)[\s-]+([a-z]+)['\u2019]s?(?![a-z])/g)) {
    const hit = reach(`${m[1]}_${m[2]}`, ["o"], false) ?? reach(`${m[1]}${m[2]}`, ["o"], false);
    if (!hit) continue;
    for (const w of [m[1], m[2]]) out.set(w, { flavour: hit.target as FlavourName, via: [w, ...hit.via] });
  }
  return out;
}
