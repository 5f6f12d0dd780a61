/**
 * Reading texture overlays out of a prompt: which overlay each word names, and the colour or material said
 * before it ("gold veins", "pink blossoms", "lava cracks", "glowing runes", "ivy", "snow"). That colour is the
 * overlay's, not the surface's, so the words it took are kept away from the surface's material reading.
 * The drawing is art/overlay-shapes.ts; the stack that puts them together is art/layers.ts.
 */
import { type Rgb, hexToRgb } from "./colour";
import { COMPOUNDS, MINERALS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "./vocabulary";
import { COLOURS } from "./dye-colours.ts";
import { builtWord } from "./surface-words";
import { CARVED_WORDS, DEFAULT_COLOUR, type Overlay, OVERLAY_WORDS } from "./overlay-names.ts";

export { OVERLAY_WORDS, type Overlay } from "./overlay-names.ts";

/** Overlays said without a colour that are the surface's own look instead (wear, or the joints of tiles). */
const WEAR_TWINS = new Set<Overlay>(["veins", "cracks", "dots", "rivets", "grout"]);
/**
 * Overlays whose word is also a surface of its own ("fresh snow", "moss", "grass"): an overlay only where the
 * prompt lays it on another surface, "bricks with snow", "snow covered cobblestone", "stone with moss".
 * (Frozen and icy things are art-flavour's `frozen` effect.)
 */
const COVERS = new Set<Overlay>(["snow", "moss"]);
/** Words that lay a cover on a surface: before it ("with snow", "covered in moss") or after ("snow covered"). */
const PLACING = new Set(["with", "in", "under", "beneath", "of", "and"]);
/** Words of size or shape between an overlay and its colour. */
const SHAPES = new Set(
  "thin thick small large big tiny huge deep fine wide narrow long short hanging creeping climbing twisting winding faint bright heavy delicate intricate ornate".split(
    " ",
  ),
);
const PATTERN_TAILS = new Set(["pattern", "patterns", "motif", "motifs", "print", "design", "designs"]);
const NOUN_COVERS = new Set(["snow", "moss", "lichen", "grass"]);
const COVERING = new Set([
  "covered",
  "capped",
  "topped",
  "dusted",
  "laden",
  "overgrown",
  "draped",
  "crusted",
  "patches",
  "patch",
  "layer",
  "dusting",
  "blanket",
  "between",
]);
/** Words that put leaves on a surface rather than make the surface of leaves. */
const LYING = new Set(["with", "fallen", "autumn", "scattered", "dry", "dead"]);
/** Words that light an overlay from within: "glowing cracks", "lava cracks". */
const GLOW: Record<string, string> = { glowing: "#ffb43c", lava: "#ff8a1e", molten: "#ff8a1e", magma: "#ff8a1e" };

export interface OverlaySpec {
  overlay: Overlay;
  colour: Rgb;
  glowing: boolean;
  /** The prompt gave it its colour or light ("white frame", "lava cracks"), which a flavour of the whole keeps. */
  named?: boolean;
  /** Cut into the surface ("carvings", "hieroglyphs" said plainly): drawn in the surface's own shades. */
  carved?: boolean;
}

/** The lower-case words of a prompt, as the overlay reader counts their positions (`taken`). */
export const words = (text: string) =>
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
    // "a flower motif" is the flower's: the tail names no lattice of its own.
    const before = OVERLAY_WORDS[ws[i - 1] ?? ""];
    if (PATTERN_TAILS.has(w) && before && before !== overlay) return;
    const mine: number[] = [];
    const sandAt = ws.slice(0, i).findLastIndex((x, j) => j >= i - 3 && (x === "sand" || x === "sandy"));
    if (overlay === "sand" && sandAt < 0) return;
    // The overlay's own word is no material of the surface: snowy bricks are bricks, sand in joints is no sand block.
    if (overlay === "sand") mine.push(sandAt);
    if (overlay === "snow" || overlay === "frost") mine.push(i);
    // Leaves are a surface of their own ("oak leaves") unless they lie on one named before them: "cobblestone
    // with fallen leaves" (the first surface word names the surface, as the interpretation reports it).
    if (overlay === "leaves") {
      const onSurface = ws
        .slice(0, i)
        .some(
          (x) =>
            (x in STRUCTURE_WORDS && STRUCTURE_WORDS[x] !== "leaves") ||
            !!builtWord(x) ||
            (SYNONYMS[x] ?? x) in SUBSTANCES,
        );
      if (!onSurface || !ws.slice(Math.max(0, i - 3), i).some((x) => LYING.has(x))) return;
      mine.push(i);
      for (let j = Math.max(0, i - 3); j < i; j++) if (LYING.has(ws[j]) && ws[j] !== "with") mine.push(j);
    }
    if (COVERS.has(overlay) && !laidOn(ws, i)) return;
    if (w === "overgrown" && ws.some((x) => NOUN_COVERS.has(x))) return;
    // Stripes and crystals said after "with" lie on the surface: their noun is no structure of it.
    if (LAID_AFTER_WITH[overlay]) {
      if (!laidAfterWith(ws, i, overlay)) return;
      mine.push(i);
    }
    if (COVERS.has(overlay)) {
      mine.push(i);
      for (const j of [i - 2, i - 1, i + 1]) if (COVERING.has(ws[j] ?? "")) mine.push(j);
    }
    let colour: Rgb | null = null;
    let glowing = false;
    let glowWord: string | undefined;
    // Looks back over the colour, a glow word and one word of size or shape ("gold thin veins", "green
    // hanging vines"); that word draws nothing different, so it is not taken (it stays unmatched).
    let shaped = false;
    // "overgrown" follows the surface it grows on ("cobblestone overgrown"): the word before is no colour of it.
    for (let j = i - 1; w !== "overgrown" && j >= Math.max(0, i - (shaped ? 3 : 2)); j--) {
      if (!shaped && SHAPES.has(ws[j])) {
        shaped = true;
        continue;
      }
      // "a diamond motif" is the lattice's shape, not a diamond-coloured one.
      if (overlay === "lattice" && ws[j] === "diamond") {
        mine.push(j);
        continue;
      }
      if (GLOW[ws[j]]) {
        glowing = true;
        glowWord ??= ws[j];
        // "magma cracks" with no other surface named: magma is the surface too, its cracks glow.
        const alone = ws[j] in SUBSTANCES && !ws.some((x, k) => x !== ws[j] && k !== i && isSurfaceWord(x));
        if (!alone) mine.push(j);
        continue;
      }
      if (COVERING.has(ws[j])) continue;
      // A two-word colour ("light grey veins") is read whole.
      const pair = j > 0 ? COMPOUNDS.find(([from]) => from === `${ws[j - 1]} ${ws[j]}`)?.[1] : undefined;
      const c = overlay === "sand" ? null : colourOf(pair ?? ws[j]);
      if (c && !colour) {
        colour = c;
        mine.push(j);
        if (pair && pair in COLOURS) mine.push(j - 1);
        // "black iron bands": the colour said for the overlay's material is the overlay's.
        const tone =
          !pair && !((SYNONYMS[ws[j]] ?? ws[j]) in COLOURS) && j > 0 ? (SYNONYMS[ws[j - 1]] ?? ws[j - 1]) : "";
        if (tone in COLOURS) {
          colour = hexToRgb(COLOURS[tone])!;
          mine.push(j - 1);
          j--;
        }
      } else break;
    }
    // Veins, spots and bolts said plainly (or only glowing) are the surface's own wear, drawn by the `veined`,
    // `spotted`, `riveted` modifiers in its shades; with a colour they are an overlay of their own. Cracks that
    // glow ("lava cracks") are an overlay; plain ones are the `cracked` wear.
    // Said after it: "veins of gold", "runes in red", "cracks of glowing lava".
    if (!colour && (ws[i + 1] === "of" || ws[i + 1] === "in") && overlay !== "sand") {
      let k = i + 2;
      // "of glowing lava": the glow word is an adjective here, the colour the word after it.
      const adjective = ws[k] === "glowing" || ws[k] === "molten";
      if (GLOW[ws[k]]) glowWord ??= ws[k];
      if (adjective && colourOf(ws[k + 1] ?? "")) {
        glowing = true;
        glowWord ??= ws[k];
        mine.push(k++);
      }
      // "in" names a colour ("runes in red") or where the overlay lies ("cracks in basalt", "cracks in black
      // stone": the colour is the surface's there): colours only, and not a surface's.
      const surfaceAfter = isSurfaceWord(ws[k + 1] ?? "") && !saidAgainAt(ws, k + 1);
      const where = ws[i + 1] === "in" && (!((SYNONYMS[ws[k]] ?? ws[k]) in COLOURS) || surfaceAfter);
      const c = where ? null : colourOf(ws[k] ?? "");
      if (c || (GLOW[ws[k]] && ws[i + 1] === "of")) {
        if (GLOW[ws[k]]) glowing = true;
        colour = c;
        mine.push(i + 1, k);
      }
    }
    // Said before it, where it lies: "lava in the cracks", "gold between the bricks' cracks".
    if (!colour && !glowing && overlay !== "sand") {
      const filler = fillerBefore(ws, i);
      if (filler >= 0 && GLOW[ws[filler]]) {
        glowing = true;
        glowWord ??= ws[filler];
        mine.push(filler);
      } else if (filler >= 0) {
        colour = colourOf(ws[filler]);
        mine.push(filler);
      }
    }
    // A gem named as the overlay ("with rubies") is set in its own colour.
    const ownColour = !colour && overlay === "dots" && w !== "gems" ? colourOf(w) : null;
    if (ownColour) {
      colour = ownColour;
      mine.push(i);
    }
    if (WEAR_TWINS.has(overlay) && !colour && !(overlay === "cracks" && glowing)) return;
    const named = !!colour || glowing;
    if (overlay === "cracks" && glowing && !colour) colour = hexToRgb(GLOW[glowWord ?? "glowing"]);
    // "a flower pattern", "a rune design": the tail is the overlay's word too.
    if (PATTERN_TAILS.has(ws[i + 1] ?? "")) mine.push(i + 1);
    for (const k of mine) taken.add(k);
    if (overlays.some((o) => o.overlay === overlay)) return;
    // "carved runes", "etched symbols": cut into the surface too.
    const carved =
      !named && (CARVED_WORDS.has(w) || /^(carved|engraved|etched|chiseled|chiselled)$/.test(ws[i - 1] ?? ""));
    overlays.push({
      overlay,
      colour: colour ?? hexToRgb(DEFAULT_COLOUR[overlay])!,
      glowing,
      ...(named ? { named } : {}),
      ...(carved ? { carved } : {}),
    });
  });
  // A metal or gem said alone after "with" on a named surface runs through it in veins ("blackstone with gold").
  ws.forEach((_w, k) => {
    const vein = ws[k - 1] === "with" && veinOfMineral(ws, k);
    if (!vein || taken.has(k) || overlays.some((o) => o.overlay === "veins")) return;
    taken.add(k);
    overlays.push({ overlay: "veins", colour: vein, glowing: false, named: true });
  });
  return { overlays, taken };
}

