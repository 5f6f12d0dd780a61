/**
 * Item sprites: the silhouette family comes from the reskin target (diamond_sword -> sword) or the
 * prompt; the prompt's material colours it. Transparent background, one-pixel dark outline.
 */
import type { IconRequest, ItemRequest } from "./types";
import { hashSeed, rngFrom } from "./rng";
import { encodePng, type Rgba } from "../media/png";
import { materialFromPrompt, readWords } from "./art/material";
import { namesMaterial } from "./art/material-colours.ts";
import { type Rgb, hexToRgb, hslToRgb, luminance, mix, ramp, rgbToHsl } from "./art/colour";
import { type Family, SILHOUETTES, familyOf } from "./art/silhouettes";
import { regionsFor } from "./art/item-regions.ts";
import { DEFAULT_MATERIAL } from "./art/item-materials.ts";
import { gridFromMask, type LabelGrid, type Regions, renderLabels, resizeLabels } from "./art/sprite";
import {
  ASSEMBLIES,
  BARE_PARTS,
  DERIVED_LETTER,
  deriveCells,
  LETTER_PARTS,
  MAIN,
  OPTIONAL_LETTERS,
  placePart,
} from "./art/assembly.ts";
import { flavouredSketchSprite, sketchPartMask } from "./sketch-flavours.ts";
import { GLYPHS, glyphFor } from "./art/glyphs.ts";
import type { Task } from "./task.ts";
import { interpret, withoutParts } from "./interpret/read.ts";
import { promptWithSpec } from "./interpret/with-spec.ts";
import { tokens } from "./interpret/tokens.ts";
import type { ArtPart } from "./interpret/spec.ts";
import { chooseItemSubject } from "./interpret/subject.ts";
import { libraryItemMask, libraryItemRgba } from "./item-library.ts";
import { finishItem, finishLabels } from "./item-finish.ts";
import { flavourSprite } from "./art/flavour-paint.ts";
import { shapeGrid } from "./art/flavour-shape.ts";
import type { FlavourName } from "./art/flavours.ts";
import { flavoursToPaint } from "./interpret/flavour.ts";
import { extraPlace, splitColours } from "./art/item-colours.ts";
import { labelFlavouredParts, paintPartFlavours, splitPartFlavours, withoutBareParts } from "./item-part-flavours.ts";

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
  const said = promptWithSpec(withoutParts(req.prompt, req.target), req.spec && { ...req.spec, parts: [] });
  // "a sword with a blade": a part the family draws, said bare, is no material or colour of the body.
  const whole = withoutBareParts(said, itemFamily({ ...req, prompt: said }));
  // "black, red and gold banner": the first colour is the body's, the later ones get parts of their own.
  const { main: bodyWords, extras } = splitColours(whole);
  const painted = { ...req, prompt: colourOverSubject(bodyWords, whole, req.target) };
  const family = itemFamily({ ...painted, prompt: whole });
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
      // Stars in their usual colour are lit a shade up; a colour the prompt named is painted as named.
      const lift = at.derived === "stars" && !read.parts.includes(part);
      const thin = isThin(grid, letter);
      regions[letter] = {
        ramp: shades ?? main,
        group: letter,
        ...(lift ? { tone: 1 } : {}),
        ...(thin ? { bare: true } : {}),
      };
      names[letter] = part.part;
      continue;
    }
    const thin = shades && isThin(grid, at.letters);
    for (const l of at.letters) {
      names[l] = part.part;
      if (!shades) continue;
      // A flame or glint shows only its lightest shade: keep the named hue there ("green flame" stays green).
      const lit = regions[l]?.glow || regions[l]?.glint ? trueHue(shades) : shades;
      regions[l] = { ...regions[l], ramp: lit, ...(thin ? { bare: true } : {}) };
    }
  }
  const taken = new Set(placed.flatMap((p) => (p.at && "letters" in p.at ? [...p.at.letters] : [])));
  // "emerald ring with a gold band": a named part took the whole body, so the body's own material goes to the
  // accent (the ring's stone), else it would not show at all.
  const r = readWords(bodyWords);
  const bodySaid = !!(r.substance || r.wood || r.mineral || r.colour);
  // A family with no body letters (a torch is a stick and a flame): the named colour is the accent's ("blue torch").
  const noBody = ![..."MTD"].some((l) => mask.some((row) => row.includes(l)));
  if (
    bodySaid &&
    (noBody || [...MAIN].every((l) => taken.has(l))) &&
    !taken.has("A") &&
    regions.A &&
    regions.A.ramp !== main
  )
    regions.A = { ...regions.A, ramp: regions.A.glow || family === "torch" ? trueHue(main) : main };
  const derivedTaken = new Set(placed.flatMap((p) => (p.at && "derived" in p.at ? [p.at.derived] : [])));
  for (const colour of extras) {
    const at = extraPlace(mask, regions, main, taken, derivedTaken);
    const shades = partRamp(colour.startsWith("#") ? { part: "", colour } : { part: "", material: colour }, req);
    if (!at || !shades) continue;
    if ("derived" in at) {
      derivedTaken.add(at.derived);
      const letter = DERIVED_LETTER[at.derived];
      for (const i of deriveCells(grid, at.derived)) grid.cells[i] = letter.charCodeAt(0);
      regions[letter] = { ramp: shades, group: letter, ...(isThin(grid, letter) ? { bare: true } : {}) };
      names[letter] = at.derived;
    } else {
      for (const l of at.letters) {
        taken.add(l);
        regions[l] = { ...regions[l], ramp: shades, ...(isThin(grid, l) ? { bare: true } : {}) };
      }
    }
  }
  const flavours = flavoursToPaint(read);
  return { size, family, grid: shapeGrid(grid, flavours), regions, names, flavours };
}

