/**
 * Flavours on sketches: a sketched item, icon or texture tile takes the prompt's flavours the way a drawn one
 * does ("rusty dagger", "a dagger with a glowing blade", a spec's `effects` and part `effects`, a look word), and
 * a legend entry may carry `effects` of its own.
 *
 * - Flavours of the whole are painted over the whole sketch: on items and icons after the silhouette flavours
 *   (large, small) reshaped its label grid, on a tile wrapping at its edges so it still tiles.
 * - A flavour said of a part lands on the legend entries whose `part` is that name, and on nothing else: the
 *   interpretation is read with the legend's part names as the parts (interpret/part-flavours.ts `sketchParts`),
 *   so "with a rusty blade" is the blade entry's when the legend has a blade, and otherwise is read as it would
 *   be without a sketch (reported, and painted, as the whole's or `unmatched`).
 * - An entry's own `effects` (art/sketch.ts legendFlavour) land on its pixels.
 *
 * The interpretation a job reports (interpret/task.ts) is read with the same parts, and keeps only what the sketch
 * draws (sketchedInterpretation): the legend, not the prompt, gives materials and colours.
 */
import type { ItemRequest, TextureRequest } from "./types.ts";
import type { Rng } from "./rng.ts";
import type { Rgba } from "../media/png.ts";
import { hashSeed, rngFrom } from "./rng.ts";
import { interpret } from "./interpret/read.ts";
import type { ArtKind, ArtPart, Interpretation } from "./interpret/spec.ts";
import { FLAVOUR_OF } from "./art/flavours.ts";
import { drawsFlavour, flavoursToPaint } from "./interpret/flavour.ts";
import type { FlavourName } from "./art/flavours.ts";
import { flavourSprite, flavourTile } from "./art/flavour-paint.ts";
import { legendFlavour, type Sketch, sketchLabels, sketchSprite, sketchTile, tileCell } from "./art/sketch.ts";

/** The part names a sketch's legend gives its entries, in lower case: the parts a prompt's flavour may name. */
export const sketchParts = (s: Sketch): string[] => [
  ...new Set(Object.values(s.legend).flatMap((k) => (k.part ? [k.part.toLowerCase().trim()] : []))),
];

export interface SketchFlavours {
  /** Painted over the whole sketch. */
  whole: FlavourName[];
  /** Legend character → the flavours painted on its pixels only. */
  byKey: Map<string, FlavourName[]>;
}

type SketchKind = Extract<ArtKind, "item" | "icon" | "texture">;

/** What the painters read of a sketched request: the same prompt, spec and context as interpret/task.ts. */
export function sketchFlavours(
  kind: SketchKind,
  prompt: string,
  req: { sketch: Sketch; spec?: ItemRequest["spec"]; target?: string | null; name?: string },
): SketchFlavours {
  const read = interpret(kind, prompt, req.spec, {
    ...(kind === "icon" ? { name: req.name } : { target: req.target }),
    sketchParts: sketchParts(req.sketch),
  });
  // A tile has no material of its own to draw wear words in (rusty, mossy): they are painted as flavours too.
  const whole = flavoursToPaint(read).filter((f) => kind === "texture" || drawsFlavour(kind, f));
  const byKey = new Map<string, FlavourName[]>();
  const add = (key: string, flavours: readonly FlavourName[]) =>
    byKey.set(key, [...new Set([...(byKey.get(key) ?? []), ...flavours])]);
  for (const [key, entry] of Object.entries(req.sketch.legend)) {
    const said = read.parts.find((p) => p.part === entry.part?.toLowerCase().trim() && p.effects?.length);
    if (said) add(key, said.effects as FlavourName[]);
    const own = (entry.effects ?? []).map(legendFlavour).filter((f): f is FlavourName => !!f);
    if (own.length) add(key, own);
  }
  return { whole, byKey };
}

/**
 * Where marks land follows the seed and the flavours painted, not the prompt's wording: the same sketch, seed and
 * flavours give the same picture whatever else the prompt says (the legend draws everything else).
 */
const wholeRng = (seed: number, flavours: readonly FlavourName[]) =>
  rngFrom(hashSeed("sketch-flavour", seed, flavours.join()));
const partRng = (seed: number, key: string, flavours: readonly FlavourName[]) =>
  rngFrom(hashSeed("sketch-part-flavour", seed, key, flavours.join()));

