/**
 * "A stack of pancakes", "a bunch of radishes", "a bundle of dynamite": a word the lexicon files as a
 * collection of several (scripts/lexicon/quantities.ts, category q), said before "of", asks for several of the
 * thing; the item painter draws it three times (art/collections.ts). Both read it here, from the words alone.
 */
import { reach } from "./lexicon.ts";
import type { Token } from "./tokens.ts";

export interface Several {
  /** The collection word as said. */
  raw: string;
  /** Its path: ["stack", "collection", "several"]. */
  via: string[];
}

/** The first collection word said before "of", or null. */
export function severalOf(toks: readonly Token[]): Several | null {
  for (const [i, t] of toks.entries()) {
    if (toks[i + 1]?.raw !== "of") continue;
    const hit = reach(t.raw, ["q"], false);
    if (hit) return { raw: t.raw, via: hit.via };
  }
  return null;
}
