/**
 * Portion, quantity and holder nouns said before "of" in an item prompt, read from the words alone (item
 * finishing and the interpretation both call these):
 * - a portion ("a bar of soap", "a wedge of cheese", "a roll of tape"): the substance after "of" is the
 *   subject, drawn cut to the portion's shape (art/portion-shapes.ts, art/portions.ts);
 * - a quantity ("a handful of seeds", "a pair of gloves"): the thing after "of" drawn several times, or twice;
 *   a pair of a thing already drawn as a pair (boots, shears) changes nothing and stays unmatched;
 * - a holder ("a sack of potatoes", "a box of matches"): the holder is the subject and what it holds, a thing
 *   the painters draw, is drawn beside it as its emblem (art/emblems.ts), in that thing's own colours.
 */
import type { Token } from "./tokens.ts";
import type { ItemSubject } from "./subject.ts";
import { STOP_WORDS } from "./tokens.ts";
import { PORTION_WORD } from "../art/portion-shapes.ts";
import { type Emblem, emblemOf, emblemSubject } from "./emblems.ts";
import { reach } from "./lexicon.ts";

export interface Portion {
  /** The portion word as said. */
  raw: string;
  /** The shape it is cut to (a key of PORTION_SHAPES). */
  shape: string;
  /** ["sliver", "slice", "portion"]. */
  via: string[];
}

/**
 * The portion word said right before "of" with something after it ("a wedge of cheese"), else one said last,
 * after the substance ("a cheese wedge", "a tape roll"), when the two words are no name of their own ("chocolate
 * bar" is WordNet's candy bar, drawn as itself); or null.
 */
export function portionOf(toks: readonly Token[]): Portion | null {
  const shapeOf = (raw: string) => PORTION_WORD.get(raw) ?? PORTION_WORD.get(raw.replace(/s$/, ""));
  const portion = (raw: string, shape: string): Portion => ({
    raw,
    shape,
    via: [raw, ...(shape === raw ? [] : [shape]), "portion"],
  });
  for (const [i, t] of toks.entries()) {
    const shape = toks[i + 1]?.raw === "of" && toks[i + 2] ? shapeOf(t.raw) : undefined;
    if (shape) return portion(t.raw, shape);
  }
  const end = toks.findIndex((t) => t.raw === "with" || t.raw === "and");
  const head = toks.slice(0, end < 0 ? toks.length : end).filter((t) => !STOP_WORDS.has(t.raw));
  const [before, last] = head.slice(-2);
  const shape = last && shapeOf(last.raw);
  if (!shape || !before || reach(`${before.raw}_${last.raw}`, ["f", "l"], false)) return null;
  return portion(last.raw, shape);
}

/** Quantity words and how many of the thing each draws. Collections of more ("a stack of") are category q. */
const AMOUNTS: Record<string, number> = { handful: 3, fistful: 3, armful: 3, pocketful: 3, pair: 2, couple: 2 };
export const AMOUNT_WORDS = Object.keys(AMOUNTS);
/** Numbers and words of many, said right before the thing ("four apples", "a dozen eggs") or before "of". */
const COUNTS: Record<string, number> = {
  two: 2,
  ...Object.fromEntries(
    "three four five six seven eight nine ten eleven twelve dozen dozens many numerous lots loads plenty hundreds"
      .split(" ")
      .map((w) => [w, 3]),
  ),
};

export interface Amount {
  raw: string;
  copies: number;
  via: string[];
}

/**
 * The quantity said before "of" ("a handful of berries") or a number said right before the thing (`thing`: its
 * words; "four apples"), or null. `drawnPair`: whether the thing is already drawn as a pair (a family named in
 * the plural: boots, shears), when "a pair of" draws nothing new.
 */
export function amountOf(toks: readonly Token[], drawnPair: boolean, thing: ReadonlySet<string>): Amount | null {
  for (const [i, t] of toks.entries()) {
    const next = toks[i + 1]?.raw;
    // Right before the thing's last word: "four leaf clover" counts the leaves of one clover.
    const counted = !!next && thing.has(next) && !thing.has(toks[i + 2]?.raw ?? "") && COUNTS[t.raw];
    const copies = next === "of" && toks[i + 2] ? (AMOUNTS[t.raw] ?? COUNTS[t.raw]) : counted;
    if (!copies) continue;
    if (copies === 2 && drawnPair) return null;
    return { raw: t.raw, copies, via: [t.raw, copies === 2 ? "two" : "several"] };
  }
  return null;
}

