/**
 * Which template a prompt names, read the way a noun phrase is read: names of several words first (WordNet's own
 * collocations, "chest_of_drawers", "coat_rack", "rocking_chair", and templates' words of two or three words, also
 * written as one, "bird bath" → "birdbath"), then the head noun. The head is the last word of the phrase before the
 * first linking word ("with", "on", "of"…) or a participle that starts a clause after it ("holding", "hanging"):
 * "stone altar with candles" is an altar, "tavern sign hanging from a post" a sign. A word before the head costs a
 * little per word, a word after the link more, a word that only says what it is made of or its colour most; a word
 * reached through the lexicon costs its steps. So a template's own word in the head wins, then the head reached
 * through WordNet, then a template said elsewhere.
 */
import type { ModelTemplate } from "./kit.ts";
import { isLexiconWord, type Reached, reach } from "../interpret/lexicon.ts";
import { QUANTITIES } from "../interpret/subject.ts";

export interface TemplateChoice {
  template: ModelTemplate;
  /** The prompt's words (lower case, as split on non-letters) that chose it. */
  words: string[];
  /** How a word not the template's own reached it: ["coat rack", "rack"], ["recliner", "armchair", "chair"]. */
  via?: string[];
  /** The lexicon's steps from the word to the template (0: the template's own word). */
  steps: number;
  /** The head noun's own unit named it (not a word in front of it nor after the link). */
  head: boolean;
  /** The head noun's words. */
  headWords: string[];
}

/** Words that end the head phrase: what follows describes, holds or carries it. */
const LINKS = new Set([
  "with",
  "on",
  "of",
  "in",
  "under",
  "for",
  "from",
  "by",
  "and",
  "beside",
  "near",
  "made",
  "full",
  "filled",
  "covered",
  "topped",
  "against",
  "inside",
  "atop",
  "behind",
]);
/** What a word before the head costs per word from it, and a word after the head phrase. */
const BEFORE_HEAD = 0.4;
const AFTER_LINK = 4.5;
/** A colour, material or wear word before the head or after it names a template only when nothing else does. */
const DESCRIBING = 10;

/**
 * The broad kinds the lexicon files a thing under (the item families' fallbacks, scripts/lexicon/targets.ts
 * BROAD) and the template that stands for each: a container is a barrel, a box a crate, a vessel a pot, a
 * musical instrument a piano, a light a lamp, a plant a tree, a stone a crystal. Devices and artefacts in
 * general have none: those stay stacked boxes.
 */
export const BROAD_TEMPLATES: Record<string, string> = {
  bucket: "barrel",
  gift: "crate",
  cup: "pot",
  horn: "piano",
  lantern: "lamp",
  flower: "pot",
  seed: "tree",
  shard: "crystal",
  gem: "crystal",
};

interface Unit {
  words: string[];
  /** The template named by a template word, in no steps. */
  own?: ModelTemplate;
  /** The key the lexicon is asked with ("coat_rack", "birdbath", "recliner"). */
  key: string;
  /** The word of a name that is the template's own ("desk" of "writing desk"). */
  through?: string;
}

const wordIndex = new WeakMap<readonly ModelTemplate[], Map<string, ModelTemplate>>();
/** Template word (and its plurals) → template, the first template listing a word winning. */
function ownWords(templates: readonly ModelTemplate[]): Map<string, ModelTemplate> {
  let m = wordIndex.get(templates);
  if (m) return m;
  m = new Map();
  for (const t of templates)
    for (const w of t.words) for (const form of [w, `${w}s`, `${w}es`]) if (!m.has(form)) m.set(form, t);
  wordIndex.set(templates, m);
  return m;
}

/**
 * The prompt's words in units: a run of two or three words that is a template's word or that the lexicon knows as
 * one name reaching a template becomes one unit, the longest first, read from the end.
 */
function units(words: string[], own: Map<string, ModelTemplate>): Unit[] {
  const out: Unit[] = [];
  // From the end: the head noun ends a phrase, so "street lamp post" is a street lamppost, not a street lamp's post.
  for (let j = words.length; j > 0; ) {
    let taken: Unit | null = null;
    for (let len = Math.min(3, j); len >= 2 && !taken; len--) {
      const span = words.slice(j - len, j);
      const spaced = span.join(" ");
      const joined = span.join("");
      const under = span.join("_");
      if (own.has(spaced)) taken = { words: span, own: own.get(spaced), key: under };
      else if (len === 2 && own.has(joined)) taken = { words: span, own: own.get(joined), key: joined };
      else if (isLexiconWord(under) && reach(under, ["t"])) {
        // A name whose last word is a template's own is that template unless WordNet files the name right under
        // another ("writing desk" is a desk, though WordNet lists its sense of a portable case first).
        const last = own.get(span[len - 1]);
        const near = (reach(under, ["t"])?.steps ?? 9) <= 1;
        taken = { words: span, key: under, ...(last && !near ? { own: last, through: span[len - 1] } : {}) };
      } else if (len === 2 && isLexiconWord(joined) && reach(joined, ["t"], false))
        taken = { words: span, key: joined };
    }
    taken ??= { words: [words[j - 1]], own: own.get(words[j - 1]), key: words[j - 1] };
    out.unshift(taken);
    j -= taken.words.length;
  }
  return out;
}

