/**
 * Compound heads: a noun-noun compound's head read against its modifier's sense (issue 28, art-heads). The
 * lexicon keeps one reading per word, so "bulb" is a light bulb and "cutter" a boat wherever they stand; in
 * front of a modifier WordNet's other senses of the head may be meant. The rows scripts/lexicon/heads.ts writes
 * (each drawn sense of a head apart, with its lexicographer file, whether it is a tool and its gloss words)
 * choose, in order:
 *
 * 1. the sense whose gloss or examples name the modifier (a simplified Lesk): "he used a scoop to serve the ice
 *    cream" is the ice cream scoop, "used to smooth cloth" the clothes iron, "she invented a potato peeler";
 * 2. for a living or eaten modifier (WordNet's animal, plant, food files) in front of a head's plant or food
 *    sense in the modifier's own file, the modifier itself: a garlic bulb is the garlic (an animal's part is
 *    drawn as itself: a shark tooth is the tooth);
 * 3. for any other modifier, the head's tool sense: what the tool works on is said in front of it (a pizza
 *    cutter is the cutting tool, not the boat).
 *
 * The compound is read only when its whole is no name of its own (an "ironing board" is read as itself) and only
 * when the answer differs from the head read alone, so the modifier always changes what is drawn.
 */
import { baseForms, headRows, isLexiconWord, libraryIconOf, type Reached, reach } from "./lexicon.ts";
import { STOP_WORDS, tokens } from "./tokens.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { PART_REGIONS } from "./parts.ts";
import type { ItemSubject } from "./subject.ts";
import { type Family, familyOf } from "../art/silhouettes.ts";

/** Words a container's gloss names its kind by ("an open vessel with a handle and a spout for pouring"). */
const CONTAINER_CUES = new Set(["container", "vessel", "receptacle", "holder", "box", "bag", "jar", "bottle", "pot"]);

/** Families that hold what is named in front of them ("potion bottle", "fish bowl", "honey bucket"). */
const VESSELS = new Set<string>(["bottle", "potion", "cup", "bucket", "bowl", "barrel", "backpack", "chest"]);

/** WordNet's lexicographer files of living and eaten things: 05 animal, 13 food, 20 plant. */
const LIVING = new Set([5, 13, 20]);
/** Those of plants and food, whose parts (a bulb, a fillet) are drawn as the plant or food named before them. */
const EATEN = new Set([13, 20]);

interface Sense {
  lex: number;
  tool: boolean;
  hit: Reached | null;
  cues: Set<string>;
}

export type HeadReading =
  /** The modifier names the thing; the head is a part or form of it (garlic bulb). */
  | { by: "modifier" }
  /** The head's sense the modifier picks, and what it reaches (null: nothing drawn for it). */
  | { by: "sense"; hit: Reached | null; how: "gloss" | "tool" | "container" };

const HIT = /^([a-z])(\d)([a-z_]+)$/;

/** A head's drawn senses, in WordNet's order, from the lexicon's row (none for a word with one reading). */
export function headSenses(head: string): Sense[] {
  const row = headRows().heads[head];
  if (!row) return [];
  return row.split(";").map((s) => {
    const [file, hit, cues] = s.split(":");
    const m = HIT.exec(hit);
    return {
      lex: Number.parseInt(file, 10),
      tool: file.endsWith("t"),
      hit: m ? { category: m[1] as Reached["category"], target: m[3], via: [head, m[3]], steps: Number(m[2]) } : null,
      cues: new Set(cues.split(" ")),
    };
  });
}

/** The lexicographer files (of its first two senses) a modifier noun is in: animal, plant, food, substance. */
let kindsOf: Map<string, number[]> | null = null;
export function modifierFiles(word: string): number[] {
  if (!kindsOf) {
    kindsOf = new Map();
    for (const [file, words] of Object.entries(headRows().kinds))
      for (const w of words.split(" ")) kindsOf.set(w, [...(kindsOf.get(w) ?? []), Number(file)]);
  }
  for (const w of [word, ...baseForms(word)]) if (kindsOf.has(w)) return kindsOf.get(w)!;
  return [];
}

