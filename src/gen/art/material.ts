/**
 * Reads material words out of a prompt (and, as fallback, a vanilla texture name) and turns them into
 * a Material: a shade ramp lit from the top-left plus the surface structure to paint. Textures, items,
 * icons, models and GUI frames all colour themselves from this one reading.
 */
import type { StyleHint } from "../types";
import { hashSeed, rngFrom } from "../rng";
import { type Rgb, hexToRgb, hslToRgb, parseSwatches, pullTowardSwatches, ramp, rgbToHsl } from "./colour";
import {
  COMPOUNDS,
  MINERALS,
  MODIFIERS,
  type Modifier,
  STRUCTURE_WORDS,
  SUBSTANCES,
  SYNONYMS,
  WEAK_STRUCTURES,
  type Structure,
  WOODS,
} from "./vocabulary";
import { flavourOfWord } from "../interpret/flavour.ts";
import { colourOfWord, isColourToken, joinColourPhrases } from "./colour-names.ts";
import { folded, JOINT_WORDS, JOINTED, namesMaterial, saidColour, shadeOf } from "./material-colours.ts";
import { OVERLAY_WORDS } from "./layers.ts";
import * as surface from "./surface-words.ts";
import { BRICK_BONDS, WEAR_NOUNS } from "./vocabulary-surfaces.ts";
import { applyModifiers, contrastOf, hashedColour, shadeDown, tint } from "./material-shades.ts";
import { LEAF_COLOURS, ROCKS } from "./vocabulary-surfaces.ts";
import { isMaterialAdjective, kindShade } from "../interpret/material-adjectives.ts";

export type { Rgb } from "./colour";
export type { Structure, Modifier } from "./vocabulary";

export interface Material {
  structure: Structure;
  /** The substance read ("stone", "oak", "diamond"...), or "custom" when only colours were given. */
  substance: string;
  mineral: string | null;
  /** Main surface shades, dark to light (4..6 colours). */
  palette: Rgb[];
  /** Second material: ore specks, mortar, bark rim of a log top, grass over dirt. Dark to light. */
  accent: Rgb[] | null;
  /** Moss shades when the prompt says mossy. */
  moss: Rgb[] | null;
  modifiers: Modifier[];
  transparent: boolean;
  /** A material said by an adjective that yielded to a noun's ("muddy cobblestone"): lies on it in patches. */
  coating?: string;
}

/** What one text (prompt or texture name) says; empty slots are filled from the fallback text. */
export interface Reading extends surface.SurfaceReading {
  substance?: string;
  wood?: string;
  mineral?: string;
  structure?: Structure;
  /** "wood" means bark unless something stronger is said ("oak wood" is bark, "wooden planks" planks). */
  woodStructure?: Structure;
  /** The shade of a kind of a material the lexicon reached, from the colour-name table ("pewter", "adobe"). */
  stuffShade?: string;
  /** A material said by an adjective made from its noun ("muddy"): the substance when no noun names one. */
  describedAs?: string;
  /** "block"/"plate": a panel only when no substance is named ("diamond block", not "grass block"). */
  weakStructure?: Structure;
  colour?: string;
  /** A second colour word: two-colour patterns (checkered, stripes) and joints (mortar, grout) use it. */
  colour2?: string;
  /** A colour said for the joints ("white grout", "black mortar"): it is neither the first nor the second. */
  jointColour?: string;
  modifiers: Set<Modifier>;
  /**
   * The shade each colour is painted in when the prompt named it by a name beyond the painters' own: "scarlet"
   * reads as red (the answer's colour) and is painted scarlet (the colour-name table's hex).
   */
  shades: Map<string, string>;
}

/** "block" and "wood" only decide the structure when nothing stronger was said. */

