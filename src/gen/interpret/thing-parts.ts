/**
 * What a vessel holds, named in front of it (issue 28, art-items3): a noun before the head noun that names
 * another drawn thing says what the item holds ("berry bowl", "cookie jar", "apple bucket", "salt shaker"), and its
 * colour fills the item's contents. The colour is the thing's as the painters draw it: a family's own material, a
 * library icon's main colour, or the colour the word also names ("mustard"). Only for a family that declares
 * contents (assembly.ts), so a word read here always changes what is drawn; elsewhere ("fish hook", "coin
 * pouch") it stays unmatched, as a library icon's other colour groups are no one thing.
 */
import type { ArtPart } from "./spec.ts";
import { reach, libraryIconOf } from "./lexicon.ts";
import { STOP_WORDS } from "./tokens.ts";
import { isColour, isMaterial } from "./word-class.ts";
import { PART_REGIONS } from "./parts.ts";
import { DEFAULT_MATERIAL } from "../art/item-materials.ts";
import { iconMainColour } from "../art/library.ts";
import { partNames } from "../art/part-words.ts";
import { declaresPart } from "../art/assembly.ts";
import { itemPatternOf } from "../art/item-patterns.ts";

/** How far a word may be from the thing whose colour it lends: the thing itself or its plural. */
const NEAR = 1;

/** The colour (hex) or material a drawn thing is painted in, or null. */
export function thingPaint(word: string): Pick<ArtPart, "colour" | "material"> | null {
  const hit = reach(word, ["f", "l"], false);
  if (!hit || hit.steps > NEAR) return null;
  if (hit.category === "f") {
    const own = DEFAULT_MATERIAL[hit.target as keyof typeof DEFAULT_MATERIAL];
    if (!own) return null;
    return own.startsWith("#") || isColour(own) ? { colour: own } : { material: own };
  }
  const icon = libraryIconOf(hit.target);
  const c = icon ? iconMainColour(icon) : null;
  return c ? { colour: `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}` } : null;
}

/** Whether the subject is a family that declares what it holds (a bucket's contents, a bowl's soup). */
const holds = (family: string) => partNames("contents").some((name) => declaresPart(family, name));

/**
 * The contents such things give, and the tokens they take. `taken` holds tokens already read as parts; `subject`
 * the words that named the subject; `family` the subject drawn (a family or a library subject).
 */
export function thingParts(
  toks: { raw: string; word: string }[],
  subject: Set<string>,
  family: string,
  taken: Set<number>,
): ArtPart[] {
  const out: ArtPart[] = [];
  if (!family || !holds(family)) return out;
  const headAt = toks.findIndex((t) => subject.has(t.raw));
  // What follows "of" after the vessel ("a bucket of apples", "a bowl of cherries").
  const ofAt = toks.findIndex((t, k) => k > headAt && t.raw === "of");
  for (let i = 0; i < toks.length; i++) {
    const { raw, word } = toks[i];
    if (STOP_WORDS.has(raw) || taken.has(i) || subject.has(raw)) continue;
    if (isMaterial(word) || isColour(word) || PART_REGIONS[raw] || declaresPart(family, raw)) continue;
    // A pattern said before the vessel is painted on it ("a striped mug": art/item-patterns.ts), held in nothing.
    if (itemPatternOf(word)) continue;
    // In front of the head noun, right before it or before another such word ("salt shaker", "berry bowl"); or
    // the first word after its "of" that names a thing.
    const before = i < headAt && toks.slice(i + 1, headAt).every((t) => !STOP_WORDS.has(t.raw));
    const held = ofAt >= 0 && i > ofAt && !out.length;
    if (!before && !held) continue;
    // A thing also named as a colour ("mustard", "salmon") lends that colour, as the colour table says it.
    const colour = reach(raw, ["c"], false);
    const paint = colour ? { colour: colour.target } : thingPaint(raw);
    if (!paint) continue;
    out.push({ part: "content", ...paint });
    taken.add(i);
  }
  return out;
}