/**
 * The colour of a metal or gem said alone at `k` (the phrase ends there: nothing after it but "and", "on", "in"
 * or the prompt said again) on a surface said before it; else null ("with gold trim" is the trim's colour).
 */
function veinOfMineral(ws: string[], k: number): Rgb | null {
  const next = ws[k + 1] ?? "";
  const ends = !next || /^(and|on|in)$/.test(next) || saidAgainAt(ws, k + 1);
  if (!((SYNONYMS[ws[k]] ?? ws[k]) in MINERALS) || !ends) return null;
  return ws.slice(0, k - 1).some(isSurfaceWord) ? colourOf(ws[k]) : null;
}

/**
 * The position of the word said to fill an overlay before it ("lava in the cracks", "gold in its veins"), or -1:
 * a glow word or a colour that is no cover or surface of its own (sand in the joints is the sand overlay).
 */
function fillerBefore(ws: string[], i: number): number {
  const at = ws[i - 1] === "in" ? i - 1 : ws[i - 2] === "in" && /^(the|its|their)$/.test(ws[i - 1]) ? i - 2 : -1;
  const w = ws[at - 1] ?? "";
  if (at < 0 || w === "sand" || w === "sandy" || w in OVERLAY_WORDS) return -1;
  return GLOW[w] || colourOf(w) ? at - 1 : -1;
}