/** A thing drawn as a pair already (boots, shears: a family named in the plural) gains nothing from "a pair of". */
export const drawnAsPair = (subject: string): boolean => /[^s]s$/.test(subject);

/** The item subjects that hold things: what they are "of" is their contents (scored by the dev-portions list). */
export const HOLDERS = new Set([
  "backpack",
  "bag",
  "pouch",
  "sack",
  "box",
  "chest",
  "crate",
  "basket",
  "barrel",
  "bucket",
  "bowl",
  "can",
  "container",
  "pot",
  "teapot",
  "jar",
  "jug",
  "cup",
  "plate",
  "tray",
  "cart",
  "shopping cart",
  "wheelbarrow",
  "purse",
  "wallet",
  "quiver",
  "bouquet",
  "vase",
  "cauldron",
]);

/** The thing said after the "of" that follows the subject, when nothing else read it. */
function heldWord(toks: readonly Token[], subjectWords: ReadonlySet<string>, unread: readonly string[]): Token | null {
  const of = toks.findIndex((t, i) => t.raw === "of" && i > 0 && subjectWords.has(toks[i - 1].raw));
  if (of < 0) return null;
  return toks.slice(of + 1).find((t) => !STOP_WORDS.has(t.raw) && unread.includes(t.raw)) ?? null;
}

/**
 * "A sack of coins", "a plate of cookies": a holder said before "of" is the subject, though a family is named
 * after it (that is what it holds). `first` is the subject chooser's reading in prompt order; its answer is
 * taken when it is a holder named by the word right before "of".
 */
export function holderFirst(head: string, first: () => ItemSubject | null): ItemSubject | null {
  const words = head.toLowerCase().split(/[^a-z]+/);
  const at = words.indexOf("of");
  const before = words.slice(0, Math.max(0, at)).filter((w) => w && !STOP_WORDS.has(w));
  const holder = before[before.length - 1];
  if (!holder || PORTION_WORD.has(holder) || holder in AMOUNTS) return null;
  const hit = first();
  return hit && !hit.fallback && HOLDERS.has(hit.subject) && hit.words.has(holder) ? hit : null;
}

/**
 * What a holder is said to hold ("sack of potatoes"): the first word after the "of" that follows the subject,
 * when nothing else read it (`unread`) and it names a thing the painters draw; else null. Liquid holders
 * (bottles, potions) paint their contents in their own liquid part (art/assembly.ts) and are not asked.
 */
export function heldOf(
  toks: readonly Token[],
  subject: string,
  subjectWords: ReadonlySet<string>,
  unread: readonly string[],
): Emblem | null {
  if (!HOLDERS.has(subject)) return null;
  const held = heldWord(toks, subjectWords, unread);
  if (!held) return null;
  const hit = emblemSubject(held.raw);
  return hit && hit.subject !== subject ? hit : null;
}

/**
 * The portion or quantity word said of an item's subject, or null. A portion word the subject was chosen by
 * (`subjectWords`: "a bar of gold" is the ingot, "a lump of coal" the lump) is drawn by the subject itself,
 * unless that subject is only the lump a material is drawn as.
 */
export function portionSaid(
  toks: readonly Token[],
  subject: string,
  subjectWords: ReadonlySet<string>,
): Portion | Amount | null {
  const portion = portionOf(toks);
  // A material with no picture of its own is drawn as a lump: a declared shape says more ("a block of ice").
  const byShape = subject === "lump" && portion?.shape !== "lump";
  if (portion) return subjectWords.has(portion.raw) && !byShape ? null : portion;
  return amountOf(toks, drawnAsPair(subject), subjectWords);
}

/** An item's emblem (interpret/emblems.ts), else what its holder is said to hold. */
export const emblemOrHeld = (
  toks: readonly Token[],
  subject: string,
  subjectWords: ReadonlySet<string>,
  unread: readonly string[],
  family: string,
): Emblem | null => emblemOf(toks, subjectWords, unread, family) ?? heldOf(toks, subject, subjectWords, unread);
