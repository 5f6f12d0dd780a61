/**
 * The shades of each letter of an item family's silhouette (sprite.ts draws them; the letter legend is in
 * silhouettes.ts). What a family is made of when nothing is named is in item-materials.ts.
 */
import { type Rgb, hexToRgb, mix, ramp } from "./colour";
import type { Family } from "./silhouettes";
import type { Regions } from "./sprite";
import { implementRegions } from "./silhouettes-implements.ts";

export { DEFAULT_MATERIAL } from "./item-materials.ts";

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
const SAND = ramp(hexToRgb("#e3cf8c")!, 5, 0.4);
const TERRACOTTA = ramp(hexToRgb("#b5603a")!, 5, 0.45);
const SOIL = ramp(hexToRgb("#5a3d26")!, 5, 0.4);
const SEEDS = ramp(hexToRgb("#2a2420")!, 5, 0.3);
const STEW = ramp(hexToRgb("#b0703a")!, 5, 0.45);

export function regionsFor(family: Family, main: Rgb[]): Regions {
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
    case "shears":
      regions.H = { ramp: main, tone: -1, stick: true };
      break;
    case "candle":
    case "dynamite":
      regions.F = { ramp: FIRE, glow: true, group: "F" };
      regions.W = { ramp: [hexToRgb("#fff6c8")!], glint: true, group: "F" };
      regions.K = { ramp: STRING, stick: true };
      regions.S = family === "candle" ? { ramp: GOLD, group: "S" } : { ramp: PAPER, group: "S" };
      break;
    case "disc":
      regions.A = { ramp: GOLD, group: "A" };
      break;
    case "brush":
      regions.S = { ramp: METAL, group: "S" };
      break;
    case "hourglass":
      regions.G = { ramp: GLASS, group: "G", alpha: 150 };
      regions.A = { ramp: SAND, group: "A" };
      regions.W = { ramp: [hexToRgb("#ffffff")!], glint: true, group: "G" };
      break;
    case "magnifier":
      regions.G = { ramp: GLASS, group: "G", alpha: 150 };
      regions.W = { ramp: [hexToRgb("#ffffff")!], glint: true, group: "G" };
      break;
    case "potted":
      regions.S = { ramp: TERRACOTTA, group: "S" };
      regions.A = { ramp: SOIL, group: "A" };
      break;
    case "slice":
      regions.P = { ramp: ramp(hexToRgb("#e6efc4")!, 5, 0.3), group: "P" };
      regions.S = { ramp: LEAF, group: "S" };
      regions.A = { ramp: SEEDS, group: "A" };
      break;
    case "bowl":
      regions.A = { ramp: STEW, group: "A" };
      regions.W = { ramp: [mix(STEW[4], [255, 255, 255], 0.5)], glint: true, group: "A" };
      break;
    case "tropical_fish":
      regions.A = { ramp: PAPER, group: "A" };
      break;
    case "fishing_rod":
      regions.H = { ramp: main, stick: true };
      regions.S = { ramp: STRING, stick: true };
      regions.A = { ramp: RED, group: "A" };
      regions.W = { ramp: [hexToRgb("#ffffff")!], glint: true, group: "A" };
      break;
    case "dice":
      regions.A = { ramp: ramp(hexToRgb("#2a2424")!, 5, 0.3), group: "A" };
      break;
    case "leaf":
      regions.S = { ramp: main, tone: 1, group: "S" };
      regions.H = { ramp: main, tone: -1, stick: true };
      break;
    case "banana":
      regions.S = { ramp: ramp(hexToRgb("#5a3d26")!, 5, 0.4), group: "S" };
      break;
    case "glove":
      regions.A = { ramp: main, tone: -1, group: "A" };
      break;
    case "lightbulb":
      regions.G = { ramp: main, group: "G", alpha: 150 };
      regions.W = { ramp: [hexToRgb("#ffffff")!], glint: true, group: "G" };
      regions.A = { ramp: FIRE, glow: true, group: "A" };
      regions.S = { ramp: METAL, group: "S" };
      break;
    case "flag":
      regions.H = { ramp: WOOD, stick: true };
      regions.A = { ramp: GOLD, group: "A" };
      break;
    case "burger":
      regions.A = { ramp: LEAF, group: "A" };
      regions.S = { ramp: ramp(hexToRgb("#6b3a22")!, 5, 0.4), group: "S" };
      regions.P = { ramp: ramp(hexToRgb("#f2c744")!, 5, 0.4), group: "P" };
      break;
    case "pumpkin":
      regions.H = { ramp: ramp(hexToRgb("#4f6f2a")!, 5, 0.4), stick: true };
      break;
    case "padlock":
      regions.S = { ramp: METAL, stick: true };
      regions.A = { ramp: ramp(hexToRgb("#2a2a2e")!, 5, 0.3), group: "A" };
      break;
    case "umbrella":
      regions.H = { ramp: WOOD, stick: true };
      break;
    case "guitar":
      regions.H = { ramp: ramp(hexToRgb("#4a2a16")!, 5, 0.4), stick: true };
      regions.S = { ramp: STRING, stick: true };
      regions.A = { ramp: ramp(hexToRgb("#2a1a10")!, 5, 0.3), group: "A" };
      break;
    case "teapot":
      regions.A = { ramp: main, tone: 1, group: "A" };
      break;
    case "chest":
      regions.A = { ramp: METAL, group: "A" };
      regions.S = { ramp: GOLD, group: "S" };
      break;
    case "pufferfish":
      regions.S = { ramp: main, tone: -1, group: "S" };
      regions.A = { ramp: PAPER, group: "A" };
      break;
  }
  implementRegions(family, main, regions);
  // Letters a family's mask may add: a sword's pommel looks like its guard, a key's ribbon is red until named.
  regions.P ??= { ramp: regions.A.ramp, stick: true };
  regions.R ??= { ramp: RED, stick: true };
  return regions;
}
