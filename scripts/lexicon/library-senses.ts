/**
 * The drawn library's names in WordNet (scripts/lexicon/build.ts): which noun each icon draws, from its name and
 * its keywords, and which of a word's senses an icon's other name words point to ("chess" for a pawn).
 */
import { baseForms } from "../../src/gen/interpret/lexicon.ts";
import { STOP_WORDS } from "../../src/gen/interpret/tokens.ts";
import type { WordNet } from "./wordnet.ts";

/** The words of an icon's name besides its lemma's ("chess" for pawn in "chess-pawn"). */
export const contextOf = (icon: string | undefined, lemma: string): string[] =>
  (icon ?? "").split("-").filter((w) => w.length >= 3 && !lemma.split("_").includes(w));

/** Senses whose gloss, synonyms or kind name a context word first, then the rest, in order. */
export function inContext(wn: WordNet, senses: string[], context: string[]): string[] {
  if (!context.length) return senses;
  const says = (id: string) => {
    const s = wn.synsets.get(id)!;
    const up = (s.pointers.get("@") ?? []).flatMap((u) => wn.synsets.get(u)!.lemmas);
    const text = `${s.gloss} ${[...s.lemmas, ...up].join(" ").replace(/_/g, " ")}`.toLowerCase();
    return context.some((w) => new RegExp(`\\b${w}`).test(text));
  };
  return [...senses.filter(says), ...senses.filter((id) => !says(id))];
}

/**
 * Library lemma → icon from the icons' keywords: a keyword that WordNet knows as a noun whose first sense is a
 * thing narrow enough to be drawn by one icon (no "food", "tool"), not already an icon's own name; the icon
 * with the fewest keywords wins a keyword two share (its drawing is the more particular).
 */
export function keywordLemmas(
  wn: WordNet,
  keywords: Record<string, string[]>,
  named: Map<string, string>,
): Map<string, string> {
  const out = new Map<string, string>();
  const byFew = Object.entries(keywords).sort(
    ([a, ka], [b, kb]) => ka.length - kb.length || (a < b ? -1 : a > b ? 1 : 0),
  );
  const hyponyms = (id: string) => hyponymCount(wn, id);
  for (const [icon, words] of byFew)
    for (const raw of words) {
      const key = raw.toLowerCase().replace(/[^a-z]+/g, "_");
      if (key.length < 3 || named.has(key) || out.has(key) || STOP_WORDS.has(key)) continue;
      const first = (wn.senses.noun.get(key) ?? [])[0];
      if (!first || !LIBRARY_LEX.has(wn.synsets.get(first)!.lex) || hyponyms(first) >= 40) continue;
      out.set(key, icon);
    }
  return out;
}

/** How many kinds lie below a synset, counted up to 40: a narrow kind stands for one drawing. */
export function hyponymCount(wn: WordNet, id: string): number {
  let n = 0;
  const seen = new Set<string>();
  const walk = (x: string) => {
    for (const c of wn.synsets.get(x)!.pointers.get("~") ?? [])
      if (!seen.has(c) && n++ < 40) {
        seen.add(c);
        walk(c);
      }
  };
  walk(id);
  return n;
}

/** Things a library icon may be named after (not a place, a sum of money or a time). */
const LIBRARY_LEX = new Set([5, 6, 8, 10, 13, 17, 20, 25, 27]);

/** Library lemma → icon: the longest run of an icon name's words that is a WordNet noun; shortest icon name wins. */
export function libraryLemmas(wn: WordNet, names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of [...names].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))) {
    const parts = name.split("-");
    let found: string | null = null;
    for (let len = Math.min(3, parts.length); len >= 1 && !found; len--)
      for (let i = parts.length - len; i >= 0 && !found; i--) {
        const run = parts.slice(i, i + len).join("_");
        // The run as named, or its singular ("chains" is the chain icon, "cherries" the cherry's).
        for (const key of [run, ...baseForms(run)]) {
          const senses = (wn.senses.noun.get(key) ?? []).slice(0, 3);
          if (!found && key.length >= 3 && senses.some((id) => LIBRARY_LEX.has(wn.synsets.get(id)!.lex))) found = key;
        }
      }
    if (found && !out.has(found)) out.set(found, name);
  }
  return out;
}
