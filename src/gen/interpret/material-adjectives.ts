/**
 * Adjectives made from material nouns (sandy, muddy, rocky, woolly, papery): the nouns they may be made from,
 * by the regular English suffixes, for the lexicon (scripts/lexicon/materials.ts aims such adjectives at their
 * noun's material) and for the material reading (art/material.ts): a material said by such an adjective
 * describes the surface and yields to a material the prompt names by a noun ("chalky plaster" is plaster,
 * "muddy cobblestone" cobblestone).
 */
import { foldWord } from "./lexicon.ts";
import { colourHex } from "../art/colour-names.ts";
import { hexToRgb, mix } from "../art/colour.ts";
import { MINERALS, SUBSTANCES, SYNONYMS } from "../art/vocabulary.ts";

/** The nouns an adjective may be made from, most likely first (sandy → sand, stony → stone, muddy → mud). */
export function adjectiveStems(word: string): string[] {
  const out: string[] = [];
  const m = (re: RegExp) => re.exec(word);
  let x = m(/^(.{2,}?)([bdglmnprt])\2y$/);
  if (x) out.push(x[1] + x[2]); // muddy → mud, furry → fur
  x = m(/^(.{2,}ll)y$/);
  if (x) out.push(x[1]); // woolly → wool(l)
  x = m(/^(.{2,}l)ly$/);
  if (x) out.push(x[1]); // woolly → wool
  x = m(/^(.{3,})ey$/);
  if (x) out.push(x[1]); // clayey → clay
  x = m(/^(.{3,})y$/);
  if (x) out.push(x[1], `${x[1]}e`); // sandy → sand, stony → stone, icy → ice
  x = m(/^(.{3,}?)(l)?en$/);
  if (x) out.push(x[1] + (x[2] ?? ""), x[1]); // wooden → wood, woollen → wool
  x = m(/^(.{3,}e)d$/);
  if (x) out.push(x[1]); // marbled → marble
  x = m(/^(.{3,})like$/);
  if (x) out.push(x[1]); // paperlike → paper
  return [...new Set(out)].filter((s) => s.length >= 3 && s !== word);
}

/** Whether `raw`, read as the material `tok`, is an adjective made from that material's noun. */
export function isMaterialAdjective(raw: string, tok: string): boolean {
  if (raw === tok) return false;
  const stems = adjectiveStems(raw);
  if (!stems.length) return false;
  const via = foldWord(raw)?.via ?? [];
  return stems.some((s) => s === tok || SYNONYMS[s] === tok || via.includes(s));
}

/**
 * Whether token `i` is a material adjective and another token names a substance by a noun, which wins the
 * substance (art/material.ts readWords: a mineral or wood said by an adjective, "golden", keeps its own slot).
 */
export function yieldsToNoun(toks: { raw: string; word: string }[], i: number): boolean {
  const substance = (w: string) => w in SUBSTANCES && !(w in MINERALS);
  if (!substance(toks[i].word) || !isMaterialAdjective(toks[i].raw, toks[i].word)) return false;
  return toks.some((t, j) => j !== i && substance(t.word) && !isMaterialAdjective(t.raw, t.word));
}

/**
 * The colour-name table's shade of a word the lexicon filed under a material (tin and pewter under metal, adobe
 * under clay, tweed under cloth): the kinds of one material look apart. None for the material's own word.
 */
export function kindShade(raw: string, tok: string): string | undefined {
  if (raw === tok || isMaterialAdjective(raw, tok)) return undefined;
  const hit = foldWord(raw);
  if (hit?.category !== "m" || hit.target !== tok || hit.steps === 0) return undefined;
  const hex = colourHex(raw);
  const own = SUBSTANCES[tok]?.colour ?? (tok in MINERALS ? MINERALS[tok] : undefined);
  if (!hex || !own) return undefined;
  // Halfway between the material's own colour and the table's (which names some stuff in a poster colour,
  // parchment a lemon yellow): a kind looks apart from its family and still like it.
  const [a, b] = [hexToRgb(own)!, hexToRgb(hex)!];
  return `#${mix(a, b, 0.5)
    .map((v) => Math.round(v).toString(16).padStart(2, "0"))
    .join("")}`;
}
