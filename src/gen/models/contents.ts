/**
 * What a container model holds, said after "of", "with", "holding", "full of" ("basket of apples", "vase with
 * sunflowers", "weapon rack holding swords"): the template's `holds` slot is painted in the thing's own colour,
 * the main colour of the drawn library's picture of it (the Fluent icon of an apple is red, of a sunflower
 * yellow). A part word ("with brass handles") is a part, not contents; a colour or material word said before the
 * thing is left to the slot colours (models/colours.ts).
 */
import type { ModelTemplate } from "./kit.ts";
import { libraryIconOf, reach } from "../interpret/lexicon.ts";
import { libraryRgba } from "../art/library.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { BASIC_COLOURS, isColourToken } from "../art/colour-names.ts";
import { hexToRgb, type Rgb } from "../art/colour.ts";
import { slotForPart } from "./part-words.ts";
import { recoloured } from "./colours.ts";
import { STOP_WORDS } from "../interpret/tokens.ts";

const HOLDING = new Set(["of", "with", "holding", "containing", "full", "filled", "overflowing"]);

export interface Contents {
  /** The prompt's word for the thing held. */
  word: string;
  /** The template slot that draws it. */
  slot: string;
  /** The slot's material painted in the thing's colour. */
  material: string;
}

/** The thing a template with a `holds` slot is said to hold, and the material its slot is painted with; or null. */
export function contentsOf(prompt: string, template: ModelTemplate): Contents | null {
  const slot = template.holds;
  if (!slot) return null;
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const at = words.findIndex((w) => HOLDING.has(w));
  if (at < 0) return null;
  for (const w of words.slice(at + 1)) {
    // A painter colour word colours; a thing the colour table also names ("sunflower") is the thing.
    if (STOP_WORDS.has(w) || HOLDING.has(w) || isColourToken(w)) continue;
    if (slotForPart(w, template.slots) || template.words.includes(w)) return null;
    const hit = reach(w, ["l"]);
    const icon = hit && libraryIconOf(hit.target);
    const colour = icon ? mainColour(icon) : null;
    if (!colour) return null;
    const material = recoloured(template.slots[slot].material, colour);
    // Only a thing whose colour changes the slot is read as its contents (a fern in a pot of green leaves is not).
    return material === template.slots[slot].material ? null : { word: w, slot, material };
  }
  return null;
}

/** The basic colour nearest the largest group of the icon's pixels that is neither outline-dark nor clear. */
function mainColour(icon: string): string | null {
  const img = libraryRgba(icon, 16, 16, null);
  const counts = new Map<string, number>();
  const solid = (x: number, y: number) => x >= 0 && y >= 0 && x < 16 && y < 16 && img.data[(y * 16 + x) * 4 + 3] >= 128;
  for (let i = 0; i < img.data.length; i += 4) {
    // Inner pixels only: the outline the pixel-art pass draws round every icon is no colour of the thing.
    const x = (i / 4) % 16;
    const y = Math.floor(i / 64);
    if (!solid(x, y) || !solid(x - 1, y) || !solid(x + 1, y) || !solid(x, y - 1) || !solid(x, y + 1)) continue;
    const rgb: Rgb = [img.data[i], img.data[i + 1], img.data[i + 2]];
    if (Math.max(...rgb) < 50) continue;
    const name = nearestBasic(rgb);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const BASIC = [...BASIC_COLOURS]
  .filter((c) => c !== "grey" && COLOURS[c])
  .map((c) => [c, hexToRgb(COLOURS[c])!] as const);
function nearestBasic(rgb: Rgb): string {
  // A colour with little chroma is a grey by its lightness (a steel blade, an egg's shell), not a pale hue.
  const chroma = Math.max(...rgb) - Math.min(...rgb);
  const light = (rgb[0] + rgb[1] + rgb[2]) / 3;
  if (chroma < 48) return light > 175 ? "white" : light > 70 ? "gray" : "black";
  let best = BASIC[0][0];
  let bestD = Infinity;
  for (const [name, c] of BASIC) {
    const d = (rgb[0] - c[0]) ** 2 + (rgb[1] - c[1]) ** 2 + (rgb[2] - c[2]) ** 2;
    if (d < bestD) [best, bestD] = [name, d];
  }
  return best;
}
