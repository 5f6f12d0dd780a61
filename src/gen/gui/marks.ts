/**
 * The marks a GUI panel's surface carries in colours of their own: moss, vines, petals, runes, snow, frost, lava
 * cracks, rivets ("a mossy cobblestone furnace", "cherry wood crafting grid with pink petals"). The texture
 * painter already reads and draws them (art/overlay-words.ts, gen/texture.ts); the panel's grain only keeps a
 * tile's brightness, so their colour was lost. Here the prompt's tile is painted twice, with and without its
 * overlay words, and the pixels whose colour the plain surface does not have are the marks, put on the panel in
 * their own colour. Frame-like overlays (border, corners, bands) are the GUI's own frame (gui/words.ts): they
 * stay in the plain surface and never repeat across the panel as a grid.
 */
import type { StyleHint } from "../types";
import { textureRgba } from "../texture";
import type { Rgb } from "../art/colour";
import { type Overlay, OVERLAY_WORDS, readOverlays } from "../art/layers";
import { words } from "../art/overlay-words";

/** Overlays a panel shows as marks; the rest are read as its frame or are part of the surface's structure. */
const MARKS = new Set<Overlay>([
  "veins",
  "cracks",
  "runes",
  "vines",
  "petals",
  "rivets",
  "dots",
  "snow",
  "frost",
  "moss",
  "leaves",
  "sand",
]);
/** The moss modifier (art/material.ts) paints patches of its own colour: a mark too. */
const MARK_MODIFIERS = new Set(["mossy"]);
/** How far (RGB distance) a colour must be from every colour of the plain surface to count as a mark. */
const FAR = 40;
const TILE = 32;

/** The words of `prompt` that name a mark (or colour one), as the texture readers read them. */
export function markWords(prompt: string): Set<string> {
  const ws = words(prompt);
  const { overlays, taken } = readOverlays(prompt);
  const drawn = new Set(overlays.map((o) => o.overlay).filter((o) => MARKS.has(o)));
  const out = new Set<string>();
  const isMark = (w: string | undefined) => !!w && !!OVERLAY_WORDS[w] && drawn.has(OVERLAY_WORDS[w]);
  ws.forEach((w, i) => {
    if (MARK_MODIFIERS.has(w) || isMark(w)) out.add(w);
    // A colour the overlay reader took is the mark's when the words after it lead to a mark ("pink petals"), not
    // to a frame ("gold border").
    let j = i;
    while (taken.has(j)) j++;
    if (taken.has(i) && isMark(ws[j])) out.add(w);
  });
  return out;
}

/**
 * Per pixel of a w×h panel, the mark colour there or null; null for the whole panel when the prompt names no
 * mark (the usual case costs nothing).
 */
export function panelMarks(
  prompt: string,
  w: number,
  h: number,
  seed: number,
  style?: StyleHint | null,
): (Rgb | null)[] | null {
  const said = markWords(prompt);
  if (!said.size) return null;
  const plainPrompt = words(prompt)
    .filter((x) => !said.has(x))
    .join(" ");
  const tile = (p: string) => textureRgba({ prompt: p, seed, style, size: TILE, mode: "custom", description: p });
  const full = tile(prompt);
  const plain = tile(plainPrompt || "stone");
  const base: Rgb[] = [];
  for (let i = 0; i < plain.data.length; i += 4) {
    const c: Rgb = [plain.data[i], plain.data[i + 1], plain.data[i + 2]];
    if (!base.some((b) => b[0] === c[0] && b[1] === c[1] && b[2] === c[2])) base.push(c);
  }
  const mark: (Rgb | null)[] = [];
  for (let i = 0; i < TILE * TILE; i++) {
    const c: Rgb = [full.data[i * 4], full.data[i * 4 + 1], full.data[i * 4 + 2]];
    const near = base.some((b) => Math.hypot(c[0] - b[0], c[1] - b[1], c[2] - b[2]) < FAR);
    mark.push(near || full.data[i * 4 + 3] < 128 ? null : c);
  }
  if (!mark.some(Boolean)) return null;
  const out: (Rgb | null)[] = new Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = mark[(y % TILE) * TILE + (x % TILE)];
  return out;
}
