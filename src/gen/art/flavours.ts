/**
 * Flavours: the state and flavour adjectives the painters can draw (old, burnt, frozen, shiny, small…), each
 * declared as what it does to a picture. This table is the product's design (what we know how to draw), so it
 * is kept by hand; the words that reach it are not: scripts/lexicon.ts walks WordNet 3.1 from every adjective
 * through its synonyms, similar-to and derived forms to the words listed here (ancient → old → worn, soggy →
 * wet, scorched → burnt), and the interpretation reports the path in `via`. A word that reaches no flavour
 * stays `unmatched`: only what visibly changes the picture counts as read.
 *
 * The effects themselves are painted by art/flavour-paint.ts, on finished sprites (items, icons, the drawn
 * library) and on the indexed canvas of block textures (which keeps them tiling and inside 4-12 colours).
 */
import type { Reshape } from "./flavour-reshape.ts";
import { SHAPE_FLAVOURS } from "./shape-flavours.ts";

/** A shift of every colour of the picture (HSL): the count of colours never grows. */
export interface Shift {
  /** Added to lightness (-1..1); negative darkens. */
  light?: number;
  /** Saturation multiplier. */
  sat?: number;
  /** Pull the hue toward `[degrees, share 0..1]`. */
  hue?: [number, number];
  /** Pull every lightness toward the picture's mean by this share (a flatter, matte ramp). */
  flatten?: number;
  /** Push every lightness away from the picture's mean by this share (stronger highlights and shadows). */
  contrast?: number;
}

/** Marks drawn on the picture, each in one colour (a hex) or one shade darker or lighter than the pixel under it. */
export type MarkColour = `#${string}` | "darker" | "lighter";
export type Mark =
  /**
   * Scattered specks or two-pixel blotches covering `share` of the inside (rust, rot, dust, soot, dents);
   * `shaded`: on the darker half only, so the highlights stay (confetti on a white cake leaves it white).
   */
  | { kind: "spots"; colour: MarkColour; share: number; blotch?: boolean; shaded?: boolean }
  /** Notches bitten out of the silhouette's edge (sprites) or dark pits (textures). */
  | { kind: "chips"; count: number }
  /** Short diagonal strokes across the inside. */
  | { kind: "scratches"; count: number; colour: MarkColour }
  /** The ring of pixels just inside the outline (`top`: only where the light falls, top and left). */
  | { kind: "rim"; colour: MarkColour; side: "all" | "top" }
  /** Single bright pixels where light would catch (wet, shiny): on the lighter half of the picture. */
  | { kind: "glints"; colour: MarkColour; share: number }
  /** A jagged line across the picture: the picture's darkest colour unless one is given (lightning). */
  | { kind: "crack"; colour?: MarkColour }
  /** Every other pixel of the inner ring lighter: an engraved or filigree trim. */
  | { kind: "trim"; colour: MarkColour }
  /** Diagonal bands of a colour over the inside, like the game's enchantment glint. */
  | { kind: "sheen"; colour: MarkColour }
  /** One shade up or down on a scatter of pixels: a rough grain. */
  | { kind: "grain"; share: number };

export interface Flavour {
  /** What a person sees, for the vocabulary operation and the README. */
  does: string;
  /** The painters' own words for it; WordNet brings the rest (see the header). */
  words: string[];
  shift?: Shift;
  marks?: Mark[];
  /** Sprites only: the silhouette drawn at this share of the canvas, centred on the ground (small, tiny). */
  scale?: number;
  /** Sprites only: the silhouette one pixel thicker all round, where the canvas leaves room (large, heavy). */
  thicken?: boolean;
  /** Sprites only: the silhouette reshaped along its length (art/flavour-reshape.ts: thin, wide, curved…). */
  reshape?: Reshape;
  /**
   * A texture wear word that block textures already draw in their own material (art/material.ts): textures
   * leave it to that and only sprites paint this flavour.
   */
  wear?: string;
}