export function readWords(text: string): Reading {
  // Two spaces between words, so a compound said twice ("packed ice packed ice") joins both times.
  let s = "  " + text.toLowerCase().replace(/[^a-z]+/g, "  ") + "  ";
  for (const [from, to] of COMPOUNDS) s = s.replaceAll(" " + from.replaceAll(" ", "  ") + " ", " " + to + " ");
  const main: Reading = { modifiers: new Set(), shades: new Map() };
  // What follows "with" lies on the surface: read apart, folded in by surface-words.ts withClause.
  const lateR: Reading = { modifiers: main.modifiers, shades: main.shades };
  const words = joinColourPhrases(s.split(" ").filter(Boolean));
  for (const [k, raw] of words.entries()) {
    const r = words.indexOf("with") >= 0 && words.indexOf("with") <= k ? lateR : main;
    if (surface.noteSurfaceWord(r, raw)) continue;
    let tok = SYNONYMS[raw] ?? WEAR_NOUNS[raw] ?? raw;
    const singular = tok.endsWith("s") && !(tok in SUBSTANCES) && !(tok in STRUCTURE_WORDS) ? tok.slice(0, -1) : tok;
    if (!(tok in SUBSTANCES || tok in WOODS || tok in MINERALS || isColourToken(tok) || tok in STRUCTURE_WORDS))
      tok = SYNONYMS[singular] ?? singular;
    // A word no list knows: the lexicon's nearest colour, material, structure or wear word (crimson → red).
    if (!(tok in SUBSTANCES || tok in WOODS || tok in MINERALS || isColourToken(tok) || tok in STRUCTURE_WORDS))
      if (!(MODIFIERS as readonly string[]).includes(tok) && !(raw in OVERLAY_WORDS) && !flavourOfWord(raw))
        tok = folded(raw, r.shades) ?? colourOfWord(raw) ?? tok;
    if (surface.noteSurfaceWord(r, tok)) continue;
    if ((MODIFIERS as readonly string[]).includes(tok)) r.modifiers.add(tok as Modifier);
    if (tok in STRUCTURE_WORDS) {
      if (tok === "wood") r.woodStructure ??= STRUCTURE_WORDS[tok];
      else if (WEAK_STRUCTURES.has(tok)) r.weakStructure ??= STRUCTURE_WORDS[tok];
      // A bond names how the bricks are laid, whichever is said first ("stone bricks in flemish bond").
      else if (r.structure === "bricks" && LAID_BRICKS.has(STRUCTURE_WORDS[tok])) r.structure = STRUCTURE_WORDS[tok];
      else r.structure ??= STRUCTURE_WORDS[tok];
    }
    if (tok in WOODS && tok !== "wood") r.wood ??= tok;
    // A kind of a material the lexicon reached is painted in its own colour-name shade ("pewter", "adobe"),
    // when it is the only material said.
    if (tok in MINERALS) {
      if (!r.mineral && !r.substance) r.stuffShade = kindShade(raw, tok);
      r.mineral ??= tok;
    } else if (tok in SUBSTANCES && isMaterialAdjective(raw, tok)) r.describedAs ??= tok;
    else if (tok in SUBSTANCES && !r.substance) {
      r.substance = tok;
      r.stuffShade = r.mineral ? undefined : kindShade(raw, tok);
    }
    if (isColourToken(tok) && JOINT_WORDS.has(words[k + 1] ?? "")) r.jointColour ??= tok;
    // "oak door with black iron bands": a colour before a later material is that material's, not the surface's.
    else if (isColourToken(tok) && surface.namesAny(main, r) && namesMaterial(words[k + 1])) continue;
    else if (isColourToken(tok) && !r.colour) r.colour = tok;
    else if (isColourToken(tok) && tok !== r.colour) r.colour2 ??= tok;
  }
  // A material said only by an adjective ("sandy", "muddy") is the surface's when no noun names one, nor a place
  // its own ground ("stony riverbed" is gravel with stones on it; "muddy ground" is mud).
  if (!surface.ownGround(main)) main.substance ??= main.describedAs;
  if (!surface.ownGround(lateR)) lateR.substance ??= lateR.describedAs;
  surface.withClause(main, lateR);
  return main;
}

/**
 * The material a prompt describes. `fallback` (e.g. a vanilla texture name like "diamond_ore") fills
 * whatever the prompt leaves unsaid, so a reskin keeps its target's character.
 */
