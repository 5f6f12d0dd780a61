/**
 * The open vocabulary at run time: src/data/lexicon.json (made by scripts/lexicon.ts from WordNet 3.1 and a
 * colour-name table) says, for ~28,000 nouns, adjectives and colour names, which thing the painters draw each
 * one as, and the word it went through (`via`). It is imported once, with the module (bundled into the
 * binary), never read per request.
 *
 * A word the table lacks is read again as an inflection (coins → coin, knives → knife) and as a compound
 * (longsword → sword, warhammer → hammer, battleaxe → axe; spearhead → spear, since a head is a part of it).
 * The painters' own word lists (art/vocabulary.ts, the families, templates and glyphs) answer first: a word
 * they know as itself is reached in no steps.
 */
import { readFileSync } from "node:fs";
// Embedded as a file (the compiled binary carries it; this is its path) and read and parsed on the first
// lookup, once per process: as a JSON or text import the 1 MB table would be compiled into the bytecode and
// evaluated at every start of the server and of each generation worker, used or not.
import LEXICON_FILE from "../../data/lexicon.json" with { type: "file" };
import { MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, WOODS } from "../art/vocabulary.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { FAMILY_WORDS } from "../art/silhouettes.ts";
import { alternatives } from "./alternatives.ts";
import { adjectiveStems } from "./material-adjectives.ts";
import { FLAVOUR_OF } from "../art/flavours.ts";

/** f item family, l library subject, t model template, g icon glyph, s structure, m material, w wear, c colour, b broad family, e flavour, o an owner's flavour, k a look (art/looks.ts), q a collection of several (a stack of). */
export type Category = "f" | "l" | "t" | "g" | "s" | "m" | "w" | "c" | "b" | "e" | "o" | "k" | "q";

export interface Reached {
  category: Category;
  /** The painters' word: a family, a library subject, a structure word, a material, a colour… */
  target: string;
  /** The path from the prompt's word to the target, both ends included: ["clownfish", "fish"]. */
  via: string[];
  steps: number;
}

interface Table {
  words: Record<string, string>;
  library: Record<string, string>;
  /** A head noun's drawn senses apart, and the modifiers' lexicographer files (interpret/compound-head.ts). */
  heads: Record<string, string>;
  kinds: Record<string, string>;
}
let table: Table | null = null;
const lexicon = (): Table => {
  table ??= JSON.parse(readFileSync(LEXICON_FILE as unknown as string, "utf8")) as Table;
  return table;
};
/** The table's entry for a word, and the library icon of a library subject. */
const entryOf = (word: string): string | undefined => lexicon().words[word];
const iconOf = (subject: string): string | undefined => lexicon().library[subject];
/** Family word → family, the first family listing it winning as in familyOf: one lookup instead of 80 patterns. */
const FAMILY_OF = new Map<string, string>();
for (const [re, family] of FAMILY_WORDS)
  for (const w of alternatives(re)) if (!FAMILY_OF.has(w)) FAMILY_OF.set(w, family);

/** The table's compound-head rows (scripts/lexicon/heads.ts), parsed with the rest on first use. */
export const headRows = (): Pick<Table, "heads" | "kinds"> => lexicon();

/** Whether WordNet (or the colour table) gave the word an entry: "toilet_paper" yes, "kitchen_knife" no (an icon's name). */
export const isLexiconWord = (word: string): boolean => !!entryOf(word);

/** The library icon drawn for a library subject (`hourglass` → `hourglass-done`). */
export const libraryIconOf = iconOf;

const ALL: readonly Category[] = ["f", "l", "t", "g", "s", "m", "w", "c", "b", "e", "o", "k", "q"];
/** The categories of drawn things (item family, library subject, template, glyph, broad kind). */
const THINGS: readonly Category[] = ["f", "l", "t", "g", "b"];
const HIT = /^([a-z])(\d)([a-z_]+)(?:<([a-z_]+))?$/;

/** The table's hits for one exact word. */
function tableHits(word: string): Reached[] {
  const entry = entryOf(word);
  if (!entry) return [];
  return entry.split(",").map((h) => {
    const [, category, steps, target, mid] = HIT.exec(h)!;
    const via = [word, ...(mid && mid !== word ? [mid] : []), target].filter((w, i, a) => w !== a[i - 1]);
    return { category: category as Category, target, via: via.map(spaced), steps: Number(steps) };
  });
}

const spaced = (w: string) => w.replace(/_/g, " ");

/** What the painters' own lists know a word as, in no steps. */
function ownHits(word: string, categories: readonly Category[]): Reached[] {
  const out: Reached[] = [];
  const own = (category: Category, target: string | null | undefined) => {
    if (target && categories.includes(category))
      out.push({ category, target, via: target === word ? [spaced(word)] : [spaced(word), target], steps: 0 });
  };
  if (word.includes("_")) {
    // A two-word name is the table's, the library's or a family's own ("rolling pin", "grappling hook"), never a
    // family word inside it ("iron_sword").
    own("f", FAMILY_OF.get(spaced(word)));
    if (iconOf(word)) own("l", word);
    return out;
  }
  own("f", FAMILY_OF.get(word));
  if (word in SUBSTANCES || word in WOODS || word in MINERALS) own("m", word);
  if (word in STRUCTURE_WORDS) own("s", word);
  if (word in COLOURS) own("c", word);
  if ((MODIFIERS as readonly string[]).includes(word)) own("w", word);
  if (iconOf(word)) own("l", word);
  own("e", FLAVOUR_OF.get(word));
  return out;
}

/** Singular and base forms of an inflected word, most likely first. */
export function baseForms(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("ies") && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ves")) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith("men")) out.push(`${word.slice(0, -3)}man`);
  if (/(s|x|z|ch|sh|o)es$/.test(word)) out.push(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) out.push(word.slice(0, -1));
  return out;
}

