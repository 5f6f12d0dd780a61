/**
 * Which look (art/looks.ts) a style, era, mood, culture, place or taste word gives a picture, and the path to
 * it: a look's own word (steampunk, elven), else the lexicon's WordNet path (scripts/lexicon/looks.ts:
 * kitchen → room → domestic, medieval → Middle Ages → aged). A look is painted as its flavours, so
 * interpret/flavour.ts reads these words with the flavours and every painter draws them as flavours.
 */
import { LOOK_OF, LOOK_TABLE, type LookName } from "../art/looks.ts";
import { FLAVOUR_TABLE, type FlavourName } from "../art/flavours.ts";
import { MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "../art/vocabulary.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { baseForms, type Category, foldWord, reach } from "./lexicon.ts";

export interface LookWord {
  raw: string;
  look: LookName;
  /** From the word to the look's name: ["kitchen", "room", "domestic"]. */
  via: string[];
}

/**
 * A word's look, or null. `previous` and `next` are the words said around it: two words that name a style
 * together ("sci fi" as "sci-fi" is split, "high tech", "middle ages", "outer space") are read as one, each
 * reporting the pair's path. A word the painters read as a material, colour, structure or wear word is that
 * ("ocean" is water, "stone" stone), as a flavour word is its flavour: a look only takes words nothing else draws.
 */
export function lookOfWord(raw: string, previous?: string, next?: string): LookWord | null {
  const pair = (next && lookOfPair(raw, next)) || (previous && lookOfPair(previous, raw));
  // The path from the word through the pair's name: ["sci", "sci fi", "hightech"].
  if (pair) return { raw, look: pair.look, via: [raw, ...pair.via] };
  const own = LOOK_OF.get(raw);
  if (own) return { raw, look: own, via: [raw, own] };
  if (raw in SYNONYMS || raw in SUBSTANCES || raw in WOODS || raw in MINERALS || raw in COLOURS) return null;
  if (raw in STRUCTURE_WORDS || (MODIFIERS as readonly string[]).includes(raw) || foldWord(raw)) return null;
  // An item family's own word names a thing, whatever else WordNet files it under ("a bar of soap" is no barroom,
  // "potted plants" no factory).
  if ([raw, ...baseForms(raw)].some((w) => reach(w, ["f"], false)?.steps === 0)) return null;
  const hit = reach(raw, ["k"], false);
  if (!hit || !(hit.target in LOOK_TABLE)) return null;
  return { raw, look: hit.target as LookName, via: hit.via };
}

const THINGS: readonly Category[] = ["f", "l", "t", "g"];

/** Two-word styles said as people type them, which WordNet lacks as one name ("sci-fi", "hi-tech"). */
const OWN_PAIRS: Record<string, LookName> = { sci_fi: "hightech", hi_tech: "hightech", high_tech: "hightech" };

/** The look two words name together, through the pairs above or the lexicon's names of two words. */
function lookOfPair(first: string, second: string): { look: LookName; via: string[] } | null {
  const name = `${first}_${second}`;
  const own = OWN_PAIRS[name];
  if (own) return { look: own, via: [`${first} ${second}`, own] };
  // A name of two words one of which is a drawn thing is that thing's ("pepper mill", "fishing boat", "phone
  // booth"): the subject's reading, not a style.
  if ([first, second].some((w) => (reach(w, THINGS, false)?.steps ?? 9) <= 1)) return null;
  const hit = reach(name, ["k"], false);
  return hit && hit.target in LOOK_TABLE ? { look: hit.target as LookName, via: hit.via } : null;
}

/**
 * The flavours a look is painted as. Where the prompt names a colour (`coloured`), a look is a style over that
 * colour, not a recolouring: the flavours that pull every hue toward their own (frozen's blue, hot's red,
 * cursed's purple) are left out, so "a winter red hat" stays red; a look left with nothing changes nothing
 * and its word stays unmatched.
 */
export const lookFlavours = (look: LookName, coloured = false): readonly FlavourName[] =>
  LOOK_TABLE[look].flavours.filter((f) => !coloured || !FLAVOUR_TABLE[f].shift?.hue);

/** Whether the words name a colour the painters read: a colour word, a colour name the lexicon folds (crimson). */
export const namesColour = (words: readonly string[]): boolean =>
  words.some((w) => w in COLOURS || foldWord(w)?.category === "c");

/**
 * Words that only frame the word before them as a style ("medieval-styled", "nether themed", "gothic-looking",
 * "viking-esque", "steampunk inspired"): read with that word when the painters read it, so they say nothing of
 * their own; after a word nothing reads, or alone, they stay unmatched.
 */
const STYLE_FRAMES = new Set([
  "themed",
  "theme",
  "styled",
  "style",
  "looking",
  "esque",
  "inspired",
  "flavoured",
  "flavored",
]);

/** The frame words of `words` whose word before is one the painters read (`read`). */
export function styleFrames(words: readonly string[], read: (word: string) => boolean): Set<string> {
  const out = new Set<string>();
  words.forEach((w, i) => {
    if (i > 0 && STYLE_FRAMES.has(w) && read(words[i - 1])) out.add(w);
  });
  return out;
}
