/**
 * What WordNet's own definition says a thing looks like: "a spoon-shaped vessel with a long handle" (a ladle),
 * "bowl-shaped strainer" (a colander), "a mallet … resembling a hammer". Many made things and foods sit under a
 * kind too broad to draw ("vessel", "device"), yet their gloss names a shape the painters know: that shape is the
 * nearest picture of them, nearer than the broad kind's fallback. Read from the gloss, so it covers every word
 * WordNet defines this way, not a list. A tool with no such shape is drawn by its use (glossUse, below).
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

/**
 * What a tool is for, as its definition says ("used for scooping or spreading plaster": a trowel; "for taking
 * hold of objects": tongs), and the drawn tool that does the same work: a tool is drawn by its use. Stems of the
 * gloss's verb → the noun of a drawn family that does that work. Read only for implements and devices, so a
 * container "for holding liquids" is no pair of tongs.
 */
const USES: Record<string, string> = {
  dig: "shovel",
  scoop: "shovel",
  shovel: "shovel",
  loosen: "hoe",
  till: "hoe",
  weed: "hoe",
  cultivate: "hoe",
  hoe: "hoe",
  cut: "knife",
  slice: "knife",
  carve: "knife",
  peel: "knife",
  chop: "axe",
  split: "axe",
  mow: "scythe",
  reap: "scythe",
  trim: "shears",
  clip: "shears",
  grip: "shears",
  pound: "hammer",
  crush: "hammer",
  strike: "hammer",
  hammer: "hammer",
  forge: "hammer",
  sweep: "brush",
  scrub: "brush",
  clean: "brush",
  paint: "brush",
  tighten: "wrench",
  twist: "wrench",
};

/** "used for scooping", "used to move", "for taking hold", "a gripping hand tool": the verb's stem. */
const USE = /\b(?:used (?:for|to|in) |for )([a-z]+)|\ban? ([a-z]+ing) (?:hand )?(?:tool|implement|device)\b/;

/** Kinds a thing must be under to be drawn by its use: a tool, not a container or a room. */
const TOOL_KINDS = new Set(["implement", "device"]);

/** The drawn tool that does the work a tool's gloss says it is for ("used for scooping": a shovel), or null. */
export function glossUse(wn: WordNet, synset: Synset): { word: string; id: string } | null {
  if (synset.lex !== 6 || !under(wn, synset, TOOL_KINDS)) return null;
  // "for taking hold of objects" is gripping; any other taking (a picture, a life) is no tool's work.
  const head = synset.gloss.split(/;\s*"/)[0].replace(/\btaking hold\b/g, "gripping");
  const m = USE.exec(head);
  if (!m) return null;
  // The first word of the use clause that names a drawn tool's work: "used to move leaves or loosen soil".
  const clause = [
    m[1] ?? m[2],
    ...head
      .slice(m.index + m[0].length)
      .split(/[,;(]/)[0]
      .split(/\s+/),
  ];
  const word = clause.map((w) => USES[stem(w)]).find(Boolean);
  const id = word && (wn.senses.noun.get(word) ?? []).find((s) => wn.synsets.get(s)!.lex === 6);
  if (!word || !id || synset.lemmas.includes(word)) return null;
  return { word, id };
}

/** A verb's stem from its -ing or bare form: scooping → scoop, cutting → cut, taking → take, making → make. */
function stem(verb: string): string {
  if (!verb.endsWith("ing")) return verb;
  const base = verb.slice(0, -3);
  if (/(.)\1$/.test(base) && !base.endsWith("ll")) return base.slice(0, -1);
  return base in USES ? base : `${base}e` in USES ? `${base}e` : base;
}

/** Whether a synset has one of `kinds` among its hypernyms (at most eight up). */
function under(wn: WordNet, synset: Synset, kinds: Set<string>): boolean {
  let level = [synset.id];
  for (let i = 0; i < 8 && level.length; i++) {
    level = level.flatMap((id) => wn.synsets.get(id)?.pointers.get("@") ?? []);
    if (level.some((id) => wn.synsets.get(id)!.lemmas.some((l) => kinds.has(l)))) return true;
  }
  return false;
}
