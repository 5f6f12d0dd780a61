/**
 * Collections for the lexicon: the words people put before "of" to ask for several of a thing ("a stack of
 * pancakes", "a bunch of radishes", "a bundle of dynamite", "a pile of bones", "a swarm of bees"). WordNet
 * files each as a kind of collection (noun.group): a stack is a pile, a pile a collection; a swarm a crowd; a
 * herd an animal group. Every such word within a few kinds of one is read as "several", and the item painter
 * draws the thing three times (src/gen/interpret/quantities.ts, src/gen/art/collections.ts).
 *
 * Left out: a mass of one piece (a "lump" or a "chunk" is a compact ball of stuff, no collection of things),
 * and two (a "pair" of shears, of boots or of glasses is the one thing the painters already draw as a pair).
 */
import type { WordNet } from "./wordnet.ts";

/** The kinds of collection, and the kinds under them that are no collection of several things. */
const COLLECTIONS = ["collection", "crowd", "animal_group"];
const NOT_SEVERAL = ["ball", "pair"];
/** Kinds climbed from the word to a collection: a stack is a pile is a collection. */
export const COLLECTION_REACH = 3;
/** 14 noun.group. */
const GROUP_LEX = 14;

/** A walker from a word to "several" (the target painters read), or null; built once. */
export function collectionWalker(wn: WordNet): (word: string) => { steps: number; target: string; mid: string } | null {
  const first = (lemma: string) => wn.senses.noun.get(lemma)?.find((id) => wn.synsets.get(id)!.lex === GROUP_LEX);
  const anchors = new Set(COLLECTIONS.map(first));
  return (word: string) => {
    const start = (wn.senses.noun.get(word) ?? [])[0];
    if (!start || wn.synsets.get(start)!.lex !== GROUP_LEX) return null;
    let id: string | undefined = start;
    for (let steps = 0; id && steps <= COLLECTION_REACH; steps++) {
      if (wn.synsets.get(id)!.lemmas.some((l) => NOT_SEVERAL.includes(l))) return null;
      if (anchors.has(id)) return steps === 0 ? null : { steps, target: "several", mid: wn.synsets.get(id)!.lemmas[0] };
      id = (wn.synsets.get(id)!.pointers.get("@") ?? [])[0];
    }
    return null;
  };
}
