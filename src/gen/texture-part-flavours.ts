/**
 * Texture flavours said of one overlay ("bricks with mossy cracks", "oak planks with rusty bolts"): the
 * interpretation puts them on the overlay (interpret/part-flavours.ts); the tile is drawn from the prompt without
 * the flavour words, and each such flavour painted over the pixels its overlay drew only (art/layers.ts), so the
 * rest of the tile is what the prompt without the word draws. A flavour said of the whole texture is as before.
 */
import type { TextureRequest } from "./types.ts";
import type { FlavourName } from "./art/flavours.ts";
import type { Overlay } from "./art/overlay-words.ts";
import { partFlavoursIn } from "./interpret/part-flavour-words.ts";
import { mayOwnFlavours, ownedWords, withoutOwnedWords, withPartEffects } from "./interpret/part-flavours.ts";

/** The request the tile is drawn from and the flavours each overlay takes of its own. */
export function overlayFlavours(full: TextureRequest): {
  req: TextureRequest;
  byOverlay: Partial<Record<Overlay, FlavourName[]>>;
} {
  const texts = [full.prompt, full.description ?? ""];
  if (!mayOwnFlavours(texts.join(" "), full.spec)) return { req: full, byOverlay: {} };
  // The prompt's and the description's own (read as the interpretation reads them), and the spec's parts.
  const own = partFlavoursIn("texture", texts[0]);
  const owned = [own, texts[1] === texts[0] ? own : texts[1] ? partFlavoursIn("texture", texts[1]) : []];
  const spec = withPartEffects(
    { subject: "", parts: full.spec?.parts ?? [], details: [], unmatched: [] },
    { kind: "texture", prompt: texts.join(" ") },
  ).parts;
  const byOverlay: Partial<Record<Overlay, FlavourName[]>> = {};
  const add = (part: string, flavours: FlavourName[]) => {
    const o = part as Overlay;
    byOverlay[o] = [...new Set([...(byOverlay[o] ?? []), ...flavours])];
  };
  for (const o of owned.flat()) add(o.part, [o.flavour]);
  for (const p of spec) if (p.effects?.length) add(p.part, p.effects as FlavourName[]);
  if (!Object.keys(byOverlay).length) return { req: full, byOverlay };
  const [prompt, description] = texts.map((t, i) => withoutOwnedWords(t, ownedWords(owned[i])));
  return { req: { ...full, prompt, ...(full.description !== undefined ? { description } : {}) }, byOverlay };
}
