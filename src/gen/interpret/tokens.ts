/**
 * Words as the painters read them: the prompt's tokens (compounds joined, colour phrases kept whole, synonyms and
 * plurals folded, unknown words folded through the lexicon) and the stop words no reading reports. Apart from
 * read.ts because the subject choosers and part scanners read tokens too, and read.ts reads them.
 */
import { COMPOUNDS, MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "../art/vocabulary.ts";
import { foldWord } from "./lexicon.ts";
import { OVERLAY_WORDS } from "../art/layers.ts";
import { flavourOfWord } from "./flavour.ts";
import { colourReading, isColourToken, joinColourPhrases, phraseReading } from "../art/colour-names.ts";

export const STOP_WORDS = new Set(
  "a an the with and of in on for to from made its it that is are some few several very like its into by as at or one two three two-tone pixel pixels art style minecraft texture sprite icon new s".split(
    " ",
  ),
);

/**
 * Words as the painters read them (art/material.ts readWords): compounds joined, synonyms folded, plurals made
 * singular, and a word the tables do not know folded through the lexicon (crimson → red, grout → tiles), with
 * the path in `via`.
 */
export function tokens(text: string): Token[] {
  // Two spaces between words, so a compound said twice ("packed ice packed ice") joins both times.
  let s = `  ${text.toLowerCase().replace(/[^a-z]+/g, "  ")}  `;
  for (const [from, to] of COMPOUNDS) s = s.replaceAll(` ${from.replaceAll(" ", "  ")} `, ` ${to} `);
  return joinColourPhrases(s.split(" ").filter(Boolean)).map((raw): Token => {
    // A colour phrase ("sky blue", "cream coloured") is its own shade: reported as its hex.
    const phrase = phraseReading(raw);
    if (phrase) return { raw, ...phrase };
    const word = normalise(raw);
    if (known(word) || isModifier(word) || STOP_WORDS.has(raw) || raw in OVERLAY_WORDS || flavourOfWord(raw))
      return { raw, word };
    // A word nothing else reads: the lexicon's fold, else a colour the colour table names ("fuchsia"). A word the
    // lexicon lists as a target itself ("path") is reached in no steps: no path to report.
    const folded = foldWord(raw) ?? colourReading(raw);
    if (!folded) return { raw, word };
    return folded.via.length > 1 ? { raw, word: folded.target, via: folded.via } : { raw, word: folded.target };
  });
}

export interface Token {
  raw: string;
  word: string;
  /** How the lexicon reached `word` from `raw`. */
  via?: string[];
}

export function normalise(tok: string): string {
  const t = SYNONYMS[tok] ?? tok;
  if (known(t)) return t;
  const singular = t.endsWith("s") && !(t in SUBSTANCES) && !(t in STRUCTURE_WORDS) ? t.slice(0, -1) : t;
  return SYNONYMS[singular] ?? singular;
}

const known = (t: string) => t in SUBSTANCES || t in WOODS || t in MINERALS || isColourToken(t) || t in STRUCTURE_WORDS;
export const isModifier = (t: string) => (MODIFIERS as readonly string[]).includes(t);
