/**
 * The surfaces issue 28 added to the vocabulary (art/vocabulary.ts spreads them into its tables): ground, rock
 * and plant materials people name, in the game's colours where the game has the block; built structures'
 * words; two-word names; and words folded onto the painters' own (trees the game lacks as its nearest wood).
 * Kept apart so the shared tables stay short.
 */
import type { Modifier, Structure, Substance } from "./vocabulary";

export const SURFACE_SUBSTANCES: Record<string, Substance> = {
  // Nearly neutral: a faint blue at this lightness already reads as a saturated tint.
  snow: { colour: "#eef1f2", structure: "grainy", spread: 0.1 },
  // Hay is woven straw (a bale), not bark.
  hay: { colour: "#c7a93a", structure: "straw", spread: 0.35 },
  peat: { colour: "#3f2c1e", structure: "grainy", spread: 0.26 },
  // White stone with grey veins (art/surface-words.ts MATERIAL_OVERLAYS), as the word means: not diorite's speckle.
  marble: { colour: "#e4e1dc", structure: "stone", spread: 0.14 },
  // Ground, rock and plant surfaces people name (issue 28), coloured as the game's blocks of them are.
  plaster: { colour: "#e2dccf", structure: "grainy", spread: 0.08 },
  asphalt: { colour: "#3b3b3e", structure: "grainy", spread: 0.16 },
  porcelain: { colour: "#eceae4", structure: "panel", spread: 0.12 },
  mycelium: { colour: "#6f6369", structure: "grass", spread: 0.3 },
  shroomlight: { colour: "#f0923e", structure: "gravel", spread: 0.4 },
  nether_wart: { colour: "#7b0e0e", structure: "grainy", spread: 0.3 },
  dripstone: { colour: "#866b5c", structure: "strata", spread: 0.26 },
  ash: { colour: "#8d8a86", structure: "grainy", spread: 0.2 },
  soul_sand: { colour: "#54402f", structure: "grainy", spread: 0.3 },
  soul_soil: { colour: "#4a3a2d", structure: "grainy", spread: 0.26 },
  nylium: { colour: "#862b2b", structure: "grass", spread: 0.3 },
  warped_nylium: { colour: "#2b7265", structure: "grass", spread: 0.3 },
  coral: { colour: "#d4607e", structure: "stone", spread: 0.3 },
  kelp: { colour: "#3b4a29", structure: "bark", spread: 0.3 },
  // Ribbed gourds and cacti: upright ribs, as the game's pumpkin, melon and cactus sides.
  pumpkin: { colour: "#c8761c", structure: "column", spread: 0.36 },
  melon: { colour: "#7fa42c", structure: "column", spread: 0.34 },
  cactus: { colour: "#5b8a2c", structure: "column", spread: 0.34 },
};

export const SURFACE_STRUCTURE_WORDS: Record<string, Structure> = {
  shingles: "shingles",
  shingle: "shingles",
  slates: "shingles",
  slab: "slab",
  slabs: "slab",
  bale: "straw",
  haystack: "straw",
  barrel: "barrel",
  keg: "barrel",
  cask: "barrel",
  trapdoor: "door",
  hatch: "door",
  shutters: "door",
  vent: "grate",
  vents: "grate",
  mesh: "grate",
  // Brick bonds by name (their two-word names join first: SURFACE_COMPOUNDS).
  flemish_bond: "flemish_bond",
  flemish: "flemish_bond",
  english_bond: "english_bond",
};

/** Bricks laid in a bond of their own (art/layouts.ts): brick-red unless a material is named, mortar joints. */
export const BRICK_BONDS: readonly Structure[] = [
  "stack_bond",
  "herringbone",
  "basketweave",
  "flemish_bond",
  "english_bond",
];

export const SURFACE_COMPOUNDS: [string, string][] = [
  ["roof tiles", "shingles"],
  ["forest floor", "ground"],
  ["moss carpet", "moss"],
  ["stained glass", "glass"],
  ["soul sand", "soul_sand"],
  ["soul soil", "soul_soil"],
  ["warped nylium", "warped_nylium"],
  ["crimson nylium", "nylium"],
  ["dried kelp", "kelp"],
  ["nether wart", "nether_wart"],
  ["roof tile", "shingles"],
  ["tile roof", "shingles"],
  ["tiled roof", "shingles"],
  ["roofing tiles", "shingles"],
  // The walls and floors of natural places are their rock, not laid ("cave wall" is rough stone, not bricks).
  ["cave wall", "cave"],
  ["cave walls", "cave"],
  ["cave floor", "cave"],
  ["cave ceiling", "cave"],
  ["cavern wall", "cavern"],
  ["cavern walls", "cavern"],
  ["cavern floor", "cavern"],
  ["cliff face", "cliff"],
  ["rock face", "cliff"],
  ["canyon wall", "cliff"],
  ["canyon walls", "cliff"],
  ["quarry wall", "quarry"],
  // Brick bonds: the running (stretcher) bond is the game's own bricks.
  ["running bond", "bricks"],
  ["stretcher bond", "bricks"],
  ["stack bond", "stacked"],
  ["stacked bond", "stacked"],
  ["flemish bond", "flemish_bond"],
  ["english bond", "english_bond"],
  ["herringbone bond", "herringbone"],
  ["basket weave", "basketweave"],
  ["basketweave bond", "basketweave"],
];

export const SURFACE_SYNONYMS: Record<string, string> = {
  metal: "iron",
  metallic: "iron",
  // Trees the game lacks, drawn as the game's wood nearest in colour.
  palm: "jungle",
  teak: "jungle",
  mahogany: "mangrove",
  redwood: "mangrove",
  ebony: "dark_oak",
  walnut: "dark_oak",
  cedar: "spruce",
  fir: "spruce",
  maple: "oak",
  elm: "oak",
  willow: "oak",
  beech: "birch",
  driftwood: "pale_oak",
  seaweed: "kelp",
  cinder: "concrete",
  embossed: "chiseled",
  embossing: "chiseled",
};

/**
 * Wear said as a noun on a block texture: cracks said plainly ("stone bricks with cracks") are the cracked wear
 * (with a colour or a glow they are an overlay of their own, art/overlay-words.ts). Read by the texture readers
 * only (art/material.ts readWords, interpret/texture-subject.ts), so an item's cracks stay its painters' business.
 */
export const WEAR_NOUNS: Record<string, Modifier> = {
  cracks: "cracked",
  crack: "cracked",
  fissures: "cracked",
  fractures: "cracked",
  fractured: "cracked",
};

/** Rocks an ore may sit in (art/material.ts). */
export const ROCKS = new Set([
  "stone",
  "deepslate",
  "netherrack",
  "end_stone",
  "blackstone",
  "sandstone",
  "andesite",
  "granite",
  "diorite",
  "tuff",
  "basalt",
  "calcite",
]);
/** Leaf colours per wood species (art/material.ts). */
export const LEAF_COLOURS: Record<string, string> = {
  spruce: "#3b5e3b",
  birch: "#5e8a3a",
  cherry: "#e9a6c6",
  jungle: "#3a8a1c",
  acacia: "#57862a",
  dark_oak: "#2f6b17",
  mangrove: "#4c8a23",
  pale_oak: "#8a928a",
  crimson: "#8e1e1e",
  warped: "#16857a",
};
