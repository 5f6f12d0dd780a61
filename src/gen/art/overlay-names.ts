/**
 * The texture overlays by name: the words that name each one and the colour it is drawn in when the prompt gives
 * it none. Read by art/overlay-words.ts, drawn by art/overlay-shapes.ts.
 */
export type Overlay =
  | "veins"
  | "cracks"
  | "runes"
  | "vines"
  | "petals"
  | "rivets"
  | "corners"
  | "border"
  | "dots"
  | "snow"
  | "frost"
  | "sand"
  | "lattice"
  | "leaves"
  | "grout"
  | "moss"
  | "bands"
  | "stripes"
  | "stars"
  | "crystals";

/** Words naming an overlay (singular and plural). */
export const OVERLAY_WORDS: Record<string, Overlay> = {
  veins: "veins",
  vein: "veins",
  veined: "veins",
  cracks: "cracks",
  crack: "cracks",
  runes: "runes",
  rune: "runes",
  glyphs: "runes",
  carvings: "runes",
  symbols: "runes",
  ivy: "vines",
  // Overgrown said alone is vines; with moss or snow said it only lays that cover (art/overlay-words.ts).
  overgrown: "vines",
  vines: "vines",
  vine: "vines",
  creepers: "vines",
  petals: "petals",
  blossoms: "petals",
  blossom: "petals",
  flowers: "petals",
  rivets: "rivets",
  bolts: "rivets",
  studs: "rivets",
  corners: "corners",
  brackets: "corners",
  border: "border",
  borders: "border",
  trim: "border",
  edging: "border",
  frame: "border",
  dots: "dots",
  spots: "dots",
  polka: "dots",
  snowy: "snow",
  frost: "frost",
  frosted: "frost",
  frosty: "frost",
  joints: "sand",
  gaps: "sand",
  seams: "sand",
  crevices: "sand",
  lattice: "lattice",
  leaded: "lattice",
  latticed: "lattice",
  motif: "lattice",
  diamonds: "lattice",
  leaves: "leaves",
  leaf: "leaves",
  trimmed: "border",
  trims: "border",
  bordered: "border",
  framed: "border",
  studded: "rivets",
  snow: "snow",
  grout: "grout",
  mortar: "grout",
  moss: "moss",
  lichen: "moss",
  grass: "moss",
  stains: "dots",
  splotches: "dots",
  blotches: "dots",
  splatters: "dots",
  speckles: "dots",
  inlays: "dots",
  inlay: "dots",
  gems: "dots",
  // Gems set in a surface, in their own colour ("a gold panel with rubies").
  rubies: "dots",
  emeralds: "dots",
  sapphires: "dots",
  amethysts: "dots",
  jewels: "dots",
  bands: "bands",
  band: "bands",
  banded: "bands",
  straps: "bands",
  strap: "bands",
  hoops: "bands",
  flower: "petals",
  floral: "petals",
  rose: "petals",
  roses: "petals",
  daisy: "petals",
  daisies: "petals",
  tulip: "petals",
  tulips: "petals",
  lily: "petals",
  lilies: "petals",
  poppies: "petals",
  engravings: "runes",
  hieroglyphs: "runes",
  hieroglyphics: "runes",
  sigils: "runes",
  inscriptions: "runes",
  letters: "runes",
  // Stripes laid on another surface ("a metal panel with yellow stripes"); said alone, they are the surface.
  stripes: "stripes",
  stripe: "stripes",
  stars: "stars",
  star: "stars",
  starry: "stars",
  sparkles: "stars",
  sparkle: "stars",
  twinkles: "stars",
  // Crystals growing on a surface ("a cave wall with amethyst crystals"); said alone, they are the surface.
  crystals: "crystals",
  crystal: "crystals",
  shards: "crystals",
};

/**
 * Marks cut into the surface: said with no colour or light they are carved in the surface's own shades, where
 * runes and sigils said plainly glow their default cyan.
 */
export const CARVED_WORDS = new Set([
  "carvings",
  "engravings",
  "hieroglyphs",
  "hieroglyphics",
  "inscriptions",
  "letters",
  "symbols",
  "glyphs",
]);

/** What an overlay is drawn in when the prompt gives it no colour. */
export const DEFAULT_COLOUR: Record<Overlay, string> = {
  veins: "#3a3a40",
  cracks: "#26262a",
  runes: "#3fe3e0",
  vines: "#3f7f22",
  petals: "#f2a6c8",
  rivets: "#b9bcc2",
  corners: "#9a9ca3",
  border: "#d9b23a",
  dots: "#f4f1e8",
  snow: "#eff2f3",
  frost: "#dcecf7",
  sand: "#dacf9e",
  lattice: "#3b3b42",
  leaves: "#c8702a",
  grout: "#d8d4ca",
  moss: "#5b7f2a",
  bands: "#5f6167",
  stripes: "#e3b31f",
  stars: "#f6e27a",
  crystals: "#a46fd6",
};
