/**
 * Nouns of built and natural surfaces that do not name one structure by themselves: what a floor, a wall or a
 * roof is laid as depends on what it is made of (a stone floor is tiles, a wooden one planks), and "ground"
 * is whatever ground the prompt names (dirt when it names none). Also the words that only finish a surface
 * ("polished": a smooth panel when nothing else is said, never over a structure the prompt names), and the
 * looks some materials carry with them (marble is veined). Read by art/material.ts and the interpreter.
 */
import type { Modifier, Structure } from "./vocabulary";
import type { Reading } from "./material";
import { SUBSTANCES, WOODS } from "./vocabulary";
import { BRICK_BONDS } from "./vocabulary-surfaces.ts";
import { FAMILY_OVERLAYS } from "./material-families";

/** What a built thing is laid as, by what it is made of: rock (or nothing said), wood, or any material. */
export interface Built {
  rock: Structure | null;
  wood: Structure | null;
  /** The material it is of when the prompt names none ("ground" is dirt). */
  material?: string;
  /** How it is laid when the prompt names no material at all (a fence is boards). */
  plain?: Structure;
}

export const BUILT_WORDS: Record<string, Built> = {
  floor: { rock: "tiles", wood: "planks" },
  flooring: { rock: "tiles", wood: "planks" },
  wall: { rock: "bricks", wood: "planks" },
  walls: { rock: "bricks", wood: "planks" },
  roof: { rock: "shingles", wood: "shingles" },
  rooftop: { rock: "shingles", wood: "shingles" },
  path: { rock: "cobble", wood: "planks" },
  pathway: { rock: "cobble", wood: "planks" },
  walkway: { rock: "cobble", wood: "planks" },
  road: { rock: "cobble", wood: "planks" },
  street: { rock: "cobble", wood: "planks" },
  courtyard: { rock: "cobble", wood: "planks" },
  pavement: { rock: "cobble", wood: "planks" },
  sidewalk: { rock: "tiles", wood: "planks" },
  fence: { rock: "bricks", wood: "planks", plain: "planks" },
  fencing: { rock: "bricks", wood: "planks", plain: "planks" },
  palisade: { rock: "bricks", wood: "planks", plain: "planks" },
  deck: { rock: "tiles", wood: "planks", plain: "planks" },
  porch: { rock: "tiles", wood: "planks", plain: "planks" },
  patio: { rock: "tiles", wood: "planks" },
  terrace: { rock: "tiles", wood: "planks" },
  plaza: { rock: "cobble", wood: "planks" },
  driveway: { rock: "cobble", wood: "planks" },
  alley: { rock: "cobble", wood: "planks" },
  alleyway: { rock: "cobble", wood: "planks" },
  ceiling: { rock: "tiles", wood: "planks" },
  // Buildings of stone: their walls bricks, their floors tiles, unless another material is named.
  castle: { rock: "bricks", wood: "planks", material: "stone" },
  fortress: { rock: "bricks", wood: "planks", material: "stone" },
  tower: { rock: "bricks", wood: "planks", material: "stone" },
  dungeon: { rock: "bricks", wood: "planks", material: "stone" },
  ruins: { rock: "bricks", wood: "planks", material: "stone" },
  ruin: { rock: "bricks", wood: "planks", material: "stone" },
  temple: { rock: "bricks", wood: "planks", material: "stone" },
  battlements: { rock: "bricks", wood: "planks", material: "stone" },
  chimney: { rock: "bricks", wood: "planks" },
  // Natural ground names no laying: the surface is the material's own (muddy ground is mud), else dirt.
  ground: { rock: null, wood: null, material: "dirt" },
  land: { rock: null, wood: null, material: "dirt" },
  terrain: { rock: null, wood: null, material: "dirt" },
  cliff: { rock: null, wood: null, material: "stone" },
  bedrock: { rock: null, wood: null, material: "stone" },
  // Places named for their ground: what lies there when the prompt names nothing else ("desert", "swamp").
  desert: { rock: null, wood: null, material: "sand" },
  beach: { rock: null, wood: null, material: "sand" },
  dune: { rock: null, wood: null, material: "sand" },
  seabed: { rock: null, wood: null, material: "sand" },
  swamp: { rock: null, wood: null, material: "mud" },
  bog: { rock: null, wood: null, material: "mud" },
  marsh: { rock: null, wood: null, material: "mud" },
  riverbed: { rock: null, wood: null, material: "gravel" },
  cave: { rock: null, wood: null, material: "stone" },
  cavern: { rock: null, wood: null, material: "stone" },
  quarry: { rock: null, wood: null, material: "stone" },
  mountain: { rock: null, wood: null, material: "stone" },
  tundra: { rock: null, wood: null, material: "snow" },
  glacier: { rock: null, wood: null, material: "ice" },
  volcano: { rock: null, wood: null, material: "basalt" },
  meadow: { rock: null, wood: null, material: "grass" },
  lawn: { rock: null, wood: null, material: "grass" },
  farmland: { rock: null, wood: null, material: "dirt" },
  reef: { rock: null, wood: null, material: "coral" },
};

