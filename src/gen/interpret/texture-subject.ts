/**
 * What a texture prompt is a picture of, as the painter draws it (art/material.ts materialFromPrompt):
 *
 * - a structure the prompt names ("granite tiles" are tiles, "cobblestone wall" cobbles);
 * - else a built thing, laid as its material suits ("stone floor": tiles, reported as ["floor", "tiles"]);
 * - else the material named, drawn as its own surface ("rough sandstone" is sandstone, reported as
 *   ["sandstone", "strata"]; "limestone" as ["limestone", "calcite", "stone"]);
 * - else the structure the painter settled on (a finish word, "block", the vanilla target's).
 *
 * It also says how each overlay and wear word was drawn when its word is not the drawing's own name
 * ("veins" → the veined look, "ivy" → vines, "trim" → a border), so `via` covers every surface word used.
 */
import type { Token } from "./tokens.ts";
import {
  MINERALS,
  STRUCTURE_WORDS,
  type Structure,
  SUBSTANCES,
  SYNONYMS,
  WEAK_STRUCTURES,
  WOODS,
} from "../art/vocabulary.ts";
import { BRICK_BONDS, WEAR_NOUNS } from "../art/vocabulary-surfaces.ts";
import { tilesWord } from "../art/tiled-patterns.ts";
import { builtStructure, builtWord, FINISH_STRUCTURES, isPlace } from "../art/surface-words.ts";
import { OVERLAY_WORDS, type Overlay, readOverlays } from "../art/layers.ts";
import { surfaceOwner } from "../art/surface-owners.ts";
import { isMaterialAdjective } from "./material-adjectives.ts";

/** The wear look an overlay draws in a colour of its own: "cracks" are the cracked look, and so on. */
const OVERLAY_LOOK: Partial<Record<Overlay, string>> = {
  bands: "bands",
  veins: "veined",
  cracks: "cracked",
  runes: "chiseled",
  rivets: "riveted",
  dots: "spotted",
  vines: "mossy",
};

export interface TextureSubject {
  subject: string;
  /** Prompt words that named the subject (never reported unmatched). */
  words: Set<string>;
  /** How the subject was reached (none when its own word names it). */
  via: string[][];
  /** How overlay and wear words were drawn, for the words the painter used. */
  wordPaths: string[][];
}

const isMaterial = (w: string) => w in SUBSTANCES || w in MINERALS || (w in WOODS && w !== "wood");

/**
 * The subject of a texture prompt. `structure` is the painter's structure, `substance` the material it drew
 * (the Material's name), both from the same reading the worker runs.
 */
