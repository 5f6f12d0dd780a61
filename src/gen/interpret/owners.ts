/**
 * An owner's mark on a thing: "a knight's gauntlet" is gilded, "a blacksmith's hammer" worn with use, "a
 * witch's cauldron" enchanted. The lexicon (scripts/lexicon/owners.ts) files every person WordNet puts under a
 * few kinds (rulers and nobles, sorcerers, workers, soldiers, healers and cooks) with the flavour that kind
 * gives; only a word said as an owner (with 's) is read so, since "a knight" alone is the thing, not its owner.
 */
import type { FlavourName } from "../art/flavours.ts";
import { reach } from "./lexicon.ts";

/** The words of a text said as owners: "knight" in "a knight's sword" (straight or curly apostrophe). */
export function ownerWords(text: string): Set<string> {
  return new Set([...text.toLowerCase().matchAll(/([a-z]+)['\u2019]s\b/g)].map((m) => m[1]));
}

/** The flavour an owner gives their things, and the lexicon's path to it: ["knight", "male aristocrat", "ornate"]. */
export function ownerFlavour(word: string): { flavour: FlavourName; via: string[] } | null {
  const hit = reach(word, ["o"], false);
  return hit ? { flavour: hit.target as FlavourName, via: hit.via } : null;
}