/** Which sense of `head` the `modifier` in front of it means, or null when nothing chooses one. */
export function readHead(modifier: string, head: string, contents = false): HeadReading | null {
  const key = headSenses(head).length ? head : (baseForms(head).find((b) => headSenses(b).length) ?? head);
  const senses = headSenses(key);
  if (senses.length === 0) return null;
  const words = modifier.split(/[ _]/);
  const forms = (w: string) => [w, ...baseForms(w)];
  // A cue matches a modifier word as itself, a base form, or a stem of five letters or more a short ending from it
  // ("cloth": clothes; not "fish": fisherman).
  const stem = (c: string, w: string) =>
    c.length >= 5 && w.length > c.length && w.length <= c.length + 3 && w.startsWith(c);
  const cued = (cues: Set<string>, w: string) => forms(w).some((f) => cues.has(f)) || [...cues].some((c) => stem(c, w));
  // Or whose lemmas hold the compound written as one ("flowerpot" for a flower pot).
  const joined = words.join("") + head;
  const glossed = senses.find((s) => s.cues.has(joined) || words.every((w) => cued(s.cues, w)));
  if (glossed) return { by: "sense", hit: glossed.hit, how: "gloss" };
  // What holds the contents named after "of" is the head's sense of a container the painters draw as itself (a
  // can, a pot; not a box drawn as a chest: "a box of matches" stays the matches).
  if (contents) {
    const holder = senses.find((s) => s.hit?.steps === 0 && [...s.cues].some((c) => CONTAINER_CUES.has(c)));
    return holder ? { by: "sense", hit: holder.hit, how: "container" } : null;
  }
  const files = modifierFiles(words.join("_")).length ? modifierFiles(words.join("_")) : modifierFiles(words.at(-1)!);
  // Only a head that is no drawn thing of its own: a chocolate chip cookie is the cookie, a garlic bulb the garlic.
  // The head's sense in the modifier's own file (a plant's bulb, a fish's fillet), and only for a head that is
  // no drawn dish or thing of its own there, near (a chocolate chip cookie is the cookie, a pepper grinder no
  // sandwich however WordNet's "grinder" is one).
  // Only a plant's or a food's: an animal's part is drawn as itself (a shark tooth is the tooth, a bat wing a wing).
  // And only the head's first drawn sense: a cup is first a drinking vessel, so a tea cup is no cup of punch.
  const same = senses.slice(0, 1).filter((s) => EATEN.has(s.lex) && files.includes(s.lex));
  const own = senses.some((s) => LIVING.has(s.lex) && s.hit && s.hit.steps <= 1);
  if (files.some((f) => LIVING.has(f)) && senses.some((s) => LIVING.has(s.lex)))
    return same.length && !own ? { by: "modifier" } : null;
  // A tool the painters draw before one they do not (the smoothing iron before the branding iron).
  const tool = senses.find((s) => s.tool && s.hit) ?? senses.find((s) => s.tool);
  if (tool) return { by: "sense", hit: tool.hit, how: "tool" };
  return null;
}

/** Words that end the thing's own name: what follows is a part, a second thing or a place. */
const ENDS = new Set(["with", "and", "on", "in", "inside", "under", "upon", "atop", "beside", "over", "onto", "from"]);

/**
 * The modifier and head of the prompt's subject, when it is a compound read here: the last two content words
 * of its name (the modifier may be a name of two words WordNet knows, "ice cream"); none when the modifier only
 * describes (a material, colour or wear word: "iron sword") or the compound is a name of its own.
 */
export function compoundOf(
  raw: string[],
  quantities: ReadonlySet<string>,
): { modifier: string; head: string; contents?: true } | null {
  const end = raw.findIndex((w) => ENDS.has(w));
  let main = end < 0 ? raw : raw.slice(0, end);
  const of = main.indexOf("of");
  const content = (ws: string[]) => ws.filter((w) => !STOP_WORDS.has(w) && /^[a-z]+$/.test(w));
  if (of >= 0) {
    const before = content(main.slice(0, of));
    const counted = before.length === 0 || quantities.has(before[before.length - 1]);
    // "a can of soup", "a pot of stew": the thing before "of" holds what follows, its contents. (A holder named
    // by a material, "a glass of milk", is the subject chooser's vessel already.)
    const after = content(main.slice(of + 1));
    const holder = before[before.length - 1];
    if (!counted && after.length && !describes(holder, false))
      return { modifier: after[after.length - 1], head: holder, contents: true };
    main = counted ? main.slice(of + 1) : main.slice(0, of);
  }
  const words = main.filter((w) => !STOP_WORDS.has(w) && /^[a-z]+$/.test(w));
  if (words.length < 2) return null;
  const head = words[words.length - 1];
  const two = words.slice(-3, -1).join("_");
  const modifier = words.length >= 3 && isLexiconWord(two) ? two : words[words.length - 2];
  const whole = `${modifier}_${head}`;
  const one = `${modifier.replace(/_/g, "")}${head}`;
  if (isLexiconWord(whole) || libraryIconOf(whole) || isLexiconWord(`${words[words.length - 2]}_${head}`)) return null;
  // Written as one word it is a name of its own too ("paintbrush", "teacup").
  if (isLexiconWord(one) || libraryIconOf(one) || familyOf(one)) return null;
  // A colour word that is also a living or eaten thing names it ("salmon fillet"), unless it is a dye colour (a
  // "pink heart" is a pink one, not a carnation's).
  const living = !(modifier in COLOURS) && modifierFiles(modifier).some((f) => LIVING.has(f));
  if (!modifier.includes("_") && describes(modifier, living)) return null;
  return { modifier: modifier.replace(/_/g, " "), head };
}

