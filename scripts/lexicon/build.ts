/**
 * Builds the lexicon table (src/data/lexicon.json) from WordNet 3.1: every noun and adjective that reaches
 * something the painters draw, with the path it took. Nouns climb hypernyms (clownfish → … → fish), and
 * from an artefact also "part of" (spearhead → spear); adjectives go to the nouns they pertain to or derive
 * from (wooden → wood); colour names come from the colour-name table of color-name-list and land on the
 * nearest painter colour (crimson → red). A sense later in a word's list costs more than the first, a step
 * through "part of" more than a hypernym, so the common meaning wins.
 */
import { COLOURS } from "../../src/gen/art/dye-colours.ts";
import { type Category, SEEDS, vocabularyTargets } from "./targets.ts";
import { loadWordNet, type Synset, type WordNet } from "./wordnet.ts";
import { STOP_WORDS } from "../../src/gen/interpret/tokens.ts";
import { FLAVOUR_OF } from "../../src/gen/art/flavours.ts";
import { FLAVOUR_REACH, flavourWalker } from "./flavours.ts";
import { glossShape, glossUse } from "./shapes.ts";
import { OWNER_REACH, PERSON_LEX } from "./owners.ts";
import { LOOK_REACH, lookWalker } from "./looks.ts";
import { cultureWalker, sizeOfThing } from "./cultures.ts";
import { useWalker } from "./uses.ts";
import { COLLECTION_REACH, collectionWalker } from "./quantities.ts";
import { MATERIAL_CLASSES, madeOf, materialStem } from "./materials.ts";
import { COUSIN_COST, cousins } from "./cousins.ts";
import { colourNames, GREYS, nearestColour } from "./colours.ts";
import { contextOf, hyponymCount, inContext, keywordLemmas, libraryLemmas } from "./library-senses.ts";
import { compoundHeads, modifierKinds } from "./heads.ts";

/** Lexicographer files a target sense may come from, per category (06 artifact, 13 food, 20 plant…). */
const THING = new Set([5, 6, 8, 13, 17, 20, 21, 25, 27]);
const LEX: Record<Category, Set<number>> = {
  f: THING,
  // A library icon may also draw a written or printed thing of 10 noun.communication (a calendar, a ticket).
  l: new Set([...THING, 10]),
  t: new Set([6, 17]),
  g: THING,
  s: new Set([6, 17, 20, 25, 27]),
  m: new Set([13, 17, 20, 27]),
  w: new Set([6, 19, 20, 22, 25, 26, 27]),
  c: new Set([7]),
  b: THING,
  e: new Set(),
  o: new Set([PERSON_LEX]),
  k: new Set(),
  q: new Set(),
};
const MAX_STEPS = 8;
/** How far each category may be from the word: a wear word or a material is near or not at all. */
const REACH: Record<Category, number> = {
  f: 5,
  l: 4,
  t: 4,
  g: 4,
  s: 3,
  m: 3,
  w: 2,
  c: 9,
  b: 8,
  e: FLAVOUR_REACH,
  o: OWNER_REACH,
  k: LOOK_REACH,
  q: COLLECTION_REACH,
};
const SENSES = 2;
/** A target word with more noun senses than this aims only with its family's own name (bar, pick, cap…). */
const AMBIGUOUS = 3;

interface Hit {
  steps: number;
  target: string;
  /** The lemma one step from the word (its synonym set's hypernym, the noun it pertains to). */
  mid?: string;
}

