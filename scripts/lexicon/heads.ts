/**
 * Compound heads (issue 28, art-heads): what a head noun is in front of a modifier. "Bulb" is a light bulb on
 * its own and the plant's bulb in "garlic bulb"; "iron" is the metal, but a "clothes iron" is the appliance;
 * a "pizza cutter" is the cutting tool, not the boat. The main table keeps one reading per word, so for each
 * noun whose senses of a drawn kind reach different things this writes each sense apart, with what a
 * modifier may match it by:
 *
 * - its lexicographer file (05 animal, 06 artifact, 13 food, 20 plant): a plant or food modifier in front of a
 *   head's plant or food sense names a part or form of itself (garlic bulb, apple core: the garlic, the apple);
 * - whether it is a tool (under implement, tool, utensil, appliance): a modifier that is what the tool
 *   works on ("pizza", "potato", "flour") picks the tool sense;
 * - the words of its gloss and examples (a simplified Lesk): "a large ladle; he used a scoop to serve the ice
 *   cream" is the ice cream scoop, "used to smooth cloth" the clothes iron.
 *
 * And, for the modifiers, which of those files a noun's first senses are in (`kinds`). Read at run time by
 * src/gen/interpret/compound-head.ts.
 */
import { STOP_WORDS } from "../../src/gen/interpret/tokens.ts";
import type { WordNet } from "./wordnet.ts";

/** 05 animal, 06 artifact, 13 food, 20 plant: the senses a head is drawn as. */
const DRAWN = new Set([5, 6, 13, 20]);
/** The files a modifier is read by: the living and eaten ones and 27 substance (flour, cloth, glue). */
const MODIFIER_FILES = [5, 13, 20, 27];
/**
 * Kinds whose members are tools: a sense below one of these is a tool for something. Not "device": a vacuum
 * tube or a magnet's core is no tool a toothpaste or an apple is worked with.
 */
const TOOL_KINDS = new Set(["implement", "tool", "utensil", "kitchen_utensil", "home_appliance", "appliance"]);
/** How many of a head's drawn senses are kept, and how many gloss words each. */
const SENSES = 6;
const CUES = 12;

export interface SenseHit {
  category: string;
  target: string;
  steps: number;
}

/**
 * Word → its drawn senses, `<file><t if a tool>:<hit or ->:<cue words>` joined by ';', in WordNet's order; only
 * for words with two or more senses whose drawn senses do not all read alike.
 */
export function compoundHeads(wn: WordNet, hitOf: (id: string) => SenseHit | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [word, ids] of wn.senses.noun) {
    if (!/^[a-z]{3,}$/.test(word) || STOP_WORDS.has(word) || ids.length < 2) continue;
    const drawn = ids.filter((id) => DRAWN.has(wn.synsets.get(id)!.lex)).slice(0, SENSES);
    if (drawn.length === 0) continue;
    const senses = drawn.map((id) => {
      const s = wn.synsets.get(id)!;
      const hit = hitOf(id);
      return {
        lex: s.lex,
        tool: isTool(wn, id),
        hit: hit ? `${hit.category}${Math.min(9, Math.ceil(hit.steps))}${hit.target}` : "-",
        cues: cueWords(s.gloss, word, s.lemmas),
      };
    });
    // Worth a row only where the senses differ in what is drawn or in kind: one reading needs no choosing.
    const readings = new Set(senses.map((s) => `${s.hit}|${s.lex}`));
    const otherFiles = ids.some((id) => !DRAWN.has(wn.synsets.get(id)!.lex));
    if (readings.size < 2 && !otherFiles) continue;
    if (senses.length === 0 || (senses.every((s) => s.hit === "-") && !senses.some((s) => s.tool))) continue;
    out[word] = senses.map((s) => `${s.lex}${s.tool ? "t" : ""}:${s.hit}:${s.cues.join(" ")}`).join(";");
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Lexicographer file → the single-word nouns whose first two senses include one in it (drawn kinds, substances). */
export function modifierKinds(wn: WordNet): Record<string, string> {
  const by = new Map<number, string[]>(MODIFIER_FILES.map((f) => [f, []]));
  for (const [word, ids] of [...wn.senses.noun].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!/^[a-z]{3,}$/.test(word) || STOP_WORDS.has(word)) continue;
    const files = new Set(ids.slice(0, 2).map((id) => wn.synsets.get(id)!.lex));
    for (const f of files) by.get(f)?.push(word);
  }
  return Object.fromEntries([...by].map(([f, words]) => [String(f), words.join(" ")]));
}

/** Whether a sense is a tool: one of TOOL_KINDS among its hypernyms, at most five kinds up. */
function isTool(wn: WordNet, id: string): boolean {
  let level = [id];
  for (let depth = 0; depth < 5 && level.length; depth++) {
    const up = level.flatMap((n) => wn.synsets.get(n)!.pointers.get("@") ?? []);
    if (up.some((n) => wn.synsets.get(n)!.lemmas.some((l) => TOOL_KINDS.has(l)))) return true;
    level = up;
  }
  return false;
}

/** A gloss's content words in their singular form, the sense's own lemmas' words first, at most CUES. */
function cueWords(gloss: string, word: string, lemmas: string[]): string[] {
  const words = [
    ...lemmas.flatMap((l) => l.split("_")),
    ...gloss
      .toLowerCase()
      .replace(/[`'"]/g, " ")
      .split(/[^a-z]+/),
  ];
  const out: string[] = [];
  for (const w of words) {
    const singular = w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w;
    if (singular.length < 3 || STOP_WORDS.has(singular) || singular === word || out.includes(singular)) continue;
    out.push(singular);
    if (out.length === CUES) break;
  }
  return out;
}
