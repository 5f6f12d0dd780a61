/**
 * Which flavours a prompt says of one part (interpret/part-flavours.ts reads them), for the subject the kind's
 * chooser picked (interpret/read.ts subjectOf): what the interpretation reports, and the words the painters leave
 * out of the prompt they draw the rest from.
 */
import type { ArtKind } from "./spec.ts";
import { type InterpretContext, subjectOf } from "./read.ts";
import { type Token, tokens } from "./tokens.ts";
import { type OwnedFlavour, ownedFlavours, ownedWords } from "./part-flavours.ts";
import { GLYPHS, glyphFor } from "../art/glyphs.ts";
import { chooseItemSubject } from "./subject.ts";

/** The flavours a prompt says of one part (interpret/part-flavours.ts), for the subject its kind's chooser picked. */
export function ownedOf(
  kind: ArtKind,
  prompt: string,
  toks: Token[],
  chosen: { words: Set<string> },
  ctx: InterpretContext,
) {
  const family = partFamily(kind, prompt, chosen, ctx);
  // A texture's flavour stands after "with" before an overlay: its subject words (bricks, planks) are never either.
  const subjectWords = kind === "texture" ? new Set<string>() : chosen.words;
  const library = partLibrary(kind, prompt, chosen, ctx);
  return ownedFlavours({ kind, prompt, toks, family, subjectWords, sketchParts: ctx.sketchParts, library });
}

/** The item family whose parts a flavour may be said of: an item's, or the one an icon draws. */
export function partFamily(kind: ArtKind, prompt: string, chosen: { words: Set<string> }, ctx: InterpretContext) {
  if (kind === "item") return (chosen as { family?: string | null }).family ?? undefined;
  return kind === "icon" ? iconFamily(prompt, ctx.name ?? "") : undefined;
}

/** Whether the item (or the item an icon draws) comes from the drawn library: its parts are art/library-parts.ts's. */
export function partLibrary(kind: ArtKind, prompt: string, chosen: { words: Set<string> }, ctx: InterpretContext) {
  if (kind === "item") return !!(chosen as { icon?: string | null }).icon;
  if (kind !== "icon" || glyphFor(ctx.name ?? "", prompt) in GLYPHS) return false;
  return !!(chooseItemSubject(prompt) ?? chooseItemSubject(`${prompt} ${ctx.name ?? ""}`))?.icon;
}

/** The item family an icon draws (icon.ts: an item when no glyph is), or undefined for a glyph or a library icon. */
function iconFamily(prompt: string, name: string): string | undefined {
  if (glyphFor(name, prompt) in GLYPHS) return undefined;
  const said = chooseItemSubject(prompt) ?? chooseItemSubject(`${prompt} ${name}`);
  return said?.family ?? undefined;
}

/** The flavours a prompt says of one part, with their words: the painters draw the rest as the prompt without them. */
export function partFlavoursIn(kind: ArtKind, prompt: string, ctx: InterpretContext = {}): OwnedFlavour[] {
  const chosen = kind === "texture" ? { words: new Set<string>() } : subjectOf(kind, prompt, ctx);
  return ownedOf(kind, prompt, tokens(prompt), chosen, ctx);
}

/** The flavour words a prompt says of one part. */
export const partFlavourWords = (kind: ArtKind, prompt: string, ctx: InterpretContext = {}): string[] =>
  ownedWords(partFlavoursIn(kind, prompt, ctx));
