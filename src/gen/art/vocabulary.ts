/**
 * The words a prompt (or a vanilla texture name) may use for materials, with the colour and surface
 * structure each one implies. Colours are picked to sit near the vanilla look of the same material.
 */

import * as surfaces from "./vocabulary-surfaces";
import * as families from "./material-families";

/** How a surface is built; each has one painter in art/structures*.ts. */
export type Structure =
  | "stone" // clustered noise with soft streaks
  | "grainy" // fine speckle over soft patches: sand, dirt, snow, concrete powder
  | "strata" // horizontal layers: sandstone, terracotta bands
  | "cobble" // rounded stones in mortar
  | "gravel" // small pebbles
  | "bricks" // courses of bricks
  | "planks" // boards with grain
  | "bark" // vertical bark furrows (log side)
  | "rings" // log end grain
  | "ore" // mineral specks over a rock base
  | "leaves" // leaf clusters with holes
  | "wool" // soft knitted fibre
  | "glass" // frame, clear middle, glints
  | "panel" // bevelled block: metal and gem blocks, polished stone
  | "crystal" // flat-shaded facets
  | "netherrack" // cracked red rock
  | "liquid" // swirled lava or water
  | "ice" // clear cracks in blue
  | "grass" // grass top: blades
  | "grass_side" // dirt with a grass fringe on top
  | "checkered" // two colours in alternating squares
  | "stripes" // two colours in diagonal bands (hazard stripes)
  | "bookshelf" // two rows of books between planks, in the colours named
  | "honeycomb" // wax cells in offset rows
  | "sculk" // dark teal rock with glowing cyan specks
  // Laid structures (art/layouts.ts): pieces with joints, each bevelled.
  | "stack_bond" // bricks with aligned joints
  | "herringbone" // 2:1 bricks in a zig-zag
  | "basketweave" // pairs of bricks, lying and standing in turn
  | "flemish_bond" // each course long and short bricks in turn
  | "english_bond" // courses of long bricks and of short ones in turn
  | "straw" // woven strands
  | "tiles" // square tiles with grout
  | "column" // a column's side: upright flutes
  | "column_top" // a column's cap
  | "grate" // bars with holes
  | "crate" // boards in a frame with a brace
  | "door" // boards in a frame crossed by bands
  | "barrel" // upright staves held by two hoops
  | "shingles" // overlapping rows of roof tiles, each shaded under the row above
  | "scales" // overlapping rows of round scales (a fish's, a dragon's)
  | "slab"; // two smooth half-blocks, one above the other

export interface Substance {
  colour: string;
  structure: Structure;
  /** Lightness range of the ramp (contrast). */
  spread?: number;
  /** Substances whose colour a colour word replaces outright (wool, glass, concrete). */
  dyeable?: boolean;
  transparent?: boolean;
}