/** What a text says of built things, places, finishes and what follows "with" (part of material.ts Reading). */
export interface SurfaceReading {
  /** A built thing ("floor", "wall", "roof"): laid as its material suits. */
  built?: string;
  /** A place or built thing whose material is known ("desert", "cave", "castle"): it, when none is said. */
  place?: string;
  /** A finish ("polished"): a structure only when nothing else decides one. */
  finish?: Structure;
  /** A structure said after "with" ("stone floor with a carpet border"): it decides only after the rest. */
  lateStructure?: Structure;
}

/** The built word a token names, as written or singular. */
export function builtWord(raw: string): string | null {
  if (raw in BUILT_WORDS) return raw;
  const singular = raw.replace(/s$/, "");
  return singular in BUILT_WORDS ? singular : null;
}

/**
 * Whether a reading names a place or building with a ground of its own (a riverbed's gravel, a castle's stone),
 * not the plain ground ("ground", "land": dirt only when nothing else is said).
 */
export const ownGround = (r: SurfaceReading): boolean => {
  const m = BUILT_WORDS[r.place ?? ""]?.material;
  return !!m && m !== "dirt";
};

/** A word naming a place for its ground ("desert", "cave"), which lays nothing. */
export const isPlace = (word: string) => BUILT_WORDS[word]?.rock === null;

/**
 * Hard materials, and clays that are fired: a floor of them is tiles, a wall bricks. Loose and poured ones
 * (sand, dirt, concrete, plaster, asphalt) stay their own surface: a dirt road is dirt, a plaster wall plaster.
 */
const LAID = new Set(["stone", "strata", "cobble", "panel", "crystal", "netherrack", "ice", "bricks"]);
const FIRED = new Set(["clay", "terracotta", "mud", "ceramic"]);

/**
 * The structure a built word lays its material as, or null (the material's own surface stays): a wall of
 * a rock is bricks, of wood planks; a wall of wool or leaves stays wool or leaves.
 */
export function builtStructure(word: string, substance?: string, wood?: string): Structure | null {
  const b = BUILT_WORDS[word];
  if (!b) return null;
  if (wood && !substance) return b.wood;
  if (!substance) return b.plain ?? b.rock;
  return LAID.has(SUBSTANCES[substance]?.structure ?? "") || FIRED.has(substance) ? b.rock : null;
}

/** Words that finish a surface: they decide its structure only when nothing stronger is said. */
export const FINISH_STRUCTURES: Record<string, Structure> = { polished: "panel" };

/** Wear a material carries with it: magma glows through its veins (in its own shades, lit orange). */
export const MATERIAL_WEAR: Record<string, Modifier[]> = {
  magma: ["veined", "glowing"],
};

/**
 * Overlays a material carries with it, as a person would say them: marble is veined grey whatever its
 * ground colour. Drawn unless the prompt names that overlay itself ("marble with gold veins").
 */
export const MATERIAL_OVERLAYS: Record<string, string> = {
  marble: "with light grey veins",
  ...FAMILY_OVERLAYS,
};

/** Is a word a wood species (not the generic "wood")? */
export const isSpecies = (w: string) => w in WOODS && w !== "wood";