export function materialFromPrompt(
  prompt: string,
  seed: number,
  style?: StyleHint | null,
  fallback = "",
  face: Face = null,
): Material {
  const p = readWords(prompt);
  const t = readWords(fallback);
  const substance = p.substance ?? t.substance ?? surface.groundOf(p, t) ?? p.describedAs;
  const wood = p.wood ?? t.wood;
  const mineral = p.mineral ?? t.mineral;
  const colour = p.colour ?? t.colour;
  const colour2 = p.colour2;
  const jointColour = p.jointColour;
  const modifiers = [...new Set([...t.modifiers, ...p.modifiers, ...(surface.MATERIAL_WEAR[substance ?? ""] ?? [])])];
  const readStructure =
    p.structure ??
    t.structure ??
    surface.saidStructure(p, t, substance, p.wood ?? t.wood) ??
    p.woodStructure ??
    t.woodStructure ??
    (substance || mineral === "amethyst" ? undefined : (p.weakStructure ?? t.weakStructure)) ??
    defaultStructure(substance, wood, mineral);
  const structure = structureForFace(readStructure, face, substance);
  const rng = rngFrom(hashSeed("material", prompt, fallback, seed));
  const shades = new Map([...t.shades, ...p.shades]);
  const stuffShade = p.substance || p.mineral ? p.stuffShade : undefined;
  const said = { substance, wood, mineral, colour, colour2, jointColour, modifiers, shades, stuffShade };
  const out = paletteFor(
    structure === "grainy" && readStructure === "grass" ? "grass_side" : structure,
    said,
    prompt + "|" + fallback,
  );
  // A grass block's bottom is plain dirt: the dirt shades become the main ramp.
  if (structure === "grainy" && readStructure === "grass") [out.palette, out.accent] = [out.accent!, null];
  const jitter = (c: Rgb): Rgb => {
    const [h, s, l] = rgbToHsl(c);
    return hslToRgb(h + (rngJ - 0.5) * 0.02, s, l + (rngL - 0.5) * 0.03);
  };
  const rngJ = rng();
  const rngL = rng();
  const swatches = parseSwatches(style?.palette);
  const finish = (cs: Rgb[] | null) => (cs ? pullTowardSwatches(cs.map(jitter), swatches) : null);
  return {
    structure,
    substance: out.name,
    mineral: mineral ?? null,
    palette: finish(out.palette)!,
    accent: finish(out.accent),
    moss: modifiers.includes("mossy") ? finish(ramp(hexToRgb("#5b7f2a")!, 3, 0.3)) : null,
    modifiers,
    coating: p.describedAs && p.describedAs !== out.name ? p.describedAs : undefined,
    transparent:
      structure === "glass" ||
      structure === "leaves" ||
      structure === "grate" ||
      !!(substance && SUBSTANCES[substance]?.transparent),
  };
}

/** Structures made of boards: drawn in a wood's planks colour unless a substance is named. */
const WOODEN = surface.WOODEN;
const PLAIN_CONCRETE = "#a4a6a3";
/** Brick bonds: brick-red unless a material is named. */
const LAID_BRICKS = new Set<Structure>(BRICK_BONDS);
/** What the other laid structures are made of when nothing is named. */
const LAYOUT_BASE: Partial<Record<Structure, string>> = {
  tiles: "#d9d3c6",
  straw: "#c7a93a",
  column: "#dcd6cb",
  column_top: "#dcd6cb",
  grate: "#8e9096",
  // A checkerboard with no colour said is a chessboard's: white squares, and black ones by contrast.
  checkered: "#e6e2da",
  ...surface.LAYOUT_COLOURS,
};

/** Which face of a block is drawn; caps of logs show rings, a grass block's side shows dirt. */
export type Face = "top" | "bottom" | "side" | "end" | null;

function structureForFace(s: Structure, face: Face, substance?: string): Structure {
  const cap = face === "top" || face === "bottom" || face === "end";
  if (s === "bark" && cap) return "rings";
  if (s === "grass" && substance === "grass") {
    if (face === "side") return "grass_side";
    if (face === "bottom") return "grainy";
  }
  if (s === "strata" && cap) return "grainy";
  if (s === "column" && cap) return "column_top";
  return s;
}

