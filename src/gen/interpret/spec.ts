/**
 * The art spec: what a prompt means to the painters, the same shape for every generator kind.
 *
 * A prompt is read into an ArtSpec (gen/interpret/), a caller may send one as `spec` (it wins where both
 * speak), and the painters draw from the merged spec only. The answer's `interpretation` is the spec the
 * painters used plus `unmatched`: every prompt word that changed nothing, so no word is dropped silently.
 * Painters stay pure (DESIGN.md): this module knows no HTTP and no database.
 */

/** The generator kinds that read a spec. */
export type ArtKind = "texture" | "item" | "model" | "gui" | "hud" | "icon" | "sound";

/**
 * A part of the subject with its own look: `{part: "hilt", material: "gold"}`, `{part: "ribbon",
 * colour: "red"}`, `{part: "blade", effects: ["rusty"]}`. `material` names a vocabulary material; `colour` a
 * vocabulary colour name or `#rrggbb`; `effects` flavours drawn on that part alone.
 */
export interface ArtPart {
  part: string;
  material?: string;
  colour?: string;
  /** Flavours drawn on this part only (art/flavours.ts names: `rusty`, `glowing`…): interpret/part-flavours.ts. */
  effects?: string[];
}

/** What a caller may say (REST/MCP `spec`) and what the interpreter reads from a prompt. Every field optional. */
export interface ArtSpec {
  /** A noun from the kind's vocabulary: `sword`, `trident`, `crown`, `bucket`, `bricks`, `lamp`, `chest`… */
  subject?: string;
  /** The subject's overall material (`iron`, `oak`, `deepslate`, `copper`…). */
  material?: string;
  /** Colours for the whole subject in the order named (names or `#rrggbb`); two or three colours are honoured. */
  colours?: string[];
  /** Parts with their own material or colour. */
  parts?: ArtPart[];
  /** Surface patterns: `checkered`, `striped`, `hazard_stripes`, `tiles`, `bricks`, `rivets`, `veins`… */
  patterns?: string[];
  /** Small additions: `stars`, `gems`, `bolts`, `runes`, `books`, `engraving`… */
  details?: string[];
  /** Flavour effects (art/flavours.ts): `worn`, `burnt`, `frozen`, `glowing`, `enchanted`, `small`… */
  effects?: string[];
  /** Wear: `cracked`, `mossy`, `rusty`, `oxidized` (and copper's stages), `worn`… */
  wear?: string[];
  /** Overall lightness. */
  tone?: "light" | "dark";
}

/**
 * What the answer carries: the spec the painters used, with `subject`, `parts` and `details` always present,
 * `unmatched` listing the prompt words that changed nothing, and `fallback` saying when an unknown subject
 * was drawn as the nearest known one (e.g. "no 'gizmo' subject: drawn as gem").
 */
export interface Interpretation extends ArtSpec {
  subject: string;
  parts: ArtPart[];
  details: string[];
  unmatched: string[];
  /**
   * How words the painters' own lists lack were reached through the lexicon (WordNet 3.1 and a colour-name
   * table): one path per word, the prompt's word first and the word the painters drew last, e.g.
   * `["clownfish", "fish"]`, `["crimson", "red"]`. Absent when every word was the painters' own.
   */
  via?: string[][];
  fallback?: string;
}
