/**
 * Flavours said of one part: "a sword with a rusty blade", "a pickaxe with a cracked handle", "a table with burnt
 * legs", "bricks with mossy cracks". After "with", the flavour word (art/flavours.ts, or any word the lexicon reaches one
 * from) stands before a part word, with at most a few describing words between ("a rusty old iron blade"); the
 * part is one the kind's painter can find:
 *
 * - items: a part the family declares or places (art/assembly.ts placePart), its letters or a derived band;
 * - models: a template slot (models/part-words.ts slotForPart), whose texture alone takes the flavour;
 * - textures: an overlay the texture draws (art/overlay-words.ts), whose pixels alone take it.
 *
 * The interpretation reports such a flavour on its part (`parts: [{part: "blade", effects: ["rusty"]}]`), not in
 * the whole subject's `effects` or `wear`, and the painters draw everything else as the prompt without the word
 * (`withoutOwnedWords`): the flavour changes its part and nothing more. A flavour that names no part is the
 * whole subject's, as before.
 */
import type { ArtKind, ArtPart, Interpretation } from "./spec.ts";
import { FLAVOUR_OF, FLAVOUR_TABLE, type FlavourName } from "../art/flavours.ts";
import { flavourOfWord } from "./flavour.ts";
import { declaresPart, namesPart, placePart } from "../art/assembly.ts";
import { type Family, SILHOUETTES } from "../art/silhouettes.ts";
import { PART_REGIONS } from "./parts.ts";
import { isColour, isMaterial } from "./word-class.ts";
import { pickTemplate } from "../models/index.ts";
import { slotForPart } from "../models/part-words.ts";
import { libraryPlace } from "../art/library-parts.ts";
import { OVERLAY_WORDS, readOverlays } from "../art/overlay-words.ts";
import { materialFromPrompt } from "../art/material.ts";
import type { Modifier } from "../art/vocabulary.ts";

/** A flavour a prompt says of one part, and where: token indices of the flavour word and the part word. */
export interface OwnedFlavour {
  part: string;
  flavour: FlavourName;
  /** The flavour word as written ("bloodstained"). */
  word: string;
  at: number;
  partAt: number;
  /** Words that tied the flavour to its part after it ("covered", "dripping"): no flavour of the whole then. */
  links?: string[];
}

/** What the reader needs of the prompt: its tokens as read.ts makes them, and what the subject is. */
export interface PartContext {
  kind: ArtKind;
  prompt: string;
  toks: readonly { raw: string; word: string }[];
  /** Items: the family drawn (none for a library subject, which has no parts to find). */
  family?: string;
  /** The words that chose the subject: "blade" in "iron blade" is the sword itself, not its part. */
  subjectWords: ReadonlySet<string>;
  /** A sketch's legend part names: then those are the parts, whatever the kind (gen/sketch-flavours.ts). */
  sketchParts?: readonly string[];
  /** Items and icons: the thing is drawn from the library, whose parts are its body and derived parts. */
  library?: boolean;
}

/**
 * On a part, "cracked" is the broken flavour's crack. (Said of a whole texture it is the material's own cracked
 * wear, which the texture painters draw; that reading is left as it is.)
 */
const PART_ONLY: Record<string, FlavourName> = {
  cracked: "broken",
  crackled: "broken",
  // Mud said of a part is a wet look on it; "muddy" alone reads as the mud material (art/material-families.ts).
  mud: "wet",
  muddy: "wet",
};

/** Words that may stand between a flavour and its part: "a rusty old iron blade", "rusty and bloody blade". */
const BETWEEN = 3;

/** The flavour of a word said before a part, or null (silhouette flavours have no part to draw on). */
function partFlavourOf(raw: string): FlavourName | null {
  const f = PART_ONLY[raw] ?? flavourOfWord(raw)?.flavour ?? null;
  if (!f) return null;
  const d = FLAVOUR_TABLE[f];
  return d.shift || d.marks?.length ? f : null;
}

/**
 * The flavour of a noun said of a part ("rust on the blade", "a blade covered in blood"): the flavour of the
 * adjective made from it (rust → rusty, blood → bloody, ice → icy, mud → muddy, poison → poisonous), or of the
 * word itself when it is one ("flames", "sparkles").
 */
function nounFlavourOf(raw: string): FlavourName | null {
  const own = partFlavourOf(raw);
  if (own) return own;
  const stem = raw.replace(/e$/, "");
  for (const form of [`${raw}y`, `${stem}y`, `${raw}${raw.at(-1)}y`, `${raw}ous`, `${stem}ous`])
    if (form !== raw && (FLAVOUR_OF.has(form) || flavourOfWord(form))) return partFlavourOf(form);
  return null;
}

/** Words that open what a thing has: "a sword with …", "a sword whose blade is …". */
const OPENERS = new Set(["with", "whose"]);
/** "rust on the blade", "moss in the cracks": a flavour said before where it lies. */
const ON = new Set(["on", "along", "across", "over", "around", "in", "at", "covering"]);
/** "a blade covered in blood", "whose blade is rusty": a flavour said after the part. */
const LINKS = new Set(
  "covered coated caked encrusted crusted dripping splattered spattered smeared stained streaked in with is are was that which all over of".split(
    " ",
  ),
);
/** Words that may stand between a preposition and its part ("on the blade", "on its handle"). */
const DETERMINERS = new Set(["the", "a", "an", "its", "his", "her", "their", "each", "every", "both"]);