function defaultStructure(substance?: string, wood?: string, mineral?: string): Structure {
  if (substance) return SUBSTANCES[substance].structure;
  if (wood) return "planks";
  if (mineral) return mineral === "amethyst" ? "crystal" : "panel";
  return "stone";
}

interface Said {
  substance?: string;
  wood?: string;
  mineral?: string;
  colour?: string;
  colour2?: string;
  jointColour?: string;
  modifiers: Modifier[];
  shades: Map<string, string>;
  stuffShade?: string;
}

function paletteFor(
  structure: Structure,
  w: Said,
  text: string,
): { name: string; palette: Rgb[]; accent: Rgb[] | null } {
  const wood = WOODS[w.wood ?? (w.substance ? "" : "oak")];
  const sub = w.substance ? SUBSTANCES[w.substance] : undefined;
  const mineralRgb = w.mineral ? hexToRgb(MINERALS[w.mineral])! : null;
  const colourRgb = saidColour(w, !WOODEN.has(structure), mineralRgb, !!sub?.dyeable);
  let name = w.wood ?? w.substance ?? w.mineral ?? "custom";
  let base: Rgb;
  let spread = sub?.spread ?? 0.34;
  let accent: Rgb[] | null = null;

  if (structure === "bookshelf") {
    // Planks of the wood named (oak by default); the books take the colours named, then a few of their own.
    const species = wood ?? WOODS.oak;
    const named = [w.colour, w.colour2].filter((c): c is string => !!c).map((c) => hexToRgb(shadeOf(w.shades, c))!);
    const books = [...named, ...BOOK_COLOURS.map((c) => hexToRgb(c)!)].slice(0, Math.max(3, named.length));
    return {
      name: "bookshelf",
      palette: ramp(applyModifiers(hexToRgb(species.planks)!, w.modifiers), 5, 0.36),
      accent: books.flatMap((c) => ramp(applyModifiers(c, w.modifiers), 2, 0.2)),
    };
  }
  if (structure === "ore") {
    const rock = w.substance && ROCKS.has(w.substance) ? w.substance : "stone";
    name = rock;
    base = hexToRgb(SUBSTANCES[rock].colour)!;
    spread = SUBSTANCES[rock].spread ?? 0.3;
    // A metal or other stuff that is no rock ("silver ore", "tin ore") speckles the rock in its own colour.
    const stuff = w.substance && !ROCKS.has(w.substance) ? hexToRgb(SUBSTANCES[w.substance].colour) : null;
    const speck = mineralRgb ?? colourRgb ?? stuff ?? hashedColour(text);
    accent = ramp(speck, 4, w.mineral === "coal" ? 0.28 : 0.5);
    return { name, palette: ramp(applyModifiers(base, w.modifiers), 5, spread), accent };
  }
  // Boards are wood unless a material is named: an iron door is iron, a gold crate gold.
  if (WOODEN.has(structure) && (w.wood || (!sub && !mineralRgb))) {
    const species = wood ?? WOODS.oak;
    base = hexToRgb(structure === "bark" ? species.bark : structure === "rings" ? species.rings : species.planks)!;
    spread = 0.36;
    if (structure === "rings") accent = ramp(hexToRgb(species.bark)!, 3, 0.3);
    if (structure === "bark" && species === WOODS.birch) accent = ramp(hexToRgb("#3a3936")!, 2, 0.12);
  } else if (surface.laidColour(structure, w.wood, w.substance)) {
    base = hexToRgb(surface.laidColour(structure, w.wood, w.substance)!)!;
  } else if (structure === "leaves" && !sub?.transparent) {
    base = hexToRgb(LEAF_COLOURS[w.wood ?? ""] ?? SUBSTANCES.leaves.colour)!;
    spread = 0.42;
  } else if (structure === "panel" && mineralRgb && !sub) {
    // Metals are substances too: an iron block is iron-grey, not the colour of raw iron specks; a kind of metal
    // the lexicon reached is its own shade (pewter, nickel, lead).
    base = w.stuffShade
      ? hexToRgb(w.stuffShade)!
      : SUBSTANCES[w.mineral!]
        ? hexToRgb(SUBSTANCES[w.mineral!].colour)!
        : mineralRgb;
    spread = 0.48;
  } else if (structure === "crystal") {
    base = mineralRgb ?? (sub ? hexToRgb(sub.colour)! : hexToRgb(SUBSTANCES.amethyst.colour)!);
    spread = 0.5;
  } else if (sub) {
    // Concrete said plainly is poured-concrete grey; its table colour is the game's white concrete, which a dye
    // colour replaces ("black concrete" is black).
    base = hexToRgb(w.stuffShade ?? (w.substance === "concrete" && !colourRgb ? PLAIN_CONCRETE : sub.colour))!;
  } else if (mineralRgb) {
    base = w.stuffShade
      ? hexToRgb(w.stuffShade)!
      : SUBSTANCES[w.mineral!]
        ? hexToRgb(SUBSTANCES[w.mineral!].colour)!
        : mineralRgb;
  } else if (structure === "bricks" || LAID_BRICKS.has(structure)) {
    base = hexToRgb("#97594a")!;
    name = "brick";
  } else if (LAYOUT_BASE[structure]) {
    base = hexToRgb(LAYOUT_BASE[structure]!)!;
  } else if (structure === "wool") {
    base = hexToRgb(SUBSTANCES.wool.colour)!;
    spread = 0.18;
  } else if (structure === "glass") {
    base = hexToRgb(SUBSTANCES.glass.colour)!;
  } else if (w.wood) {
    // A wood laid as another surface ("oak panel", "birch tiles") keeps its boards' colour.
    base = hexToRgb(WOODS[w.wood].planks)!;
  } else if (structure === "gravel") {
    base = hexToRgb(SUBSTANCES.gravel.colour)!;
  } else {
    base = colourRgb ?? hashedColour(text);
  }
  if (colourRgb) base = tint(base, colourRgb, !sub || !!sub.dyeable || structure === "wool" || structure === "glass");
  if (structure === "bricks" && name === "brick") accent = ramp(hexToRgb("#a8a49c")!, 2, 0.16);
  // Joints in the colour said for them, else in a second colour ("green and white bricks").
  // A metal or gem named beside a colour is the second colour ("teal and gold tiles"): the colour is the pieces'.
  const joints = w.jointColour ?? w.colour2;
  const metalJoints = !joints && w.colour && mineralRgb && !sub;
  if (JOINTED.has(structure) && (joints || metalJoints)) {
    if (metalJoints) base = colourRgb!;
    accent = ramp(applyModifiers(joints ? hexToRgb(shadeOf(w.shades, joints))! : mineralRgb!, w.modifiers), 2, 0.16);
  }
  if (structure === "checkered" || structure === "stripes") {
    // The second colour named, or else a strong contrast to the first (light on dark, dark on light).
    // A metal or gem named beside the colour is a colour too ("purple and gold stripes").
    const second = w.colour2
      ? hexToRgb(shadeOf(w.shades, w.colour2))!
      : w.colour && mineralRgb
        ? mineralRgb
        : contrastOf(base);
    // "black and gold checkers": the gold is the second colour, so the first is the colour itself, not gold tinted.
    if (w.colour && mineralRgb && !w.colour2 && !sub) base = colourRgb!;
    accent = ramp(applyModifiers(second, w.modifiers), 4, 0.22);
    spread = 0.22;
  }
  // A log end of anything but a wood named (a stone stump, a mushroom stem) still has a darker rim.
  if (structure === "rings" && !accent) accent = ramp(applyModifiers(shadeDown(base), w.modifiers), 3, 0.3);
  // Sculk's specks glow cyan whatever the rock's colour.
  if (structure === "sculk") accent = ramp(hexToRgb("#3ad6de")!, 2, 0.2);
  if (structure === "grass_side") accent = ramp(hexToRgb(SUBSTANCES.dirt.colour)!, 4, 0.3);
  const n = spread < 0.1 ? 4 : 5;
  const copper = w.substance === "copper" || w.mineral === "copper";
  return { name, palette: ramp(applyModifiers(base, w.modifiers, copper), n, spread), accent };
}

/** Spine colours of books when the prompt names fewer than three: red, blue, green, brown. */
const BOOK_COLOURS = ["#8e2f2a", "#2f5490", "#3d7a34", "#7a5a2a"];