export const FLAVOURS = {
  worn: {
    does: "faded colours, chipped edges, scratches and darker edges",
    words: [
      "old",
      "worn",
      "shabby",
      "battered",
      "used",
      "tattered",
      "ragged",
      "torn",
      "vintage",
      "scratched",
      "scuffed",
      "beaten",
    ],
    shift: { sat: 0.82, light: -0.03 },
    marks: [
      { kind: "rim", colour: "darker", side: "all" },
      { kind: "chips", count: 2 },
      { kind: "scratches", count: 2, colour: "lighter" },
    ],
  },
  weathered: {
    does: "faded colours and darker edges (textures: their own weathering)",
    words: ["weathered"],
    wear: "weathered",
    shift: { sat: 0.6 },
    marks: [{ kind: "rim", colour: "darker", side: "all" }],
  },
  broken: {
    does: "a dark crack across the picture and chipped edges",
    words: ["broken", "shattered", "smashed", "damaged"],
    marks: [{ kind: "crack" }, { kind: "chips", count: 3 }],
  },
  chipped: {
    does: "notches bitten out of the edges",
    words: ["chipped", "nicked", "notched", "bitten", "nibbled", "eaten"],
    marks: [{ kind: "chips", count: 4 }],
  },
  dented: {
    does: "darker dents over the surface",
    words: ["dented", "bent"],
    marks: [{ kind: "spots", colour: "darker", share: 0.07, blotch: true }],
  },
  rusty: {
    does: "orange-brown rust spots (textures: their own rust)",
    words: ["rusty", "corroded"],
    wear: "rusty",
    marks: [{ kind: "spots", colour: "#8a4a22", share: 0.12, blotch: true }],
  },
  oxidized: {
    does: "teal patina spots (textures: their own oxidation)",
    words: ["oxidized", "tarnished"],
    wear: "oxidized",
    marks: [{ kind: "spots", colour: "#4f9e8a", share: 0.12, blotch: true }],
  },
  mossy: {
    does: "green moss spots (textures: their own moss)",
    words: ["mossy", "overgrown"],
    wear: "mossy",
    marks: [{ kind: "spots", colour: "#5b7f2a", share: 0.12, blotch: true }],
  },
  frozen: {
    does: "a blue tint, a frost rim of blue-white pixels and icy glints",
    words: ["frozen", "icy", "cold", "wintry", "chilled"],
    shift: { hue: [205, 0.45], sat: 0.8, light: 0.06 },
    marks: [
      { kind: "rim", colour: "#e4f2ff", side: "top" },
      { kind: "glints", colour: "#ffffff", share: 0.03 },
    ],
  },
  wet: {
    does: "darker, more saturated colours with bright specular pixels",
    words: ["wet", "soaked", "drenched", "dripping"],
    shift: { light: -0.12, sat: 1.15 },
    marks: [{ kind: "glints", colour: "#ffffff", share: 0.04 }],
  },
  dry: {
    does: "paler, less saturated colours",
    words: ["dry", "bleached", "withered", "wilted", "dead"],
    shift: { sat: 0.6, light: 0.08 },
  },
  dusty: {
    does: "paler colours under light grey dust specks",
    words: ["dusty", "ashy"],
    shift: { sat: 0.7, light: 0.05 },
    marks: [{ kind: "spots", colour: "#cfc8b8", share: 0.08 }],
  },
  dirty: {
    does: "darker colours with brown grime spots",
    words: ["dirty"],
    shift: { light: -0.08, sat: 0.85 },
    marks: [{ kind: "spots", colour: "#4a3a28", share: 0.09, blotch: true }],
  },
  clean: {
    does: "lighter, brighter colours with a few glints",
    words: ["clean", "pristine"],
    shift: { light: 0.06, sat: 1.1 },
    marks: [{ kind: "glints", colour: "lighter", share: 0.02 }],
  },
  glowing: {
    does: "a lit palette and a bright rim inside the outline (textures: their own glow)",
    words: ["glowing", "luminous", "radiant", "shining", "lit"],
    wear: "glowing",
    shift: { light: 0.14, sat: 1.1 },
    marks: [{ kind: "rim", colour: "lighter", side: "all" }],
  },
  shiny: {
    does: "stronger highlights and shadows with bright glints",
    words: [
      "shiny",
      "gleaming",
      "glossy",
      "lustrous",
      "sparkling",
      "sparkly",
      "shimmering",
      "metallic",
      "lacquered",
      "varnished",
    ],
    shift: { contrast: 0.35 },
    marks: [{ kind: "glints", colour: "#ffffff", share: 0.035 }],
  },
  polished: {
    does: "stronger highlights and bright glints (textures: a polished panel)",
    words: ["polished", "buffed"],
    wear: "polished",
    shift: { contrast: 0.3 },
    marks: [{ kind: "glints", colour: "#ffffff", share: 0.03 }],
  },
  dull: {
    does: "a flattened, matte ramp",
    words: ["dull", "faded", "blunt", "dim"],
    shift: { flatten: 0.55, sat: 0.8 },
  },
  plain: {
    does: "a flatter ramp with no glints",
    words: ["plain", "basic"],
    shift: { flatten: 0.3 },
  },
  ornate: {
    does: "a gilded trim of dotted pixels inside the edge",
    words: [
      "ornate",
      "fancy",
      "decorated",
      "elaborate",
      "ornamented",
      "decorative",
      "royal",
      "intricate",
      "embroidered",
      "etched",
      "filigree",
    ],
    marks: [{ kind: "trim", colour: "#ecd27a" }],
  },
  hot: {
    does: "a red-orange tint with a glowing orange rim",
    words: ["hot", "searing", "blazing", "fiery", "burning", "boiling", "melted", "steaming", "sizzling"],
    shift: { hue: [18, 0.45], sat: 1.25, light: 0.04 },
    marks: [{ kind: "rim", colour: "#ffa040", side: "all" }],
  },
  raw: {
    does: "lighter, more saturated, moist-looking colours with a few glints",
    words: ["raw", "uncooked"],
    shift: { sat: 1.2, light: 0.08 },
    marks: [{ kind: "glints", colour: "lighter", share: 0.02 }],
  },
  cooked: {
    does: "browner, darker, toasted colours",
    words: ["cooked", "baked"],
    shift: { hue: [28, 0.3], light: -0.07, sat: 1.05 },
  },
  burnt: {
    does: "much darker, charred colours with black soot spots",
    words: ["burnt", "charred", "scorched", "singed", "blackened"],
    shift: { light: -0.25, sat: 0.55, hue: [20, 0.3] },
    marks: [{ kind: "spots", colour: "#1c1612", share: 0.12, blotch: true }],
  },
  rotten: {
    does: "sickly green-brown colours with rot spots",
    words: ["rotten", "rotting", "spoiled", "mouldy", "moldy", "putrid", "rancid", "undead", "zombie"],
    shift: { hue: [75, 0.35], sat: 0.7, light: -0.08 },
    marks: [
      { kind: "spots", colour: "#55682a", share: 0.1, blotch: true },
      { kind: "spots", colour: "#4a3a22", share: 0.05 },
    ],
  },
  fresh: {
    does: "richer, more saturated colours",
    words: ["fresh", "ripe", "juicy", "crisp", "vivid", "vibrant", "neon", "colorful", "colourful"],
    shift: { sat: 1.35, light: 0.03 },
  },
  enchanted: {
    does: "purple enchantment-glint bands over the picture",
    words: [
      "enchanted",
      "magic",
      "magical",
      "mystic",
      "mystical",
      "arcane",
      "holy",
      "divine",
      "celestial",
      "blessed",
      "sacred",
      "angelic",
    ],
    marks: [{ kind: "sheen", colour: "#c48cff" }],
  },
  cursed: {
    does: "darker, purple-tinted colours with shadowy spots",
    words: ["cursed", "haunted", "evil", "unholy", "wicked", "sinister", "corrupted", "spooky", "shadowy", "creepy"],
    shift: { hue: [285, 0.3], light: -0.14, sat: 0.75 },
    marks: [{ kind: "spots", colour: "#2e1a3c", share: 0.07, blotch: true }],
  },
  ghostly: {
    does: "pale, cold, washed-out colours, as a ghost",
    words: ["ghostly", "ghost", "spectral", "phantom", "ethereal", "spirit"],
    shift: { hue: [200, 0.4], light: 0.18, sat: 0.5 },
  },
  bloody: {
    does: "dark red blood spots",
    words: ["bloody", "bloodied", "bloodstained", "gory"],
    marks: [{ kind: "spots", colour: "#7a1414", share: 0.1, blotch: true }],
  },
  toxic: {
    does: "a sickly green tint with bright green spots",
    words: ["toxic", "poisonous", "venomous", "radioactive", "poisoned", "noxious", "nuclear"],
    shift: { hue: [100, 0.35], sat: 1.1 },
    marks: [{ kind: "spots", colour: "#8cf04a", share: 0.08 }],
  },
  electric: {
    does: "a bright blue-white lightning line across the picture with glints",
    words: ["electric", "electrified", "charged", "shocking", "crackling"],
    marks: [
      { kind: "crack", colour: "#bff4ff" },
      { kind: "glints", colour: "#ffffff", share: 0.02 },
    ],
  },
  // A festive look's party colours (art/looks.ts "festive": a birthday cake, a Christmas sweater).
  confetti: {
    // Two colours only: a third would often pass the 12-colour cap and cost the picture one of its own.
    does: "bright confetti specks of pink and sky blue on the shaded half",
    words: ["confetti", "sprinkled"],
    marks: [
      { kind: "spots", colour: "#ff5c9a", share: 0.05, shaded: true },
      { kind: "spots", colour: "#5cc8ff", share: 0.05, shaded: true },
    ],
  },
  // East Asian red lacquerware (urushi): the culture look "eastern" (art/looks.ts) is painted with it.
  urushi: {
    does: "a deep red lacquer tint with glossy glints, as urushi lacquerware",
    words: ["urushi"],
    shift: { hue: [356, 0.4], sat: 1.2, contrast: 0.2 },
    marks: [{ kind: "glints", colour: "#ffffff", share: 0.03 }],
  },
  pastel: {
    does: "soft, pale, less saturated colours",
    words: ["pastel", "soft", "faint", "misty", "foggy", "hazy"],
    shift: { light: 0.15, sat: 0.6 },
  },
  unripe: {
    does: "a green tint, as fruit before it ripens",
    words: ["unripe", "immature"],
    shift: { hue: [95, 0.45] },
  },
  sharp: {
    does: "a bright edge where the light falls",
    words: ["sharp", "keen", "razor", "honed", "sharpened", "spiky", "spiked", "pointy", "pointed", "barbed"],
    marks: [{ kind: "rim", colour: "lighter", side: "top" }],
  },
  rough: {
    does: "a rough grain of scattered lighter and darker pixels",
    words: ["rough", "rugged", "crude", "primitive", "rustic"],
    marks: [{ kind: "grain", share: 0.18 }],
  },
  small: {
    does: "a smaller silhouette (three quarters of the canvas)",
    words: ["small", "mini", "short"],
    scale: 0.75,
  },
  tiny: {
    does: "a much smaller silhouette (about half the canvas)",
    words: ["tiny", "teeny", "minuscule", "wee", "itsy"],
    scale: 0.56,
  },
  large: {
    does: "a silhouette one pixel thicker all round",
    words: ["large", "gigantic"],
    thicken: true,
  },
  heavy: {
    does: "a silhouette one pixel thicker all round",
    words: ["heavy", "sturdy", "thick", "chunky", "hefty", "stout", "mighty"],
    thicken: true,
  },
  ...SHAPE_FLAVOURS,
} satisfies Record<string, Flavour>;

export type FlavourName = keyof typeof FLAVOURS;
export const FLAVOUR_TABLE: Record<FlavourName, Flavour> = FLAVOURS;

/** Word → flavour: each word of the table, the first flavour listing it winning. */
export const FLAVOUR_OF: ReadonlyMap<string, FlavourName> = (() => {
  const out = new Map<string, FlavourName>();
  for (const [name, f] of Object.entries(FLAVOUR_TABLE) as [FlavourName, Flavour][])
    for (const w of f.words) if (!out.has(w)) out.set(w, name);
  return out;
})();
