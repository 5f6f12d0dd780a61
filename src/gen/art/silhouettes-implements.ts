/**
 * Hand tools, kitchen utensils and small hardware (issue 28, art-items3): the implements people name that no
 * family drew and the drawn library lacks or draws as something else (a saw's icon is WordNet's proverb, a nail's
 * the nail polish). Each family is declared whole here as data: the words that name it, its mask (the letter
 * legend of silhouettes.ts), the parts each letter belongs to (read by assembly.ts, so "a saw with a red
 * handle" paints exactly the handle), what it is made of when the prompt names nothing, and the shades of
 * its letters that differ from the common ones. The lexicon (scripts/lexicon.ts) reads the words as targets,
 * so WordNet's kinds of each (hacksaw, cold chisel, forceps, cask) reach the family with a `via` path.
 */
import { hexToRgb, ramp, type Rgb } from "./colour";
import type { Regions } from "./sprite";

export type ImplementFamily =
  | "saw"
  | "chisel"
  | "pliers"
  | "rolling_pin"
  | "whisk"
  | "ladle"
  | "spatula"
  | "trowel"
  | "crowbar"
  | "barrel"
  | "hanger"
  | "watering_can"
  | "eraser"
  | "nail"
  | "chopsticks"
  | "grater";

export interface Implement {
  /** The words that name it (a regular expression over the prompt, as FAMILY_WORDS). */
  words: RegExp;
  mask: string[];
  /** Part name → the mask letters it covers. */
  parts: Record<string, string>;
  /** Material word or colour when the prompt names none. */
  material: string;
  /** Letters shaded otherwise than the common legend (silhouettes.ts), given the main ramp. */
  regions?: (main: Rgb[]) => Partial<Regions>;
}

const METAL = ramp(hexToRgb("#a8a8ae")!, 5, 0.45);
const HANDLE = ramp(hexToRgb("#9a6b3a")!, 5, 0.45);
const RED = ramp(hexToRgb("#c8262e")!, 5, 0.5);
const DARK = ramp(hexToRgb("#3a3a40")!, 5, 0.3);
const BLUE = ramp(hexToRgb("#3a6fc8")!, 5, 0.45);