/** Overlays whose noun is also a structure, laid on a surface only when said after "with": that structure. */
const LAID_AFTER_WITH: Partial<Record<Overlay, string>> = { stripes: "stripes", crystals: "crystal" };

/**
 * Are stripes (crystals) laid on another surface? Only after "with", on a surface named before it, when nothing
 * else said makes the surface striped ("hazard stripes", "striped wool" are the stripes structure; "amethyst
 * crystal cluster" is crystal).
 */
function laidAfterWith(ws: string[], i: number, overlay: Overlay): boolean {
  const w = ws.lastIndexOf("with", i);
  if (w < 0 || i - w > 4) return false;
  // The prompt may say its words twice (prompt and description): the overlay's own nouns never count.
  const before = ws.slice(0, w).filter((x) => OVERLAY_WORDS[x] !== overlay);
  if (before.some((x) => STRUCTURE_WORDS[SYNONYMS[x] ?? x] === LAID_AFTER_WITH[overlay])) return false;
  return ws.slice(w + 1, i).every((x) => x !== "hazard") && before.some(isSurfaceWord);
}

/** Whether the text starts over at `j` (a prompt said twice, as prompt and description): its first words again. */
function saidAgainAt(ws: string[], j: number): boolean {
  const n = Math.min(3, ws.length - j);
  return j > 0 && n > 0 && ws.slice(j, j + n).every((w, k) => w === ws[k]);
}

/** Is another surface named, for a cover to lie on? Snow and moss also need a word that lays them there. */
function laidOn(ws: string[], i: number): boolean {
  // The prompt may say its words twice (prompt and description): the cover's own word never counts.
  const surface = ws.some((x) => x !== ws[i] && (SYNONYMS[x] ?? x) !== (SYNONYMS[ws[i]] ?? ws[i]) && isSurfaceWord(x));
  if (!surface) return false;
  // An adjective ("snowy") lays its cover by itself; a noun needs the words that lay it.
  if (!NOUN_COVERS.has(ws[i])) return true;
  // Or said before what it lies on: "snow on grass", "moss on the bricks".
  if (ws[i + 1] === "on") return true;
  return PLACING.has(ws[i - 1] ?? "") || PLACING.has(ws[i - 2] ?? "") || COVERING.has(ws[i + 1] ?? "");
}

const isSurfaceWord = (x: string) => {
  const w = SYNONYMS[x] ?? x;
  return w in STRUCTURE_WORDS || w in SUBSTANCES || (w in WOODS && w !== "wood") || !!builtWord(x);
};

/** The prompt without the words that coloured an overlay ("cherry planks with pink blossoms" → no "pink"). */
export function withoutOverlayColours(text: string): string {
  const { taken } = readOverlays(text);
  return words(text)
    .filter((_, i) => !taken.has(i))
    .join(" ");
}
