/**
 * Words to looks (src/gen/art/looks.ts) for the lexicon: the style, era, mood, culture, place and taste words
 * that set how any asset looks. The looks are the product's design and kept by hand there; here each look is
 * tied to a few WordNet 3.1 senses (its anchors, below) and every noun and adjective that reaches an anchor
 * lands on the look: a place noun through its hypernyms (kitchen → room, a temple → place of worship, a
 * castle → fortification), an adjective through the noun it pertains to or derives from (medieval → Middle
 * Ages, nautical → navigation) or the head adjective it is similar to (bygone → past). So "scullery", "crypt",
 * "galleon" or "tundra" land without being listed. Each hit says the anchor it went through, so the answer's
 * `via` reads ["kitchen", "room", "domestic"].
 *
 * Why a hand table of anchors: WordNet has no notion of a look; which kinds of place or era share a
 * convention of game art (a dungeon is dark, a temple holy, a desert dusty) is a design choice, made once per
 * look here, and WordNet brings the members of each kind.
 */
import type { LookName } from "../../src/gen/art/looks.ts";
import type { WordNet } from "./wordnet.ts";

/**
 * Look → anchors: `n:lemma` or `a:lemma`, its first sense, or `n:lemma#k` its k-th; `/h`: reached from at most h
 * kinds below (a kitchen is a room, a car's boot a compartment of one). Kept to kinds narrow enough that their
 * members share the look (a room, not a building; a fortification, not a structure).
 */
export const LOOK_ANCHORS: Partial<Record<LookName, string[]>> = {
  aged: [
    "n:middle_ages",
    "n:antiquity",
    "n:antiquity#3",
    "n:fortification",
    "n:ruin#2",
    "n:norseman",
    "n:northern_europe",
    "a:nonmodern",
    "a:old_fashioned",
  ],
  regal: [
    "n:sovereign",
    "n:royalty",
    "n:nobility#2",
    "n:palace#3",
    "n:treasure",
    "n:luxury",
    "a:luxurious",
    "a:noble#2",
    "a:regal",
    "n:empire",
  ],
  sinister: [
    "n:prison",
    "n:jail_cell",
    "n:burial_chamber/1",
    "n:tomb",
    "n:cemetery",
    "n:evil_spirit",
    "n:halloween",
    "a:ominous",
    "a:macabre",
    "a:eerie",
  ],
  martial: ["n:war", "n:battle", "n:military", "n:army", "a:military#2", "a:martial#2"],
  cosmic: ["n:outer_space", "n:galaxy", "n:nebula", "a:cosmic", "a:astral", "a:galactic", "a:lunar", "a:solar"],
  holy: ["n:place_of_worship", "n:heaven", "n:angel"],
  hightech: [
    "n:futurism",
    "n:technology",
    "n:spacecraft",
    "n:robot",
    "n:computer/1",
    "n:electronics",
    "n:laser",
    "n:science_fiction",
    "a:technological",
  ],
  // A street and a city: the grime of the town (street lamp, city sign, urban).
  industrial: ["n:factory", "n:machinery", "n:clockwork", "a:industrial", "n:street/1", "n:city/1", "a:urban"],
  soft: ["a:cute", "a:adorable", "a:cuddly", "a:cozy"],
  natural: [
    "n:forest",
    "n:jungle",
    "n:woodland",
    "n:garden",
    "n:wetland",
    "n:grassland",
    "n:tropics",
    "n:park/1",
    "a:sylvan",
    "a:wooded",
  ],
  fey: ["n:elf", "n:fairy"],
  rustic: [
    "n:farm",
    "n:village",
    "n:rural_area",
    "n:countryside",
    "n:tribe",
    "n:barn",
    "n:hut",
    "n:prehistory",
    "n:caveman",
    "a:rural",
    "a:agrarian",
  ],
  nautical: [
    "n:sea",
    "n:ocean",
    "n:navigation",
    "n:vessel#2",
    "n:sailor/1",
    "n:pirate#2",
    "n:seashore",
    "n:harbor",
    "a:marine",
    "a:nautical",
    "a:underwater",
    "a:coastal",
  ],
  fiery: ["n:hell", "n:hell#3", "n:volcano#2", "a:spicy", "a:peppery", "a:volcanic"],
  wintry: ["n:winter", "n:pole#7", "n:polar_region", "n:tundra", "n:glacier", "n:ice_mass", "a:wintry"],
  arid: ["n:desert", "n:dune", "a:arid"],
  // An office is the indoor workplace's clean look (office chair, office stapler).
  domestic: ["n:room/1", "n:dwelling/1", "n:office/1"],
  // Tastes: the taste senses of the basic tastes and of a pleasant smell; their satellites (sugary, tart, briny,
  // aromatic) reach them as similar.
  sweet: ["a:sweet", "a:sugary"],
  sour: ["a:sour#2", "a:sour#3"],
  bitter: ["a:bitter#6"],
  salty: ["a:salty#2", "a:salty#3"],
  fragrant: ["a:fragrant", "a:aromatic#2"],
  // Magic: the supernatural art (sorcery, witchcraft and necromancy are kinds of it) and a spell's state.
  arcane: ["n:magic", "n:spell", "n:enchantment#2", "n:enchantment#3"],
  // Legend: WordNet's legendary (both senses), mythical and epic (heroic, larger than life) and what is like them.
  fabled: ["a:legendary", "a:legendary#2", "a:mythical", "a:epic"],
  // Occasions: a birthday is an anniversary, Christmas and Easter holidays, a feast a party.
  festive: [
    "n:anniversary/1",
    "n:holiday#2",
    "n:festival",
    "n:festival#2",
    "n:celebration",
    "n:celebration#2",
    "n:party#2",
    "a:festive",
    "a:celebratory",
  ],
  // The culture looks are reached through their regions and peoples: scripts/lexicon/cultures.ts.
};

