/**
 * Colour names beyond the painters' own (art/vocabulary.ts COLOURS), read as people write them: a shade word
 * before a basic colour ("sky blue", "blood red", "forest green", "neon green", "pastel pink") and a name
 * with "coloured" ("cream coloured", "peach-colored"). Each is painted in its own shade, from the table
 * src/data/colour-names.json (made by scripts/colour-names.ts from color-name-list and WordNet 3.1), read
 * once on first use like the lexicon.
 *
 * Such a phrase is joined into one token ("sky_blue") by the same call in both readers, art/material.ts
 * readWords (the painters) and interpret/read.ts tokens (the answer), so what is painted is what is reported.
 * A single table word alone ("cream", "mint", "rose") stays what the lexicon says it is (a food, a herb, a
 * flower): it is a colour only beside a colour word.
 */
import { readFileSync } from "node:fs";
// Embedded as a file and parsed on first use, once per process (see interpret/lexicon.ts for why).
import NAMES_FILE from "../../data/colour-names.json" with { type: "file" };
import { MODIFIERS } from "./vocabulary";
import { COLOURS } from "./dye-colours.ts";
import { hexToRgb, hslToRgb, rgbToHsl } from "./colour";
import { reach } from "../interpret/lexicon.ts";

/** The basic colour words a shade word may come before ("sky blue"); two of them side by side are two colours. */
export const BASIC_COLOURS: ReadonlySet<string> = new Set(
  "red orange yellow green blue purple pink brown grey gray white black".split(" "),
);

/** Words that shade a basic colour without naming one, and how: lightness and saturation factors. */
const SHADES: Record<string, { l?: number; s?: number }> = {
  bright: { l: 1.12, s: 1.3 },
  vivid: { s: 1.4 },
  vibrant: { s: 1.4 },
  neon: { l: 1.15, s: 1.6 },
  electric: { l: 1.1, s: 1.5 },
  hot: { l: 1.1, s: 1.5 },
  deep: { l: 0.75, s: 1.1 },
  rich: { l: 0.85, s: 1.2 },
  royal: { l: 0.9, s: 1.3 },
  pastel: { l: 1.45, s: 0.7 },
  soft: { l: 1.25, s: 0.8 },
  baby: { l: 1.5, s: 0.8 },
  muted: { s: 0.55 },
  dusty: { l: 1.1, s: 0.5 },
  dull: { s: 0.5 },
  faded: { l: 1.2, s: 0.5 },
  warm: {},
  cool: {},
  pure: {},
  true: {},
};
const SUFFIXES = new Set(["colored", "coloured", "color", "colour", "toned", "tinted", "hued"]);

let table: { names: Record<string, string>; alone: Set<string> } | null = null;
const load = () => {
  if (table) return table;
  const json = JSON.parse(readFileSync(NAMES_FILE as unknown as string, "utf8")) as {
    names: Record<string, string>;
    alone: string[];
  };
  table = { names: json.names, alone: new Set(json.alone) };
  return table;
};
const names = () => load().names;

/**
 * Joins colour phrases in a list of lower-case words: "<shade> <basic>" into "shade_basic" when the table
 * names it or the first word is a shade word or a painter colour ("blood red"), and "<name> coloured" into
 * "name_colored".
 */
export function joinColourPhrases(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const next = words[i + 1];
    // After a colour the word is a thing in that colour, not a shade: "green moss grey stone" is no "moss grey".
    const coloured = out.length > 0 && isColourToken(out[out.length - 1]);
    const joinable = next && !coloured && !BASIC_COLOURS.has(w) && !(MODIFIERS as readonly string[]).includes(w);
    // "blood red", "chocolate brown": a painter colour word shading a basic one is that colour.
    if (joinable && BASIC_COLOURS.has(next) && (w in SHADES || w in COLOURS || `${w}_${next}` in names())) {
      out.push(`${w}_${next}`);
      i++;
    } else if (joinable && SUFFIXES.has(next) && (w in COLOURS || w in names())) {
      out.push(`${w}_colored`);
      i++;
    } else out.push(w);
  }
  return out;
}

/**
 * The colour token for a word nothing else reads (no painter list, no lexicon fold) that names no thing the
 * painters draw and that the colour table names, WordNet knowing it only as a noun and first as a food, plant or
 * substance (scripts/colour-names.ts): "fuchsia", "burgundy", "cobalt", "saffron" are colours ("fuchsia potion");
 * "plum" or "orchid" stay things, "magic" or "ancient" (adjectives too) and "adventure" say something else.
 */
export function colourOfWord(word: string): string | null {
  if (!load().alone.has(word)) return null;
  return reach(word, ["f", "l", "t", "g", "b"]) ? null : `${word}_colored`;
}

/** How a joined colour phrase reads ("sky_blue": the word itself, reached as its hex), or null for any other token. */
export function phraseReading(token: string): { word: string; via: string[] } | null {
  if (!token.includes("_") || token in COLOURS || !isColourToken(token)) return null;
  return { word: token, via: [token.replace(/_/g, " "), colourHex(token)!] };
}

/** `colourOfWord` as a reading: the colour token and its path ("fuchsia" → its hex), or null. */
export function colourReading(word: string): { target: string; via: string[] } | null {
  const token = colourOfWord(word);
  return token ? { target: token, via: [word, colourHex(token)!] } : null;
}

/** The positions of `words` inside a colour phrase ("hot pink", "cream coloured"): they name a colour, no state. */
export function colourPhraseIndices(words: string[]): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const token of joinColourPhrases(words)) {
    // A joined phrase stands for two words; any other token (light_blue is joined earlier, not here) for one.
    const phrase = token.includes("_") && isColourToken(token) && !(token in COLOURS);
    if (phrase) out.add(at).add(at + 1);
    at += phrase ? 2 : 1;
  }
  return out;
}

/** Whether a token (as joinColourPhrases leaves it) is a colour: the painters' own or a joined phrase. */
export function isColourToken(token: string): boolean {
  return token in COLOURS || (token.includes("_") && !!colourHex(token));
}

/** The hex a colour token is painted in ("#rrggbb"), or undefined. */
export function colourHex(token: string): string | undefined {
  if (token in COLOURS) return COLOURS[token];
  const suffixed = /^([a-z]+)_colored$/.exec(token);
  if (suffixed) return colourHex(suffixed[1]) ?? paintable(names()[suffixed[1]]);
  const named = names()[token];
  if (named) return paintable(named);
  const [shade, basic] = token.split("_");
  if (shade in COLOURS && BASIC_COLOURS.has(basic)) return COLOURS[shade];
  const how = SHADES[shade];
  if (!how || !BASIC_COLOURS.has(basic)) return undefined;
  const [h, s, l] = rgbToHsl(hexToRgb(COLOURS[basic])!);
  return toHex(hslToRgb(h, Math.min(1, s * (how.s ?? 1)), Math.min(0.85, l * (how.l ?? 1))));
}

/**
 * A table colour as the eye sees it, in a range a shade ramp can work in: a near-white (ivory, #fffff0) is an
 * off-white, not a saturated yellow; a near-black keeps its hue at a lightness where it still shows.
 */
function paintable(hex: string | undefined): string | undefined {
  if (!hex) return undefined;
  const [h, s, l] = rgbToHsl(hexToRgb(hex)!);
  if (l > 0.9) return toHex(hslToRgb(h, Math.min(s, 0.3), Math.min(l, 0.93)));
  if (l < 0.14) return toHex(hslToRgb(h, s, 0.16));
  return `#${hex}`;
}

const toHex = (c: [number, number, number]) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
