/**
 * Cultures and origins to looks (src/gen/art/looks.ts) for the lexicon: "a japanese katana", "an egyptian
 * amulet", "a roman helmet", "an aztec mask", "a celtic ring". A people's or a place's art is no flavour of
 * WordNet's, but WordNet knows where each people and country lies: an adjective pertains to its country or
 * people (japanese → Japan, egyptian → Egypt, roman → Rome), a country is part of a region (Japan of Asia,
 * Egypt of the Middle East), a people is a kind of another (an Aztec is a Nahuatl). So each culture look is
 * tied here to a few regions and peoples (its anchors) and every country, city or people below or inside one
 * lands on it without being listed: "korean", "persian", "spartan", "mayan", "irish" come from WordNet.
 *
 * Why a hand table: which regions share a convention of game art (east Asia's red lacquer and gold, the Near
 * East's gilded sun-bleached work, the classical world's marble and laurel, Mesoamerica's jade and rough
 * stone, the Celts' knotwork) is a design choice made once per look; WordNet brings the members.
 */
import type { LookName } from "../../src/gen/art/looks.ts";
import type { LookHit } from "./looks.ts";
import type { WordNet } from "./wordnet.ts";

/**
 * Culture look → anchors, `n:lemma` (its first sense) or `n:lemma#k` (its k-th). Looks listed first win a tie
 * (Egypt is part of both the Middle East and Africa; Iran of the Middle East and Asia: the Near East's look).
 */
export const CULTURE_ANCHORS: Partial<Record<LookName, string[]>> = {
  arabesque: ["n:middle_east", "n:north_africa", "n:arabia", "n:persia", "n:egyptian_empire", "n:arab"],
  classical: ["n:rome", "n:roman_empire", "n:roman#2", "n:greece", "n:greece#2", "n:sparta", "n:hellene"],
  mesoamerican: ["n:mesoamerica", "n:mexico", "n:nahuatl", "n:maya", "n:quechua", "n:peru"],
  celtic: ["n:celt", "n:ireland", "n:ireland#2", "n:scotland", "n:wales", "n:gaul#3"],
  eastern: ["n:asia", "n:asia#2", "n:asian", "n:east#2", "n:far_east"],
};

/** Kinds and wholes climbed from a people or a place to its region: Japan → Asia, Aztec → Nahuatl. */
export const CULTURE_REACH = 3;
/** Noun files of peoples and places: 14 group (the nations of Asia), 15 location, 17 object (a continent), 18 person. */
const PEOPLE_AND_PLACES = new Set([14, 15, 17, 18]);
/** Noun senses read, and the files of things that end the reading: 05 animal, 06 artifact, 13 food, 20 plant. */
const NOUN_SENSES = 2;
const THINGS = new Set([5, 6, 13, 20]);
/** Adjective senses read: a word's common meanings ("roman" is first a resident of Rome, then of its empire). */
const ADJ_SENSES = 2;

/** A walker from a word to the culture look of the people or place it names or pertains to, built once. */
export function cultureWalker(wn: WordNet): (word: string) => LookHit | null {
  const atSynset = new Map<string, { look: string; word: string; rank: number }>();
  Object.entries(CULTURE_ANCHORS).forEach(([look, anchors], rank) => {
    for (const anchor of anchors ?? []) {
      const [, lemma, k] = /^n:([a-z_]+)(?:#(\d))?$/.exec(anchor)!;
      const id = wn.senses.noun.get(lemma)?.[Number(k ?? 1) - 1];
      if (!id) throw new Error(`culture anchor ${anchor}: no such WordNet sense`);
      if (!atSynset.has(id)) atSynset.set(id, { look, word: lemma, rank });
    }
  });
  const placeOrPeople = (id: string) => PEOPLE_AND_PLACES.has(wn.synsets.get(id)?.lex ?? -1);

  return (word: string) => {
    const starts: { id: string; cost: number }[] = [];
    // A noun's first two senses that are a people or a place ("aztec", "viking"; "chinese" after the language),
    // none after a sense that is a thing ("turkey" is the bird before the country).
    for (const [rank, id] of (wn.senses.noun.get(word) ?? []).slice(0, NOUN_SENSES).entries()) {
      if (THINGS.has(wn.synsets.get(id)!.lex)) break;
      if (placeOrPeople(id)) starts.push({ id, cost: rank });
    }
    // An adjective: the country or people its sense pertains to or derives from (japanese → Japan).
    (wn.senses.adj.get(word) ?? []).slice(0, ADJ_SENSES).forEach((id, rank) => {
      const s = wn.synsets.get(id)!;
      for (const n of [...(s.pointers.get("\\") ?? []), ...(s.pointers.get("+") ?? [])])
        if (n.startsWith("n:") && placeOrPeople(n)) starts.push({ id: n, cost: 1 + rank });
      // "oriental" is similar to "eastern": its head adjective's people or place too.
      for (const h of s.pointers.get("&") ?? [])
        for (const n of wn.synsets.get(h)?.pointers.get("+") ?? [])
          if (n.startsWith("n:") && placeOrPeople(n)) starts.push({ id: n, cost: 2 + rank });
    });
    const seen = new Map<string, number>();
    const frontier = [...starts];
    let best: (LookHit & { rank: number }) | null = null;
    while (frontier.length) {
      frontier.sort((a, b) => a.cost - b.cost);
      const { id, cost } = frontier.shift()!;
      if (best && cost > best.steps) break;
      if ((seen.get(id) ?? 99) <= cost) continue;
      seen.set(id, cost);
      const at = atSynset.get(id);
      if (at) {
        if (!best || at.rank < best.rank) best = { steps: cost, target: at.look, mid: at.word, rank: at.rank };
        continue;
      }
      const s = wn.synsets.get(id);
      if (!s || cost + 1 > CULTURE_REACH) continue;
      // Up a kind (an Aztec is a Nahuatl), an instance's kind (Egypt is an African country: no anchor there),
      // and the whole a place is part of (Japan of Asia).
      for (const p of ["@", "@i", "#p"])
        for (const n of s.pointers.get(p) ?? []) if (placeOrPeople(n)) frontier.push({ id: n, cost: cost + 1 });
    }
    return best && { steps: best.steps, target: best.target, mid: best.mid };
  };
}

/**
 * The size a made thing's name gives when said before another thing: WordNet's "<word>-size" or "<word>-sized"
 * adjective ("pocket-size": small enough for a pocket, so a pocket watch is a small watch), when it reaches a
 * size flavour (small, tiny, large). Only for a word whose first noun sense is a made thing (06 artifact): a
 * "king's crown" is the king's (an owner), not a king-size one.
 */
export function sizeOfThing<H extends { target: string; steps: number; mid: string }>(
  wn: WordNet,
  word: string,
  toFlavour: (word: string) => H | null,
): H | null {
  const first = (wn.senses.noun.get(word) ?? [])[0];
  if (!first || wn.synsets.get(first)!.lex !== 6) return null;
  for (const adj of [`${word}_size`, `${word}_sized`]) {
    if (!wn.senses.adj.has(adj)) continue;
    const hit = toFlavour(adj);
    // One step more, through the adjective: ["pocket", "pocket size", "small"].
    if (hit && SIZES.has(hit.target)) return { ...hit, steps: hit.steps + 1, mid: adj };
  }
  return null;
}
const SIZES = new Set(["small", "tiny", "large", "heavy"]);