/** Where the head phrase ends: the first linking word, or a participle after the first word ("rack holding"). */
function headEnd(us: Unit[]): number {
  const at = us.findIndex(
    (u, k) =>
      u.words.length === 1 && !u.own && (LINKS.has(u.key) || (k > 0 && /..ing$/.test(u.key) && !reach(u.key, ["t"]))),
  );
  return at < 0 ? us.length : at;
}

/**
 * The template a word of no template reaches through the lexicon, or null: never for a word in front of the head
 * (it describes: a silver reliquary is no silverware), nor when the word's broad kind is much nearer than the
 * template, which a later sense reached (a can is a container, not the seat WordNet also calls a can); the
 * broad kind's template is then drawn, and said to be a fallback.
 */
function nearestTemplate(key: string, beforeHead: boolean): Reached | null {
  if (beforeHead) return null;
  const hit = reach(key, ["t"]);
  const broad = hit && reach(key, ["b"]);
  if (hit && broad && BROAD_TEMPLATES[broad.target] && broad.steps + 2 <= hit.steps) return null;
  return hit;
}

/**
 * The prompt's words as the chooser reads them: a possessive's "s" is no word ("ship's anchor" is no ships), and a
 * counting word before "of" gives way to what it counts ("stack of books" is books, "pile of logs" logs).
 */
function wordsOf(text: string): string[] {
  const words = text.split(/[^a-z]+/).filter((w) => w && w !== "s");
  const at = words.findIndex((w, i) => QUANTITIES.has(w) && words[i + 1] === "of");
  return at >= 0 && at + 2 < words.length ? [...words.slice(0, at), ...words.slice(at + 2)] : words;
}

/** The head phrase of a prompt: the head noun's words, and the words in front of it. */
export function headPhrase(text: string, templates: readonly ModelTemplate[]): { head: string[]; before: string[] } {
  const us = units(wordsOf(text), ownWords(templates));
  const cut = headEnd(us);
  return { head: us[cut - 1]?.words ?? [], before: us.slice(0, Math.max(0, cut - 1)).flatMap((u) => u.words) };
}

/** The template the prompt names, with the words that named it; null when no word reaches one. */
export function chooseTemplate(text: string, templates: readonly ModelTemplate[]): TemplateChoice | null {
  const own = ownWords(templates);
  const us = units(wordsOf(text), own);
  const cut = headEnd(us);
  let best: (TemplateChoice & { cost: number }) | null = null;
  us.forEach((u, k) => {
    if (k === cut) return;
    const hit = u.own ? null : nearestTemplate(u.key, k < cut - 1);
    const template = u.own ?? (hit && templates.find((t) => t.name === hit.target));
    if (!template) return;
    // The head itself is what it is even when it is also a material ("potted cactus").
    const describes = k !== cut - 1 && u.words.length === 1 && reach(u.key, ["c", "m", "w"])?.steps === 0;
    const place = k < cut ? (cut - 1 - k) * BEFORE_HEAD : AFTER_LINK + (k - cut) * 0.1;
    const cost = (hit?.steps ?? 0) + place + (describes ? DESCRIBING : 0);
    if (best && best.cost <= cost) return;
    const said = u.words.join(" ");
    const via = u.through
      ? [said, ...(u.through !== template.name ? [u.through] : []), template.name]
      : hit && hit.via.length > 1
        ? hit.via
        : u.words.length > 1 && said !== template.name
          ? [said, template.name]
          : undefined;
    const headWords = us[cut - 1]?.words ?? [];
    best = {
      template,
      words: u.words,
      steps: hit?.steps ?? 0,
      head: k === cut - 1,
      headWords,
      cost,
      ...(via ? { via } : {}),
    };
  });
  if (!best) return null;
  const { cost: _, ...choice } = best as TemplateChoice & { cost: number };
  return choice;
}
