/**
 * Item flavours said of one part ("a sword with a rusty blade", "a bow with a frozen string"): the picture is
 * drawn as the prompt without the flavour word, then each part's flavours are painted over that part's pixels
 * only (art/flavour-paint.ts `only`), so every other pixel is what the prompt without the word draws. The
 * parts and their flavours come from the interpretation (interpret/part-flavours.ts and the spec's parts).
 */
import { interpret } from "./interpret/read.ts";
import { partFlavourWords } from "./interpret/part-flavour-words.ts";
import { mayOwnFlavours, withoutOwnedWords } from "./interpret/part-flavours.ts";
import type { ArtSpec } from "./interpret/spec.ts";
import type { FlavourName } from "./art/flavours.ts";
import { flavourSprite } from "./art/flavour-paint.ts";
import { ASSEMBLIES, deriveCells, placePart } from "./art/assembly.ts";
import { namesMaterial } from "./art/material-colours.ts";
import { type Family, SILHOUETTES } from "./art/silhouettes.ts";
import { type LabelGrid, resizeLabels } from "./art/sprite.ts";
import type { Rgba } from "../media/png.ts";
import { hashSeed, rngFrom } from "./rng.ts";

export interface PartFlavours {
  part: string;
  flavours: FlavourName[];
}

/** What an item plan (item.ts) tells about where its parts are. */
export interface PartPlan {
  family: Family;
  /** The 16 px label grid, after the silhouette flavours reshaped it. */
  grid: LabelGrid;
  /** The part each letter of the grid belongs to. */
  names: Record<string, string>;
}

/**
 * The request the picture is drawn from (the prompt without the flavour words its parts own; the request itself
 * when there are none) and the flavours of each part, the prompt's and the spec's.
 */
export function splitPartFlavours<R extends { prompt: string; spec?: ArtSpec; target?: string | null }>(
  req: R,
): { base: R; parts: PartFlavours[] } {
  if (!mayOwnFlavours(req.prompt, req.spec)) return { base: req, parts: [] };
  const read = interpret("item", req.prompt, req.spec, { target: req.target });
  const parts = read.parts
    .filter((p) => p.effects?.length)
    .map((p) => ({ part: p.part, flavours: p.effects as FlavourName[] }));
  if (!parts.length) return { base: req, parts };
  const words = partFlavourWords("item", req.prompt, { target: req.target });
  return { base: words.length ? { ...req, prompt: withoutOwnedWords(req.prompt, words) } : req, parts };
}

const MARK = 1;

/**
 * 1 on the pixels of `part` when the plan's grid is drawn at width × height: the letters the family places it on
 * (or that a named part took), or the cells a derived part (trim, band) covers on the body; null when the family
 * has no place for it.
 */
export function partPixels(plan: PartPlan, part: string, width: number, height: number): Uint8Array | null {
  const { grid } = plan;
  const at = placePart(plan.family, SILHOUETTES[plan.family], part);
  const named = Object.keys(plan.names).filter((l) => plan.names[l] === part);
  const letters = new Set([...named, ...(at && "letters" in at ? at.letters : "")].map((l) => l.charCodeAt(0)));
  const cells = grid.cells.slice();
  for (let i = 0; i < cells.length; i++) if (letters.has(cells[i])) cells[i] = MARK;
  if (!letters.size && at && "derived" in at) for (const i of deriveCells(grid, at.derived)) cells[i] = MARK;
  if (!cells.includes(MARK)) return null;
  const resized = resizeLabels({ w: grid.w, h: grid.h, cells }, width, height);
  return Uint8Array.from(resized.cells, (c) => (c === MARK ? 1 : 0));
}

/** Paints each part's flavours over its pixels, in place; the marks land where the seed and part say. */
export function paintPartFlavours(
  img: Rgba,
  parts: readonly PartFlavours[],
  plan: PartPlan,
  req: { seed: number; prompt: string },
): Rgba {
  for (const p of parts) {
    const only = partPixels(plan, p.part, img.width, img.height);
    if (only) flavourSprite(img, p.flavours, rngFrom(hashSeed("part-flavour", req.seed, req.prompt, p.part)), only);
  }
  return img;
}

/** The part mask with each flavoured part's pixels labelled with its name (they are where its flavour landed). */
export function labelFlavouredParts(
  parts: (string | null)[],
  flavoured: readonly PartFlavours[],
  plan: PartPlan,
  width: number,
  height: number,
): (string | null)[] {
  for (const p of flavoured) {
    const only = partPixels(plan, p.part, width, height);
    if (only) only.forEach((v, i) => v && parts[i] !== null && (parts[i] = p.part));
  }
  return parts;
}

/**
 * A text without the part words said bare after "with" that the family declares ("a sword with a blade", left
 * there when "rusty" is taken out of "a sword with a rusty blade"): they name where a part is, not the body's
 * material or colour (the surface reader would otherwise fold "blade" to a leaf's green).
 */
export function withoutBareParts(text: string, family: Family): string {
  const words = text.split(/\s+/);
  const at = words.findIndex((w) => w.toLowerCase() === "with");
  if (at < 0 || !ASSEMBLIES[family]) return text;
  const kept = words.filter((w, i) => i <= at || !ASSEMBLIES[family]?.[w.toLowerCase()] || namesMaterial(w));
  return kept.length === words.length ? text : kept.join(" ");
}