/**
 * Whether a text may say a flavour of a part at all (a flavour word or noun after "with" or "whose"), or a spec
 * gives a part effects: a cheap test that spares the painters a second reading of every prompt that says none.
 */
export function mayOwnFlavours(text: string, spec?: { parts?: { effects?: string[] }[] }): boolean {
  if (spec?.parts?.some((p) => p.effects?.length)) return true;
  const words = text.toLowerCase().split(/[^a-z]+/);
  const at = words.findIndex((w) => OPENERS.has(w));
  return at >= 0 && words.slice(at + 1).some((w) => w && nounFlavourOf(w));
}

/**
 * The flavours a prompt says of a part, in prompt order, said after "with" or "whose" in one of three ways: before
 * the part ("a rusty blade", "a rusty old iron blade"), before it with a preposition ("rust on the blade", "moss
 * in the cracks"), or after it ("a blade covered in blood", "whose blade is rusty").
 */
export function ownedFlavours(ctx: PartContext): OwnedFlavour[] {
  const partAt = partFinder(ctx);
  if (!partAt) return [];
  const out: OwnedFlavour[] = [];
  const { toks } = ctx;
  // A texture's overlay reader takes its own light words ("glowing cracks", "lava cracks"): they are its already.
  const overlayTaken = ctx.kind === "texture" ? overlayWords(ctx.prompt) : new Set<string>();
  const taken = new Set<number>();
  let afterWith = false;
  const partOf = (j: number): string | null => {
    const { raw, word } = toks[j];
    // "sword with a rusty blade": the blade also chose the sword, but after "with" it is the sword's blade.
    const subject = ctx.subjectWords.has(raw) && !(declaresPart(ctx.family ?? "", raw) && raw !== ctx.family);
    return subject ? null : partAt(raw, word);
  };
  const own = (i: number, j: number, part: string, flavour: FlavourName, links: string[] = []) => {
    // "glowing veins" on a texture are the material's own lit veins (texture.ts), drawn so already.
    if (ctx.kind === "texture" && OWN_LIGHT[part] === flavour) return;
    if (taken.has(i)) return;
    taken.add(i);
    out.push({ part, flavour, word: toks[i].raw, at: i, partAt: j, ...(links.length ? { links } : {}) });
  };
  const free = (i: number) => !ctx.subjectWords.has(toks[i].raw) && !overlayTaken.has(toks[i].raw);
  for (let i = 0; i < toks.length; i++) {
    const { raw } = toks[i];
    if (OPENERS.has(raw)) afterWith = true;
    // Only what is said after "with" is a part ("a shabby cloth bag" is a cloth bag, shabby all over).
    if (!afterWith) continue;
    const adjective = partFlavourOf(raw);
    if (adjective && free(i))
      for (let j = i + 1; j <= i + 1 + BETWEEN && j < toks.length; j++) {
        const part = partOf(j);
        if (part) {
          own(i, j, part, adjective);
          break;
        }
        const t = toks[j];
        if (!(t.raw === "and" || isMaterial(t.word) || isColour(t.word) || partFlavourOf(t.raw))) break;
      }
    const noun = !taken.has(i) && free(i) && ON.has(toks[i + 1]?.raw ?? "") ? nounFlavourOf(raw) : null;
    if (noun) {
      let j = i + 2;
      while (j < toks.length && DETERMINERS.has(toks[j].raw)) j++;
      const part = j < toks.length ? partOf(j) : null;
      if (part) own(i, j, part, noun);
    }
    const part = partOf(i);
    if (part) {
      let k = i + 1;
      while (k < toks.length && k <= i + 1 + BETWEEN && LINKS.has(toks[k].raw)) k++;
      const flavour = k > i + 1 && k < toks.length && free(k) ? nounFlavourOf(toks[k].raw) : null;
      if (flavour)
        own(
          k,
          i,
          part,
          flavour,
          toks.slice(i + 1, k).map((t) => t.raw),
        );
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The kind's test of "this word (as written, as read) names a part its painter can draw on", giving the part's
 * name; null for kinds without parts and for items drawn from the library (no declared parts).
 */
function partFinder(
  ctx: Pick<PartContext, "kind" | "prompt" | "family" | "sketchParts" | "library">,
): ((raw: string, word: string) => string | null) | null {
  // A sketch draws its legend's parts, not the family's: a flavour lands on the entries of that part name.
  const sketched = ctx.sketchParts;
  if (sketched) return (raw, word) => [raw, word].find((w) => sketched.includes(w)) ?? null;
  // A library picture's parts: its body and the parts derived from its shape (art/library-parts.ts).
  if (ctx.library && (ctx.kind === "item" || ctx.kind === "icon"))
    return (raw, word) => [raw, word].find((w) => !isMaterial(w) && libraryPlace(w)) ?? null;
  if (ctx.kind === "item" || ctx.kind === "icon") {
    const family = ctx.family;
    if (!family || !(family in SILHOUETTES)) return null;
    const mask = SILHOUETTES[family as Family];
    return (raw, word) => {
      const w = [raw, word].find((x) => PART_REGIONS[x] || namesPart(x, family, isMaterial));
      return w && placePart(family as Family, mask, w) ? w : null;
    };
  }
  if (ctx.kind === "model") {
    const { slots } = pickTemplate(ctx.prompt);
    return (raw) => (slotForPart(raw, slots) ? raw : null);
  }
  if (ctx.kind === "texture") {
    const drawn = new Set<string>(readOverlays(ctx.prompt).overlays.map((o) => o.overlay));
    // Said plainly, cracks, veins, rivets and spots are the material's own wear, drawn when the material has it.
    const wear = materialFromPrompt(ctx.prompt, 0, null).modifiers;
    for (const [overlay, modifier] of Object.entries(WEAR_STEPS)) if (wear.includes(modifier)) drawn.add(overlay);
    return (raw) => {
      const overlay = OVERLAY_WORDS[raw] ?? (Object.values(OVERLAY_WORDS).includes(raw as never) ? raw : undefined);
      return overlay && drawn.has(overlay) ? overlay : null;
    };
  }
  return null;
}

/**
 * A spec's part effects as the painters take them (`{part: "blade", effects: ["rusty"]}`): each word a flavour is
 * reported by its name ("luminous" is glowing); a word that is none, or a part the painter cannot find, changes
 * nothing and is reported in `unmatched`.
 */
export function withPartEffects(
  read: Interpretation,
  ctx: Pick<PartContext, "kind" | "prompt" | "family" | "sketchParts" | "library">,
): Interpretation {
  if (!read.parts.some((p) => p.effects)) return read;
  const finder = partFinder(ctx);
  const unmatched = [...read.unmatched];
  const parts = read.parts.flatMap((p): ArtPart[] => {
    if (!p.effects) return [p];
    const at = finder?.(p.part, p.part) ?? null;
    const effects: string[] = [];
    for (const word of p.effects) {
      const f = partFlavourOf(word.toLowerCase().replace(/_/g, " ")) ?? FLAVOURS_BY_NAME.get(word);
      if (f && at) effects.push(f);
      else if (!unmatched.includes(word)) unmatched.push(word);
    }
    const { effects: _, ...rest } = p;
    const out: ArtPart = effects.length ? { ...rest, effects: [...new Set(effects)] } : rest;
    return out.material || out.colour || out.effects ? [out] : [];
  });
  return { ...read, parts, unmatched };
}

/** Overlays a texture draws as its material's own wear when said plainly ("cracks": texture.ts's wear steps). */
const WEAR_STEPS: Record<string, Modifier> = { cracks: "cracked", veins: "veined", rivets: "riveted", dots: "spotted" };

/** Overlays a texture material already draws lit when the flavour is said ("glowing veins": texture.ts veins). */
const OWN_LIGHT: Record<string, FlavourName> = { veins: "glowing" };

const FLAVOURS_BY_NAME = new Map(Object.keys(FLAVOUR_TABLE).map((k) => [k, k as FlavourName]));

/** The words the texture overlay reader takes (its overlays' nouns and the colour and light words before them). */
function overlayWords(prompt: string): Set<string> {
  const ws = prompt
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()
    .split(" ");
  return new Set([...readOverlays(prompt).taken].map((k) => ws[k]));
}

/**
 * The parts with their flavours: each owned flavour joins the part of that name the prompt or spec already
 * names ("rusty iron blade": the iron blade), else a part of its own.
 */
export function withOwnedFlavours(parts: readonly ArtPart[], owned: readonly OwnedFlavour[]): ArtPart[] {
  const out = parts.map((p) => ({ ...p }));
  for (const o of owned) {
    let part = out.find((p) => p.part === o.part);
    if (!part) out.push((part = { part: o.part }));
    if (!part.effects?.includes(o.flavour)) part.effects = [...(part.effects ?? []), o.flavour];
  }
  return out;
}

/**
 * The words the painters leave out: each part's flavour word, and a word tying it to its part that would read as
 * a flavour of the whole ("dripping" in "a blade dripping with blood"), which the interpretation does not draw.
 */
export const ownedWords = (owned: readonly OwnedFlavour[]): string[] =>
  owned.flatMap((o) => [o.word, ...(o.links ?? []).filter((w) => flavourOfWord(w))]);

/**
 * The prompt without the flavour words its parts own, each taken out once where first written: what the painters
 * draw everything but the flavoured parts from, so a part's flavour changes that part only ("a sword with a
 * rusty blade" is "a sword with a blade" with a rusty blade). A prompt whose flavours name no part is returned
 * as it is.
 */
export function withoutOwnedWords(prompt: string, words: readonly string[]): string {
  let out = prompt;
  for (const w of words) out = out.replace(new RegExp(`\\b${w}\\b\\s*`, "i"), "");
  return out;
}
