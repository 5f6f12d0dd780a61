/**
 * Material families: the kinds of stuff people name that had no painter of their own (plastic, rubber,
 * ceramic, paper, cloth, fur, cork, terrazzo), each declared as a ramp (colour and spread) on a structure the
 * painters already draw, plus the finish it carries (a sheen, specks). art/vocabulary.ts spreads them into its
 * SUBSTANCES, so the lexicon (scripts/lexicon.ts) aims WordNet at them: every noun filed under one of them
 * (polyethylene and vinyl under plastic, parchment and cardboard under paper, denim under cloth) reaches its
 * family, and so do the adjectives made from those nouns (scripts/lexicon/materials.ts: papery, rubbery).
 * Also the texture subject words that name a laid structure by another name (scales, hedges).
 */
import type { Structure, Substance } from "./vocabulary";

export const MATERIAL_FAMILIES: Record<string, Substance> = {
  // Moulded and poured synthetics: smooth, evenly coloured, taking any colour said outright.
  plastic: { colour: "#d8d8d2", structure: "slab", spread: 0.2, dyeable: true },
  rubber: { colour: "#2e2e31", structure: "grainy", spread: 0.14, dyeable: true },
  // Vinyl as people name it first, a record: a glossy black plastic.
  vinyl: { colour: "#2a2a2e", structure: "slab", spread: 0.2, dyeable: true },
  // Fired and glazed clay: a smooth glaze (a floor or wall of it is laid as tiles, art/surface-words.ts).
  ceramic: { colour: "#e6e1d6", structure: "grainy", spread: 0.1, dyeable: true },
  // Pulp and sheets: paper is a pale fibrous sheet, cardboard its brown board.
  paper: { colour: "#ece6d2", structure: "grainy", spread: 0.08, dyeable: true },
  cardboard: { colour: "#b48a5a", structure: "strata", spread: 0.16 },
  // Woven and felted stuff, and hair: drawn as soft knitted fibre.
  cloth: { colour: "#cfc8bb", structure: "wool", spread: 0.2, dyeable: true },
  fur: { colour: "#8a6a4a", structure: "wool", spread: 0.32, dyeable: true },
  // Bark of the cork oak, cut: brown granules.
  cork: { colour: "#b0875a", structure: "gravel", spread: 0.3 },
  // Chips of stone set in cement and polished.
  terrazzo: { colour: "#d9d3c8", structure: "grainy", spread: 0.1 },
  // What animals are covered in besides hide and fur: shell in ridged layers.
  shell: { colour: "#e6d8c0", structure: "strata", spread: 0.22 },
  // Wax: soft, smooth and pale; it takes the colour said.
  wax: { colour: "#e8dba6", structure: "grainy", spread: 0.1, dyeable: true },
};

/** Overlays a family carries, as a person would say them (art/surface-words.ts MATERIAL_OVERLAYS): terrazzo's chips. */
export const FAMILY_OVERLAYS: Record<string, string> = {
  terrazzo: "with grey dots",
};

/** The finish a family carries, as a flavour word (art/flavours.ts): moulded plastic and glaze are glossy. */
const FAMILY_FLAVOUR: Record<string, string> = {
  plastic: "glossy",
  vinyl: "glossy",
  ceramic: "glossy",
  porcelain: "glossy",
};

/** The flavour word a drawn substance brings by itself ("" for none), read with the prompt's own (texture.ts). */
export const familyFinish = (substance: string): string => FAMILY_FLAVOUR[substance] ?? "";

/** Texture subject words that name a structure under another name: a fish's or dragon's scales, a hedge. */
export const FAMILY_STRUCTURE_WORDS: Record<string, Structure> = {
  scales: "scales",
  scaly: "scales",
  scaled: "scales",
  // Feathers lie in overlapping rows as scales do (the item painters read "feathers" as a part first).
  plumage: "scales",
  feathered: "scales",
  // Building elements drawn as the laid structure they show: steps as stacked half-blocks, pipes as upright
  // flutes, rope as twisted strands, a trellis as bars, pavers as set stones, an arch as masonry.
  stairs: "slab",
  staircase: "slab",
  stairway: "slab",
  steps: "slab",
  pipes: "column",
  pipe: "column",
  pipework: "column",
  tubes: "column",
  rope: "straw",
  ropes: "straw",
  twine: "straw",
  trellis: "grate",
  manhole: "grate",
  drain: "grate",
  pavers: "cobble",
  paver: "cobble",
  arch: "bricks",
  archway: "bricks",
  beams: "planks",
  beam: "planks",
  rafters: "planks",
  pallet: "planks",
  doormat: "straw",
  tatami: "straw",
  hexagon: "honeycomb",
  // A board is a plank of wood, or a sheet of what is named ("cork board", "particle board"): a weak word.
  board: "planks",
  // Parts of a tree: its rings are the log's end, its roots its bark; a liquid and its waves swirl.
  rings: "rings",
  stump: "rings",
  roots: "bark",
  waves: "liquid",
  ripples: "liquid",
  hedge: "leaves",
  hedges: "leaves",
  hedgerow: "leaves",
  topiary: "leaves",
};

/** Structure words that decide only when no material is named (art/vocabulary.ts WEAK_STRUCTURES). */
export const FAMILY_WEAK_STRUCTURES = ["board"];

/** Two-word names of one material, read as one word (art/vocabulary.ts COMPOUNDS). */
export const FAMILY_COMPOUNDS: [string, string][] = [
  ["chain mail", "chainmail"],
  ["chain link", "grate"],
  ["sheet metal", "iron"],
  ["tin foil", "iron"],
  ["chess board", "chessboard"],
  // Rock that came out of a volcano, and the game's names for a finish of a block.
  ["lava rock", "basalt"],
  ["volcanic rock", "basalt"],
  ["cut copper", "copper tiles"],
  ["powder snow", "snow"],
  ["concrete powder", "concrete"],
  ["checker board", "checkerboard"],
];

/** Words folded onto the painters' own (art/vocabulary.ts SYNONYMS). */
export const FAMILY_SYNONYMS: Record<string, string> = {
  // A tree is its wood: bark unless something stronger is said ("tree rings", "tree leaves").
  tree: "wood",
};