export function textureSubject(prompt: string, toks: Token[], structure?: string, substance?: string): TextureSubject {
  const words = new Set<string>();
  const via: string[][] = [];
  const wordPaths: string[][] = [];
  const path = (...ws: string[]) => ws.filter((w, i) => w && w !== ws[i - 1]).map((w) => w.replace(/_/g, " "));
  // Words an overlay took ("fallen leaves", "blue grout") lie on the surface: they are not its structure.
  const drawn = new Set(readOverlays(prompt).overlays.map((o) => o.overlay));
  const onTop = (raw: string) => drawn.has(OVERLAY_WORDS[raw]);
  const isBuilt = (t: Token) => builtWord(t.raw) ?? builtWord(t.word);
  const found = toks.filter(
    (t) =>
      t.word in STRUCTURE_WORDS &&
      !isBuilt(t) &&
      !(t.raw in FINISH_STRUCTURES) &&
      !(t.word in FINISH_STRUCTURES) &&
      !onTop(t.raw),
  );
  // "wood" decides only when no other strong word does ("cherry wood planks" are planks), as readWords has it;
  // a structure said after "with" lies on the surface and decides only after a built word ("a stone floor with
  // a carpet border" is a floor).
  const withAt = toks.findIndex((t) => t.raw === "with");
  const early = (t: Token) => withAt < 0 || toks.indexOf(t) < withAt;
  const pick = (ts: Token[]) => {
    const first =
      ts.find((t) => !WEAK_STRUCTURES.has(t.word) && t.word !== "wood") ?? ts.find((t) => t.word === "wood");
    // A bond names how the bricks are laid, whichever is said first (as material.ts readWords has it).
    const bond = ts.find((t) => BRICK_BONDS.includes(STRUCTURE_WORDS[t.word]));
    return first && STRUCTURE_WORDS[first.word] === "bricks" && bond ? bond : first;
  };
  const strong = pick(found.filter(early));
  const lateStrong = pick(found.filter((t) => !early(t)));
  for (const t of found) if (WEAK_STRUCTURES.has(t.word)) words.add(t.raw);
  // A face word ("log top") picks the face the painter draws (a log's rings): its surface is the subject.
  const face = toks.find((t) => /^(top|bottom|end)$/.test(t.raw));
  for (const t of toks) if (/^(top|bottom|end|side)$/.test(t.raw) && structure) words.add(t.raw);
  // A laid thing decides before a place, which only names the ground: the last laid one, the head noun
  // ("cave wall" is a wall, "castle floor" a floor), as readWords has it.
  const builts = toks.filter(isBuilt);
  for (const t of builts) words.add(t.raw);
  const built = builts.filter((t) => !isPlace(isBuilt(t)!)).at(-1) ?? builts[0];
  let subject: string;
  if (face && structure) {
    if (strong) words.add(strong.raw);
    subject = structure;
  } else if (strong) {
    words.add(strong.raw);
    subject = STRUCTURE_WORDS[strong.word];
    via.push(strong.via ?? filedUnder(strong.raw, subject));
  } else if (built && structure && laysAs(isBuilt(built)!, substance)) {
    subject = structure;
    via.push(path(...(builtWord(built.raw) ? [built.raw] : (built.via ?? [built.raw])), structure));
  } else if (lateStrong && STRUCTURE_WORDS[lateStrong.word] === structure) {
    words.add(lateStrong.raw);
    subject = structure;
    via.push(lateStrong.via ?? filedUnder(lateStrong.raw, subject));
  } else {
    // The material the painter drew, as the prompt named it: its word, the word it is filed under, its surface.
    const material = (t: Token) => isMaterial(t.word) && !onTop(t.raw);
    // An adjective's material that yielded to a place's ground names no subject ("stony riverbed" is gravel).
    const named =
      toks.find((t) => material(t) && t.word === substance) ??
      toks.find((t) => material(t) && !isMaterialAdjective(t.raw, t.word));
    if (named) {
      // Every word naming that material names the subject ("mink fur": both are fur).
      for (const t of toks) if (material(t) && t.word === named.word) words.add(t.raw);
      subject = named.word;
      const reached = named.via ?? path(named.raw, named.word);
      via.push(path(...reached, structure && structure !== "custom" ? structure : ""));
    } else if (built && substance && substance !== "custom") {
      // "ground" alone: the material it stands for.
      subject = substance;
      via.push(path(built.raw, substance, structure ?? ""));
    } else {
      // A weak word ("block") names the thing; it decides the surface only when nothing else does.
      const weak = found.find((t) => WEAK_STRUCTURES.has(t.word));
      subject = structure ?? (weak ? STRUCTURE_WORDS[weak.word] : "surface");
    }
  }
  // Every other word naming the structure drawn names the subject too ("herringbone oak parquet").
  // Bricks laid in a bond are bricks ("stack bond white bricks", "herringbone brick path").
  const named = (s: string) => s === subject || (s === "bricks" && BRICK_BONDS.includes(subject as Structure));
  for (const t of found)
    if (named(STRUCTURE_WORDS[t.word])) {
      words.add(t.raw);
      // The bricks word is drawn as bricks in that bond.
      if (STRUCTURE_WORDS[t.word] !== subject && !via.some((v) => v[0] === t.raw)) via.push(path(t.raw, subject));
    }
  // A checkerboard or honeycomb said as tiles is laid with grout (art/tiled-patterns.ts): the tiles word is drawn.
  const tiled = subject === structure ? tilesWord(structure, toks) : undefined;
  if (tiled) {
    words.add(tiled.raw);
    if (!via.some((v) => v[0] === tiled.raw)) via.push(path(tiled.raw, structure!));
  }
  // Overlay and wear words drawn under another name.
  for (const t of toks) {
    const overlay = onTop(t.raw) ? OVERLAY_WORDS[t.raw] : undefined;
    const look = overlay ? (OVERLAY_LOOK[overlay] ?? overlay) : (SYNONYMS[t.raw] ?? WEAR_NOUNS[t.raw]);
    // A wear noun ("cracks") is always drawn as its wear (texture.ts): the word is used.
    if (!overlay && WEAR_NOUNS[t.raw]) words.add(t.raw);
    if (look && look !== t.raw && !via.some((v) => v[0] === t.raw) && !wordPaths.some((v) => v[0] === t.raw))
      wordPaths.push(path(t.raw, overlay && overlay !== t.raw ? overlay : "", look));
  }
  // A creature named before its covering gives it its colours (art/surface-owners.ts).
  const owner = structure && substance ? surfaceOwner(toks, structure, substance) : null;
  if (owner) words.add(owner.raw);
  const long = (v: string[]) => v.length > 1;
  return { subject, words, via: via.filter(long), wordPaths: wordPaths.filter(long) };
}

/** A structure word the painters file under another name ("cobblestone" is the cobble structure); plurals say nothing. */
function filedUnder(raw: string, structure: string): string[] {
  const name = structure.replace(/_/g, " ");
  raw = raw.replace(/_/g, " ");
  return raw === name || raw === `${name}s` || `${raw}s` === name ? [] : [raw, name];
}

/** Whether a built word lays the material drawn as a structure of its own (art/surface-words.ts builtStructure). */
function laysAs(word: string, substance?: string): boolean {
  const known = substance && substance !== "custom" ? substance : undefined;
  return !!(known && known in WOODS ? builtStructure(word, undefined, known) : builtStructure(word, known));
}

/**
 * A structure word that is no pattern of what was drawn: a finish ("polished") or a weak word ("block") that did
 * not decide the structure ("amethyst block" is crystal), or any texture structure word the painter did not draw
 * ("a wooden wall with a window" is planks).
 */
export function notDrawnPattern(kind: string, raw: string, word: string, structure?: string): boolean {
  if (!structure) return false;
  if ((raw in FINISH_STRUCTURES || WEAK_STRUCTURES.has(raw)) && STRUCTURE_WORDS[raw] !== structure) return true;
  return kind === "texture" && STRUCTURE_WORDS[word] !== structure && !structure.startsWith(STRUCTURE_WORDS[word]);
}
