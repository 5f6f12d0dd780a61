/**
 * Emblems: a thing named before an item's subject that is not the subject ("coin pouch", "fish hook", "sun
 * mask", "treasure chest", "apple pie", "pizza cutter") says what the item is for or holds. People read such a
 * word as a picture on the thing, so the item painter draws it as a small emblem beside the subject
 * (art/emblems.ts), in the corner the subject leaves emptiest, the way a game marks what an item is for.
 *
 * The word must name a thing the painters draw by itself: an item family's own word or a library subject (the
 * lexicon's own name for it: treasure → gem), or the plural of one (coins → coin). A thing a kind away is too
 * loose a picture to stand for the word ("pocket" is no purse), and the word stays `unmatched`.
 */
import type { Token } from "./tokens.ts";
import { baseForms, reach } from "./lexicon.ts";
import { isColour, isMaterial } from "./word-class.ts";
import { isModifier } from "./tokens.ts";
import { BARE_PARTS, declaresPart } from "../art/assembly.ts";
import { partNames } from "../art/part-words.ts";
import { PART_REGIONS } from "./parts.ts";
import { nounsOfParticiple } from "./part-participles.ts";

export interface Emblem {
  /** The prompt's word. */
  raw: string;
  /** What is drawn for it: the item painters' subject (a family or a library subject). */
  subject: string;
  /** The lexicon's path when the word is not the subject's own: ["treasure", "gem"]. */
  via?: string[];
}

/** Steps a plural is from its singular's thing. */
const EMBLEM_REACH = 1;

/**
 * The emblem of a prompt: the word said right before the subject's first word, else the first thing said
 * after "with" ("a hat with bells", "a staff with a moon"), when nothing else read it (`unread`) and it
 * names a drawn thing other than the subject; else null.
 */
export function emblemOf(
  toks: readonly Token[],
  subjectWords: ReadonlySet<string>,
  unread: readonly string[],
  /** The item family drawn (its declared parts are its own, not emblems). */
  family: string,
): Emblem | null {
  const at = toks.findIndex((t) => subjectWords.has(t.raw));
  // A colour, material or wear word left over (a fourth colour) describes; it is no thing to draw.
  const thing = (t: Token | undefined) => {
    if (!t || !unread.includes(t.raw) || isColour(t.word) || isMaterial(t.word) || isModifier(t.word)) return null;
    const hit = emblemSubject(t.raw) ?? emblemOfParticiple(t.raw);
    // The subject again under another name ("a fishing rod with a bobber": WordNet's bobber is a fishing rod's).
    return hit && !hit.subject.split(" ").every((w) => subjectWords.has(w)) ? hit : null;
  };
  const before = at > 0 ? thing(toks[at - 1]) : null;
  if (before || at < 0) return before;
  const withAt = toks.findIndex((t, i) => i > at && t.raw === "with");
  if (withAt < 0) return null;
  for (const t of toks.slice(withAt + 1)) {
    if (t.raw === "and" || t.raw === "with") break;
    // "with stars", "with gems", "a pickaxe with a handle": parts the item draws in its own place
    // (art/assembly.ts), no emblem.
    // A part word of any thing (a string, a handle, a feather: art/part-words.ts) names a part, not a thing beside.
    if (
      BARE_PARTS[t.raw] ||
      t.raw in PART_REGIONS ||
      partNames(t.raw).some((n) => n !== t.raw || declaresPart(family, n))
    )
      break;
    const hit = thing(t);
    if (hit) return hit;
  }
  return null;
}

/** "Winged", "horned", "feathered": the thing the item has, said as an -ed adjective (interpret/part-participles.ts). */
function emblemOfParticiple(raw: string): Emblem | null {
  for (const noun of nounsOfParticiple(raw)) {
    const hit = emblemSubject(noun);
    if (hit)
      return {
        raw,
        subject: hit.subject,
        via: [raw, ...(hit.via ?? [noun, hit.subject])].filter((w, i, a) => w !== a[i - 1]),
      };
  }
  return null;
}

/** What a word is drawn as when it is an emblem (a family or a library subject), or null. */
export function emblemSubject(raw: string): Emblem | null {
  const hit = reach(raw, ["f", "l"], false);
  // The word itself, or its singular ("coins"): a thing one kind away is another picture ("pocket" is no purse).
  const plural = !!hit && hit.steps === EMBLEM_REACH && baseForms(raw).includes(hit.via[1]?.replace(/ /g, "_") ?? "");
  if (!hit || (hit.steps > 0 && !plural)) return null;
  const subject = hit.target.replace(/_/g, " ");
  return { raw, subject, ...(hit.via.length > 1 ? { via: hit.via } : {}) };
}
