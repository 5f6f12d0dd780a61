/**
 * Words of degree before a flavour ("extremely sharp", "super shiny", "incredibly tiny"): the flavour is drawn
 * twice as strongly (painted a second time: a second shift of its colours, a second set of its marks, its
 * silhouette scaled or reshaped again). Degree adverbs are a small closed class of English, so they are listed
 * here rather than walked in WordNet (which files them as adverbs, outside the lexicon). An intensifier before
 * a word that draws nothing changes nothing and stays `unmatched`.
 */
import type { FlavourName } from "../art/flavours.ts";
import type { ArtKind } from "./spec.ts";
import { isColour } from "./word-class.ts";

export const INTENSIFIERS = new Set([
  "extremely",
  "really",
  "super",
  "incredibly",
  "highly",
  "extra",
  "ultra",
  "so",
  "too",
  "truly",
  "exceptionally",
  "insanely",
  "ridiculously",
  "terribly",
  "awfully",
  "hugely",
  "massively",
  "mega",
  "hyper",
  "utterly",
  "totally",
  "seriously",
  "remarkably",
  "unbelievably",
  "immensely",
  "exceedingly",
  "intensely",
  "especially",
  "particularly",
  "very",
]);

/** Whether a word is a degree word said before another word (at the end of a prompt it is itself). */
export const isIntensifierBefore = (raw: string, next: string | undefined): boolean =>
  INTENSIFIERS.has(raw) && next !== undefined;

/**
 * The intensifiers that strengthen a drawn flavour, each with the flavour it strengthens: the word after the
 * intensifier (past any further intensifiers: "really very old") must be one the painters draw as a flavour.
 * Items and icons paint a flavour twice (art/flavour-shape.ts, art/flavour-paint.ts); other kinds take none. Before
 * a colour, the intensifier makes the picture vivid (the fresh flavour: stronger colours).
 */
export function intensified(
  kind: ArtKind,
  tokens: readonly { raw: string; word: string }[],
  drawn: readonly { raw: string; flavour: FlavourName }[],
): { raw: string; flavour: FlavourName }[] {
  const out: { raw: string; flavour: FlavourName }[] = [];
  if (kind !== "item" && kind !== "icon") return out;
  const words = tokens.map((t) => t.raw);
  words.forEach((raw, i) => {
    if (!INTENSIFIERS.has(raw)) return;
    let j = i + 1;
    while (j < words.length && INTENSIFIERS.has(words[j])) j++;
    const f = drawn.find((d) => d.raw === words[j]);
    if (f) out.push({ raw, flavour: f.flavour });
    // "Really red", "super bright blue": a colour made stronger is a more vivid one.
    else if (tokens[j] && isColour(tokens[j].word)) out.push({ raw, flavour: "fresh" });
  });
  return out;
}