export const SUBSTANCES: Record<string, Substance> = {
  stone: { colour: "#7d7d7d", structure: "stone", spread: 0.3 },
  cobblestone: { colour: "#7a7a7a", structure: "cobble", spread: 0.42 },
  deepslate: { colour: "#4f4f55", structure: "stone", spread: 0.26 },
  granite: { colour: "#9a6a56", structure: "stone", spread: 0.3 },
  diorite: { colour: "#bdbdbd", structure: "stone", spread: 0.34 },
  andesite: { colour: "#878788", structure: "stone", spread: 0.28 },
  tuff: { colour: "#6c6d66", structure: "stone", spread: 0.24 },
  calcite: { colour: "#dedfda", structure: "stone", spread: 0.16 },
  basalt: { colour: "#525257", structure: "strata", spread: 0.3 },
  blackstone: { colour: "#2f2a31", structure: "stone", spread: 0.2 },
  sandstone: { colour: "#dccb98", structure: "strata", spread: 0.22 },
  sand: { colour: "#dacf9e", structure: "grainy", spread: 0.18 },
  red_sand: { colour: "#bb6430", structure: "grainy", spread: 0.2 },
  gravel: { colour: "#857f7d", structure: "gravel", spread: 0.42 },
  dirt: { colour: "#875f42", structure: "grainy", spread: 0.3 },
  // Mud as people picture it (wet brown earth): the game's own mud block is a dark grey-brown.
  mud: { colour: "#5e4434", structure: "grainy", spread: 0.22 },
  clay: { colour: "#a1a6b4", structure: "grainy", spread: 0.16 },
  grass: { colour: "#62a03c", structure: "grass", spread: 0.3 },
  moss: { colour: "#5a7b2c", structure: "grass", spread: 0.26 },
  podzol: { colour: "#5b3f1d", structure: "grainy", spread: 0.3 },
  leaves: { colour: "#3d7d1f", structure: "leaves", spread: 0.4, dyeable: true },
  wool: { colour: "#e8ebeb", structure: "wool", spread: 0.18, dyeable: true },
  concrete: { colour: "#cfd5d6", structure: "grainy", spread: 0.06, dyeable: true },
  terracotta: { colour: "#985e43", structure: "grainy", spread: 0.12, dyeable: true },
  glass: { colour: "#c4e0e6", structure: "glass", spread: 0.3, dyeable: true, transparent: true },
  iron: { colour: "#d2d2d2", structure: "panel", spread: 0.42 },
  steel: { colour: "#a9b1b8", structure: "panel", spread: 0.42 },
  silver: { colour: "#d9dde3", structure: "panel", spread: 0.42 },
  gold: { colour: "#f2cf3a", structure: "panel", spread: 0.45 },
  copper: { colour: "#c16c4c", structure: "panel", spread: 0.4 },
  bronze: { colour: "#b0803e", structure: "panel", spread: 0.4 },
  netherite: { colour: "#46403f", structure: "panel", spread: 0.28 },
  obsidian: { colour: "#231a33", structure: "stone", spread: 0.26 },
  netherrack: { colour: "#6e3030", structure: "netherrack", spread: 0.3 },
  nether: { colour: "#3a1a1f", structure: "bricks", spread: 0.22 },
  end_stone: { colour: "#dcdf9e", structure: "stone", spread: 0.2 },
  purpur: { colour: "#a97ba9", structure: "panel", spread: 0.3 },
  prismarine: { colour: "#63a696", structure: "stone", spread: 0.34 },
  ice: { colour: "#8db3f6", structure: "ice", spread: 0.3 },
  lava: { colour: "#e0621a", structure: "liquid", spread: 0.5 },
  magma: { colour: "#8e3f1c", structure: "netherrack", spread: 0.45 },
  water: { colour: "#3e64d6", structure: "liquid", spread: 0.3 },
  amethyst: { colour: "#8e62c4", structure: "crystal", spread: 0.45 },
  // A crystal takes the colour said outright ("purple crystal"): it has no colour of its own to keep.
  crystal: { colour: "#9fd8ee", structure: "crystal", spread: 0.45, dyeable: true },
  quartz: { colour: "#e9e3da", structure: "panel", spread: 0.16 },
  bone: { colour: "#e3dfc9", structure: "strata", spread: 0.2 },
  slime: { colour: "#74c062", structure: "glass", spread: 0.3, transparent: true },
  sponge: { colour: "#c8c04c", structure: "gravel", spread: 0.3 },
  glowstone: { colour: "#f2c56a", structure: "gravel", spread: 0.4 },
  leather: { colour: "#8d5a34", structure: "wool", spread: 0.3 },
  chainmail: { colour: "#8d8f94", structure: "panel", spread: 0.4 },
  mushroom: { colour: "#b0322e", structure: "grainy", spread: 0.3, dyeable: true },
  mud_bricks: { colour: "#8b6a50", structure: "bricks", spread: 0.26 },
  sculk: { colour: "#0e3a44", structure: "sculk", spread: 0.4 },
  honeycomb: { colour: "#e3a02c", structure: "honeycomb", spread: 0.35 },
  brass: { colour: "#d1a845", structure: "panel", spread: 0.42 },
  packed_ice: { colour: "#8fbde8", structure: "ice", spread: 0.22 },
  ...surfaces.SURFACE_SUBSTANCES,
  ...families.MATERIAL_FAMILIES,
  // Part materials of issue 28: a lantern's soul fire burns cyan, a blaze rod is a glowing orange stick.
  soul_fire: { colour: "#4fd6de", structure: "liquid", spread: 0.45 },
  blaze_rod: { colour: "#f0a51e", structure: "panel", spread: 0.45 },
};

