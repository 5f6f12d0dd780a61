/**
 * HUD parts a prompt colours on their own: "purple hearts and a green hotbar" paints the hearts purple and the
 * hotbar's rims green, and neither colour is the theme's (the panel material stays what else is said). The same
 * `<colour|material> <part>` reading as an item's parts, for the pieces of the HUD sheet.
 */
import { type Rgb, hexToRgb } from "../art/colour";
import { materialFromPrompt, readWords } from "../art/material";
import { colourHex } from "../art/colour-names";
import { baseForms } from "../interpret/lexicon.ts";
import { schemeWords } from "../gui/words";
import { flavourOfWord } from "../interpret/flavour.ts";
import { isModifier } from "../interpret/tokens.ts";

const saysMaterial = (w: string) => {
  const r = readWords(w);
  return !!(r.colour || r.substance || r.mineral || r.wood);
};

export type HudPart = "hearts" | "food" | "armor" | "air" | "hotbar" | "selection" | "xp" | "crosshair" | "frame";

/** The words people use for each HUD part. */
export const PART_WORDS: Record<string, HudPart> = {
  heart: "hearts",
  hearts: "hearts",
  health: "hearts",
  hp: "hearts",
  life: "hearts",
  lives: "hearts",
  hunger: "food",
  food: "food",
  saturation: "food",
  drumsticks: "food",
  shanks: "food",
  armor: "armor",
  armour: "armor",
  defense: "armor",
  defence: "armor",
  air: "air",
  bubbles: "air",
  breath: "air",
  oxygen: "air",
  hotbar: "hotbar",
  toolbar: "hotbar",
  slots: "hotbar",
  selection: "selection",
  selector: "selection",
  highlight: "selection",
  experience: "xp",
  xp: "xp",
  exp: "xp",
  level: "xp",
  crosshair: "crosshair",
  crosshairs: "crosshair",
  reticle: "crosshair",
  // The dark outline every piece is drawn in ("a thick black border", "a silver outline").
  border: "frame",
  borders: "frame",
  outline: "frame",
  outlines: "frame",
  outlined: "frame",
  frame: "frame",
  frames: "frame",
  edges: "frame",
};
/** Words naming the sheet or pieces of it that are drawn whatever else is said: they are in the picture. */
export const HUD_WORDS = new Set([
  "hud",
  "overlay",
  "ui",
  "interface",
  "display",
  "bar",
  "bars",
  "meter",
  "meters",
  "gauge",
  "icons",
  "icon",
  "indicator",
  "jump",
  "offhand",
  // The hardcore, half, empty (container) and blinking hearts and the selection's box are drawn pieces too.
  "hardcore",
  "box",
  "half",
  "halves",
  "empty",
  "container",
  "containers",
  "blinking",
  "buttons",
  "button",
  "theme",
  "themed",
  "style",
  "styled",
  ...Object.keys(PART_WORDS),
]);

/** Each named part's base colour, and the prompt with those colour words taken out (for the theme). */
export function readHudParts(
  prompt: string,
  seed: number,
): {
  parts: Partial<Record<HudPart, Rgb>>;
  rainbow: Set<HudPart>;
  rest: string;
  used: Set<string>;
  taken: Set<string>;
} {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const parts: Partial<Record<HudPart, Rgb>> = {};
  const taken = new Set<number>();
  const links = new Set<number>();
  const rainbow = new Set<HudPart>();
  const colourAt = (j: number, part: HudPart): boolean => {
    // "a rainbow experience bar": every hue along it (hud/bars.ts), for the parts drawn as a row.
    if (RAINBOW.has(words[j]) && (part === "xp" || part === "hotbar")) {
      rainbow.add(part);
      taken.add(j);
      return true;
    }
    // A plural said of a likeness ("crystals", "rubies") is read as its singular.
    const word = [words[j], ...baseForms(words[j])].find(saysMaterial);
    if (!word) return false;
    const r = readWords(word);
    const rgb = r.colour && !(r.substance || r.mineral) ? hexToRgb(colourHex(r.colour)!) : null;
    parts[part] ??= rgb ?? materialFromPrompt(word, seed).palette[2];
    taken.add(j);
    return true;
  };
  words.forEach((w, i) => {
    const part = PART_WORDS[w];
    if (!part) return;
    // "orange experience bar", "blue health": the word before; a frame's past a part word ("black hotbar border").
    let j = i - 1;
    if (part === "frame" && PART_WORDS[words[j] ?? ""]) j--;
    if (j >= 0 && !PART_WORDS[words[j]] && colourAt(j, part)) return;
    // "hearts that look like crystals", "a hunger bar made of golden apples": the word after a likeness.
    const after = likenessAfter(words, i);
    if (after && colourAt(after.at, part)) for (const k of after.links) links.add(k);
    // "hearts that look cracked": the flavour is the part's (hud/marks.ts), its link words read with it.
    const look = lookLinks(words, i);
    if (look && (flavourOfWord(words[look.at]) || isModifier(words[look.at]))) for (const k of look.links) links.add(k);
  });
  const described = new Set([...taken, ...links].map((j) => words[j]));
  const used = new Set([...words.filter((w) => HUD_WORDS.has(w)), ...described, ...schemeWords(words)]);
  return {
    parts,
    rainbow,
    rest: words.filter((_, i) => !taken.has(i) && !links.has(i)).join(" "),
    used,
    taken: described,
  };
}

/** Words for every hue at once. */
const RAINBOW = new Set(["rainbow", "multicoloured", "multicolored", "colourful", "colorful", "prismatic"]);

/** Words that say a part is drawn as or like a thing ("that look like", "made of", "shaped like"). */
const LIKENESS = new Set(["that", "which", "look", "looks", "looking", "like", "made", "of", "shaped", "as", "out"]);
const ARTICLES = new Set(["a", "an", "the", "some"]);

/**
 * After a part word (and "bar", "icons"), the words of a likeness up to the thing named: its index and the link
 * words said, or null when no likeness follows ("hearts that look like crystals" → "crystals").
 */
function likenessAfter(words: readonly string[], i: number): { at: number; links: number[] } | null {
  let k = i + 1;
  while (HUD_WORDS.has(words[k] ?? "") && !PART_WORDS[words[k]]) k++;
  const links: number[] = [];
  while (LIKENESS.has(words[k] ?? "") || (links.length && ARTICLES.has(words[k] ?? ""))) links.push(k++);
  // A likeness says "like" or "made"/"of" ("hearts that look crystals" says nothing).
  if (!links.some((j) => ["like", "made", "of", "as"].includes(words[j])) || k >= words.length) return null;
  return { at: k, links: links.filter((j) => !ARTICLES.has(words[j])) };
}

const LOOK_LINKS = new Set(["that", "which", "look", "looks", "looking", "seem", "seems", "appear", "appears"]);

/** "hearts that look cracked": the link words after part word `i` and the index of the word they lead to. */
export function lookLinks(words: readonly string[], i: number): { at: number; links: number[] } | null {
  let k = i + 1;
  const links: number[] = [];
  while (LOOK_LINKS.has(words[k] ?? "")) links.push(k++);
  return links.some((j) => words[j] !== "that" && words[j] !== "which") && k < words.length ? { at: k, links } : null;
}
