/**
 * HUD parts a prompt colours on their own: "purple hearts and a green hotbar" paints the hearts purple and the
 * hotbar's rims green, and neither colour is the theme's (the panel material stays what else is said). The same
 * `<colour|material> <part>` reading as an item's parts, for the pieces of the HUD sheet.
 */
import { type Rgb, hexToRgb } from "../art/colour";
import { materialFromPrompt, readWords } from "../art/material";
import { COLOURS } from "../art/vocabulary";

export type HudPart = "hearts" | "food" | "armor" | "air" | "hotbar" | "selection" | "xp" | "crosshair";

const PART_WORDS: Record<string, HudPart> = {
  heart: "hearts",
  hearts: "hearts",
  health: "hearts",
  hunger: "food",
  food: "food",
  drumsticks: "food",
  armor: "armor",
  armour: "armor",
  air: "air",
  bubbles: "air",
  oxygen: "air",
  hotbar: "hotbar",
  slots: "hotbar",
  selection: "selection",
  selector: "selection",
  experience: "xp",
  xp: "xp",
  crosshair: "crosshair",
};

/** Each named part's base colour, and the prompt with those colour words taken out (for the theme). */
export function readHudParts(prompt: string, seed: number): { parts: Partial<Record<HudPart, Rgb>>; rest: string } {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const parts: Partial<Record<HudPart, Rgb>> = {};
  const taken = new Set<number>();
  words.forEach((w, i) => {
    const part = PART_WORDS[w];
    if (!part || i === 0) return;
    // "orange experience bar", "blue health": the word before, or before "bar"/"bars" ("green xp bar").
    const j = i - 1;
    const r = readWords(words[j]);
    if (!(r.colour || r.substance || r.mineral || r.wood)) return;
    const rgb = r.colour && !(r.substance || r.mineral) ? hexToRgb(COLOURS[r.colour]) : null;
    parts[part] ??= rgb ?? materialFromPrompt(words[j], seed).palette[2];
    taken.add(j);
  });
  return { parts, rest: words.filter((_, i) => !taken.has(i)).join(" ") };
}