export const IMPLEMENTS: Record<ImplementFamily, Implement> = {
  saw: {
    words: /\b(saw|saws|handsaw|hacksaw|bucksaw|ripsaw)\b/,
    mask: [
      "................",
      "................",
      "................",
      "............TTM.",
      "..........TTMMMD",
      "........TTMMMMD.",
      "......TTMMMMMD..",
      ".....TMMMMMMD.D.",
      "...HHHMMMMMD.D..",
      "..HHHHHMMMD.D...",
      "..HHH.HHMD.D....",
      "..HHH.HHD.D.....",
      "..HHHHHH........",
      "...HHHHH........",
      "................",
      "................",
    ],
    parts: { blade: "MTD", handle: "H", grip: "H" },
    material: "iron",
    regions: () => ({ H: { ramp: HANDLE, group: "H" } }),
  },
  chisel: {
    words: /\b(chisel|chisels|gouge|rasp|awl|bradawl)\b/,
    mask: [
      "................",
      "...........TTTT.",
      "..........TMMMMD",
      ".........TMMMMD.",
      "........TMMMMD..",
      ".......TMMMMD...",
      "......SSSSSD....",
      ".....SSSSS......",
      "....HHHHS.......",
      "...HHHHH........",
      "..HHHHH.........",
      ".HHHHH..........",
      ".HHHH...........",
      "..HH............",
      "................",
      "................",
    ],
    parts: { blade: "MTD", tip: "MTD", shank: "MTD", ferrule: "S", handle: "H", grip: "H" },
    material: "iron",
    regions: () => ({ S: { ramp: METAL, group: "S" }, H: { ramp: HANDLE, group: "H" } }),
  },
  pliers: {
    words: /\b(pliers|pincers|tongs|forceps|tweezers|nippers)\b/,
    mask: [
      "................",
      "......MM.MM.....",
      ".....MTM.MTM....",
      ".....MTM.MTD....",
      "......MTMTD.....",
      "......MTMMD.....",
      ".......MWM......",
      "......MMDMM.....",
      ".....AAD.DAA....",
      ".....AA...AA....",
      "....AAA...AAA...",
      "....AA.....AA...",
      "...AAA.....AAA..",
      "...AA.......AA..",
      "...AA.......AA..",
      "................",
    ],
    parts: { jaws: "MTD", jaw: "MTD", head: "MTD", pivot: "W", handles: "A", handle: "A", grips: "A", grip: "A" },
    material: "iron",
    regions: () => ({ A: { ramp: RED, group: "A" } }),
  },
  rolling_pin: {
    words: /\b(rolling pin|rollingpin|rolling pins)\b/,
    mask: [
      "................",
      ".............HH.",
      "............HH..",
      "..........MMH...",
      ".........MTTMD..",
      "........MTMMMD..",
      ".......MTMMMD...",
      "......MTMMMD....",
      ".....MTMMMD.....",
      "....MTMMMD......",
      "...MTMMMD.......",
      "..MTMMMD........",
      "..MMMMD.........",
      ".HMDD...........",
      "HH..............",
      "................",
    ],
    parts: { roller: "MTD", body: "MTD", barrel: "MTD", handles: "H", handle: "H" },
    material: "oak",
  },
  whisk: {
    words: /\b(whisk|whisks|eggbeater)\b/,
    mask: [
      "................",
      ".....SSSSSS.....",
      "....S.SSSS.S....",
      "...S.S....S.S...",
      "...S.S....S.S...",
      "...S.S....S.S...",
      "...S..S..S..S...",
      "....S.S..S.S....",
      ".....S.SS.S.....",
      "......SSSS......",
      "......MMMM......",
      "......HHHH......",
      "......HHHH......",
      "......HHHH......",
      "......HHHH......",
      ".......HH.......",
    ],
    parts: { wires: "S", loops: "S", balloon: "S", collar: "MTD", handle: "H", grip: "H" },
    material: "iron",
    regions: (main) => ({ S: { ramp: main, stick: true }, H: { ramp: HANDLE, group: "H" } }),
  },
  ladle: {
    words: /\b(ladle|ladles|dipper)\b/,
    mask: [
      "................",
      ".............HH.",
      "............HH..",
      "...........HH...",
      "..........HH....",
      ".........HH.....",
      "........HH......",
      ".......HH.......",
      "..MMMMMMH.......",
      ".MTTTTTTMD......",
      ".MTAAAAAMD......",
      ".MMAAAAMMD......",
      "..MMMMMMD.......",
      "...MMMMD........",
      "................",
      "................",
    ],
    parts: { bowl: "MTD", cup: "MTD", handle: "H", soup: "A", contents: "A", liquid: "A" },
    material: "iron",
    regions: (main) => ({ H: { ramp: main, stick: true }, A: { ramp: ramp(hexToRgb("#b0703a")!, 5, 0.45) } }),
  },
  spatula: {
    words: /\b(spatula|spatulas)\b/,
    mask: [
      "................",
      "..........MMMMM.",
      ".........MTTTTMD",
      ".........MTM.MMD",
      ".........MTMMMMD",
      ".........MTM.MMD",
      ".........MMMMMD.",
      "........SMDDDD..",
      ".......HS.......",
      "......HH........",
      ".....HH.........",
      "....HH..........",
      "...HH...........",
      "..HH............",
      ".HH.............",
      "................",
    ],
    parts: { blade: "MTD", head: "MTD", neck: "S", handle: "H", grip: "H" },
    material: "iron",
    regions: () => ({ S: { ramp: METAL, stick: true } }),
  },
  trowel: {
    words: /\b(trowel|trowels)\b/,
    mask: [
      "................",
      "............MM..",
      "..........MMTMD.",
      "........MMTTMMD.",
      "......MMTTMMMD..",
      ".....MTTMMMMD...",
      "......MMMMMD....",
      ".......MMMD.....",
      "........MD......",
      ".......SS.......",
      "......HHS.......",
      ".....HHH........",
      "....HHH.........",
      "...HHH..........",
      "..HHH...........",
      "................",
    ],
    parts: { blade: "MTD", scoop: "MTD", neck: "S", handle: "H", grip: "H" },
    material: "iron",
    regions: () => ({ S: { ramp: METAL, stick: true }, H: { ramp: HANDLE, group: "H" } }),
  },
  crowbar: {
    words: /\b(crowbar|crowbars|prybar|wrecking bar|pry bar)\b/,
    mask: [
      "................",
      "..........AAA...",
      ".........AAAAA..",
      ".........AA.AA..",
      "............MD..",
      "...........MD...",
      "..........MD....",
      ".........MD.....",
      "........MD......",
      ".......MD.......",
      "......MD........",
      ".....MD.........",
      "....MD..........",
      "...MD...........",
      "..AAD...........",
      "..AA............",
    ],
    parts: { bar: "MD", shaft: "MD", claw: "A", hook: "A" },
    material: "red",
    // The bar a two-tone line like a handle; the claw and the flat end outlined, a shade darker.
    regions: (main) => ({
      M: { ramp: main, stick: true, group: "M" },
      D: { ramp: main, stick: true, group: "M" },
      A: { ramp: main, tone: -1, group: "A" },
    }),
  },
  barrel: {
    words: /\b(barrel|barrels|cask|casks|keg|kegs|hogshead|firkin)\b/,
    mask: [
      "................",
      "....AAAAAAAA....",
      "...MTMMDMMDMA...",
      "...MTMMDMMDMD...",
      "..AAAAAAAAAAAA..",
      "..MTMMDMMDMMDM..",
      "..MTMMDMMDMMDM..",
      "..MTMMDMMDMMDM..",
      "..MTMMDMMDMMDM..",
      "..MTMMDMMDMMDM..",
      "..AAAAAAAAAAAA..",
      "...MTMMDMMDMD...",
      "...MTMMDMMDMD...",
      "....AAAAAAAA....",
      "................",
      "................",
    ],
    parts: { staves: "MTD", wood: "MTD", body: "MTD", hoops: "A", hoop: "A", bands: "A", band: "A" },
    material: "oak",
    regions: () => ({ A: { ramp: DARK, group: "A" } }),
  },
  hanger: {
    words: /\b(hanger|hangers|coathanger)\b/,
    mask: [
      "................",
      "......SSS.......",
      ".....S...S......",
      ".........S......",
      "........S.......",
      ".......S........",
      ".......S........",
      "......MMM.......",
      ".....MM.MM......",
      "....MM...MM.....",
      "...MM.....MM....",
      "..MM.......MM...",
      ".MM.........MM..",
      ".MMMMMMMMMMMMM..",
      "..DDDDDDDDDDD...",
      "................",
    ],
    parts: { hook: "S", body: "MTD", arms: "MTD", bar: "MTD" },
    material: "oak",
    regions: (main) => ({ S: { ramp: METAL, stick: true }, M: { ramp: main, stick: true, group: "M" } }),
  },
  watering_can: {
    words: /\b(watering can|watering cans|sprinkling can|wateringcan)\b/,
    mask: [
      "................",
      "................",
      "....HHHH........",
      "...H....H.......",
      "...H....H.......",
      "..MMMMMMMM....SS",
      "..MTTTTTTMD..SSS",
      "..MTMMMMMMD.MS..",
      "..MTMMMMMMDMM...",
      "..MTMMMMMMMD....",
      "..MTMMMMMMD.....",
      "..MTMMMMMMD.....",
      "..MMMMMMMMD.....",
      "...DDDDDDD......",
      "................",
      "................",
    ],
    parts: { body: "MTD", can: "MTD", spout: "MD", rose: "S", handle: "H" },
    material: "#4f8f5a",
    regions: (main) => ({ H: { ramp: main, stick: true }, S: { ramp: main, tone: 1, group: "S" } }),
  },
  eraser: {
    words: /\b(eraser|erasers)\b/,
    mask: [
      "................",
      "................",
      "................",
      "...........MMM..",
      "..........MTMMD.",
      ".........MTMMMD.",
      "........AAMMMD..",
      ".......AAAAMD...",
      "......AAAAAA....",
      ".....SSAAAAD....",
      "....SSSSAAD.....",
      "...SSSSSSD......",
      "..SSSSSSD.......",
      "..SSSSSD........",
      "...DDDD.........",
      "................",
    ],
    parts: { body: "MTD", rubber: "MTD", sleeve: "A", band: "A", wrapper: "A", tip: "S" },
    material: "#f08aa8",
    regions: (main) => ({ A: { ramp: BLUE, group: "A" }, S: { ramp: main, tone: 1, group: "S" } }),
  },
  nail: {
    words: /\b(nail|nails|tack|tacks|screw|screws)\b/,
    mask: [
      "................",
      "..........MMMM..",
      ".........MTTTMD.",
      ".........MTMMMD.",
      ".........MMMMD..",
      "........MMDDD...",
      ".......MTD......",
      "......MTD.......",
      ".....MTD........",
      "....MTD.........",
      "...MTD..........",
      "..MTD...........",
      "..MD............",
      ".MD.............",
      "................",
      "................",
    ],
    parts: { head: "MTD", shank: "MTD", point: "MTD" },
    material: "iron",
  },
  chopsticks: {
    words: /\b(chopsticks|chopstick)\b/,
    mask: [
      "................",
      "..........HH..HH",
      ".........HH..HH.",
      "........HH..HH..",
      ".......HH..HH...",
      "......HH..HH....",
      ".....HH..HH.....",
      "....HH..HH......",
      "...HH..HH.......",
      "..HH..HH........",
      ".HH..HH.........",
      "HH..HH..........",
      "...HH...........",
      "..HH............",
      ".HH.............",
      "................",
    ],
    parts: { sticks: "H", stick: "H", body: "H" },
    material: "oak",
    regions: (main) => ({ H: { ramp: main, stick: true } }),
  },
  grater: {
    words: /\b(grater|graters)\b/,
    mask: [
      "................",
      "......HHHH......",
      ".....H....H.....",
      ".....H....H.....",
      "....MMMMMMMM....",
      "....MTTTTTTMD...",
      "....MTAMAMAMD...",
      "...MTMMMMMMMD...",
      "...MTAMAMAMMD...",
      "...MTMMMMMMMMD..",
      "...MTAMAMAMAMD..",
      "..MTMMMMMMMMMD..",
      "..MTAMAMAMAMMD..",
      "..MMMMMMMMMMMD..",
      "...DDDDDDDDDD...",
      "................",
    ],
    parts: { body: "MTD", holes: "A", handle: "H" },
    material: "iron",
    regions: (main) => ({ A: { ramp: DARK, group: "A" }, H: { ramp: main, stick: true } }),
  },
};