/** Wood species: planks colour, bark colour (log side) and end-grain colour (log top). */
export const WOODS: Record<string, { planks: string; bark: string; rings: string }> = {
  oak: { planks: "#b08d57", bark: "#6a5030", rings: "#b69461" },
  spruce: { planks: "#7a5a35", bark: "#3c2a17", rings: "#7a5b37" },
  birch: { planks: "#d2bd80", bark: "#d9d5c9", rings: "#cdb97e" },
  jungle: { planks: "#a97453", bark: "#594a1f", rings: "#a5784f" },
  acacia: { planks: "#ac5d33", bark: "#676058", rings: "#b0613a" },
  dark_oak: { planks: "#4d3119", bark: "#3c2e1a", rings: "#533619" },
  mangrove: { planks: "#763631", bark: "#594934", rings: "#763a33" },
  cherry: { planks: "#e2b3ac", bark: "#3a2331", rings: "#dfaaa4" },
  pale_oak: { planks: "#e2dad6", bark: "#7a706b", rings: "#e3dcd8" },
  bamboo: { planks: "#c9b14e", bark: "#7c8c2b", rings: "#d6c165" },
  crimson: { planks: "#6c344c", bark: "#5b1c1d", rings: "#7a2c44" },
  warped: { planks: "#2b6963", bark: "#3a3a4e", rings: "#398a80" },
  wood: { planks: "#a8834f", bark: "#634a2d", rings: "#ad8b58" },
};

/** Minerals: the colour of ore specks, gem blocks and item heads. */
export const MINERALS: Record<string, string> = {
  diamond: "#4fe3e0",
  emerald: "#1ed760",
  ruby: "#d8203e",
  sapphire: "#2e63dc",
  topaz: "#f2b23a",
  amethyst: "#a66bd9",
  coal: "#2a2a2a",
  redstone: "#e31b0e",
  lapis: "#2553b8",
  quartz: "#ece6dc",
  iron: "#d9ad91",
  gold: "#fbe34a",
  copper: "#e3824c",
  netherite: "#5d4c4c",
  jade: "#3fae7a",
  onyx: "#30303a",
  opal: "#d9e8f0",
};

/** Words that pick a structure regardless of the substance named with them. */
export const STRUCTURE_WORDS: Record<string, Structure> = {
  ...families.FAMILY_STRUCTURE_WORDS,
  brick: "bricks",
  bricks: "bricks",
  cobble: "cobble",
  cobbled: "cobble",
  cobblestone: "cobble",
  plank: "planks",
  planks: "planks",
  boards: "planks",
  floorboards: "planks",
  log: "bark",
  bark: "bark",
  trunk: "bark",
  stem: "bark",
  wood: "bark",
  hyphae: "bark",
  ore: "ore",
  leaves: "leaves",
  leaf: "leaves",
  foliage: "leaves",
  wool: "wool",
  carpet: "wool",
  cloth: "wool",
  fabric: "wool",
  glass: "glass",
  window: "glass",
  pane: "glass",
  tiles: "tiles",
  tile: "tiles",
  tiled: "tiles",
  grout: "tiles",
  panel: "panel",
  panels: "panel",
  herringbone: "herringbone",
  parquet: "herringbone",
  basketweave: "basketweave",
  basket: "basketweave",
  woven: "straw",
  weave: "straw",
  wicker: "straw",
  thatch: "straw",
  thatched: "straw",
  stacked: "stack_bond",
  stack: "stack_bond",
  column: "column",
  pillar: "column",
  grate: "grate",
  grating: "grate",
  grille: "grate",
  bars: "grate",
  crate: "crate",
  door: "door",
  ...surfaces.SURFACE_STRUCTURE_WORDS,
  gate: "door",
  polished: "panel",
  block: "panel",
  plate: "panel",
  crystal: "crystal",
  crystals: "crystal",
  geode: "crystal",
  cluster: "crystal",
  gravel: "gravel",
  pebbles: "gravel",
  checkered: "checkered",
  chequered: "checkered",
  checker: "checkered",
  checkerboard: "checkered",
  chessboard: "checkered",
  chequerboard: "checkered",
  striped: "stripes",
  stripes: "stripes",
  stripe: "stripes",
  hazard: "stripes",
  hexagonal: "honeycomb",
  hexagons: "honeycomb",
  bookshelf: "bookshelf",
  bookshelves: "bookshelf",
  bookcase: "bookshelf",
  books: "bookshelf",
};

