/**
 * Item parts named in a prompt: `<material|colour> <part>` pairs and `with <material|colour>` accents, read with
 * the part words of art/part-words.ts and the parts each family declares (art/assembly.ts).
 */
import type { ArtPart } from "./spec.ts";
import { declaresPart, namesPart } from "../art/assembly.ts";
import { PART_REGIONS } from "./parts.ts";
import { partsOfParticiple } from "./part-participles.ts";
import { STOP_WORDS } from "./tokens.ts";
import { isColour, isMaterial, reported } from "./word-class.ts";
import { thingParts } from "./thing-parts.ts";

/**
 * The item parts a prompt names, and the tokens they take: `<material|colour> <part>` ("gold hilt"), and
 * `with <material|colour>` not followed by a part ("crown with emeralds", "ring with a sapphire"), which
 * paints the accent (gems, inlays, rim).
 */
export function scanParts(
  toks: { raw: string; word: string }[],
  /** The words that named the subject: "gem" in "emerald gem" is the item, not a part of it. */
  subject: Set<string> = new Set(),
  /** The family drawn: the parts it declares are part words too (a ring's "stone"). */
  family = "",
  /** Tokens read elsewhere that keep a "with" open (a part's flavour: "with a rusty iron blade"). */
  through: ReadonlySet<number> = new Set(),
): { parts: ArtPart[]; taken: Set<number> } {
  const parts: ArtPart[] = [];
  const taken = new Set<number>();
  const look = (word: string, part: string): ArtPart =>
    isColour(word) ? { part, colour: reported(word) } : { part, material: word };
  let afterWith = false;
  // "bucket of honey": what follows "of" is what the item holds (its accent region: liquid, contents).
  let afterOf = false;
  for (let i = 0; i < toks.length; i++) {
    // A part's flavour word ("rust" in "with rust on the blade") is no accent; the "with" stays open past it.
    if (through.has(i)) continue;
    const { raw, word } = toks[i];
    const next = toks[i + 1];
    const paintable = isMaterial(word) || isColour(word);
    // A part word as written or singular ("cross" must not become "cros", "inlays" is an inlay).
    // A word that chose the subject may still be one of its parts after "with": "sword with a lime green blade"
    // (a blade is a sword, and a sword's blade); in "pine cone" the cone is the thing.
    const named =
      next && (!subject.has(next.raw) || (afterWith && declaresPart(family, next.raw) && next.raw !== family));
    const isPart = (w: string) => namesPart(w, family, isMaterial);
    const partWord =
      named &&
      ([next.raw, next.word].find((w) => PART_REGIONS[w]) ??
        [next.raw, next.word].find(isPart) ??
        // "a red-handled knife": the part said as its -ed adjective (interpret/part-participles.ts).
        partsOfParticiple(next.raw)[0] ??
        null);
    if (paintable && partWord) {
      // "red wax seal": two part words in a row name one part, the last ("seal").
      const after = toks[i + 2];
      const last = after && !subject.has(after.raw) && [after.raw, after.word].find(isPart);
      parts.push(look(word, last || partWord));
      taken.add(i).add(i + 1);
      if (last) taken.add(i + 2);
      i += last ? 2 : 1;
      afterWith = false;
    } else if (paintable && (afterWith || afterOf) && !subject.has(raw)) {
      parts.push(look(word, afterOf ? "content" : "accent"));
      taken.add(i);
      afterWith = afterOf = false;
    } else if (raw === "with") afterWith = true;
    else if (raw === "of") afterOf = true;
    else if (!STOP_WORDS.has(raw)) afterWith = afterOf = false;
  }
  // Other drawn things beside the subject ("salt shaker", "teapot with flowers"): in their own colour.
  if (!parts.some((p) => p.part === "content")) parts.push(...thingParts(toks, subject, family, taken));
  return { parts, taken };
}