/** Family → mask, for silhouettes.ts. */
export const IMPLEMENT_SILHOUETTES = Object.fromEntries(
  Object.entries(IMPLEMENTS).map(([f, d]) => [f, d.mask]),
) as Record<ImplementFamily, string[]>;
/** The words of each family, for FAMILY_WORDS. */
export const IMPLEMENT_WORDS = Object.entries(IMPLEMENTS).map(([f, d]) => [d.words, f]) as [RegExp, ImplementFamily][];
/** Family → its parts, for assembly.ts. */
export const IMPLEMENT_ASSEMBLIES = Object.fromEntries(
  Object.entries(IMPLEMENTS).map(([f, d]) => [f, d.parts]),
) as Record<ImplementFamily, Record<string, string>>;
/** Family → default material, for item-materials.ts. */
export const IMPLEMENT_MATERIALS = Object.fromEntries(
  Object.entries(IMPLEMENTS).map(([f, d]) => [f, d.material]),
) as Record<ImplementFamily, string>;

/** The letters an implement shades otherwise, laid over the common regions (item-regions.ts). */
export function implementRegions(family: string, main: Rgb[], regions: Regions): void {
  const own = (IMPLEMENTS as Record<string, Implement | undefined>)[family]?.regions?.(main);
  if (own) Object.assign(regions, own);
}
