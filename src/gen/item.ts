/**
 * Item sprites: the silhouette family comes from the reskin target (diamond_sword -> sword) or the
 * prompt; the prompt's material colours it. Transparent background, one-pixel dark outline.
 */
import type { IconRequest, ItemRequest } from "./types";
import { hashSeed, rngFrom } from "./rng";
import { encodePng, type Rgba } from "../media/png";
import { materialFromPrompt, readWords } from "./art/material";
import { type Rgb, hexToRgb, luminance, mix, ramp } from "./art/colour";
import { type Family, SILHOUETTES, familyOf } from "./art/silhouettes";
import { DEFAULT_MATERIAL, regionsFor } from "./art/item-regions.ts";
import { gridFromMask, type LabelGrid, type Regions, renderLabels, resizeLabels } from "./art/sprite";
import {
  ASSEMBLIES,
  BARE_PARTS,
  DERIVED_LETTER,
  deriveCells,
  LETTER_PARTS,
  OPTIONAL_LETTERS,
  placePart,
} from "./art/assembly.ts";
import { sketchSprite } from "./art/sketch.ts";
import { GLYPHS, glyphFor } from "./art/glyphs.ts";
import type { Task } from "./task.ts";
import { interpret, promptWithSpec, tokens, withoutParts } from "./interpret/read.ts";
import type { ArtPart } from "./interpret/spec.ts";
import { chooseItemSubject } from "./interpret/subject.ts";
import { libraryRgba } from "./art/library.ts";
import { flavourSprite, shapeGrid, shapeImage } from "./art/flavour-paint.ts";
import type { FlavourName } from "./art/flavours.ts";
import { flavoursToPaint } from "./interpret/flavour.ts";

/** The family drawn: the target's own family first (a reskin keeps its silhouette), then the prompt's subject's. */
export function itemFamily(req: Pick<ItemRequest, "prompt" | "target">): Family {
  const fromTarget = req.target ? familyOf(req.target.replace(/_/g, " ")) : null;
  if (fromTarget) return fromTarget;
  // The interpreter's chooser first, so the picture is what the answer says ("pine cone" is no ice cream's cone).
  const chosen = chooseItemSubject(req.prompt, req.target);
  if (chosen?.family) return chosen.family;
  const fromPrompt = familyOf(req.prompt);
  if (fromPrompt) return fromPrompt;
  const r = readWords(req.prompt);
  if (r.mineral && ["iron", "gold", "copper", "netherite"].includes(r.mineral)) return "ingot";
  return "gem";
}

/** Main shades: the material's colour re-ramped with the wide contrast item art uses. */
function mainRamp(req: ItemRequest, family: Family): Rgb[] {
  const r = readWords(req.prompt);
  const says = r.substance || r.wood || r.mineral || r.colour;
  const fallbackWords = req.target ? req.target.replace(/_/g, " ") : "";
  const t = readWords(fallbackWords);
  const targetSays = t.substance || t.wood || t.mineral || t.colour;
  // A potion's colour is its identity: unnamed brews get a colour of their own from the prompt.
  const def = family === "potion" && !says ? req.prompt : DEFAULT_MATERIAL[family];
  if (!says && !targetSays && def.startsWith("#")) return ramp(hexToRgb(def)!, 5, 0.5);
  const words = says ? req.prompt : targetSays ? fallbackWords : def;
  const m = materialFromPrompt(words, req.seed, req.style, says ? fallbackWords : "");
  const mid = m.palette[m.palette.length >> 1];
  // Planks and bark are darker in the block than on a tool: lift dark woods a little.
  const base = luminance(mid) < 50 ? mix(mid, [255, 255, 255], 0.15) : mid;
  return ramp(base, 5, 0.55);
}

/** Everything an item picture is drawn from: the 16 px label grid (derived parts marked), styles, part names. */
interface ItemPlan {
  size: number;
  family: Family;
  grid: LabelGrid;
  regions: Regions;
  /** The part each letter of the grid belongs to (a named part wins over the family's own name for it). */
  names: Record<string, string>;
  /** Flavours painted over the picture (art/flavours.ts); the grid is already reshaped by theirs. */
  flavours: FlavourName[];
}