/**
 * A material, colour or wear word (or one a step from it: "wooden"): it says what the thing is made of or like.
 * A living or eaten thing is read as one unless it is a material (a pepper is no wear word for its vine's moss).
 */
const describes = (w: string, living: boolean) =>
  (reach(tokens(w)[0]?.word ?? w, living ? ["m"] : ["c", "m", "w"], false)?.steps ?? 9) <= 1;

/**
 * The subject a compound names, read by readHead, or null to read the prompt as before. `named` reads a word as
 * the subject chooser does; `alone` is the subject the head names by itself: a reading equal to it is no
 * reading of the compound (the modifier would change nothing drawn).
 */
export function compoundSubject(
  raw: string[],
  quantities: ReadonlySet<string>,
  named: (w: string) => ItemSubject | null,
  alone: (head: string) => ItemSubject | null,
): ItemSubject | null {
  const compound = compoundOf(raw, quantities);
  if (!compound) return null;
  const { modifier, head, contents } = compound;
  const reading = readHead(modifier, head, contents);
  // Two family words side by side: the last is the head noun, the first says what kind ("a bucket hat" is a hat,
  // "a candle lantern" a lantern), unless the modifier's sense chose otherwise above. Not a vessel's: what is
  // named in front of it is what it holds ("a potion bottle" is the potion family's bottle).
  if (!reading) {
    const [m, h] = [familyOf(modifier), familyOf(head)];
    if (contents || !m || !h || m === h || VESSELS.has(h)) return null;
    const own = alone(head);
    return own && !own.fallback && own.family === h ? { ...own, words: new Set([head]) } : null;
  }
  const said = contents ? `${head} of ${modifier}` : `${modifier} ${head}`;
  const words = new Set([modifier, head]);
  let found: ItemSubject | null = null;
  if (reading.by === "modifier") {
    const thing = named(modifier);
    if (thing && !thing.fallback)
      found = { ...thing, words, via: [said, ...(thing.via ?? [thing.subject]).filter((w) => w !== said)] };
  } else if (reading.hit && reading.hit.steps <= 1) {
    // Only a sense drawn as itself or a step from it: a far one (a quiver through "case" to an amulet, a gun's
    // accelerator to a car) is no better than the prompt read as before.
    const { category, target, steps } = reading.hit;
    const via = [said, head, target.replace(/_/g, " ")].filter((w, i, a) => w !== a[i - 1]);
    if (category === "f") found = { subject: target, family: target as Family, icon: null, words, via, steps };
    const icon = category === "l" ? libraryIconOf(target) : undefined;
    if (icon) found = { subject: target.replace(/_/g, " "), family: null, icon, words, via, steps };
  }
  if (!found) return null;
  // The head's own reading: the modifier changes nothing drawn, so it is not said to have chosen it.
  const own = alone(head);
  if (own && own.subject === found.subject && !own.fallback) return { ...own, words: new Set([head]) };
  // A tool sense is read only for a head that alone is no drawn thing of its own (a "dungeon key" is the key,
  // whatever tool "key" also names): one read through a path (cutter → boat) or not at all.
  // Nor a far gloss reading of one (a "wax seal stamp" is no decoration).
  const ownThing = !!own && !own.fallback && !((own.steps ?? 0) > 0);
  // A holder drawn as itself holds the contents as it is ("a pot of soup" is the pot).
  if (reading.by === "sense" && ownThing && reading.how === "container") return { ...own, words: new Set([head]) };
  if (reading.by === "sense" && ownThing && (reading.how === "tool" || (found.steps ?? 0) > 1)) return null;
  // Each word is said to choose the thing only where the picture without it differs ("garlic bulb" draws what
  // "garlic" draws: the bulb chose nothing; a "clothes iron" is neither clothes nor an iron bar).
  const chose = new Set<string>();
  if (own?.subject !== found.subject) for (const w of modifier.split(" ")) chose.add(w);
  if (alone(modifier)?.subject !== found.subject) chose.add(head);
  return { ...found, words: chose.size ? chose : words };
}

/**
 * A word whose nearest drawn thing is only a part's name (a broomstick is WordNet's "handle of a broom", and
 * the library's "handle" a teacup's) is drawn as the whole it is a part of, where the lexicon reaches a family
 * through it (broomstick → broom → brush): a part alone is no picture of the thing.
 */
export function wholeOf(word: string, hit: Reached): Reached | null {
  if (!(hit.target in PART_REGIONS) || hit.steps === 0) return null;
  const whole = reach(word, ["f"], false);
  return whole && whole.target !== hit.target && !(whole.target in PART_REGIONS) && whole.steps <= 3 ? whole : null;
}
