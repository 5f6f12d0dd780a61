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

/** Nouns naming a symbol's rim. */
const OUTLINE_NOUNS = new Set(["outline", "outlines", "outlined", "border", "rim", "edge", "edges", "trim", "frame"]);

/**
 * The colour of a glyph's outline said in the prompt ("a heart with a golden outline", "a star with a black
 * border"): the material or colour word right before an outline noun, and the words read; null when none is said.
 */
export function iconOutline(prompt: string, seed = 0): IconAccent | null {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (let i = 1; i < words.length; i++) {
    if (!OUTLINE_NOUNS.has(words[i])) continue;
    const d = describing(words[i - 1]) ?? (words[i - 1] === "golden" || words[i - 1] === "gilded" ? "gold" : null);
    if (d) return { rgb: rgbOf(d, seed), words: [words[i - 1], words[i]] };
  }
  return null;
}

/** Paints the outline of a drawn sprite (its opaque pixels beside a clear one or the edge) in `rgb`. */
export function recolourOutline(img: import("../media/png").Rgba, rgb: Rgb): void {
  const { width: w, height: h, data } = img;
  const opaque = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && data[(y * w + x) * 4 + 3] > 0;
  const edge: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (opaque(x, y) && (!opaque(x - 1, y) || !opaque(x + 1, y) || !opaque(x, y - 1) || !opaque(x, y + 1)))
        edge.push(y * w + x);
  for (const i of edge) data.set(rgb, i * 4);
}
