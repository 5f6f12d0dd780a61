/**
 * Texture flavours said of one overlay ("bricks with mossy cracks", "oak planks with rusty bolts"): the
 * interpretation puts them on the overlay (interpret/part-flavours.ts); the tile is drawn from the prompt without
 * the flavour words, and each such flavour painted over the pixels its overlay drew only (art/layers.ts), so the
 * rest of the tile is what the prompt without the word draws. A flavour said of the whole texture is as before.
 */
import type { TextureRequest } from "./types.ts";
import type { FlavourName } from "./art/flavours.ts";
import type { Overlay } from "./art/overlay-words.ts";
import { interpret, partFlavourWords } from "./interpret/read.ts";
import { withoutOwnedWords } from "./interpret/part-flavours.ts";

/** The request the tile is drawn from and the flavours each overlay takes of its own. */
export function overlayFlavours(full: TextureRequest): {
  req: TextureRequest;
  byOverlay: Partial<Record<Overlay, FlavourName[]>>;
} {
  const texts = [full.prompt, full.description ?? ""];
  const parts = [
    ...interpret("texture", full.prompt, full.spec).parts,
    ...(full.description ? interpret("texture", full.description).parts : []),
  ].filter((p) => p.effects?.length);
  if (!parts.length) return { req: full, byOverlay: {} };
  const byOverlay: Partial<Record<Overlay, FlavourName[]>> = {};
  for (const p of parts) {
    const o = p.part as Overlay;
    byOverlay[o] = [...new Set([...(byOverlay[o] ?? []), ...(p.effects as FlavourName[])])];
  }
  const [prompt, description] = texts.map((t) => withoutOwnedWords(t, partFlavourWords("texture", t)));
  return { req: { ...full, prompt, ...(full.description !== undefined ? { description } : {}) }, byOverlay };
}
