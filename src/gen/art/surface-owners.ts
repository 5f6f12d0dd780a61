/**
 * Whose surface it is: a creature named before the stuff that covers it ("cow hide", "snake skin", "fish
 * scales", "zebra stripes", "sheep fleece") lends the surface its colours, read from the creature's drawing in
 * the library (art/library.ts, Fluent Emoji Flat): a snake's green, a zebra's black on white, a cow's white with
 * black patches (a second colour far from the first lies on the surface as markings). Only organic surfaces
 * take an owner, so the word before them is a living thing's; only where the prompt names no colour of its own.
 * The interpreter (interpret/read.ts) and the texture painter (texture.ts) both ask `surfaceOwner`, so the word is
 * matched exactly where it is drawn.
 */
import { reach, libraryIconOf } from "../interpret/lexicon.ts";
import { hslToRgb, type Rgb, ramp, rgbToHsl } from "./colour";
import { libraryRgba } from "./library";
import { STRUCTURE_WORDS, SUBSTANCES } from "./vocabulary";
import { isColourToken } from "./colour-names";
import type { Material } from "./material";
import type { OverlaySpec } from "./overlay-words";
import type { Structure } from "./vocabulary";

/** Stuff only living things are covered in, as substances and as structures. */
const ORGANIC_SUBSTANCES = new Set(["leather", "fur", "wool", "shell", "bone"]);
const ORGANIC_STRUCTURES = new Set<Structure>(["scales", "wool", "stripes"]);

export interface SurfaceOwner {
  /** The owner's word as the prompt wrote it. */
  raw: string;
  /** Its drawing's main colour and, when far from it, the markings' colour. */
  colour: Rgb;
  markings: Rgb | null;
}

/**
 * The owner of the drawn surface: the word just before the first word naming it, when that word names a thing
 * the library draws and nothing the painters read, and the surface (`structure`, `substance`) is organic.
 */
export function surfaceOwner(
  toks: { raw: string; word: string }[],
  structure: string,
  substance: string,
): SurfaceOwner | null {
  if (!ORGANIC_SUBSTANCES.has(substance) && !ORGANIC_STRUCTURES.has(structure as Structure)) return null;
  // A colour the prompt names is the surface's own ("red dragon scales").
  if (toks.some((t) => isColourToken(t.word))) return null;
  const names = (w: string) => w === substance || STRUCTURE_WORDS[w] === structure;
  const at = toks.findIndex((t) => names(t.word));
  if (at < 1) return null;
  const { raw, word } = toks[at - 1];
  if (word in SUBSTANCES || word in STRUCTURE_WORDS) return null;
  const thing = reach(raw, ["l"], false);
  const icon = thing && thing.steps === 0 ? libraryIconOf(thing.target) : undefined;
  if (!icon) return null;
  const colours = mainColours(icon);
  return colours && { raw, ...colours };
}

/**
 * The material in its owner's colours: the ramp keeps its spread around the owner's main colour; a two-colour
 * pattern's second colour is the markings'. Returns the overlays the markings add on other surfaces (patches).
 */
export function paintOwner(m: Material, owner: SurfaceOwner): OverlaySpec[] {
  const light = m.palette.map((c) => rgbToHsl(c)[2]);
  const spread = Math.max(0.12, Math.max(...light) - Math.min(...light));
  // The drawing's flat emoji colour, a little muted to sit with the game's blocks.
  const [h, sat, l] = rgbToHsl(owner.colour);
  m.palette = ramp(hslToRgb(h, sat * 0.8, l), m.palette.length, spread);
  if (!owner.markings) return [];
  if (m.structure === "stripes" || m.structure === "checkered") {
    m.accent = ramp(owner.markings, m.accent?.length ?? 4, 0.22);
    return [];
  }
  return [{ overlay: "moss", colour: owner.markings, glowing: false }];
}

const memo = new Map<string, { colour: Rgb; markings: Rgb | null } | null>();

/** The two largest colour groups of an icon's inside (its outline, where a side is clear, aside). */
function mainColours(icon: string): { colour: Rgb; markings: Rgb | null } | null {
  if (memo.has(icon)) return memo.get(icon)!;
  const img = libraryRgba(icon, 16, 16, null);
  const { width: w, height: h, data } = img;
  const opaque = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && data[(y * w + x) * 4 + 3] >= 128;
  const count = new Map<string, number>();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!opaque(x, y) || !opaque(x - 1, y) || !opaque(x + 1, y) || !opaque(x, y - 1) || !opaque(x, y + 1)) continue;
      const i = (y * w + x) * 4;
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  const byArea = [...count]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k]) => k.split(",").map(Number) as Rgb);
  const colour = byArea[0];
  const light = (c: Rgb) => rgbToHsl(c)[2];
  // Markings are black or white on the body (a cow's patches, a zebra's stripes), not another part's colour
  // (a sheep's brown face).
  const grey = (c: Rgb) => rgbToHsl(c)[1] < 0.25 || light(c) < 0.15 || light(c) > 0.85;
  const markings = colour ? (byArea.find((c) => grey(c) && Math.abs(light(c) - light(colour)) > 0.35) ?? null) : null;
  const out = colour ? { colour, markings } : null;
  memo.set(icon, out);
  return out;
}
