/**
 * What WordNet's own definition says a thing looks like: "a spoon-shaped vessel with a long handle" (a ladle),
 * "bowl-shaped strainer" (a colander), "a mallet … resembling a hammer". Many made things and foods sit under a
 * kind too broad to draw ("vessel", "device"), yet their gloss names a shape the painters know: that shape is the
 * nearest picture of them, nearer than the broad kind's fallback. Read from the gloss, so it covers every word
 * WordNet defines this way, not a list.
 */
import type { Synset, WordNet } from "./wordnet.ts";

/** "X-shaped", "shaped like a X", "resembling a X", "in the shape of a X": the noun X. */
const SHAPE =
  /\b([a-z]+)-shaped\b|\bshaped like an? ([a-z]+)\b|\bresembling an? ([a-z]+)\b|\bin the shape of an? ([a-z]+)\b/;

/** Words after a shape's noun that end its phrase ("shaped like a pig and …"). */
const ENDS_PHRASE = new Set(["and", "or", "at", "in", "on", "for", "of", "to", "but", "from", "by"]);

/** Lexicographer files of things whose look a shape word can name: 06 artifact, 13 food. */
const SHAPED = new Set([6, 13]);
/** Lexicographer files a shape noun must be first of: 05 animal, 06 artifact, 13 food, 20 plant, 25 shape. */
const SHAPE_NOUNS = new Set([5, 6, 13, 20, 25]);

/** The noun a made thing's or food's gloss says it is shaped like (its first sense), or null. */
export function glossShape(wn: WordNet, synset: Synset): { word: string; id: string } | null {
  if (!SHAPED.has(synset.lex)) return null;
  // The definition's head only: not its quoted examples ("the ball-shaped doodad") nor a part it goes on to
  // describe ("a sailing vessel with runners and a cross-shaped frame").
  const head = synset.gloss.split(/;|\b(?:with|consisting|which|that|around|used)\b/)[0];
  const m = SHAPE.exec(head);
  const word = m?.slice(1).find(Boolean);
  if (!m || !word || synset.lemmas.includes(word)) return null;
  // "shaped like a human foot": the word names a kind of the shape, not the shape; only "X-shaped", or X ending
  // its phrase, is the shape.
  const after = /^\s*([a-z]+)/.exec(head.slice(m.index + m[0].length))?.[1];
  if (!m[1] && after && !ENDS_PHRASE.has(after)) return null;
  // A describing word ("in the shape of a small …") is no shape: the word's first noun sense must be a thing.
  const first = (wn.senses.noun.get(word) ?? [])[0];
  if (!first || !SHAPE_NOUNS.has(wn.synsets.get(first)!.lex)) return null;
  return { word, id: first };
}
