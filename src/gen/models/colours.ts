/**
 * Colours (and materials) a model prompt names for its slots ("blue sofa with yellow cushions", "a teal lamp with a
 * black base"): a colour before one of the template's slot names, or a part word that reaches a slot
 * (models/part-words.ts: "gold legs", "blue pillows"), colours that slot; any
 * other colour not already said with a material (materials.ts reads "red velvet") colours the first slot no
 * colour has reached yet, in the template's order. The slot keeps its material ("blue sofa": blue wool).
 */
import { COMPOUNDS } from "../art/vocabulary.ts";
import { colourOfWord, isColourToken, joinColourPhrases } from "../art/colour-names.ts";
import { foldWord } from "../interpret/lexicon.ts";
import type { SlotSpec } from "./kit.ts";
import { readWords } from "../art/material.ts";
import { slotForPart } from "./part-words.ts";

const isMaterial = (w: string) => {
  const r = readWords(w);
  return !!(r.substance || r.mineral || r.wood);
};

/** Words, with two-word names joined as the painters join them ("light blue", "sky blue"). */
function words(prompt: string): string[] {
  let s = `  ${prompt.toLowerCase().replace(/[^a-z]+/g, "  ")}  `;
  for (const [from, to] of COMPOUNDS) s = s.replaceAll(` ${from.replaceAll(" ", "  ")} `, ` ${to} `);
  return joinColourPhrases(s.split(" ").filter(Boolean));
}

/** A colour word as the painters read it: their own, a phrase, or one the lexicon folds to a colour ("navy"). */
export const isColour = (w: string) => isColourToken(w) || foldWord(w)?.category === "c" || !!colourOfWord(w);

/**
 * The colour each slot takes from the prompt (slot → colour word), and the prompt words that said it.
 * `materials` are the slots' materials as read so far: a colour one of them carries ("red velvet") is not
 * painted again.
 */
export function slotColours(
  prompt: string,
  slots: Record<string, SlotSpec>,
  materials: Record<string, string>,
): { colours: Record<string, string>; used: Set<string> } {
  const ws = words(prompt);
  const colours: Record<string, string> = {};
  const used = new Set<string>();
  const free: string[] = [];
  ws.forEach((w, i) => {
    const slot = slotForPart(ws[i + 1], slots);
    // A part the template draws, named without a colour ("a table with four legs"), is read as that part.
    if (slotForPart(w, slots)) used.add(w);
    // "gold trim", "iron legs": a material said for a slot is that slot's, whatever kind the slot was.
    if (slot && !isColour(w) && isMaterial(w)) {
      colours[slot] ??= w;
      used.add(w).add(ws[i + 1]);
      return;
    }
    if (!isColour(w)) return;
    if (slot) {
      colours[slot] ??= w;
      used.add(w).add(ws[i + 1]);
    } else free.push(w);
  });
  // A colour some slot's material already carries ("teal wooden chair": teal wooden planks) is said.
  const said = (colour: string) => Object.values(materials).some((m) => m.split(" ").includes(colour));
  for (const colour of free) {
    if (said(colour)) {
      used.add(colour);
      continue;
    }
    const slot = Object.keys(slots).find((s) => !(s in colours));
    if (!slot) break;
    colours[slot] = colour;
    used.add(colour);
  }
  return { colours, used };
}

const TONES = new Set(["dark", "pale", "light"]);

/**
 * A slot's material in a colour: the material's own leading colour words give way ("red wool" → "blue wool").
 * A material word instead of a colour replaces the slot's material ("gold trim": gold).
 */
export function recoloured(material: string, colour: string): string {
  if (!isColour(colour)) return readWords(colour).wood ? `${colour.replace(/_/g, " ")} planks` : colour;
  const rest = material.split(" ");
  // A tone word of the material gives way too: a white wardrobe is painted white, not white over dark oak.
  while (rest.length > 1 && (isColour(rest[0]) || TONES.has(rest[0]))) rest.shift();
  return `${colour.replace(/_/g, " ")} ${rest.join(" ")}`;
}

/**
 * A coloured material said for the whole ("grey fabric couch") on a slot a part's own colour then takes ("with blue
 * pillows"): the material moves to the first slot nothing else reached, so both colours show. Mutates `materials`.
 */
export function keepDisplaced(
  materials: Record<string, string>,
  colours: Record<string, string>,
  slots: Record<string, SlotSpec>,
): void {
  for (const [slot, colour] of Object.entries(colours)) {
    const said = materials[slot];
    const own = said.split(" ")[0];
    if (said === slots[slot].material || !isColour(own) || own === colour) continue;
    const free = Object.keys(slots).find((s) => s !== slot && !(s in colours) && materials[s] === slots[s].material);
    if (free) materials[free] = said;
  }
}
