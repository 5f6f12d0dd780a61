/**
 * Item sprites: the silhouette family comes from the reskin target (diamond_sword -> sword) or the
 * prompt; the prompt's material colours it. Transparent background, one-pixel dark outline.
 */
import type { ItemRequest } from "./types";
import { hashSeed, rngFrom } from "./rng";
import { encodePng, type Rgba } from "../media/png";
import { materialFromPrompt, readWords } from "./art/material";
import { type Rgb, hexToRgb, luminance, mix, ramp } from "./art/colour";
import { type Family, SILHOUETTES, familyOf } from "./art/silhouettes";
import { gridFromMask, type Regions, renderLabels, resizeLabels } from "./art/sprite";
import { interpret, promptWithSpec, withoutParts } from "./interpret/read.ts";
import { PART_REGIONS } from "./interpret/parts.ts";
import type { ArtPart } from "./interpret/spec.ts";

/** What a family is made of when the prompt names no material. */
const DEFAULT_MATERIAL: Record<Family, string> = {
  sword: "iron",
  pickaxe: "iron",
  axe: "iron",
  shovel: "iron",
  hoe: "iron",
  bow: "oak",
  ingot: "iron",
  gem: "diamond",
  nugget: "gold",
  dust: "redstone",
  apple: "red",
  bread: "#c08a3e",
  meat: "#c4524a",
  potion: "magenta",
  bottle: "water",
  key: "gold",
  scroll: "#e6d3a3",
  book: "#7b3f22",
  staff: "amethyst",
  helmet: "iron",
  chestplate: "iron",
  leggings: "iron",
  boots: "iron",
  trident: "prismarine",
  shield: "oak",
  hammer: "iron",
  scythe: "iron",
  bucket: "iron",
  ball: "lime",
  lantern: "iron",
  ring: "gold",
  crown: "gold",
  coin: "gold",
  torch: "oak",
  arrow: "#9a9a9a",
  backpack: "leather",
};

const WOOD = ramp(hexToRgb("#7b5b2f")!, 5, 0.46);
const PAPER = ramp(hexToRgb("#ece6d6")!, 5, 0.3);
const LEAF = ramp(hexToRgb("#4f8f2a")!, 5, 0.45);
const CORK = ramp(hexToRgb("#8c6239")!, 5, 0.4);
const GLASS = ramp(hexToRgb("#c9dcef")!, 5, 0.35);
const FIRE = ramp(hexToRgb("#f2a33a")!, 5, 0.5);
const METAL = ramp(hexToRgb("#a8a8ae")!, 5, 0.45);
const GEM = ramp(hexToRgb("#d8203e")!, 5, 0.5);
const STRING = [hexToRgb("#3d3d3d")!, hexToRgb("#4a4a4a")!, hexToRgb("#4a4a4a")!];

/** The family drawn: the target's own family first (a reskin keeps its silhouette), then the prompt's. */
export function itemFamily(req: Pick<ItemRequest, "prompt" | "target">): Family {
  const fromTarget = req.target ? familyOf(req.target.replace(/_/g, " ")) : null;
  if (fromTarget) return fromTarget;
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

function regionsFor(family: Family, main: Rgb[]): Regions {
  const glint = { ramp: [mix(main[4], [255, 255, 255], 0.6)], glint: true };
  const regions: Regions = {
    M: { ramp: main, group: "M" },
    T: { ramp: main, tone: 1, group: "M" },
    D: { ramp: main, tone: -1, group: "M" },
    W: { ...glint, group: "M" },
    H: { ramp: WOOD, stick: true },
    A: { ramp: main, tone: -1, group: "A" },
    S: { ramp: PAPER, group: "S" },
    G: { ramp: GLASS, group: "G", alpha: 255 },
  };
  switch (family) {
    case "apple":
      regions.A = { ramp: LEAF, group: "A" };
      regions.S = { ramp: WOOD, stick: true };
      break;
    case "meat":
      regions.S = { ramp: PAPER, group: "S" };
      break;
    case "potion":
    case "bottle":
      regions.A = { ramp: main, group: "A" };
      regions.W = { ...glint, group: family === "potion" ? "A" : "G" };
      regions.S = { ramp: CORK, group: "S" };
      if (family === "bottle") regions.G = { ramp: GLASS, group: "G", alpha: 150 };
      break;
    case "staff":
      regions.A = { ramp: main, group: "A" };
      regions.W = { ...glint, group: "A" };
      break;
    case "scroll":
      regions.A = { ramp: [main[0], main[0], main[0]].map((c) => mix(c, [40, 30, 20], 0.6)), group: "A" };
      regions.S = { ramp: main, tone: -1, group: "S" };
      break;
    case "book":
      regions.A = { ramp: main, tone: -1, group: "A" };
      regions.S = { ramp: PAPER, group: "S" };
      break;
    case "torch":
    case "lantern":
      regions.A = { ramp: FIRE, group: "A" };
      regions.W = { ramp: [hexToRgb("#fff6c8")!], glint: true, group: "A" };
      if (family === "lantern") regions.G = { ramp: GLASS, group: "G", alpha: 150 };
      break;
    case "backpack":
      regions.S = { ramp: main, tone: -1, group: "S" };
      regions.A = { ramp: METAL, group: "A" };
      break;
    case "shield":
      regions.A = { ramp: METAL, group: "A" };
      regions.S = { ramp: main, tone: 1, group: "S" };
      break;
    case "crown":
    case "ring":
      regions.A = { ramp: GEM, group: "A" };
      break;
    case "bow":
      regions.H = { ramp: main, stick: true };
      regions.S = { ramp: STRING, stick: true };
      break;
  }
  return regions;
}

export function itemRgba(req: ItemRequest): Rgba {
  const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
  const read = interpret("item", req.prompt, req.spec, { target: req.target });
  // The main material comes from the words no part took ("ruby sword with a gold hilt": ruby), the spec's first.
  const painted = { ...req, prompt: promptWithSpec(withoutParts(req.prompt), req.spec && { ...req.spec, parts: [] }) };
  const family = itemFamily(painted);
  const main = mainRamp(painted, family);
  const grid = resizeLabels(gridFromMask(SILHOUETTES[family]), size, size);
  const rng = rngFrom(hashSeed("item", req.seed, req.prompt, req.target ?? "", req.variant ?? "", size));
  const regions = regionsFor(family, main);
  for (const part of read.parts) paintPart(regions, part, req);
  return renderLabels(grid, regions, size / 16, rng);
}

/** A part with its own material or colour takes over its region: the whole of it, in that material's shades. */
function paintPart(regions: Regions, part: ArtPart, req: ItemRequest): void {
  const region = PART_REGIONS[part.part];
  const words = part.material ?? part.colour;
  if (!region || !words) return;
  const m = materialFromPrompt(words.replace(/_/g, " "), req.seed, req.style);
  const shades = ramp(m.palette[m.palette.length >> 1], 5, 0.55);
  if (region === "M") {
    for (const r of ["M", "T", "D"] as const) regions[r] = { ...regions[r], ramp: shades };
  } else regions[region] = { ...regions[region], ramp: shades };
}

export function generateItem(req: ItemRequest): Uint8Array {
  return encodePng(itemRgba(req));
}
