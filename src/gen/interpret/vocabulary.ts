/**
 * The words each generator kind understands, listed from the painters' own tables, so a caller (a person
 * or an agent) can see what a prompt or a `spec` may say: GET /v1/vocabulary and the get_vocabulary tool.
 */
import type { ArtKind } from "./spec.ts";
import { MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, WOODS } from "../art/vocabulary.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { FAMILY_WORDS } from "../art/silhouettes.ts";
import { TEMPLATES } from "../models/index.ts";
import { FALLBACK_FAMILY, SOUND_FAMILIES } from "../sound/choose.ts";
import { GLYPHS } from "../art/glyphs.ts";
import { PART_REGIONS } from "./parts.ts";
import { alternatives } from "./alternatives.ts";
import { FLAVOUR_TABLE, type FlavourName } from "../art/flavours.ts";
import { drawsFlavour } from "./flavour.ts";
import { PART_ALIASES } from "../art/part-words.ts";
import { FRAME_WORDS, SLOT_WORDS } from "../gui/words.ts";
import { PART_WORDS as HUD_PART_WORDS } from "../hud/parts.ts";
import { OVERLAY_WORDS } from "../art/layers.ts";
import { BUILT_WORDS } from "../art/surface-words.ts";
import { type LookEntry, looksOf } from "./vocabulary-looks.ts";

export interface Subject {
  subject: string;
  /** Prompt words that pick it. */
  words: string[];
}

export interface KindVocabulary {
  subjects: Subject[];
  parts: string[];
  materials: string[];
  colours: string[];
  patterns: Subject[];
  wear: string[];
  tones: string[];
  /** Flavours this kind's painter draws (art/flavours.ts): what each does, and its own words (WordNet adds more). */
  effects: Effect[];
  /** Texture overlays (art/overlay-words.ts), with the words that lay each; a colour said before one is its own. */
  overlays: Subject[];
}

export interface Effect {
  effect: string;
  does: string;
  words: string[];
}

function grouped(entries: [string, string][]): Subject[] {
  const by = new Map<string, string[]>();
  for (const [word, subject] of entries) by.set(subject, [...(by.get(subject) ?? []), word]);
  return [...by].map(([subject, words]) => ({ subject, words }));
}

const MATERIALS = [...new Set([...Object.keys(SUBSTANCES), ...Object.keys(WOODS), ...Object.keys(MINERALS)])]
  .filter((m) => m !== "wood")
  .sort();
const COLOUR_NAMES = Object.keys(COLOURS).sort();
const WEAR = MODIFIERS.filter((m) => m !== "dark" && m !== "light" && m !== "pale");
const TONES = ["light", "dark", "pale"];
const PATTERNS = grouped(Object.entries(STRUCTURE_WORDS));
/**
 * What a texture can be of: the structures, then built things under what they are laid as when no wood is
 * said (a floor is tiles, a wooden floor planks), and places under their ground (a desert is sand).
 */
const TEXTURE_SUBJECTS = grouped([
  ...Object.entries(STRUCTURE_WORDS),
  ...Object.entries(BUILT_WORDS).map(([w, b]): [string, string] => [w, b.rock ?? b.material ?? "stone"]),
]);
const OVERLAYS = grouped(Object.entries(OVERLAY_WORDS));
const NONE: Pick<KindVocabulary, "parts" | "patterns" | "overlays"> = { parts: [], patterns: [], overlays: [] };

const effectsOf = (kind: ArtKind): Effect[] =>
  (Object.keys(FLAVOUR_TABLE) as FlavourName[])
    .filter((f) => drawsFlavour(kind, f))
    .map((f) => ({ effect: f, does: FLAVOUR_TABLE[f].does, words: FLAVOUR_TABLE[f].words }));

function build(kind: ArtKind): KindVocabulary {
  const common = { materials: MATERIALS, colours: COLOUR_NAMES, wear: WEAR, tones: TONES, effects: effectsOf(kind) };
  switch (kind) {
    case "item":
      return {
        ...common,
        subjects: FAMILY_WORDS.map(([re, family]) => ({ subject: family, words: alternatives(re) })),
        // The parts families declare and the words people use for them (art/part-words.ts).
        parts: [...new Set([...Object.keys(PART_REGIONS), ...Object.keys(PART_ALIASES)])].sort(),
        patterns: [],
        overlays: [],
      };
    case "texture":
      return { ...common, ...NONE, subjects: TEXTURE_SUBJECTS, patterns: PATTERNS, overlays: OVERLAYS };
    case "gui":
      // "<colour|material> <frame word>" paints the frame, "<…> slots" the slots (gui/words.ts).
      return {
        ...common,
        subjects: [],
        parts: [...FRAME_WORDS, ...SLOT_WORDS].sort(),
        patterns: PATTERNS,
        overlays: [],
      };
    case "hud":
      // "<colour|material> hearts" colours that HUD part (hud/parts.ts).
      return { ...common, ...NONE, subjects: [], parts: Object.keys(HUD_PART_WORDS).sort() };
    case "model":
      return { ...common, ...NONE, subjects: TEMPLATES.map((t) => ({ subject: t.name, words: t.words })) };
    case "sound":
      return {
        ...common,
        ...NONE,
        subjects: [...SOUND_FAMILIES, FALLBACK_FAMILY].map((f) => ({ subject: f.id, words: f.words })),
      };
    case "icon":
      return { ...common, ...NONE, subjects: Object.keys(GLYPHS).map((g) => ({ subject: g, words: [g] })) };
  }
}

export const ART_KINDS: ArtKind[] = ["texture", "item", "model", "gui", "hud", "icon", "sound"];

/** Built once: the tables do not change while the server runs. */
export const VOCABULARY: Record<ArtKind, KindVocabulary> = Object.fromEntries(
  ART_KINDS.map((k) => [k, build(k)]),
) as Record<ArtKind, KindVocabulary>;

/** A kind's vocabulary with its looks (interpret/vocabulary-looks.ts), which are listed from the lexicon on first ask. */
export const vocabularyOf = (kind: ArtKind): KindVocabulary & { looks: LookEntry[] } => ({
  ...VOCABULARY[kind],
  looks: looksOf(kind),
});