/**
 * The body's words with a subject word that is also a material left out when a colour is named: a "blue
 * mushroom" is blue, not mushroom-red tinted blue (the mushroom names the thing, the colour says its colour).
 */
function colourOverSubject(bodyWords: string, whole: string, target?: string | null): string {
  if (!readWords(bodyWords).colour) return bodyWords;
  const subject = chooseItemSubject(whole, target)?.words ?? new Set<string>();
  // A subject word may be two words joined ("blue mushroom" read as "bluemushroom"): its tail is the word.
  const names = (w: string) => [...subject].some((s) => s === w || s.endsWith(w) || s.split(" ").includes(w));
  const kept = tokens(bodyWords).filter((t) => !(names(t.raw) && namesMaterial(t.raw)));
  return kept.map((t) => t.raw).join(" ");
}

/** A ramp with every shade at its middle shade's hue: no highlight drift toward yellow. */
function trueHue(shades: Rgb[]): Rgb[] {
  const [h] = rgbToHsl(shades[shades.length >> 1]);
  return shades.map((c) => {
    const [, s, l] = rgbToHsl(c);
    return hslToRgb(h, s, l);
  });
}

/** Whether the cells of `letters` have fewer than two with all four neighbours filled: an outline would hide them. */
function isThin(grid: LabelGrid, letters: string): boolean {
  const { w, h, cells } = grid;
  const codes = new Set([...letters].map((l) => l.charCodeAt(0)));
  const filled = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && cells[y * w + x] !== 46;
  let inner = 0;
  for (let i = 0; i < w * h; i++) {
    if (!codes.has(cells[i])) continue;
    const x = i % w;
    const y = (i / w) | 0;
    if (filled(x - 1, y) && filled(x + 1, y) && filled(x, y - 1) && filled(x, y + 1)) inner++;
  }
  return inner < 2;
}

/** A part's own shades from its material or colour; a flame named by a colour or soul fire stays a flame. */
export function partRamp(part: ArtPart, req: ItemRequest): Rgb[] | null {
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
    const rng = rngFrom(hashSeed("item-sketch", req.seed, size));
    return flavouredSketchSprite("item", { ...req, sketch: req.sketch }, size, size, rng);
  }
  const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
  const library = libraryItemRgba(req, size, size);
  if (library) return finishItem(library, req, itemSpriteAt);
  // Flavours said of one part are painted on it alone, over the picture of the prompt without them.
  const { base, parts } = splitPartFlavours(req);
  const plan = planItem(base);
  const grid = resizeLabels(plan.grid, plan.size, plan.size);
  const rng = rngFrom(hashSeed("item", req.seed, base.prompt, req.target ?? "", req.variant ?? "", plan.size));
  const img = flavourSprite(renderLabels(grid, plan.regions, plan.size / 16, rng), plan.flavours, flavourRng(base));
  return finishItem(paintPartFlavours(img, parts, plan, req), req, itemSpriteAt);
}

/** The marks of flavours land where this rng says: the same prompt and seed, the same marks. */
export const flavourRng = (req: Omit<ItemRequest, "size">) => rngFrom(hashSeed("flavour", req.seed, req.prompt));

/**
 * The item drawn at any width and height (an icon of a sword is the item sword at icon size): the same plan,
 * the 16 px label grid resampled, shaded at the final size so the outline stays one pixel.
 */