/**
 * Notes a built word or a finish in a reading (art/material.ts readWords); true when the word was one. The last
 * thing laid is the head noun ("castle floor" is a floor); the first word that says what its ground is made of
 * gives the material when none is named (a castle is stone).
 */
export function noteSurfaceWord(r: SurfaceReading, raw: string): boolean {
  const word = builtWord(raw);
  if (word) {
    if (BUILT_WORDS[word].material) r.place ??= word;
    if (!isPlace(word)) r.built = word;
    return true;
  }
  if (!(raw in FINISH_STRUCTURES)) return false;
  r.finish ??= FINISH_STRUCTURES[raw];
  return true;
}

/** Structures clay is fired for: clay roof tiles, floor tiles and bricks are terracotta. */
export const FIRED_FOR = new Set<Structure>(["shingles", "tiles", "bricks", ...BRICK_BONDS]);

/** Laid structures drawn in a wood's colour when a wood is named ("wooden shingles", "birch parquet"). */
export const WOOD_WHEN_NAMED = new Set<Structure>([
  "shingles",
  "slab",
  "tiles",
  "column",
  "column_top",
  ...BRICK_BONDS,
]);

/**
 * Folds what a text says after "with" (`late`) into what it says before (`main`): materials only when none came
 * before ("a brick wall with a wooden door" stays brick), a structure as `lateStructure` (deciding after built
 * words); colours, built words, places and the weaker structure words as if said in place.
 */
export function withClause(main: Reading, late: Reading): void {
  if (!main.substance && !main.wood && !main.mineral)
    Object.assign(main, { substance: late.substance, wood: late.wood, mineral: late.mineral });
  main.lateStructure = late.structure;
  main.colour ??= late.colour;
  if (late.colour && late.colour !== main.colour) main.colour2 ??= late.colour;
  main.colour2 ??= late.colour2;
  main.built ??= late.built;
  main.place ??= late.place;
  main.finish ??= late.finish;
  main.woodStructure ??= late.woodStructure;
  main.jointColour ??= late.jointColour;
  main.weakStructure ??= late.weakStructure;
}

/** Does either reading name a material (substance, wood or mineral)? */
export const namesAny = (...rs: Reading[]) => rs.some((r) => !!(r.substance || r.wood || r.mineral));

/** Structures made of boards: drawn in a wood's planks colour unless a substance is named (art/material.ts). */
export const WOODEN = new Set<Structure>(["planks", "bark", "rings", "crate", "door", "barrel"]);

/**
 * The material a place or building gives when none is named (a castle is stone, a desert sand); never for a
 * wooden structure named with it (a castle's gate is wood), nor when a wood or mineral is named.
 */
export function groundOf(p: Reading, t: Reading): string | undefined {
  if (p.wood || p.mineral || WOODEN.has((p.structure ?? t.structure)!)) return undefined;
  return BUILT_WORDS[p.place ?? t.place ?? ""]?.material;
}

/** A structure said by a built word, a finish or after "with", in that order (after any structure word). */
export function saidStructure(p: Reading, t: Reading, substance?: string, wood?: string): Structure | undefined {
  const built = p.built ?? t.built;
  return (
    (built ? builtStructure(built, substance, wood) : null) ?? p.finish ?? t.finish ?? p.lateStructure ?? undefined
  );
}

/** What the new laid structures are made of when nothing is named: fired-clay roof tiles, smooth stone slabs. */
export const LAYOUT_COLOURS: Partial<Record<Structure, string>> = {
  shingles: "#9a4f3a",
  slab: "#a6a6a6",
  // Scales with nothing named: a reptile's grey-green.
  scales: "#6f8a5e",
};

/** A laid structure's colour from what is named, or null: a wood's planks ("birch parquet"), fired clay. */
export function laidColour(structure: Structure, wood?: string, substance?: string): string | null {
  if (WOOD_WHEN_NAMED.has(structure) && wood && !substance) return WOODS[wood].planks;
  if (substance === "clay" && FIRED_FOR.has(structure)) return SUBSTANCES.terracotta.colour;
  return null;
}
