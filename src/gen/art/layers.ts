/**
 * The texture layer stack (structure × material × overlays × wear × light): the overlays that carry their own
 * colour are read by art/overlay-words.ts and drawn by art/overlay-shapes.ts; this module puts them on a
 * painted surface and keeps the finished tile within its colour budget.
 */
import type { Paint, PaintContext } from "./paint";
import { type Overlay, type OverlaySpec, readOverlays } from "./overlay-words";
import { MATERIAL_OVERLAYS } from "./surface-words";
import { OVERLAYS, shadesOf } from "./overlay-shapes";
import { flavourTexture } from "./flavour-paint.ts";
import type { FlavourName } from "./flavours.ts";
import type { Rng } from "../rng.ts";
import { SUBSTANCES } from "./vocabulary";
import { hexToRgb } from "./colour";

export { OVERLAY_WORDS, type Overlay, type OverlaySpec, readOverlays, withoutOverlayColours } from "./overlay-words";

/** The overlays a material carries (marble's veins) that the prompt's own overlays do not replace. */
export function impliedOverlays(substance: string, said: OverlaySpec[]): OverlaySpec[] {
  const phrase = MATERIAL_OVERLAYS[substance];
  if (!phrase) return [];
  return readOverlays(phrase).overlays.filter((o) => !said.some((x) => x.overlay === o.overlay));
}

/**
 * A material said by an adjective that yielded to the surface's own ("muddy cobblestone", "sandy bricks"): it
 * lies on the surface in patches of its colour, unless the prompt lays patches of its own.
 */
export function coatingOverlays(coating: string | undefined, said: OverlaySpec[]): OverlaySpec[] {
  const sub = coating ? SUBSTANCES[coating] : undefined;
  if (!sub || said.some((o) => o.overlay === "moss")) return [];
  return [{ overlay: "moss", colour: hexToRgb(sub.colour)!, glowing: false }];
}

/**
 * Draws every overlay, in the order the prompt named them; an overlay with flavours of its own ("mossy cracks")
 * takes them on the pixels it drew, with marks from its own rng (the tile's stays as it was).
 */
export function paintOverlays(
  ctx: PaintContext,
  p: Paint,
  overlays: OverlaySpec[],
  flavours: Partial<Record<Overlay, FlavourName[]>> = {},
  rngFor: (overlay: Overlay) => Rng = () => ctx.rng,
  sink?: Record<string, Uint8Array>,
): void {
  const glass = ctx.m.structure === "glass";
  for (const o of overlays) {
    const own = flavours[o.overlay];
    const drawn = own || sink ? colourKeys(p) : null;
    // On glass an overlay is opaque where it lies (moss on a translucent pane is moss), and a motif is painted
    // into the pane, clear parts included ("stained glass with a red rose motif"); the rest keeps its alpha.
    const before = glass ? p.idx.slice() : null;
    const alpha = glass ? p.alpha.slice() : null;
    if (glass && PANE_MOTIFS.has(o.overlay)) p.alpha.fill(255);
    const shades = o.carved ? carvedShades(ctx, p) : shadesOf(p, o.colour, o.glowing);
    OVERLAYS[o.overlay](ctx, p, shades, o);
    if (before && alpha) for (let i = 0; i < before.length; i++) p.alpha[i] = p.idx[i] !== before[i] ? 255 : alpha[i];
    if (drawn) flavourDrawn(p, drawn, own ?? [], rngFor(o.overlay), o.overlay, sink);
  }
}

/** Carvings are cut into the surface: a shade under its darkest for the cut, its lightest for the lit rim. */
function carvedShades(ctx: PaintContext, p: Paint): [number, number] {
  const [r, g, b] = ctx.m.palette[0];
  return [
    p.colours.push([Math.round(r * 0.7), Math.round(g * 0.7), Math.round(b * 0.7)]) - 1,
    ctx.m.palette.length - 1,
  ];
}

/** What the canvas holds before a step draws: its indices (a step draws by index; colours it adds, never changes). */
const colourKeys = (p: Paint) => p.idx.slice();