/** Structure words that only decide when nothing else does ("amethyst block" is crystal, "block" alone a panel). */
export const WEAK_STRUCTURES: ReadonlySet<string> = new Set(["block", "plate", ...families.FAMILY_WEAK_STRUCTURES]);

/** Surface variants that layer on top of any structure. */
export const MODIFIERS = [
  "mossy",
  "cracked",
  "polished",
  "chiseled",
  "smooth",
  "dark",
  "light",
  "pale",
  "weathered",
  // Metal wear: rust on iron, the copper oxidation stages (exposed, weathered is shared, oxidized).
  "rusty",
  "exposed",
  "oxidized",
  // Details drawn over any surface: bolt heads at the corners and edges, winding veins (glowing: lit).
  "riveted",
  "veined",
  "glowing",
  "spotted",
] as const;
export type Modifier = (typeof MODIFIERS)[number];

/** Two-word names read as one word, so "dark oak" is a species and "light blue" a colour. */
export const COMPOUNDS: [string, string][] = [
  ["dark oak", "dark_oak"],
  ["pale oak", "pale_oak"],
  ["red sand", "red_sand"],
  ["end stone", "end_stone"],
  ["light blue", "light_blue"],
  ["light gray", "light_gray"],
  ["light grey", "light_gray"],
  ["nether brick", "nether brick"],
  ["lapis lazuli", "lapis"],
  ["nether quartz", "quartz"],
  ["ancient debris", "netherite"],
  ["mud bricks", "mud_bricks"],
  ["mud brick", "mud_bricks"],
  ["packed ice", "packed_ice"],
  ["soul fire", "soul_fire"],
  ["soul flame", "soul_fire"],
  ["soul flames", "soul_fire"],
  ["blaze rod", "blaze_rod"],
  ...surfaces.SURFACE_COMPOUNDS,
  ...families.FAMILY_COMPOUNDS,
];

/** Synonyms folded onto the vocabulary above. */
export const SYNONYMS: Record<string, string> = {
  rock: "stone",
  ...surfaces.SURFACE_SYNONYMS,
  ...families.FAMILY_SYNONYMS,
  rocky: "stone",
  slate: "deepslate",
  limestone: "calcite",
  soil: "dirt",
  earth: "dirt",
  snowy: "snow",
  // "frozen" and "icy" are a flavour (art/flavours.ts: frost over the thing's own colours), not ice itself.
  molten: "lava",
  fire: "lava",
  ocean: "water",
  sea: "water",
  golden: "gold",
  coppery: "copper",
  rusted: "rusty",
  rust: "rusty",
  oxidised: "oxidized",
  verdigris: "oxidized",
  rivets: "riveted",
  rivet: "riveted",
  bolts: "riveted",
  bolted: "riveted",
  veins: "veined",
  vein: "veined",
  glow: "glowing",
  luminous: "glowing",
  spots: "spotted",
  spotty: "spotted",
  dotted: "spotted",
  speckled: "spotted",
  engraved: "chiseled",
  engraving: "chiseled",
  engravings: "chiseled",
  carved: "chiseled",
  chiselled: "chiseled",
  emeralds: "emerald",
  diamonds: "diamond",
  rubies: "ruby",
  wooden: "oak",
  timber: "oak",
  pine: "spruce",
  sakura: "cherry",
  silk: "wool",
  velvet: "wool",
  stones: "stone",
  crying: "obsidian",
  straw: "hay",
  columns: "column",
  pillars: "column",
  crates: "crate",
  doors: "door",
};