export function itemSpriteAt(req: Omit<ItemRequest, "size">, width: number, height: number): Rgba {
  const library = libraryItemRgba(req, width, height);
  if (library) return library;
  const { base, parts } = splitPartFlavours(req);
  const plan = planItem({ ...base, size: 16 });
  const rng = rngFrom(hashSeed("item-at", req.seed, base.prompt, width, height));
  const img = renderLabels(resizeLabels(plan.grid, width, height), plan.regions, Math.max(1, height / 16), rng);
  return paintPartFlavours(flavourSprite(img, plan.flavours, flavourRng(base)), parts, plan, req);
}

/** Which part each pixel of an item picture belongs to (row-major, `null` where transparent). */
export interface ItemPartMask {
  width: number;
  height: number;
  /** The silhouette family, or "library" for a picture from the drawn library, "sketch" for a caller's sketch. */
  family: Family | "library" | "sketch";
  parts: (string | null)[];
}

/**
 * The part under every pixel of `itemRgba(req)`, for checking that a colour named for a part ("gold hilt")
 * landed in it. A part named in the prompt or spec is labelled with the word used ("hilt", "ribbon",
 * "trim"); other pixels with the family's own part names (blade, guard, flame…) or body/handle/accent.
 * The outline pixels belong to the part they outline.
 */
export function itemPartMask(req: ItemRequest): ItemPartMask {
  const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
  const mask = partMaskAt(req, size, size);
  return { ...mask, parts: finishLabels(mask.parts, size, size, req, itemSpriteAt, labelsAt) };
}

/** The part labels of one item at a size: its library picture's, else its family's (item-finish.ts places copies). */
const labelsAt = (req: Omit<ItemRequest, "size">, width: number, height: number) =>
  libraryItemMask(req, width, height) ?? partMaskAt(req, width, height).parts;

/** The part under every pixel of the item drawn at width × height; a flavoured part's pixels carry its name. */
function partMaskAt(req: Omit<ItemRequest, "size">, width: number, height: number): ItemPartMask {
  const { base, parts: flavoured } = splitPartFlavours(req);
  const plan = planItem({ ...base, size: 16 });
  const grid = resizeLabels(plan.grid, width, height);
  const parts = Array.from(grid.cells, (c) => (c === 46 ? null : (plan.names[String.fromCharCode(c)] ?? null)));
  labelFlavouredParts(parts, flavoured, plan, width, height);
  return { width, height, family: plan.family, parts };
}

/**
 * An icon that draws an item: the item named by its prompt (a family word, or a thing the items' chooser reads
 * without falling back, as glyphFor reads it), else by its prompt and name together: a name after the prompt
 * ("grey rain cloud" named "weather") would otherwise become its head noun.
 */
export function iconItem(req: IconRequest): Omit<ItemRequest, "size"> {
  const read = familyOf(req.prompt) ? null : chooseItemSubject(req.prompt);
  const own = familyOf(req.prompt) || (read && !read.fallback);
  const prompt = own && req.prompt.trim() ? req.prompt : `${req.prompt} ${req.name}`;
  return { prompt, seed: req.seed, style: req.style, spec: req.spec };
}
/** Its square side: the icon's height (default 9, at most 32). */
export const iconItemHeight = (req: IconRequest) => Math.max(1, Math.min(32, Math.round(req.height ?? 9)));

/**
 * The part mask of a task's picture, for a scorer: item and 3D-item tasks (the sprite the 3D item is extruded
 * from: a sketched one's parts are its legend's), and icons that draw an item at the icon's height. Null for
 * sketched icons (cut to the glyph's width) and for every other kind.
 */
export function partMaskForTask(task: Task): ItemPartMask | null {
  if (task.op === "item" || task.op === "item3d") {
    // A sketch's parts are its legend's; a library subject's are its body and derived parts.
    const size = task.req.size || 16;
    if (task.req.sketch)
      return {
        width: size,
        height: size,
        family: "sketch",
        parts: sketchPartMask({ ...task.req, sketch: task.req.sketch }, size, size),
      };
    const library = libraryItemMask(task.req, size, size);
    if (library)
      return {
        width: size,
        height: size,
        family: "library",
        parts: finishLabels(library, size, size, task.req, itemSpriteAt, labelsAt),
      };
    return itemPartMask({ ...task.req, size });
  }
  if (task.op === "icon" && !task.req.sketch && !(glyphFor(task.req.name, task.req.prompt) in GLYPHS)) {
    const h = iconItemHeight(task.req);
    const req = iconItem(task.req);
    const library = libraryItemMask(req, h, h);
    const parts = library ?? partMaskAt(req, h, h).parts;
    const family = library ? "library" : partMaskAt(req, h, h).family;
    return { width: h, height: h, family, parts: finishLabels(parts, h, h, req, itemSpriteAt, labelsAt) };
  }
  return null;
}

export function generateItem(req: ItemRequest): Uint8Array {
  return encodePng(itemRgba(req));
}
