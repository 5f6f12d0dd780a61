/**
 * HUD parts a prompt colours on their own: "purple hearts and a green hotbar" paints the hearts purple and the
 * hotbar's rims green, and neither colour is the theme's (the panel material stays what else is said). The same
 * `<colour|material> <part>` reading as an item's parts, for the pieces of the HUD sheet.
 */
import { type Rgb, hexToRgb } from "../art/colour";
import { materialFromPrompt, readWords } from "../art/material";
import { colourHex } from "../art/colour-names";

export type HudPart = "hearts" | "food" | "armor" | "air" | "hotbar" | "selection" | "xp" | "crosshair";

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
): { parts: Partial<Record<HudPart, Rgb>>; rest: string; used: Set<string>; taken: Set<string> } {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const parts: Partial<Record<HudPart, Rgb>> = {};
  const taken = new Set<number>();
  words.forEach((w, i) => {
    const part = PART_WORDS[w];
    if (!part || i === 0) return;
    // "orange experience bar", "blue health": the word before.
    const j = i - 1;
    const r = readWords(words[j]);
    if (!(r.colour || r.substance || r.mineral || r.wood)) return;
    const rgb = r.colour && !(r.substance || r.mineral) ? hexToRgb(colourHex(r.colour)!) : null;
    parts[part] ??= rgb ?? materialFromPrompt(words[j], seed).palette[2];
    taken.add(j);
  });
  const described = new Set([...taken].map((j) => words[j]));
  const used = new Set([...words.filter((w) => HUD_WORDS.has(w)), ...described]);
  return { parts, rest: words.filter((_, i) => !taken.has(i)).join(" "), used, taken: described };
}