export function buildLexicon(
  libraryNames: string[],
  /** Icon name → the keywords people search it by (emojilib): more names for the same drawing. */
  keywords: Record<string, string[]> = {},
): {
  words: Record<string, string>;
  library: Record<string, string>;
  heads: Record<string, string>;
  kinds: Record<string, string>;
} {
  const wn = loadWordNet();
  const targets = vocabularyTargets();
  // Library subjects: each icon under the longest run of its name's words that WordNet knows as a noun, then
  // under its keywords that name one specific thing (a tin can is the "canned food" icon's "can").
  const library = libraryLemmas(wn, libraryNames);
  for (const [lemma, icon] of keywordLemmas(wn, keywords, library)) library.set(lemma, icon);
  // And under the icon's own name of two words (or the last two of a longer one) where WordNet has no such
  // noun ("speech_balloon", "speech_bubble" of "left-speech-bubble"), unless its first word only describes
  // ("red_apple" is the apple family's red apple).
  const describing = (w: string) =>
    w in COLOURS || !!targets.get("m")?.has(w) || !!targets.get("w")?.has(w) || wn.senses.adj.has(w);
  for (const name of [...libraryNames].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))) {
    const parts = name.split("-");
    if (parts.length < 2 || parts.some((p) => !/^[a-z]{2,}$/.test(p))) continue;
    const key = parts.slice(-2).join("_");
    if (!library.has(key) && !wn.senses.noun.has(key) && !describing(parts[parts.length - 2])) library.set(key, name);
  }
  targets.set("l", new Map([...library.keys()].map((k) => [k, k])));

  // A thing narrow enough for one drawing (not "construction", which holds every structure).
  const isThing = (id: string) => THING.has(wn.synsets.get(id)!.lex) && hyponymCount(wn, id) < 40;
  // Target synset id → [category, target word], from the target words' senses in the category's files.
  const atSynset = new Map<string, [Category, string][]>();
  for (const [cat, words] of targets)
    for (const [word, target] of words) {
      const senses = wn.senses.noun.get(word) ?? [];
      if (senses.length > AMBIGUOUS && word !== target && "ftg".includes(cat)) continue;
      // A material class word (scripts/lexicon/materials.ts) stands for its first sense, whatever its file.
      const materialClass = cat === "m" && word in MATERIAL_CLASSES;
      const seeded = word in SEEDS.w || word in SEEDS.s || word in SEEDS.f || materialClass;
      // A library icon and a broad kind depict the word's common meaning: its first sense of a thing only.
      // So does an owner's kind: its first sense of a person.
      const first = cat === "b" || cat === "l" || cat === "o";
      let things = first ? senses.filter((id) => LEX[cat].has(wn.synsets.get(id)!.lex)) : senses;
      // An icon is a drawing of a thing: a word's narrow sense of a made or living thing comes before a written one
      // ("saw" is the tool's icon, not the proverb's); a written sense stays where no such thing is (a calendar).
      const written = (id: string) => wn.synsets.get(id)!.lex === 10;
      const drawnThing = things.find(isThing);
      if (cat === "l" && things.length && written(things[0]) && drawnThing)
        things = [drawnThing, ...things.filter((id) => id !== drawnThing)];
      // An icon's other words choose its sense: "chess-pawn" is the chessman, not a pledge.
      if (cat === "l") things = inContext(wn, things, contextOf(library.get(word), word));
      for (const id of things.slice(0, first || materialClass ? 1 : seeded ? 2 : 3)) {
        if (!seeded && !LEX[cat].has(wn.synsets.get(id)!.lex)) continue;
        atSynset.set(id, [...(atSynset.get(id) ?? []), [cat, target]]);
      }
    }
  const colourSynsets = new Set(
    ["color", "chromatic_color", "achromatic_color"].flatMap((w) =>
      (wn.senses.noun.get(w) ?? []).filter((id) => wn.synsets.get(id)!.lex === 7),
    ),
  );

  const toFlavour = flavourWalker(wn);
  const toLook = lookWalker(wn);
  const toCulture = cultureWalker(wn);
  const toUser = useWalker(wn);
  const toCollection = collectionWalker(wn);
  const near = cousins(wn, atSynset);
  const memo = new Map<string, Map<Category, Hit>>();
  /** Best hit per category from synset `id`: Dijkstra over hypernyms (1) and, from artefacts, "part of" (2). */
  const fromSynset = (start: string): Map<Category, Hit> => {
    const hit = memo.get(start);
    if (hit) return hit;
    const best = new Map<Category, Hit>();
    const seen = new Map<string, number>([[start, 0]]);
    const frontier: [string, number, string | undefined][] = [[start, 0, undefined]];
    while (frontier.length) {
      frontier.sort((a, b) => a[1] - b[1]);
      const [id, steps, mid] = frontier.shift()!;
      for (const [cat, target] of atSynset.get(id) ?? [])
        if (!best.has(cat) || best.get(cat)!.steps > steps) best.set(cat, { steps, target, mid });
      // A target below a near, narrow kind of the word (binoculars and a telescope are optical instruments).
      for (const { cat, target, down } of near.get(id) ?? []) {
        const st = steps + down + COUSIN_COST;
        const through = wn.synsets.get(id)!.lemmas[0];
        if (!best.has(cat) || best.get(cat)!.steps > st) best.set(cat, { steps: st, target, mid: through });
      }
      if (colourSynsets.has(id) && !best.has("c")) best.set("c", { steps, target: "", mid });
      const s = wn.synsets.get(id)!;
      const next = (ids: string[] | undefined, cost: number) => {
        for (const n of ids ?? []) {
          const st = steps + cost;
          if (st > MAX_STEPS || (seen.get(n) ?? 99) <= st) continue;
          seen.set(n, st);
          frontier.push([n, st, mid ?? wn.synsets.get(n)!.lemmas[0]]);
        }
      };
      // Biological taxonomy is deep (a mackerel is seven ranks below fish): a step within it costs half.
      const taxon = s.lex === 5 || s.lex === 20;
      next(s.pointers.get("@"), taxon ? 0.5 : 1);
      next(s.pointers.get("@i"), 1);
      if (s.lex === 6) next(s.pointers.get("#p"), 2);
    }
    memo.set(start, best);
    return best;
  };

  const colours = colourNames();
  const words: Record<string, string> = {};
  const record = (word: string, hits: Map<Category, Hit>) => {
    const parts: string[] = [];
    for (const [cat, h] of [...hits].sort(([a], [b]) => a.localeCompare(b))) {
      // A word the tables already know as itself needs no entry (the painters read it directly); a family named
      // like a word it does not list keeps one ("level" is the level family's only through "spirit level").
      const listed = cat !== "f" || targets.get("f")?.get(word) === word;
      if ((h.steps === 0 && h.target === word && cat !== "l" && listed) || Math.ceil(h.steps) > REACH[cat]) continue;
      // The via word is kept when it is plain letters (not "alpha-beta_brass"): it is only an explanation.
      const mid = h.mid && h.mid !== h.target && /^[a-z_]+$/.test(h.mid) ? `<${h.mid}` : "";
      parts.push(`${cat}${Math.min(9, Math.ceil(h.steps))}${h.target}${mid}`);
    }
    if (parts.length) words[word] = parts.join(",");
  };
  const merge = (
    into: Map<Category, Hit>,
    from: Map<Category, Hit>,
    extra: number,
    mid?: string,
    only?: Set<Category>,
  ) => {
    for (const [cat, h] of from) {
      if (only && !only.has(cat)) continue;
      const steps = h.steps + extra;
      if (steps <= MAX_STEPS && (!into.has(cat) || into.get(cat)!.steps > steps))
        into.set(cat, { steps, target: h.target, mid: mid ?? h.mid });
    }
  };

  const lemmas = new Set([...wn.senses.noun.keys(), ...wn.senses.adj.keys()]);
  for (const word of [...lemmas].sort()) {
    // Stop words ("the", "one", "new") name nothing here, whatever WordNet also files them under.
    // Two- and three-word names are read as one ("ice_cream_cone", "tin_can", "crystal_ball").
    if (!/^[a-z]{3,}(_[a-z]+){0,2}$/.test(word) || STOP_WORDS.has(word)) continue;
    const hits = new Map<Category, Hit>();
    const senses = nounSenses(wn, word);
    for (const { id, cost } of senses.slice(0, SENSES)) merge(hits, fromSynset(id), cost);
    // A word with a sense of stuff is that stuff when a material is asked for, at one step per earlier sense
    // (not three): "vinyl" is first a radical, then the plastic.
    // Only a near one: a sense two or more kinds away is no reading of the word ("grain" is not leather); and
    // not for a word that first names a thing ("lace" is a shoelace, a "gem" a jewel, before their stuff).
    const thingFirst = senses.length > 0 && DRAWN.has(wn.synsets.get(senses[0].id)!.lex);
    senses.slice(0, thingFirst ? 1 : MATERIAL_SENSES).forEach(({ id }, rank) => {
      const made = fromSynset(id).get("m");
      if (made && made.steps + rank <= MATERIAL_REACH) merge(hits, new Map([["m", made]]), rank);
    });
    // What is drawn is a thing: a word's senses of an animal, a made thing, a food or a plant reach the drawn
    // kinds at their rank among such senses, not among all (a rake is the tool before the libertine; a chain's
    // links come after "a series of things" and a chemical chain, a toaster after the one who proposes a toast).
    senses
      .filter(({ id }) => DRAWN.has(wn.synsets.get(id)!.lex))
      .slice(0, SENSES)
      .forEach(({ id }, rank) => {
        merge(hits, fromSynset(id), rank * 3, undefined, THING_CATEGORIES);
        // And the shape its definition names ("spoon-shaped vessel": a ladle is drawn as a spoon), only for a
        // word no family or icon reaches otherwise (a bell pepper stays the pepper, a grapnel the anchor).
        // A tool with neither is drawn by the drawn tool that does its work ("used for scooping": a shovel).
        const shape = glossShape(wn, wn.synsets.get(id)!) ?? glossUse(wn, wn.synsets.get(id)!);
        const near = [...SHAPE_CATEGORIES].some((cat) => hits.has(cat));
        if (shape && !near) merge(hits, fromSynset(shape.id), SHAPE_COST + rank * 3, shape.word, SHAPE_CATEGORIES);
      });
    // An owner ("a queen's crown") is a person: the word's senses of a person reach the owners' kinds at their
    // rank among such senses (a queen is first a bee in WordNet's order).
    senses
      .filter(({ id }) => wn.synsets.get(id)!.lex === PERSON_LEX)
      .slice(0, SENSES)
      .forEach(({ id }, rank) => merge(hits, fromSynset(id), rank * 3, undefined, OWNER_CATEGORIES));
    // Whether the word itself names a drawable thing (its noun senses), before its adjective senses add the things
    // they pertain to ("roasted" pertains to a roast but names none: it is a state, cooked).
    const namesThing = [...hits].some(([cat, h]) => "fltg".includes(cat) && h.steps <= 2);
    (wn.senses.adj.get(word) ?? []).slice(0, SENSES).forEach((id, rank) => {
      const s = wn.synsets.get(id)!;
      // An adjective reaches the noun it pertains to or derives from ("wooden" → wood, "icy" → ice).
      for (const n of [...(s.pointers.get("\\") ?? []), ...(s.pointers.get("+") ?? [])]) {
        if (!n.startsWith("n:")) continue;
        const noun = wn.synsets.get(n)!;
        merge(hits, fromSynset(n), 1 + rank * 3, noun.lemmas[0]);
      }
      if (/\bcolou?r/.test(s.gloss) && !hits.has("c")) hits.set("c", { steps: 1, target: "" });
    });
    // Flavours: adjectives through synonyms and similar-to (scripts/lexicon/flavours.ts); the table's own words
    // are read directly.
    // A word that names a drawable thing is that thing, whatever its adjective sense ("key": important).
    const thing = namesThing;
    // A made thing WordNet also names a size by ("pocket": pocket-size, small) is that size said before a subject.
    const flavour = FLAVOUR_OF.has(word) ? null : thing ? sizeOfThing(wn, word, toFlavour) : toFlavour(word);
    if (flavour) hits.set("e", flavour);
    // Looks (scripts/lexicon/looks.ts): a style, era, place or taste word that is no flavour ("medieval", "kitchen").
    // Else a culture or origin (scripts/lexicon/cultures.ts): "japanese" through Japan to Asia.
    const look = FLAVOUR_OF.has(word) || flavour ? null : (toLook(word) ?? toCulture(word));
    if (look) hits.set("k", look);
    // Else an act a thing is used for ("welding torch"): the flavour its doer gives their things, as an owner's
    // (scripts/lexicon/uses.ts: welding → welder → worn), two steps away.
    const user = flavour || look || thing || FLAVOUR_OF.has(word) ? null : toUser(word);
    const owned = user && fromSynset(user.id).get("o");
    if (user && owned && owned.steps <= OWNER_REACH) hits.set("e", { steps: 2, target: owned.target, mid: user.lemma });
    // A collection of several ("a stack of", "a bunch of": scripts/lexicon/quantities.ts).
    const several = toCollection(word);
    if (several) hits.set("q", several);
    const same = SEEDS.same[word];
    if (same) for (const id of wn.senses.noun.get(same) ?? []) merge(hits, fromSynset(id), 1, same);
    // Colours: a word WordNet knows as a colour, or any single word of the colour-name table that WordNet
    // does not know as something else, lands on the nearest painter colour of its table hex.
    const hex = colours.get(word);
    const c = hits.get("c");
    if (c && !c.target) {
      if (hex) hits.set("c", { steps: 1, target: nearestColour(hex), mid: undefined });
      else hits.delete("c");
    }
    // A metal whose name is also a colour's of a hue ("a cobalt shield" is blue, as people write it) is left to
    // the colour table, as before the plain metal was a target (targets.ts); a grey one (tin, zinc, pewter) is
    // the metal, which draws its grey with a metal's shading.
    const metal = hits.get("m");
    if (
      hex &&
      !hits.has("c") &&
      metal?.target === "iron" &&
      metal.mid &&
      metal.mid !== "iron" &&
      !GREYS.has(nearestColour(hex))
    )
      hits.delete("m");
    // An adjective made from a material noun is that material, before a colour or flavour of the same word
    // (scripts/lexicon/materials.ts); a flavour WordNet gives as a synonym ("crappy" is rotten) stays.
    const stem = FLAVOUR_OF.has(word) || hits.get("e")?.steps === 0 ? null : materialStem(wn, word);
    const first = stem ? nounSenses(wn, stem)[0] : undefined;
    const made = first && fromSynset(first.id).get("m");
    if (stem && made && made.steps <= 1 && madeOf(wn, word, stem, !!targets.get("m")?.has(stem))) {
      hits.set("m", { steps: made.steps + 1, target: made.target, mid: stem });
      hits.delete("e");
      hits.delete("c");
    }
    record(word, hits);
  }
  for (const [word, hex] of colours)
    if (!lemmas.has(word) && !(word in COLOURS) && !STOP_WORDS.has(word) && word.length >= 3)
      words[word] = `c1${nearestColour(hex)}`;
  const sorted = Object.fromEntries(Object.entries(words).sort(([a], [b]) => (a < b ? -1 : 1)));
  // Each drawn sense of a head noun apart, for compounds (scripts/lexicon/heads.ts): its nearest family or icon.
  const senseHit = (id: string) => {
    const hits = fromSynset(id);
    const near = (["f", "l"] as const).map((cat) => hits.get(cat)).filter((h) => h && Math.ceil(h.steps) <= REACH.l);
    const h = near.sort((a, b) => a!.steps - b!.steps)[0];
    return h ? { category: hits.get("f") === h ? "f" : "l", target: h.target, steps: h.steps } : null;
  };
  return {
    words: sorted,
    library: Object.fromEntries([...library].sort(([a], [b]) => (a < b ? -1 : 1))),
    heads: compoundHeads(wn, senseHit),
    kinds: modifierKinds(wn),
  };
}

