/**
 * The words people use for a container screen, read the one way the GUI painter (gui/theme.ts) and the
 * interpreter (interpret/read.ts) both use: which material or colour is the frame's, which the slots', and
 * which words name the screen's own pieces.
 *
 * - the frame: the material or colour before a frame word ("gold border", "brass trim", "purple accents"),
 *   else the second material or colour that reads as another thing than the first ("deepslate and gold");
 *   "gilded" says gold for the frame;
 * - the slots: the material or colour before a slot word ("blue slots", "dark slots");
 * - the background: what else is said ("crimson background" is the panel's colour, as is any first word).
 * Words that name a piece of the screen the painter draws anyway (panel, slots, background, window…), or the
 * screen drawn ("furnace" for the furnace), are the subject's words: they are in the picture.
 */
import { readWords } from "../art/material";
import { readOrnaments } from "./ornaments";
import { readWidgetWords } from "./widget-words";

/** Words after which a material names the frame rather than the panel. */
export const FRAME_WORDS = new Set([
  "trim",
  "trims",
  "border",
  "borders",
  "frame",
  "frames",
  "framed",
  "edge",
  "edges",
  "edging",
  "rim",
  "rims",
  "inlay",
  "inlays",
  "accent",
  "accents",
  "bevel",
  "bevels",
  "outline",
  "corners",
  "details",
  "highlights",
]);
/** Words after which a material names the slots. */
export const SLOT_WORDS = new Set(["slot", "slots", "cells", "squares", "boxes", "sockets", "grid"]);
/** Words naming a colour scheme as a whole ("red and gold tones"). */
const SCHEME_WORDS = new Set([
  "tones",
  "tone",
  "colours",
  "colors",
  "palette",
  "scheme",
  "hues",
  "colourway",
  "colorway",
]);

/**
 * The scheme words said right after a colour or material ("purple and yellow tones", "gold colours"): the noun of
 * colours the painters draw, so read with them; after anything else ("earthy tones") they say nothing drawn.
 */
export function schemeWords(words: readonly string[]): string[] {
  return words.filter((w, i) => SCHEME_WORDS.has(w) && i > 0 && says(words[i - 1]));
}
/** Words naming pieces of the screen that are drawn whatever else is said. */
export const SCREEN_WORDS = new Set([
  "gui",
  "ui",
  "interface",
  "screen",
  "menu",
  "window",
  "inventory",
  "container",
  "panel",
  "panels",
  "background",
  "backdrop",
  "body",
  "base",
  "board",
  "theme",
  "themed",
  "style",
  "styled",
  ...SLOT_WORDS,
  ...FRAME_WORDS,
]);
/** The words that name each screen: said for the screen drawn, they name the subject ("furnace", "crafting grid"). */
const SCREEN_NAMES: Record<string, readonly string[]> = {
  generic_54: ["chest", "chests", "storage", "barrel", "double", "large", "trunk", "locker", "coffer", "vault"],
  shulker_box: ["shulker", "box"],
  crafting_table: ["crafting", "craft", "table", "workbench", "bench", "workshop"],
  furnace: ["furnace", "oven", "smelting", "smelter"],
  blast_furnace: ["blast", "furnace", "smelting"],
  smoker: ["smoker", "smoking"],
  brewing_stand: ["brewing", "stand", "alchemy", "potion", "potions", "alchemist"],
  enchanting_table: ["enchanting", "enchantment", "enchant", "table"],
  anvil: ["anvil", "repair", "repairing"],
  beacon: ["beacon"],
  dispenser: ["dispenser", "dropper"],
  hopper: ["hopper", "funnel"],
};

/** Adjectives that say a frame's material outright: a gilded frame is gold. */
const FRAME_ADJECTIVES: Record<string, string> = { gilded: "gold", gilt: "gold", golden: "gold", brassy: "brass" };

export interface GuiWords {
  /** The word (a material or colour) the frame is painted in, and whether a frame word named it. */
  frame: { word: string; raw: string; named: boolean } | null;
  /** The word the slots are painted in, and as the prompt wrote it. */
  slots: { word: string; raw: string } | null;
  /** Every prompt word these readings use: frame, slot and screen words and the words they take. */
  used: Set<string>;
  /** The describing words the frame and slots take (not the panel's). */
  taken: Set<string>;
}

const says = (w: string) => {
  const r = readWords(w);
  return !!(r.substance || r.wood || r.mineral || r.colour);
};

export function readGuiWords(prompt: string, target = ""): GuiWords {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const names = SCREEN_NAMES[target] ?? [];
  const used = new Set([...words.filter((w) => SCREEN_WORDS.has(w) || names.includes(w)), ...schemeWords(words)]);
  // An ornament's colour ("iron hinges": gui/ornaments.ts) is the ornament's, neither the frame's nor the panel's.
  // So is a widget's ("a blue flame": gui/widget-words.ts).
  const ornamented = new Set([...readOrnaments(prompt).map((o) => o.colour), ...readWidgetWords(prompt, target).taken]);
  const named = words
    .map((w, i) => ({ w: FRAME_ADJECTIVES[w] ?? w, raw: w, i }))
    .filter(({ w, raw }) => says(w) && !ornamented.has(raw));
  /** The describing word right before a piece word, skipping an "and" list ("gold and black frame"). */
  const before = (set: Set<string>) => named.find(({ i }) => set.has(words[i + 1] ?? ""));
  const gilded = named.find(({ raw, i }) => raw in FRAME_ADJECTIVES && FRAME_WORDS.has(words[i + 1] ?? ""));
  const framed = gilded ?? before(FRAME_WORDS);
  const slot = before(SLOT_WORDS);
  const rest = named.filter((n) => n !== slot);
  const second = !framed && rest.length > 1 && rest[1].w !== rest[0].w ? rest[1] : null;
  const pick = framed ?? second;
  const taken = new Set([pick?.raw, slot?.raw].filter((w): w is string => !!w));
  for (const w of taken) used.add(w);
  return {
    taken,
    frame: pick ? { word: pick.w, raw: pick.raw, named: !!framed } : null,
    slots: slot ? { word: slot.w, raw: slot.raw } : null,
    used,
  };
}
