/**
 * Model flavours said of one part ("a table with burnt legs", "a chest with mossy trim"): the interpretation
 * puts them on the part (interpret/part-flavours.ts); here each part word finds its template slot
 * (models/part-words.ts), whose texture alone takes them, and the rest of the model is drawn from the prompt
 * without the flavour words, so nothing else changes.
 */
import type { ModelRequest } from "../types.ts";
import type { FlavourName } from "../art/flavours.ts";
import { interpret } from "../interpret/read.ts";
import { partFlavourWords } from "../interpret/part-flavour-words.ts";
import { mayOwnFlavours, withoutOwnedWords } from "../interpret/part-flavours.ts";
import { pickTemplate } from "./index.ts";
import { slotForPart } from "./part-words.ts";

/** The request the model is drawn from and, per slot, the flavours its texture takes of its own. */
export function slotFlavours(full: ModelRequest): { req: ModelRequest; slots: Record<string, FlavourName[]> } {
  if (!mayOwnFlavours(full.prompt, full.spec)) return { req: full, slots: {} };
  const read = interpret("model", full.prompt, full.spec);
  const flavoured = read.parts.filter((p) => p.effects?.length);
  if (!flavoured.length) return { req: full, slots: {} };
  const words = partFlavourWords("model", full.prompt);
  const req = words.length ? { ...full, prompt: withoutOwnedWords(full.prompt, words) } : full;
  const { slots: templateSlots } = pickTemplate(req.prompt);
  const slots: Record<string, FlavourName[]> = {};
  for (const p of flavoured) {
    const slot = slotForPart(p.part, templateSlots);
    if (slot) slots[slot] = [...new Set([...(slots[slot] ?? []), ...(p.effects as FlavourName[])])];
  }
  return { req, slots };
}
