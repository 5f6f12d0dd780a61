/**
 * What the lexicon aims at: the words the painters draw, read from the painters' own tables (so a new
 * family, template, glyph or material is picked up the next time scripts/lexicon.ts runs), plus a short
 * list of associations WordNet does not make by itself, written from the issue's examples and plain
 * knowledge of the words (grout is between tiles, a patina is oxidised copper, ivy is drawn as moss).
 */
import { FAMILY_WORDS } from "../../src/gen/art/silhouettes.ts";
import { GLYPH_WORDS } from "../../src/gen/art/glyphs.ts";
import { TEMPLATES } from "../../src/gen/models/index.ts";
import { alternatives } from "../../src/gen/interpret/alternatives.ts";
import { OWNER_KINDS } from "./owners.ts";
import { MATERIAL_CLASSES } from "./materials.ts";
import { MINERALS, MODIFIERS, STRUCTURE_WORDS, SUBSTANCES, SYNONYMS, WOODS } from "../../src/gen/art/vocabulary.ts";

/**
 * Categories, one letter each in the table: f item family, l library subject, t model template, g icon glyph,
 * s texture structure word, m material, w wear word, c colour, b a broad family drawn as a fallback, e a flavour
 * (art/flavours.ts; reached by adjectives through scripts/lexicon/flavours.ts, not by hypernyms), o the flavour
 * an owner gives what is theirs (scripts/lexicon/owners.ts: "a knight's"), k a look, q a collection of several
 * ("a stack of": scripts/lexicon/quantities.ts).
 */
export type Category = "f" | "l" | "t" | "g" | "s" | "m" | "w" | "c" | "b" | "e" | "o" | "k" | "q";

/** Word (WordNet lemma form) → what it names, per category. */
export function vocabularyTargets(): Map<Category, Map<string, string>> {
  const out = new Map<Category, Map<string, string>>();
  const put = (cat: Category, word: string, target: string) => {
    const m = out.get(cat) ?? new Map<string, string>();
    const key = word.replace(/ /g, "_");
    if (!m.has(key)) m.set(key, target);
    out.set(cat, m);
  };
  for (const [re, family] of FAMILY_WORDS) for (const w of alternatives(re)) put("f", w, family);
  for (const t of TEMPLATES) for (const w of t.words) put("t", w, t.name);
  for (const [re, glyph] of GLYPH_WORDS) for (const w of alternatives(re)) put("g", w, glyph);
  for (const w of Object.keys(STRUCTURE_WORDS)) put("s", w, w);
  for (const w of [...Object.keys(SUBSTANCES), ...Object.keys(WOODS), ...Object.keys(MINERALS)])
    if (!w.includes("_") && w !== "wood") put("m", w, w);
  // The vocabulary's own word for plain metal ("metal" is iron) is a target too: a metal or alloy WordNet files
  // under it (tin, zinc, pewter, aluminium) is drawn as the painters' plain metal. (Only metal: "earth" and
  // "sea" as targets would make every island dirt and every bay water.)
  for (const [word, target] of Object.entries(SYNONYMS))
    if (target === "iron" && word === "metal") put("m", word, target);
  for (const [word, target] of Object.entries(MATERIAL_CLASSES)) put("m", word, target);
  for (const [word, target] of Object.entries(SEEDS.f)) put("f", word, target);
  for (const [word, target] of Object.entries(SEEDS.w)) put("w", word, target);
  for (const [word, target] of Object.entries(SEEDS.s)) put("s", word, target);
  for (const [word, target] of Object.entries(BROAD)) put("b", word, target);
  for (const [word, target] of Object.entries(OWNER_KINDS)) put("o", word, target);
  return out;
}

/** Associations WordNet's hypernyms do not give (the examples; general knowledge of the words). */
export const SEEDS: {
  f: Record<string, string>;
  w: Record<string, string>;
  s: Record<string, string>;
  same: Record<string, string>;
} = {
  /** Food senses of animals climb to "seafood", not to "fish": the fish family draws both. */
  f: {
    seafood: "fish",
    saltwater_fish: "fish",
    freshwater_fish: "fish",
    food_fish: "fish",
    // Families whose own word is written as one where WordNet writes two ("icecream", "pinecone").
    ice_cream: "icecream",
    pine_cone: "pinecone",
    // Flesh is meat to a pack ("rotten flesh").
    flesh: "meat",
  },
  w: {
    moss: "mossy",
    lichen: "mossy",
    ivy: "mossy",
    vine: "mossy",
    crack: "cracked",
    fissure: "cracked",
    rust: "rusty",
    patina: "oxidized",
    verdigris: "oxidized",
    oxide: "oxidized",
    vein: "veined",
    rivet: "riveted",
    bolt: "riveted",
    spot: "spotted",
    dot: "spotted",
    glow: "glowing",
    light: "glowing",
    carving: "chiseled",
    engraving: "chiseled",
    rune: "chiseled",
    embossment: "chiseled",
    relief: "chiseled",
  },
  s: {
    grout: "tiles",
    mortar: "bricks",
    flagstone: "tiles",
    mosaic: "tiles",
    weave: "wool",
    chessboard: "checkered",
    checkerboard: "checkered",
    crate: "planks",
    door: "planks",
    masonry: "bricks",
    wall: "bricks",
    pavement: "cobble",
    // Surfaces named for how they are made (WordNet files them under acts or coverings, not the structure).
    plating: "panel",
    cladding: "panel",
    siding: "planks",
    shiplap: "planks",
    planking: "planks",
    tiling: "tiles",
    boardwalk: "planks",
  },
  /** Words that name the same thing as another word the tables know (shears are scissors). */
  same: { shears: "scissors", secateurs: "scissors", clipper: "scissors" },
};

/** Broad kinds of things drawn as one family when nothing nearer is known; the answer says it fell back. */
export const BROAD: Record<string, string> = {
  weapon: "sword",
  edge_tool: "dagger",
  cutter: "dagger",
  hand_tool: "hammer",
  tool: "wrench",
  container: "bucket",
  vessel: "cup",
  box: "gift",
  food: "bread",
  baked_goods: "bread",
  fruit: "apple",
  vegetable: "carrot",
  jewelry: "ring",
  musical_instrument: "horn",
  headdress: "hat",
  footwear: "boots",
  clothing: "chestplate",
  plant: "flower",
  // WordNet's "plant" is first a factory: the living kinds are reached through these.
  vascular_plant: "flower",
  woody_plant: "potted",
  fish: "fish",
  source_of_illumination: "lantern",
  explosive: "bomb",
  toy: "ball",
  ball: "ball",
  stone: "shard",
  mineral: "gem",
  bird: "feather",
  // The broadest kinds last: a thing nothing nearer names is still drawn as a thing of its kind, not a gem.
  device: "wrench",
  instrumentality: "wrench",
  artifact: "gift",
  nutriment: "bread",
  organism: "seed",
  animal: "bone",
  substance: "dust",
  natural_object: "shard",
};

export const MODIFIER_WORDS: readonly string[] = MODIFIERS;
