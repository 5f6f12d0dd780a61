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
  dagger: "iron",
  crossbow: "oak",
  spear: "iron",
  mace: "iron",
  amulet: "gold",
  hat: "#5b3f8f",
  mask: "#d9ccb0",
  map: "#e0cc98",
  compass: "iron",
  clock: "gold",
  orb: "amethyst",
  totem: "gold",
  rune: "stone",
  feather: "#f4f4f0",
  bone: "#ece6d2",
  pearl: "#1f7a68",
  shard: "#7fdbe8",
  seed: "#6ea334",
  flower: "red",
  mushroom: "#8d5b3a",
  cookie: "#b67b3f",
  cake: "#c99353",
  pie: "#c98a43",
  fish: "#8fa7b8",
  carrot: "orange",
  berries: "red",
  cheese: "#f2c744",
  candy: "red",
  egg: "#f4f1ea",
  heart: "red",
  star: "#f5d442",
  skull: "#e6e0cc",
  bell: "gold",
  horn: "#d9c7a0",
  trophy: "gold",
  gift: "red",
  bomb: "#2f3138",
  cup: "#e8e4dc",
  donut: "#c48a4a",
  icecream: "#c98b4e",
  pizza: "#f0c04a",
  wrench: "iron",
  magnet: "red",
  boomerang: "oak",
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
const GOLD = ramp(hexToRgb("#e8b923")!, 5, 0.5);
const RED = ramp(hexToRgb("#c8262e")!, 5, 0.5);
const RUNE_GLOW = ramp(hexToRgb("#3fe3e0")!, 5, 0.35);
const CHOCOLATE = ramp(hexToRgb("#4a2a16")!, 5, 0.4);
const EYES = ramp(hexToRgb("#2fbf5a")!, 5, 0.4);

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
    case "crossbow":
      regions.H = { ramp: main, stick: true };
      regions.S = { ramp: STRING, stick: true };
      if (family === "crossbow") regions.A = { ramp: METAL, group: "A" };
      break;
    case "amulet":
      regions.S = { ramp: GOLD, stick: true };
      regions.A = { ramp: GEM, group: "A" };
      regions.W = { ramp: [hexToRgb("#ffffff")!], glint: true, group: "A" };
      break;
    case "map":
      regions.S = { ramp: LEAF, group: "S" };
      regions.A = { ramp: RED, group: "A" };
      break;
    case "compass":
    case "clock":
      regions.S = { ramp: PAPER, group: "S" };
      regions.H = { ramp: METAL, group: "H" };
      regions.A = { ramp: family === "compass" ? RED : METAL, group: "A" };
      break;
    case "orb":
      regions.A = { ramp: GOLD, group: "A" };
      break;
    case "totem":
      regions.A = { ramp: EYES, group: "A" };
      regions.S = { ramp: main, tone: 1, group: "S" };
      break;
    case "rune":
      regions.A = { ramp: RUNE_GLOW, group: "A", glint: true };
      break;
    case "feather":
      regions.H = { ramp: ramp(hexToRgb("#cfcfc8")!, 5, 0.3), stick: true };
      break;
    case "pearl":
      regions.A = { ramp: main, tone: -2, group: "A" };
      break;
    case "flower":
      regions.A = { ramp: GOLD, group: "A" };
      regions.S = { ramp: LEAF, stick: true };
      break;
    case "mushroom":
      regions.S = { ramp: PAPER, group: "S" };
      break;
    case "cookie":
      regions.A = { ramp: CHOCOLATE, group: "A" };
      break;
    case "cake":
      regions.S = { ramp: PAPER, group: "S" };
      regions.A = { ramp: RED, group: "A" };
      break;
    case "pie":
      regions.A = { ramp: ramp(hexToRgb("#9c3b2b")!, 5, 0.45), group: "A" };
      regions.S = { ramp: main, tone: -1, group: "S" };
      break;
    case "fish":
      regions.A = { ramp: main, tone: 1, group: "A" };
      regions.S = { ramp: PAPER, group: "S" };
      break;
    case "carrot":
    case "berries":
    case "seed":
      regions.A = { ramp: LEAF, group: "A" };
      regions.S = { ramp: WOOD, stick: true };
      break;
    case "skull":
      regions.S = { ramp: CHOCOLATE, group: "S" };
      break;
    case "bell":
      regions.H = { ramp: WOOD, stick: true };
      regions.A = { ramp: METAL, group: "A" };
      break;
    case "horn":
      regions.A = { ramp: GOLD, group: "A" };
      break;
    case "trophy":
      regions.S = { ramp: WOOD, group: "S" };
      break;
    case "gift":
      regions.A = { ramp: GOLD, group: "A" };
      break;
    case "bomb":
      regions.S = { ramp: PAPER, stick: true };
      regions.A = { ramp: FIRE, group: "A" };
      break;
    case "cup":
      regions.S = { ramp: CORK, group: "S" };
      break;
    case "donut":
      regions.S = { ramp: ramp(hexToRgb("#f08cb4")!, 5, 0.4), group: "S" };
      regions.A = { ramp: ramp(hexToRgb("#7ad0f0")!, 5, 0.4), group: "A" };
      break;
    case "icecream":
      regions.S = { ramp: ramp(hexToRgb("#f6d8e6")!, 5, 0.3), group: "S" };
      regions.A = { ramp: RED, group: "A" };
      break;
    case "pizza":
      regions.S = { ramp: ramp(hexToRgb("#c98a43")!, 5, 0.45), group: "S" };
      regions.A = { ramp: RED, group: "A" };
      break;
    case "magnet":
      regions.S = { ramp: METAL, group: "S" };
      break;
    case "arrow":
      // The fletching is a few pixels wide: drawn two-tone like a stick, or at 16 px it would be all outline.
      regions.S = { ramp: PAPER, stick: true };
      break;
    case "cheese":
      regions.S = { ramp: main, tone: -2, group: "S" };
      break;
    case "candy":
      regions.S = { ramp: PAPER, group: "S" };
      break;
  }
  return regions;
}

export function itemRgba(req: ItemRequest): Rgba {
  const size = Math.max(16, Math.min(128, Math.round(req.size || 16)));
  const read = interpret("item", req.prompt, req.spec, { target: req.target });
  // The main material comes from the words no part took ("ruby sword with a gold hilt": ruby), the spec's first.
  const painted = {
    ...req,
    prompt: promptWithSpec(withoutParts(req.prompt, req.target), req.spec && { ...req.spec, parts: [] }),
  };
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