/** Words a compound's tail names as a part of the thing in front of it (spearhead, arrowhead, swordtip). */
const PART_TAILS = new Set(["head", "tip", "point", "blade", "hilt", "handle", "shaft"]);

/**
 * The nearest thing in `categories` a word reaches, or null: the word itself, then its base forms, then (with
 * `compounds`) as a compound. Two-word names ("magnifying_glass") are read as they are or as plurals only.
 */
export function reach(word: string, categories: readonly Category[], compounds = true): Reached | null {
  const key = `${word}|${categories.join("")}|${compounds ? 1 : 0}`;
  if (memo.has(key)) return copy(memo.get(key)!);
  if (memo.size > 50_000) memo.clear();
  const found = lookUp(word, categories, compounds);
  memo.set(key, found);
  return copy(found);
}

/** Answers are pure functions of the word: kept, and handed out as copies so a caller may edit its own. */
const memo = new Map<string, Reached | null>();
const copy = (r: Reached | null): Reached | null => r && { ...r, via: [...r.via] };

function lookUp(word: string, categories: readonly Category[], compounds: boolean): Reached | null {
  const best = (hits: Reached[]) =>
    hits
      .filter((h) => categories.includes(h.category))
      .sort((a, b) => a.steps - b.steps || categories.indexOf(a.category) - categories.indexOf(b.category))[0] ?? null;
  const direct = best([...ownHits(word, categories), ...tableHits(word)]);
  if (direct) return direct;
  // A word the table or the lists know, in any category, is not read again as another word; but one known only
  // as a describing or surface word is, when a thing is asked for ("books" is a bookshelf's surface word and
  // the plural of the book family's word).
  const known = (w: string) => !!entryOf(w) || ownHits(w, ALL).length > 0;
  const asThing = categories.some((c) => THINGS.includes(c));
  const thingHits = (w: string) => [...ownHits(w, ALL), ...tableHits(w)].some((h) => THINGS.includes(h.category));
  const fromBase = (): Reached | null => {
    for (const base of baseForms(word)) {
      if (!known(base)) continue;
      const hit = best([...ownHits(base, categories), ...tableHits(base)]);
      return hit && { ...hit, via: [word, ...hit.via], steps: hit.steps + 1 };
    }
    return null;
  };
  if (known(word) && (!asThing || thingHits(word))) {
    // A word known only as a thing is still read as its base form when a describing word is asked for
    // ("bones" is the bone family's word, and bone a material), never split as a compound ("hourglass").
    const describing = [...ownHits(word, ALL), ...tableHits(word)].some((h) => !THINGS.includes(h.category));
    return asThing || describing ? null : fromBase();
  }
  const base = fromBase();
  if (base || baseForms(word).some(known)) return base;
  if (!compounds || word.includes("_")) return null;
  // A verb's -ing or -ed form of a known word is no compound ("cooking" is no "king", "curling" no "ling").
  if (verbForm(word, known)) return null;
  // A state or look word is no compound of two things ("chilled" is no "led", "haunted" no "ted").
  if ([...ownHits(word, ALL), ...tableHits(word)].some((h) => h.category === "e" || h.category === "k")) return null;
  // Nor is a describing word: one a colour or material reaches ("reddish" is no "dish"), or an adjective made from
  // a material's noun ("wooden" is no "den", "earthen" no "hen").
  if (asThing && describes(word)) return null;
  // A compound: the longest known tail names the thing ("longsword"), unless the tail is a part of the head.
  for (let i = 3; i <= word.length - 3; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    const whole = PART_TAILS.has(tail) && head.length >= 3 ? head : tail;
    const hit = best([...ownHits(whole, categories), ...tableHits(whole)]);
    if (hit) return { ...hit, via: [word, ...hit.via], steps: hit.steps + 1 };
  }
  return null;
}

function describes(word: string): boolean {
  const describing = (w: string) => [...ownHits(w, ALL), ...tableHits(w)].some((h) => DESCRIBING.includes(h.category));
  return !!reach(word, DESCRIBING, false) || adjectiveStems(word).some(describing);
}
const DESCRIBING: readonly Category[] = ["c", "m"];

/** Whether a word is the -ing or -ed form of a word the tables know (cook → cooking, curl → curled, stir → stirring). */
function verbForm(word: string, known: (w: string) => boolean): boolean {
  const m = /^([a-z]{3,}?)(ing|ed)$/.exec(word);
  if (!m) return false;
  const stem = m[1];
  const undoubled = /([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : stem;
  return [stem, `${stem}e`, undoubled].some(known);
}

/**
 * A word the painters' lists do not know, folded onto one they do: a colour, material, structure or wear word
 * (crimson → red, grout → tiles, patina → oxidized). What readWords (art/material.ts) and the interpreter
 * both apply, so the answer reports what is painted.
 */
export function foldWord(word: string): Reached | null {
  // No compounds here: "dripping" is not a "ping", "slice" no "ice".
  return reach(word, FOLDED, false);
}
const FOLDED: readonly Category[] = ["c", "m", "s", "w"];

/** Table size, for the README and the bench. */
export const lexiconSize = () => ({
  words: Object.keys(lexicon().words).length,
  library: Object.keys(lexicon().library).length,
});

/** Every table word with a hit of `category`, by the hit's target (the vocabulary lists the words of each look). */
export function wordsByTarget(category: Category): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [word, entry] of Object.entries(lexicon().words))
    for (const h of entry.split(",")) {
      const m = HIT.exec(h);
      if (m?.[1] === category) out.set(m[3], [...(out.get(m[3]) ?? []), word]);
    }
  return out;
}