/** Lexicographer files of what a pack draws as a thing: 05 animal, 06 artifact, 13 food, 20 plant. */
const DRAWN = new Set([5, 6, 13, 20]);
/** The categories of drawn things: item family, library subject, model template, icon glyph, broad kind. */
const THING_CATEGORIES = new Set<Category>(["f", "l", "t", "g", "b"]);

/** How many of a word's senses may name the stuff it is made of, and the category that reading reaches. */
const MATERIAL_SENSES = 3;
const MATERIAL_REACH = 2;

/** What an owner's senses of a person reach: the owners' kinds only. */
const OWNER_CATEGORIES = new Set<Category>(["o"]);

/** What drawing a word as the shape its gloss names costs, in steps, besides the shape's own steps. */
const SHAPE_COST = 2;
/** A gloss's shape gives a picture (family or icon), never a broad kind, material or template. */
const SHAPE_CATEGORIES = new Set<Category>(["f", "l"]);

/** Lexicographer files of made things and food (06 noun.artifact, 13 noun.food): what a pack draws. */
const MADE = new Set([6, 13]);

/**
 * A noun's senses in WordNet's order, each with what reading it costs in steps (three more per later sense).
 * WordNet orders senses by their count in its tagged corpus; for a word never tagged there ("chess",
 * "tin_can") the order tells nothing, so two rarer meanings are left out: a compound's senses its own words
 * do not name ("tin_can" is the can, whose synonyms hold "can", not the destroyer), and a sense that is no
 * made thing or food and has a tenth or less of the relations of the word's best-known sense (the grass
 * "cheat, chess", linked to one thing, beside the game, linked to thirty).
 */
export function nounSenses(wn: WordNet, word: string): { id: string; cost: number }[] {
  let senses = wn.senses.noun.get(word) ?? [];
  if (!wn.tagged.noun.has(word) && senses.length > 1) {
    const words = word.split("_");
    const named = (id: string) =>
      words.length > 1 && wn.synsets.get(id)!.lemmas.some((l) => l !== word && words.includes(l));
    if (senses.some(named)) senses = senses.filter(named);
    const links = (id: string) => [...wn.synsets.get(id)!.pointers.values()].reduce((n, ids) => n + ids.length, 0);
    const most = Math.max(...senses.map(links));
    senses = senses.filter((id) => MADE.has(wn.synsets.get(id)!.lex) || links(id) * 10 > most);
  }
  return senses.map((id, i) => ({ id, cost: i * 3 }));
}

export type { Synset };
