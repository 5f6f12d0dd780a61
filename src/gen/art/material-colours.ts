/**
 * How the colours a prompt says reach a material (art/material.ts): a colour name's own shade, the joints'
 * colour, a colour that belongs to a later material, and words that are a colour where they are no material
 * ("crimson wool", "gold wool"). Kept apart from the material reading so each stays small.
 */
import { foldWord, reach } from "../interpret/lexicon.ts";
import { colourHex } from "./colour-names.ts";
import { type Rgb, hexToRgb } from "./colour";
import { MINERALS, type Structure, SUBSTANCES, SYNONYMS, WOODS } from "./vocabulary";
import { BRICK_BONDS } from "./vocabulary-surfaces.ts";

/**
 * A word the lists lack, folded through the lexicon; a colour name keeps its own shade from the colour-name
 * table in `shades` ("olive" reads as the dye it reached and is painted olive).
 */
export function folded(raw: string, shades: Map<string, string>): string | undefined {
  const hit = foldWord(raw);
  const hex = hit?.category === "c" ? colourHex(`${raw}_colored`) : undefined;
  if (hit && hex && !shades.has(hit.target)) shades.set(hit.target, hex);
  return hit?.target;
}

/** Whether a word (as a prompt writes it) is a material of any class: "iron", "golden", "oak". */
export function namesMaterial(word: string | undefined): boolean {
  if (!word) return false;
  const w = SYNONYMS[word] ?? word;
  return w in SUBSTANCES || w in MINERALS || (w in WOODS && w !== "wood");
}

/** Words for the joints between laid pieces: a colour before one paints the joints ("white grout"). */
export const JOINT_WORDS: ReadonlySet<string> = new Set([
  "grout",
  "grouting",
  "mortar",
  "joints",
  "joint",
  "seams",
  "cement",
]);
/** Structures whose joints take the joint colour or the second colour named ("green bricks with white grout"). */
export const JOINTED = new Set<Structure>(["bricks", "tiles", ...BRICK_BONDS]);

/** The hex a colour said is painted in: its own shade when named beyond the painters' list, else the list's. */
export const shadeOf = (shades: Map<string, string>, colour: string): string =>
  shades.get(colour) ?? colourHex(colour)!;

/**
 * The colour the prompt paints a material in: the colour said; else a wood that is also a colour where no boards
 * are ("crimson wool", "cherry tiles"); else a gem or metal on a dyeable material ("gold wool", "emerald glass").
 */
export function saidColour(
  w: { colour?: string; wood?: string; shades: Map<string, string> },
  noBoards: boolean,
  mineralRgb: Rgb | null,
  dyeable: boolean,
): Rgb | null {
  if (w.colour) return hexToRgb(shadeOf(w.shades, w.colour));
  const woodColour = w.wood && noBoards ? reach(w.wood, ["c"], false) : null;
  if (woodColour) return hexToRgb(colourHex(`${w.wood}_colored`) ?? colourHex(woodColour.target)!);
  return mineralRgb && dyeable ? mineralRgb : null;
}
