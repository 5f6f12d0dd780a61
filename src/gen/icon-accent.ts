/**
 * The accent of a font icon's glyph (art/glyphs.ts: the A pixels: a skull's eye sockets, a crown's jewels, a
 * shield's emblem), said in the words people use: "a golden crown with rubies", "a skull with red eyes", "a skull
 * with glowing eyes", "a shield with a blue emblem". A material or colour after "with" is the accent's, as is one
 * before an accent noun (eyes, jewels, gems, emblem…); a glowing word before an accent noun lights it. Only glyphs
 * that have accent pixels read these words: on any other they change nothing and stay unmatched.
 */
import { type Rgb, hexToRgb, mix } from "./art/colour";
import { colourHex } from "./art/colour-names";
import { materialFromPrompt, readWords } from "./art/material";
import { GLYPHS } from "./art/glyphs";
import { baseForms } from "./interpret/lexicon.ts";

/** Nouns naming the small coloured detail of a symbol: its accent pixels. */
const ACCENT_NOUNS = new Set([
  "eye",
  "eyes",
  "jewel",
  "jewels",
  "gem",
  "gems",
  "gemstones",
  "stones",
  "studs",
  "emblem",
  "crest",
  "sigil",
  "insignia",
  "core",
  "centre",
  "center",
  "sockets",
  "spots",
  "accent",
  "accents",
  "details",
]);
/** Words that say the accent gives light ("glowing eyes"). */
const LIT = new Set(["glowing", "shining", "burning", "lit", "luminous", "blazing", "radiant", "bright", "fiery"]);
const GLOW: Rgb = [0xff, 0xec, 0x8c];

export interface IconAccent {
  rgb: Rgb;
  /** The prompt's words this accent reads. */
  words: string[];
}

/** The word (or its singular) a material or colour reading takes, or null. */
function describing(w: string): string | null {
  for (const f of [w, ...baseForms(w)]) {
    const r = readWords(f);
    if (r.colour || r.substance || r.mineral || r.wood) return f;
  }
  return null;
}

function rgbOf(word: string, seed: number): Rgb {
  const r = readWords(word);
  if (r.colour && !(r.substance || r.mineral || r.wood)) return hexToRgb(colourHex(r.colour)!)!;
  return materialFromPrompt(word, seed).palette[3];
}

/** The accent the prompt gives glyph `glyph`, or null (no accent pixels, or nothing said of them). */
export function iconAccent(glyph: string, prompt: string, seed = 0): IconAccent | null {
  const g = GLYPHS[glyph];
  if (!g?.mask.some((row) => row.includes("A"))) return null;
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const withAt = words.indexOf("with");
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (ACCENT_NOUNS.has(w)) {
      // "red eyes", "glowing eyes", "glowing red eyes": the words before the noun.
      const said = [words[i - 1], words[i - 2]].filter((x): x is string => !!x);
      const colourWord = said.find((x) => describing(x) && !LIT.has(x));
      const lit = said.find((x) => LIT.has(x));
      if (!colourWord && !lit) continue;
      const base = colourWord ? rgbOf(describing(colourWord)!, seed) : GLOW;
      const rgb = lit && colourWord ? mix(base, [255, 255, 255], 0.35) : base;
      return { rgb, words: [w, ...(colourWord ? [colourWord] : []), ...(lit ? [lit] : [])] };
    }
  }
  // "a golden crown with rubies": the first material or colour after "with", said alone.
  if (withAt >= 0)
    for (let i = withAt + 1; i < words.length; i++) {
      const d = describing(words[i]);
      // Said alone ("with rubies", "with emeralds and gold"), not of another part ("with a gold outline").
      const next = words[i + 1];
      if (d && (!next || next === "and")) return { rgb: rgbOf(d, seed), words: [words[i]] };
    }
  return null;
}
