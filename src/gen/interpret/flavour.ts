/**
 * Which flavours (art/flavours.ts) a prompt says, and how each word reached its flavour: the table's own
 * words directly, any other adjective through the lexicon's WordNet paths (scripts/lexicon/flavours.ts:
 * ancient → old, soggy → wet, scorched → burnt). Painters and the interpreter both read prompts with this,
 * so what the answer reports is what is painted.
 */
import { colourPhraseIndices } from "../art/colour-names.ts";
import { FLAVOUR_OF, FLAVOUR_TABLE, type FlavourName } from "../art/flavours.ts";
import { drawsOnTexture } from "../art/flavour-paint.ts";
import { drawsOnScreen } from "../gui/screen-flavours.ts";
import type { ArtKind, ArtSpec, Interpretation } from "./spec.ts";
import { MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "../art/vocabulary.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { type Category, reach } from "./lexicon.ts";
import { ownerFlavour, ownerPairs, ownerWords } from "./owners.ts";
import { STOP_WORDS } from "./tokens.ts";
import { isIntensifierBefore } from "./intensifiers.ts";
import { lookFlavours, lookOfWord, namesColour } from "./looks.ts";
import type { LookName } from "../art/looks.ts";

export interface FlavourWord {
  raw: string;
  flavour: FlavourName;
  /** The lexicon's path when the word is not the table's own: ["ancient", "old", "worn"]. */
  via?: string[];
  /** Said through a look (art/looks.ts: "medieval", "kitchen"): one of the look's flavours. */
  look?: LookName;
}

/**
 * A word's flavour, or null. A word the lexicon files nearer under a colour, material, structure or wear word
 * than under a flavour is that ("golden" is gold, "red" red); at equal steps the flavour wins ("soggy" is wet,
 * not mud).
 */
export function flavourOfWord(raw: string): FlavourWord | null {
  const own = FLAVOUR_OF.get(raw);
  if (own) return { raw, flavour: own };
  // A word the painters' vocabulary reads as something else is that ("wooden" is oak).
  if (raw in SYNONYMS || raw in SUBSTANCES || raw in WOODS || raw in MINERALS || raw in COLOURS) return null;
  if (raw in STRUCTURE_WORDS || (MODIFIERS as readonly string[]).includes(raw)) return null;
  const hit = reach(raw, ["e", "c", "m", "s", "w"], false);
  if (hit?.category === "e") return { raw, flavour: hit.target as FlavourName, via: hit.via };
  // A comparative or superlative WordNet does not list ("older", "tiniest", "bigger"), when the word names
  // nothing else: read as its base adjective, and the path says so.
  if (hit || reach(raw, ALL, false)) return null;
  for (const base of comparativeBases(raw)) {
    const f = flavourOfWord(base);
    if (f)
      return {
        raw,
        flavour: f.flavour,
        via: [raw, ...(f.via ?? [base, f.flavour].filter((w, i, a) => w !== a[i - 1]))],
      };
  }
  return null;
}

const ALL: Category[] = ["f", "l", "t", "g", "s", "m", "w", "c", "b", "e"];

/** Base forms of an -er or -est adjective, most likely first: older → old, bigger → big, tinier → tiny, larger → large. */
function comparativeBases(word: string): string[] {
  const m = /^(.{2,}?)(er|est)$/.exec(word);
  if (!m) return [];
  const stem = m[1];
  const out = [stem, `${stem}e`];
  if (stem.endsWith("i")) out.unshift(`${stem.slice(0, -1)}y`);
  if (/(.)\1$/.test(stem)) out.unshift(stem.slice(0, -1));
  return out;
}

/**
 * The flavours of a text in the order said, each once, with the words that said them; `skip` leaves out words
 * another reading takes (a texture's overlay words: "frosty" is its frost overlay there).
 */
export function readFlavours(
  text: string,
  skip: (word: string) => boolean = () => false,
  /** Items and icons: a person said right before another word owns it ("witch hat"). */
  ownersBefore = false,
): FlavourWord[] {
  const out: FlavourWord[] = [];
  const words = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  // "hot pink", "cream coloured" name a colour (art/colour-names.ts), not a state.
  const colourWords = colourPhraseIndices(words);
  // A look over a named colour keeps that colour (interpret/looks.ts lookFlavours).
  const coloured = colourWords.size > 0 || namesColour(words);
  // An owner gives their things a look ("a king's crown" is ornate): interpret/owners.ts.
  const owners = ownerWords(text);
  const pairs = ownerPairs(text);
  for (const [i, raw] of words.entries()) {
    if (skip(raw) || colourWords.has(i) || NAMES.some(([a, b]) => a === raw && b === words[i + 1])) continue;
    // A degree word before another ("super shiny") strengthens that one (interpret/intensifiers.ts), it is none.
    if (isIntensifierBefore(raw, words[i + 1])) continue;
    // A person said right before another word names that thing's owner too ("witch hat", "knight helmet"); said
    // last or before "with" it is the thing itself ("a knight", "a knight with a sword").
    const owner = pairs.get(raw) ?? (owners.has(raw) ? ownerFlavour(raw) : null);
    const f = sizeBefore(flavourOfWord(raw), words[i + 1]) ?? (owner && { raw, ...owner });
    if (f && !out.some((o) => o.raw === raw)) out.push(f);
    // Else a look (interpret/looks.ts): a style, era, place or taste word, painted as its look's flavours.
    const look = f ? null : lookOfWord(raw, words[i - 1], words[i + 1]);
    if (look && !out.some((o) => o.raw === raw))
      for (const flavour of lookFlavours(look.look, coloured))
        out.push({ raw, flavour, via: look.via, look: look.look });
    // Else a person said right before another word owns that thing ("witch hat", "knight helmet"); said last or
    // before "with" it is the thing itself ("a knight with a sword").
    const beforeThing = ownersBefore && i + 1 < words.length && !STOP_WORDS.has(words[i + 1]);
    const owned = f || look || !beforeThing ? null : ownerFlavour(raw);
    if (owned && !out.some((o) => o.raw === raw)) out.push({ raw, ...owned });
  }
  return out;
}

/**
 * A thing's size ("pocket": pocket-size, scripts/lexicon/cultures.ts) is said only right before the thing it
 * sizes ("pocket watch"), not where the thing is a part ("a coat with a pocket").
 */
const sizeBefore = (f: FlavourWord | null, next: string | undefined): FlavourWord | null =>
  f?.via?.some((w) => w.endsWith(" size")) && (!next || STOP_WORDS.has(next)) ? null : f;

/** Two words naming a kind of thing, whose first is no state of it ("stained glass" is not dirty glass). */
const NAMES: [string, string][] = [
  ["stained", "glass"],
  ["cold", "brew"],
];

/** The distinct flavours a text says, for the painters. */
export const flavoursOf = (text: string, skip?: (word: string) => boolean): FlavourName[] => [
  ...new Set(readFlavours(text, skip).map((f) => f.flavour)),
];

/**
 * Whether a kind's painter draws a flavour: items and icons draw every one; block textures and the textures of
 * models the ones with colours or marks that are not already their material's wear (models also small and
 * tiny, as their size); GUI and HUD the ones that shift colours, mark or thicken (gui/screen-flavours.ts); sounds none.
 */
export function drawsFlavour(kind: ArtKind, f: FlavourName): boolean {
  if (kind === "item" || kind === "icon") return true;
  if (kind === "texture") return drawsOnTexture(f);
  // Models paint the texture flavours on their textures and stand smaller for small and tiny.
  if (kind === "model") return drawsOnTexture(f) || !!FLAVOUR_TABLE[f].scale;
  // GUI and HUD: their theme's colour shift, marks on the panel and icons, a heavier frame (gui/screen-flavours.ts).
  if (kind === "gui" || kind === "hud") return drawsOnScreen(f);
  return false;
}

/** The flavours a painter draws for an interpretation: its effects and wear words that name one, each once. */
export function flavoursToPaint(read: Pick<ArtSpec, "effects" | "wear">): FlavourName[] {
  const names = [...(read.effects ?? []), ...(read.wear ?? [])].map((w) => FLAVOUR_OF.get(w.toLowerCase()));
  const once = [...new Set(names.filter((n): n is FlavourName => !!n))];
  // An effect listed twice was strengthened ("extremely sharp": interpret/intensifiers.ts): painted twice.
  const effects = (read.effects ?? []).map((w) => FLAVOUR_OF.get(w.toLowerCase()));
  const twice = once.filter((f) => effects.indexOf(f) !== effects.lastIndexOf(f));
  return [...once, ...twice];
}

/**
 * A spec's `effects` as the painters take them, beside the prompt's own flavours (both are painted): each word
 * a flavour the kind draws is reported by the flavour's name ("luminous" is glowing); any other word changes
 * nothing and is reported in `unmatched`, not dropped.
 */
export function withSpecEffects(
  kind: ArtKind,
  read: Interpretation,
  spec: ArtSpec,
  fromPrompt: readonly string[] = [],
): Interpretation {
  if (!spec.effects) return read;
  const drawn = fromPrompt.map((w) => FLAVOUR_OF.get(w)).filter((f): f is FlavourName => !!f);
  const unmatched = [...read.unmatched];
  for (const word of spec.effects) {
    const f = FLAVOUR_OF.get(word.toLowerCase().replace(/_/g, " ")) ?? flavourOfWord(word.toLowerCase())?.flavour;
    // A look word ("medieval", "kitchen") is its look's flavours, those the kind draws.
    const look = f ? null : lookOfWord(word.toLowerCase());
    const fromLook = look ? lookFlavours(look.look).filter((l) => drawsFlavour(kind, l)) : [];
    if (f && drawsFlavour(kind, f)) drawn.push(f);
    else if (fromLook.length) drawn.push(...fromLook);
    else if (!unmatched.includes(word)) unmatched.push(word);
  }
  const out: Interpretation = { ...read, unmatched };
  if (drawn.length) out.effects = [...new Set(drawn)];
  else delete out.effects;
  return out;
}