/**
 * The flavours painted over the pixels whose colour changed since `drawn` (what one overlay or wear step drew);
 * `sink` keeps those pixels by overlay, for a part mask.
 */
function flavourDrawn(
  p: Paint,
  drawn: Uint8Array,
  flavours: FlavourName[],
  rng: Rng,
  overlay: string,
  sink?: Record<string, Uint8Array>,
): void {
  const only = Uint8Array.from(drawn, (k, i) =>
    p.idx[i] !== k && p.colours[p.idx[i]].join() !== p.colours[k].join() ? 1 : 0,
  );
  if (!only.includes(1)) return;
  if (sink) sink[overlay] = only;
  if (flavours.length) flavourTexture(p, flavours, rng, only);
}

/**
 * Runs a wear step that draws an overlay's shape in the material's own shades (plain cracks, veins, rivets, spots)
 * and paints the flavours said of that overlay ("mossy cracks") over what it drew.
 */
export function drawWithFlavours(
  p: Paint,
  overlay: Overlay,
  flavours: FlavourName[] | undefined,
  rng: () => Rng,
  draw: () => void,
  sink?: Record<string, Uint8Array>,
): void {
  const drawn = flavours || sink ? colourKeys(p) : null;
  draw();
  if (drawn) flavourDrawn(p, drawn, flavours ?? [], rng(), overlay, sink);
}

/**
 * Runs a flavour of the whole tile (`flavour`) and gives the pixels in `kept` their colours back: an overlay said
 * in a colour ("a barn door with a white frame") stays that colour under the tile's flavour (barn: rustic).
 */
export function keepingColours(p: Paint, kept: Uint8Array | null, flavour: () => void): void {
  if (!kept?.includes(1)) return flavour();
  const before = Array.from(p.idx, (k, i) => (kept[i] ? p.colours[k] : null));
  flavour();
  const index = new Map(p.colours.map((c, k) => [c.join(), k]));
  before.forEach((c, i) => {
    if (!c) return;
    let k = index.get(c.join());
    if (k === undefined) index.set(c.join(), (k = p.colours.push(c) - 1));
    p.idx[i] = k;
  });
}

/** Overlays a glass pane carries in its clear parts, as a stained-glass motif. */
const PANE_MOTIFS = new Set<Overlay>(["petals", "runes", "dots", "leaves", "vines", "stars"]);

/** At most `max` colours in use: the closest used pair merges (the rarer into the commoner) until it fits. */
export function limitColours(p: Paint, max = 12): void {
  // Fast path: no more indices in use than allowed means no more colours either.
  const seen = new Uint8Array(256);
  let used = 0;
  for (let i = 0; i < p.idx.length; i++)
    if (p.alpha[i] > 0 && !seen[p.idx[i]]) {
      seen[p.idx[i]] = 1;
      used++;
    }
  if (used <= max) return;
  for (;;) {
    const count = new Map<number, number>();
    for (let i = 0; i < p.idx.length; i++) if (p.alpha[i] > 0) count.set(p.idx[i], (count.get(p.idx[i]) ?? 0) + 1);
    // Distinct RGB values, not indices: two indices of one colour are one colour.
    const byColour = new Map<string, number>();
    for (const k of count.keys()) byColour.set(p.colours[k].join(), k);
    if (byColour.size <= max) return;
    const used = [...byColour.values()];
    let best: [number, number] = [used[0], used[1]];
    let bestD = Infinity;
    for (let a = 0; a < used.length; a++)
      for (let b = a + 1; b < used.length; b++) {
        const ca = p.colours[used[a]];
        const cb = p.colours[used[b]];
        const d = (ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2 + (ca[2] - cb[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = [used[a], used[b]];
        }
      }
    const [a, b] = (count.get(best[0]) ?? 0) >= (count.get(best[1]) ?? 0) ? best : [best[1], best[0]];
    const target = p.colours[a];
    for (let i = 0; i < p.colours.length; i++) if (p.colours[i].join() === p.colours[b].join()) p.colours[i] = target;
  }
}