function planItem(req: ItemRequest): ItemPlan {
  const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
  const read = interpret("item", req.prompt, req.spec, { target: req.target });
  // The main material comes from the words no part took ("ruby sword with a gold hilt": ruby), the spec's first.
  const painted = {
    ...req,
    prompt: promptWithSpec(withoutParts(req.prompt, req.target), req.spec && { ...req.spec, parts: [] }),
  };
  const family = itemFamily(painted);
  const main = mainRamp(painted, family);
  const mask = SILHOUETTES[family];
  const details = (req.spec?.details ?? []).map((d) => `with ${d}`).join(" ");
  const parts = [...read.parts, ...bareParts(`${req.prompt} ${details}`, read.parts)];
  const placed = parts.map((part) => ({ part, at: placePart(family, mask, part.part) }));
  // Optional letters (a key's ribbon) are drawn only when their part is named.
  const wanted = new Set(placed.flatMap((p) => (p.at && "letters" in p.at ? [...p.at.letters] : [])));
  const unwanted = [...OPTIONAL_LETTERS].filter((l) => !wanted.has(l)).join("");
  const drop = new RegExp(`[${unwanted}]`, "g");
  const grid = gridFromMask(unwanted ? mask.map((row) => row.replace(drop, ".")) : mask);
  const regions = regionsFor(family, main);
  const names: Record<string, string> = {};
  for (const l of new Set(String.fromCharCode(...grid.cells))) names[l] = partNameOf(family, l);
  for (const { part, at } of placed) {
    if (!at) continue;
    const shades = partRamp(part, req);
    if ("derived" in at) {
      const letter = DERIVED_LETTER[at.derived];
      const cells = deriveCells(grid, at.derived);
      for (const i of cells) grid.cells[i] = letter.charCodeAt(0);
      regions[letter] = { ramp: shades ?? main, group: letter, ...(at.derived === "stars" ? { tone: 1 } : {}) };
      names[letter] = part.part;
      continue;
    }
    for (const l of at.letters) {
      names[l] = part.part;
      if (shades) regions[l] = { ...regions[l], ramp: shades };
    }
  }
  const flavours = flavoursToPaint(read);
  return { size, family, grid: shapeGrid(grid, flavours), regions, names, flavours };
}

/** A part's own shades from its material or colour; a flame named by a colour or soul fire stays a flame. */
function partRamp(part: ArtPart, req: ItemRequest): Rgb[] | null {
  const words = part.material ?? part.colour;
  if (!words) return null;
  if (words.startsWith("#")) {
    const c = hexToRgb(words);
    return c ? ramp(c, 5, 0.55) : null;
  }
  const m = materialFromPrompt(words.replace(/_/g, " "), req.seed, req.style);
  return ramp(m.palette[m.palette.length >> 1], 5, 0.55);
}

/** Bare part words with no colour ("wizard hat with stars", "key with a ribbon"): drawn in their usual colour. */
function bareParts(prompt: string, named: ArtPart[]): ArtPart[] {
  const have = new Set(named.map((p) => p.part));
  const words = prompt.toLowerCase().match(/\bwith\s+(?:a\s+|an\s+|some\s+)?([a-z]+)/g) ?? [];
  return words
    .map((w) => w.split(/\s+/).pop()!)
    .filter((w) => BARE_PARTS[w] && !have.has(w))
    .map((w) => ({ part: w, colour: BARE_PARTS[w] }));
}

function partNameOf(family: Family, letter: string): string {
  if (letter === ".") return "";
  const declared = Object.entries(ASSEMBLIES[family] ?? {}).filter(([, ls]) => ls.includes(letter));
  // The most specific declared part (fewest letters): a sword's A is its guard, not its hilt.
  declared.sort((a, b) => a[1].length - b[1].length);
  return declared[0]?.[0] ?? LETTER_PARTS[letter] ?? "body";
}

export function itemRgba(req: ItemRequest): Rgba {
  if (req.sketch) {
    const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
    return sketchSprite(req.sketch, size, size, req.seed, rngFrom(hashSeed("item-sketch", req.seed, size)), req.style);
  }
  const library = librarySubject(req);
  if (library) {
    const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
    return flavouredLibrary(req, libraryRgba(library.icon, size, size, library.main));
  }
  const plan = planItem(req);
  const grid = resizeLabels(plan.grid, plan.size, plan.size);
  const rng = rngFrom(hashSeed("item", req.seed, req.prompt, req.target ?? "", req.variant ?? "", plan.size));
  return flavourSprite(renderLabels(grid, plan.regions, plan.size / 16, rng), plan.flavours, flavourRng(req));
}

/** The marks of flavours land where this rng says: the same prompt and seed, the same marks. */
const flavourRng = (req: Omit<ItemRequest, "size">) => rngFrom(hashSeed("flavour", req.seed, req.prompt));

/** A library picture with the prompt's flavours: reshaped as a picture (it has no label grid), then painted. */
function flavouredLibrary(req: Omit<ItemRequest, "size">, img: Rgba): Rgba {
  const flavours = flavoursToPaint(interpret("item", req.prompt, req.spec, { target: req.target }));
  return flavours.length ? flavourSprite(shapeImage(img, flavours), flavours, flavourRng(req)) : img;
}

