/**
 * Light said of a material's own wear: "marble with glowing veins" lights the veins marble carries (its implied
 * overlay, art/surface-words.ts MATERIAL_OVERLAYS) rather than drawing a second set, so the glow lands on the veins
 * and nowhere else. ("Glowing cracks" run along the plain cracks' path: texture.ts, art/overlays.ts cracks.)
 */
import { hexToRgb } from "./colour.ts";
import { OVERLAY_WORDS, type OverlaySpec, readOverlays, words } from "./overlay-words.ts";
import type { Modifier } from "./vocabulary.ts";

/** The light plain veins glow in (art/overlays.ts veins draws the same orange when a surface has no veins of its own). */
const GLOW = hexToRgb("#ffaa28")!;

/** The overlays with the veins lit when the prompt says glowing veins without a colour of their own. */
export function litOwnVeins(overlays: OverlaySpec[], modifiers: readonly Modifier[]): OverlaySpec[] {
  if (!modifiers.includes("glowing") || !modifiers.includes("veined")) return overlays;
  return overlays.map((o) => (o.overlay === "veins" && !o.glowing ? { ...o, colour: GLOW, glowing: true } : o));
}

/** Words that light cracks or veins (art/overlay-words.ts GLOW), and the words naming those overlays. */
const LIGHT = new Set(["glowing", "lava", "molten", "magma"]);
const LIT_WEAR = new Set(["cracks", "veins"]);

/**
 * The text a tile's noise is seeded from: the prompt without the words that only light its cracks or veins
 * ("bricks with glowing cracks", "lava in the cracks"), so the lit tile is the plain one with the light on its
 * cracks and veins alone. A light word that also names the surface ("magma cracks" with no other surface) stays:
 * it changes the surface too. Text with no such word is returned as it came (the same seed as before).
 */
export function seedText(text: string): string {
  // Most prompts say no light word: they pay no overlay reading here.
  if (!/glowing|lava|molten|magma/i.test(text)) return text;
  const ws = words(text);
  const { taken } = readOverlays(text);
  const wear = (k: number) => LIT_WEAR.has(OVERLAY_WORDS[ws[k] ?? ""] ?? "");
  const light = (j: number) => LIGHT.has(ws[j]) && (ws[j] === "glowing" || taken.has(j));
  // The light word, and the words tying it to the cracks after it ("lava in the cracks": "lava in the").
  const drop = new Set<number>();
  ws.forEach((_, j) => {
    if (!light(j)) return;
    if (wear(j + 1)) drop.add(j);
    else if (ws[j + 1] === "in" && wear(j + 2)) drop.add(j).add(j + 1);
    else if (ws[j + 1] === "in" && wear(j + 3))
      drop
        .add(j)
        .add(j + 1)
        .add(j + 2);
  });
  const kept = ws.filter((_, j) => !drop.has(j));
  return kept.length === ws.length ? text : kept.join(" ");
}

/**
 * The material read from the text without its light words (seedText), with the glow said of its veins given back
 * as the `glowing` wear (which lights the veins only, art/material-shades.ts), so its shades are the plain tile's.
 */
export function withLitVeins<M extends { modifiers: Modifier[] }>(m: M, text: string): M {
  if (!/glowing/i.test(text)) return m;
  const ws = words(text);
  const lit = ws.some((w, j) => w === "glowing" && OVERLAY_WORDS[ws[j + 1] ?? ""] === "veins");
  return lit && !m.modifiers.includes("glowing") ? { ...m, modifiers: [...m.modifiers, "glowing"] } : m;
}
