/**
 * Reading texture overlays out of a prompt: which overlay each word names, and the colour or material said
 * before it ("gold veins", "pink blossoms", "lava cracks", "glowing runes", "ivy", "snow"). That colour is the
 * overlay's, not the surface's, so the words it took are kept away from the surface's material reading.
 * The drawing is art/overlay-shapes.ts; the stack that puts them together is art/layers.ts.
 */
import { type Rgb, hexToRgb } from "./colour";
import { COLOURS, MINERALS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "./vocabulary";

export type Overlay =
  | "veins"
  | "cracks"
  | "runes"
  | "vines"
  | "petals"
  | "rivets"
  | "corners"
  | "border"
  | "dots"
  | "snow"
  | "frost"
  | "sand"
  | "lattice"
  | "leaves";

/** Words naming an overlay (singular and plural). */
export const OVERLAY_WORDS: Record<string, Overlay> = {
  veins: "veins",
  vein: "veins",
  veined: "veins",
  cracks: "cracks",
  crack: "cracks",
  runes: "runes",
  rune: "runes",
  glyphs: "runes",
  carvings: "runes",
  symbols: "runes",
  ivy: "vines",
  vines: "vines",
  vine: "vines",
  creepers: "vines",
  petals: "petals",
  blossoms: "petals",
  blossom: "petals",
  flowers: "petals",
  rivets: "rivets",
  bolts: "rivets",
  studs: "rivets",
  corners: "corners",
  brackets: "corners",
  border: "border",
  borders: "border",
  trim: "border",
  edging: "border",
  frame: "border",
  dots: "dots",
  spots: "dots",
  polka: "dots",
  snowy: "snow",
  frost: "frost",
  frosted: "frost",
  frosty: "frost",
  joints: "sand",
  lattice: "lattice",
  leaded: "lattice",
  latticed: "lattice",
  motif: "lattice",
  diamonds: "lattice",
  leaves: "leaves",
  leaf: "leaves",
};

/** What an overlay is drawn in when the prompt gives it no colour. */
const DEFAULT_COLOUR: Record<Overlay, string> = {
  veins: "#3a3a40",
  cracks: "#26262a",
  runes: "#3fe3e0",
  vines: "#3f7f22",
  petals: "#f2a6c8",
  rivets: "#b9bcc2",
  corners: "#9a9ca3",
  border: "#d9b23a",
  dots: "#f4f1e8",
  snow: "#f4f8fb",
  frost: "#dcecf7",
  sand: "#dacf9e",
  lattice: "#3b3b42",
  leaves: "#c8702a",
};
const WEAR_TWINS = new Set<Overlay>(["veins", "cracks", "dots", "rivets"]);
/** Words that put leaves on a surface rather than make the surface of leaves. */
const LYING = new Set(["with", "fallen", "autumn", "scattered", "dry", "dead"]);
/** Words that light an overlay from within: "glowing cracks", "lava cracks". */
const GLOW: Record<string, string> = { glowing: "#ffb43c", lava: "#ff8a1e", molten: "#ff8a1e", magma: "#ff8a1e" };

export interface OverlaySpec {
  overlay: Overlay;
  colour: Rgb;
  glowing: boolean;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);

/** A word's colour as a material or colour ("gold", "pink", "cyan"), or null. */
function colourOf(word: string): Rgb | null {
  const w = SYNONYMS[word] ?? word;
  if (w in COLOURS) return hexToRgb(COLOURS[w]);
  if (w in SUBSTANCES) return hexToRgb(SUBSTANCES[w].colour);
  if (w in MINERALS) return hexToRgb(SUBSTANCES[w]?.colour ?? MINERALS[w]);
  if (w in WOODS && w !== "wood") return hexToRgb(WOODS[w].planks);
  return null;
}

/**
 * The overlays a texture prompt names, each with its colour, and the word positions its colour took (those
 * words describe the overlay, so the surface's material reading must not see them).
 */
export function readOverlays(text: string): { overlays: OverlaySpec[]; taken: Set<number> } {
  const ws = words(text);
  const overlays: OverlaySpec[] = [];
  const taken = new Set<number>();
  ws.forEach((w, i) => {
    const overlay = OVERLAY_WORDS[w];
    if (!overlay) return;
    const mine: number[] = [];
    const sandAt = ws.slice(0, i).findLastIndex((x, j) => j >= i - 3 && (x === "sand" || x === "sandy"));
    if (overlay === "sand" && sandAt < 0) return;
    // The overlay's own word is no material of the surface: snowy bricks are bricks, sand in joints is no sand block.
    if (overlay === "sand") mine.push(sandAt);
    if (overlay === "snow" || overlay === "frost") mine.push(i);
    // Leaves are a surface of their own ("oak leaves") unless they lie on one named before them: "cobblestone
    // with fallen leaves" (the first surface word names the surface, as the interpretation reports it).
    if (overlay === "leaves") {
      const onSurface = ws.slice(0, i).some((x) => x in STRUCTURE_WORDS && STRUCTURE_WORDS[x] !== "leaves");
      if (!onSurface || !ws.slice(Math.max(0, i - 3), i).some((x) => LYING.has(x))) return;
      mine.push(i);
    }
    let colour: Rgb | null = null;
    let glowing = false;
    for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
      // "a diamond motif" is the lattice's shape, not a diamond-coloured one.
      if (overlay === "lattice" && ws[j] === "diamond") {
        mine.push(j);
        continue;
      }
      if (GLOW[ws[j]]) {
        glowing = true;
        mine.push(j);
        continue;
      }
      const c = overlay === "sand" ? null : colourOf(ws[j]);
      if (c && !colour) {
        colour = c;
        mine.push(j);
      } else break;
    }
    // Veins, spots and bolts said plainly (or only glowing) are the surface's own wear, drawn by the `veined`,
    // `spotted`, `riveted` modifiers in its shades; with a colour they are an overlay of their own. Cracks that
    // glow ("lava cracks") are an overlay; plain ones are the `cracked` wear.
    if (WEAR_TWINS.has(overlay) && !colour && !(overlay === "cracks" && glowing)) return;
    if (overlay === "cracks" && glowing && !colour) colour = hexToRgb(GLOW[ws[mine[0]]] ?? GLOW.glowing);
    for (const k of mine) taken.add(k);
    if (overlays.some((o) => o.overlay === overlay)) return;
    overlays.push({ overlay, colour: colour ?? hexToRgb(DEFAULT_COLOUR[overlay])!, glowing });
  });
  return { overlays, taken };
}

/** The prompt without the words that coloured an overlay ("cherry planks with pink blossoms" → no "pink"). */
export function withoutOverlayColours(text: string): string {
  const { taken } = readOverlays(text);
  return words(text)
    .filter((_, i) => !taken.has(i))
    .join(" ");
}
