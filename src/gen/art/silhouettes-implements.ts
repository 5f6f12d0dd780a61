/**
 * Hand tools, kitchen utensils and small hardware (issue 28, art-items3): the implements people name that no
 * family drew and the drawn library lacks or draws as something else (a saw's icon is WordNet's proverb, a nail's
 * the nail polish). Each family is declared whole here as data: the words that name it, its mask (the letter
 * legend of silhouettes.ts), the parts each letter belongs to (read by assembly.ts, so "a saw with a red
 * handle" paints exactly the handle), what it is made of when the prompt names nothing, and the shades of
 * its letters that differ from the common ones. The lexicon (scripts/lexicon.ts) reads the words as targets,
 * so WordNet's kinds of each (hacksaw, cold chisel, forceps, cask) reach the family with a `via` path.
 */
import type { Rgb } from "./colour";
import { IMPLEMENT_KITCHEN } from "./implements-kitchen.ts";
import { IMPLEMENT_MORE } from "./implements-more.ts";
import { IMPLEMENT_TOOLS } from "./implements-tools.ts";
import { IMPLEMENT_HOUSEHOLD } from "./implements-household.ts";
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
  | "grater"
  | "bat"
  | "corkscrew"
  | "drill"
  | "stapler"
  | "tape_measure"
  | "whistle"
  | "thimble"
  | "clothespin"
  | "grappling_hook"
  | "whip"
  | "matchstick"
  | "cage"
  | "flatiron"
  | "level"
  | "cutter"
  | "peeler"
  | "sieve"
  | "flyswatter"
  | "shaker"
  | "hair_dryer"
  | "toaster"
  | "microwave";

export interface Implement {
  /** The words that name it (a regular expression over the prompt, as FAMILY_WORDS). */
  words: RegExp;
  mask: string[];
  /** Part name → the mask letters it covers. */
  parts: Record<string, string>;
  /** Material word or colour when the prompt names none. */
  material: string;
  /**
   * False when the family stands for no other member of its kind (scripts/lexicon/cousins.ts): a clothes iron
   * is a home appliance, but a fridge or a toaster drawn as one would be a wrong picture with no fallback said.
   */
  kin?: false;
  /** Letters shaded otherwise than the common legend (silhouettes.ts), given the main ramp. */
  regions?: (main: Rgb[]) => Partial<Regions>;
}

export const IMPLEMENTS = {
  ...IMPLEMENT_TOOLS,
  ...IMPLEMENT_KITCHEN,
  ...IMPLEMENT_MORE,
  ...IMPLEMENT_HOUSEHOLD,
} as Record<ImplementFamily, Implement>;

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