export interface LookHit {
  steps: number;
  /** The look's name. */
  target: string;
  /** The anchor's lemma the walk reached ("room" for kitchen). */
  mid: string;
}

/** Steps a look may be from the word: a place two kinds below its anchor, an adjective one link away. */
export const LOOK_REACH = 3;
/** Senses read per word (a noun's first two, an adjective's three), and what a later one costs: a look comes
 * from the word's common meanings ("spread" is no ranch). */
const NOUN_SENSES = 2;
const ADJ_SENSES = 3;
const SENSE_COST = 1;
/** Noun files a look's word may be read in: 06 artifact, 09 cognition, 14 group, 15 location, 17 object, 18 person, 28 time. */
const PLACE_LEX = new Set([4, 6, 7, 9, 14, 15, 17, 18, 26, 28]);

/** A walker from a word to its nearest look, built once over WordNet. */
export function lookWalker(wn: WordNet): (word: string) => LookHit | null {
  const atSynset = new Map<string, { look: string; word: string; hops: number }>();
  for (const [look, anchors] of Object.entries(LOOK_ANCHORS))
    for (const anchor of anchors ?? []) {
      const [, pos, lemma, k, most] = /^([na]):([a-z_]+)(?:#(\d))?(?:\/(\d))?$/.exec(anchor)!;
      const id = wn.senses[pos === "n" ? "noun" : "adj"].get(lemma)?.[Number(k ?? 1) - 1];
      if (!id) throw new Error(`look anchor ${anchor}: no such WordNet sense`);
      if (!atSynset.has(id)) atSynset.set(id, { look, word: lemma, hops: most === undefined ? 9 : Number(most) });
    }

  return (word: string) => {
    /** `hops`: the kinds climbed (a kitchen is one below a room; a car's boot, a compartment, two). */
    const frontier: { id: string; cost: number; hops: number }[] = [];
    // A noun's senses are read when WordNet's tagged corpus counted them (their order means something) or it
    // has one: "deep" (a deep bowl) is no ocean, "jack" no sailor.
    const nouns = wn.senses.noun.get(word) ?? [];
    const readNouns = wn.tagged.noun.has(word) || nouns.length === 1;
    (readNouns ? nouns : []).slice(0, NOUN_SENSES).forEach((id, rank) => {
      if (PLACE_LEX.has(wn.synsets.get(id)!.lex)) frontier.push({ id, cost: rank * SENSE_COST, hops: 0 });
    });
    (wn.senses.adj.get(word) ?? []).slice(0, ADJ_SENSES).forEach((id, rank) => {
      frontier.push({ id, cost: rank * SENSE_COST, hops: 0 });
    });
    const seen = new Map<string, number>();
    let best: LookHit | null = null;
    while (frontier.length) {
      frontier.sort((a, b) => a.cost - b.cost);
      const { id, cost, hops } = frontier.shift()!;
      if ((seen.get(id) ?? 99) <= cost || (best && best.steps <= cost)) continue;
      seen.set(id, cost);
      const at = atSynset.get(id);
      if (at && hops <= at.hops) {
        best = { steps: cost, target: at.look, mid: at.word };
        continue;
      }
      const s = wn.synsets.get(id);
      if (!s) continue;
      const step = (ptrs: string[], to: "n" | "a", up: number) => {
        for (const p of ptrs)
          for (const n of s.pointers.get(p) ?? [])
            if (n.startsWith(`${to}:`) && cost + 1 <= LOOK_REACH)
              frontier.push({ id: n, cost: cost + 1, hops: hops + up });
      };
      if (id.startsWith("n:")) {
        // A kind above (a kitchen is a room). Not an instance's kind (every god would be holy, every island
        // nautical) nor the whole a part belongs to (a floor is part of a room, not a room).
        step(["@"], "n", 1);
      } else {
        // The head adjective of a satellite (bygone → past; a satellite points to its one head), never on from
        // a head to its other satellites (cute is no step from captivating); and the noun it pertains to
        // (medieval → Middle Ages); not a noun it only shares a stem with ("deserted" is no derelict ship).
        if ((s.pointers.get("&") ?? []).length === 1) step(["&"], "a", 0);
        step(["\\"], "n", 0);
        // A noun its first sense only derives from, when that noun is an anchor itself (opulent → luxury; not
        // sweet's second sense, angelic, to the angels).
        if (cost === 0)
          for (const n of s.pointers.get("+") ?? []) if (atSynset.has(n)) frontier.push({ id: n, cost: 1, hops: 0 });
      }
    }
    return best;
  };
}