/** The pixels of legend character `key` in a label grid (1 there). */
const keyPixels = (cells: Uint8Array, key: string): Uint8Array => {
  const code = key.charCodeAt(0);
  return Uint8Array.from(cells, (c) => (c === code ? 1 : 0));
};

/** An item or icon sketch at `width`×`height` with its flavours: the whole's, then each entry's on its pixels. */
export function flavouredSketchSprite(
  kind: "item" | "icon",
  req: Pick<ItemRequest, "prompt" | "spec" | "seed" | "style" | "target"> & { sketch: Sketch; name?: string },
  width: number,
  height: number,
  rng: Rng,
): Rgba {
  const { whole, byKey } = sketchFlavours(kind, req.prompt, req);
  const img = sketchSprite(req.sketch, width, height, req.seed, rng, req.style, whole);
  flavourSprite(img, whole, wholeRng(req.seed, whole));
  if (!byKey.size) return img;
  const cells = sketchLabels(req.sketch, width, height, whole).cells;
  for (const [key, flavours] of byKey)
    flavourSprite(img, flavours, partRng(req.seed, key, flavours), keyPixels(cells, key));
  return img;
}

/** A sketched texture tile with its flavours, wrapping at the edges so it still tiles. */
export function flavouredSketchTile(req: TextureRequest & { sketch: Sketch }, size: number, rng: Rng): Rgba {
  const text = [req.prompt, req.description ?? ""].join(" ").trim();
  const { whole, byKey } = sketchFlavours("texture", text, { ...req, target: req.vanillaTarget });
  const img = sketchTile(req.sketch, size, req.seed, rng, req.style);
  if (whole.length) flavourTile(img, whole, wholeRng(req.seed, whole));
  if (!byKey.size) return img;
  const at = tileCell(req.sketch, size);
  for (const [key, flavours] of byKey) {
    const only = new Uint8Array(size * size);
    for (let i = 0; i < only.length; i++) only[i] = at(i % size, Math.floor(i / size)) === key ? 1 : 0;
    flavourTile(img, flavours, partRng(req.seed, key, flavours), only);
  }
  return img;
}

/**
 * What a sketched job reports: the subject it names, the flavours painted (the whole's effects and wear words that
 * are flavours, and each part's effects), and in `unmatched` what the prompt or spec said that the sketch does not
 * draw, since its legend gives every colour: a material, colours, patterns, details, a tone, a part's material or
 * colour, a wear word that is no flavour. No fallback: nothing is drawn in the subject's stead.
 */
export function sketchedInterpretation(read: Interpretation): Interpretation {
  const flavour = (w: string) => FLAVOUR_OF.has(w.toLowerCase());
  const wear = (read.wear ?? []).filter(flavour);
  const parts = read.parts.flatMap((p): ArtPart[] => (p.effects?.length ? [{ part: p.part, effects: p.effects }] : []));
  const undrawn = [
    read.material,
    ...(read.colours ?? []),
    ...(read.patterns ?? []),
    ...read.details,
    read.tone,
    ...(read.wear ?? []).filter((w) => !flavour(w)),
    ...read.parts.flatMap((p) => [p.material, p.colour]),
  ].filter((w): w is string => !!w);
  const { material: _m, colours: _c, patterns: _p, tone: _t, fallback: _f, ...rest } = read;
  const out: Interpretation = {
    ...rest,
    parts,
    details: [],
    ...(wear.length ? { wear } : {}),
    unmatched: [...new Set([...read.unmatched, ...undrawn])],
  };
  if (!wear.length) delete out.wear;
  return out;
}

/**
 * The part under every pixel of a sketched item at `width`×`height` (null where clear): each legend entry's
 * `part`, or "key <c>" for an entry that names none, on the grid the whole's silhouette flavours reshaped.
 */
export function sketchPartMask(
  req: Pick<ItemRequest, "prompt" | "spec" | "target"> & { sketch: Sketch },
  width: number,
  height: number,
): (string | null)[] {
  const { whole } = sketchFlavours("item", req.prompt, req);
  const names = new Map(
    Object.entries(req.sketch.legend).map(([k, e]) => [k.charCodeAt(0), e.part?.toLowerCase().trim() || `key ${k}`]),
  );
  return Array.from(sketchLabels(req.sketch, width, height, whole).cells, (c) => names.get(c) ?? null);
}
