/**
 * Adjectives to flavours (src/gen/art/flavours.ts) for the lexicon: the flavour table is the product's design
 * (what the painters know how to draw) and is kept by hand; the words that reach it come from WordNet 3.1.
 * From a word's first two adjective senses the walk goes through its synonyms (the same synset), "similar to"
 * (a satellite to its head adjective: ancient → old, soggy → wet) and "also see"; from a
 * noun of quality, state, process or phenomenon, to the adjective derived from it when that is a table word's
 * own sense (frost → frosty). Each hit says the table word
 * it went through, so the answer's `via` reads ["ancient", "old", "worn"].
 */
import { FLAVOUR_OF } from "../../src/gen/art/flavours.ts";
import type { WordNet } from "./wordnet.ts";

export interface FlavourHit {
  steps: number;
  /** The flavour's name. */
  target: string;
  /** The flavour table's word the walk reached ("old" for ancient). */
  mid: string;
}

/** Steps a flavour may be from the word: near or not at all. */
export const FLAVOUR_REACH = 2;
/** Noun files whose words name a state of a thing: 07 attribute, 19 phenomenon, 22 process, 26 state. */
const STATE_NOUNS = new Set([7, 19, 22, 26]);

/** A walker from a word to its nearest flavour, built once over WordNet. */
export function flavourWalker(wn: WordNet): (word: string) => FlavourHit | null {
  // Synset → the table word (and its flavour) whose first two adjective senses it is.
  const atSynset = new Map<string, { flavour: string; word: string }>();
  // A sense that names a colour ("rusty": of the colour of rust) is the colour's, not the state's: colourful
  // words would land on it.
  for (const [word, flavour] of FLAVOUR_OF)
    for (const id of (wn.senses.adj.get(word) ?? []).slice(0, 2))
      if (!atSynset.has(id) && !/\bcolou?r/.test(wn.synsets.get(id)?.gloss ?? "")) atSynset.set(id, { flavour, word });

  const fromSynsets = (starts: { id: string; cost: number }[]): FlavourHit | null => {
    const seen = new Map<string, number>();
    const frontier = starts.filter((s) => s.cost <= FLAVOUR_REACH);
    let best: FlavourHit | null = null;
    while (frontier.length) {
      frontier.sort((a, b) => a.cost - b.cost);
      const { id, cost } = frontier.shift()!;
      if ((seen.get(id) ?? 99) <= cost) continue;
      seen.set(id, cost);
      const at = atSynset.get(id);
      if (at && (!best || cost < best.steps)) best = { steps: cost, target: at.flavour, mid: at.word };
      const s = wn.synsets.get(id);
      if (!s) continue;
      for (const [ptr, extra] of [
        ["&", 1],
        ["^", 1],
      ] as const)
        for (const n of s.pointers.get(ptr) ?? [])
          if (n.startsWith("a:") && cost + extra <= FLAVOUR_REACH) frontier.push({ id: n, cost: cost + extra });
    }
    return best;
  };

  return (word: string) => {
    // The second sense only as itself (a synonym of a table word), never walked on: "wooden" (stiff) is no
    // step from "ashen", "trim" none from "withered".
    const adj = (wn.senses.adj.get(word) ?? []).slice(0, 2).map((id, rank) => ({ id, cost: rank * FLAVOUR_REACH }));
    const fromAdj = fromSynsets(adj);
    if (fromAdj) return fromAdj;
    // A noun of state or quality: the adjectives derived from its first sense (frost → frosty).
    const first = wn.synsets.get((wn.senses.noun.get(word) ?? [])[0] ?? "");
    if (!first || !STATE_NOUNS.has(first.lex)) return null;
    // Only an adjective that is a table word's own sense: a walk on from it strays (cattiness → … → dirty).
    const derived = (first.pointers.get("+") ?? []).filter((n) => n.startsWith("a:") && atSynset.has(n));
    return fromSynsets(derived.map((id) => ({ id, cost: 1 })));
  };
}
