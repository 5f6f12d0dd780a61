/**
 * The looks (art/looks.ts: aged, regal, sinister, hightech…) as the vocabulary operation lists them for a kind:
 * what each does, the flavours this kind paints for it, and the words that say it. The words are the look's own
 * and every word of the lexicon filed under it that the interpreter reads as that look when said alone
 * (interpret/flavour.ts readFlavours: a word that names a thing, a colour, a material or a flavour is that, not a look), so the
 * list is exactly what a prompt may say. Built on first ask, once per kind: it walks the lexicon, which the
 * server otherwise reads only on its first prompt.
 */
import { LOOK_TABLE, type LookName } from "../art/looks.ts";
import type { FlavourName } from "../art/flavours.ts";
import type { ArtKind } from "./spec.ts";
import { lookFlavours } from "./looks.ts";
import { drawsFlavour, readFlavours } from "./flavour.ts";
import { baseForms, foldWord, wordsByTarget } from "./lexicon.ts";

export interface LookEntry {
  look: LookName;
  does: string;
  /** The flavours this kind paints for the look, in order (art/flavours.ts; GET /v1/vocabulary `effects`). */
  effects: FlavourName[];
  /** Words that give the look: its own, then those WordNet files under it ("kitchen", "middle ages"), sorted. */
  words: string[];
}

/**
 * Whether the prompt reader takes a word (one, or two joined by `_`) said alone as `look`: read as the flavour
 * reader reads a prompt, so a look's own word that is also a colour name ("kawaii" is a pink) or a flavour is
 * not listed as the look.
 */
function readsAs(word: string, look: LookName): boolean {
  const words = word.split("_");
  if (words.length > 2) return false;
  // Of two words both are read as the look ("middle ages"), not one beside a word left unread ("information warfare").
  const read = readFlavours(words.join(" "));
  // A word the lexicon folds onto a colour, material or wear word, or the plural of one, is read as that first
  // ("kawaii" is a pink, "sands" sand).
  const folded = (w: string) => [w, ...baseForms(w)].some((b) => foldWord(b));
  return words.every((w) => !folded(w) && read.some((f) => f.raw === w && f.look === look));
}

let wordsOfLook: Map<LookName, string[]> | null = null;

function lookWords(): Map<LookName, string[]> {
  if (wordsOfLook) return wordsOfLook;
  const filed = wordsByTarget("k");
  wordsOfLook = new Map(
    (Object.keys(LOOK_TABLE) as LookName[]).map((look) => {
      const own = LOOK_TABLE[look].words.filter((w) => readsAs(w, look));
      const found = (filed.get(look) ?? []).filter((w) => readsAs(w, look)).map((w) => w.replace(/_/g, " "));
      return [look, [...new Set([...own, ...found.sort()])]];
    }),
  );
  return wordsOfLook;
}

const byKind = new Map<ArtKind, LookEntry[]>();

/** The looks a kind draws (at least one of their flavours is painted there), for GET /v1/vocabulary. */
export function looksOf(kind: ArtKind): LookEntry[] {
  const hit = byKind.get(kind);
  if (hit) return hit;
  const out = (Object.keys(LOOK_TABLE) as LookName[])
    .map((look) => ({
      look,
      does: LOOK_TABLE[look].does,
      effects: lookFlavours(look).filter((f) => drawsFlavour(kind, f)),
      words: lookWords().get(look) ?? [],
    }))
    .filter((l) => l.effects.length > 0);
  byKind.set(kind, out);
  return out;
}