/**
 * A subject no family draws, from the drawn library (art/library.ts), with its main colour from the prompt's
 * material or colour; null when a family draws it. The words that named the subject are not its colour
 * ("chess" is also a grass).
 */
function librarySubject(req: Omit<ItemRequest, "size">): { icon: string; main: Rgb | null } | null {
  const painted = {
    ...req,
    prompt: promptWithSpec(withoutParts(req.prompt, req.target), req.spec && { ...req.spec, parts: [] }),
  };
  const chosen = chooseItemSubject(painted.prompt, req.target);
  if (!chosen?.icon) return null;
  const describing = tokens(painted.prompt).filter((t) => !(t.via && chosen.words.has(t.raw)));
  return { icon: chosen.icon, main: namedColour({ ...painted, prompt: describing.map((t) => t.raw).join(" ") }) };
}

/** The middle shade of the material or colour the prompt names for the whole item, or null. */
function namedColour(req: Omit<ItemRequest, "size">): Rgb | null {
  const r = readWords(req.prompt);
  if (!(r.substance || r.wood || r.mineral || r.colour)) return null;
  const m = materialFromPrompt(req.prompt, req.seed, req.style);
  return m.palette[m.palette.length >> 1];
}

/**
 * The item drawn at any width and height (an icon of a sword is the item sword at icon size): the same plan,
 * the 16 px label grid resampled, shaded at the final size so the outline stays one pixel.
 */
export function itemSpriteAt(req: Omit<ItemRequest, "size">, width: number, height: number): Rgba {
  const library = librarySubject(req);
  if (library) return flavouredLibrary(req, libraryRgba(library.icon, width, height, library.main));
  const plan = planItem({ ...req, size: 16 });
  const rng = rngFrom(hashSeed("item-at", req.seed, req.prompt, width, height));
  const img = renderLabels(resizeLabels(plan.grid, width, height), plan.regions, Math.max(1, height / 16), rng);
  return flavourSprite(img, plan.flavours, flavourRng(req));
}

/** Which part each pixel of an item picture belongs to (row-major, `null` where transparent). */
export interface ItemPartMask {
  width: number;
  height: number;
  family: Family;
  parts: (string | null)[];
}

/**
 * The part under every pixel of `itemRgba(req)`, for checking that a colour named for a part ("gold hilt")
 * landed in it. A part named in the prompt or spec is labelled with the word used ("hilt", "ribbon",
 * "trim"); other pixels with the family's own part names (blade, guard, flame…) or body/handle/accent.
 * The outline pixels belong to the part they outline.
 */
export function itemPartMask(req: ItemRequest): ItemPartMask {
  const plan = planItem(req);
  const grid = resizeLabels(plan.grid, plan.size, plan.size);
  const parts = Array.from(grid.cells, (c) => (c === 46 ? null : (plan.names[String.fromCharCode(c)] ?? null)));
  return { width: grid.w, height: grid.h, family: plan.family, parts };
}

/** An icon that draws an item: the item named by its prompt, else by its prompt and name together. */
export function iconItem(req: IconRequest): Omit<ItemRequest, "size"> {
  const prompt = familyOf(req.prompt) ? req.prompt : `${req.prompt} ${req.name}`;
  return { prompt, seed: req.seed, style: req.style, spec: req.spec };
}
/** Its square side: the icon's height (default 9, at most 32). */
export const iconItemHeight = (req: IconRequest) => Math.max(1, Math.min(32, Math.round(req.height ?? 9)));

/**
 * The part mask of a task's picture, for a scorer: item and 3D-item tasks (the sprite the 3D item is extruded
 * from), and icons that draw an item at the icon's height. Null for sketches (their legend names the parts)
 * and for every other kind.
 */
export function partMaskForTask(task: Task): ItemPartMask | null {
  if (task.op === "item" || task.op === "item3d") {
    // Sketches name their parts in their legend; a library subject has no declared parts.
    if (task.req.sketch || librarySubject(task.req)) return null;
    return itemPartMask({ ...task.req, size: task.req.size || 16 });
  }
  if (
    task.op === "icon" &&
    !task.req.sketch &&
    !(glyphFor(task.req.name, task.req.prompt) in GLYPHS) &&
    !librarySubject(iconItem(task.req))
  ) {
    const h = iconItemHeight(task.req);
    const plan = planItem({ ...iconItem(task.req), size: 16 });
    const grid = resizeLabels(plan.grid, h, h);
    const parts = Array.from(grid.cells, (c) => (c === 46 ? null : (plan.names[String.fromCharCode(c)] ?? null)));
    return { width: h, height: h, family: plan.family, parts };
  }
  return null;
}

export function generateItem(req: ItemRequest): Uint8Array {
  return encodePng(itemRgba(req));
}
