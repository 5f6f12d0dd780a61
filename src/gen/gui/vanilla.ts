/**
 * "A vanilla-style hotbar", "the default chest gui", "classic furnace": the game's own grey screens. Said with no
 * material or colour, these words give the theme the game's own colours (the panel #C6C6C6 with white and #555555
 * bevels, #8B8B8B slots under #373737 and white rims) instead of the prompt's material; said beside a material
 * ("vanilla oak chest") the material decides and the word changes nothing, so it is not read.
 */
import type { GuiTheme } from "./theme";
import { readWords } from "../art/material";
import { flavoursOf } from "../interpret/flavour.ts";

const VANILLA_WORDS = new Set(["vanilla", "default", "classic", "original", "standard", "stock"]);

/** The theme colours of the game's own screens. */
export const VANILLA_COLOURS: Omit<GuiTheme, "material" | "trim" | "widgets" | "form" | "rainbow" | "parts"> & {
  trim: null;
} = {
  outline: [0, 0, 0],
  light: [255, 255, 255],
  shadow: [0x55, 0x55, 0x55],
  body: [0xc6, 0xc6, 0xc6],
  slotDark: [0x37, 0x37, 0x37],
  slotLight: [255, 255, 255],
  slotBody: [0x8b, 0x8b, 0x8b],
  insetBody: [0x6f, 0x6f, 0x6f],
  ramp: [
    [0x37, 0x37, 0x37],
    [0x55, 0x55, 0x55],
    [0x8b, 0x8b, 0x8b],
    [0xc6, 0xc6, 0xc6],
    [0xe8, 0xe8, 0xe8],
  ],
  trim: null,
  // The game's panels are flat grey.
  grainStrength: 0,
};

/** The vanilla word of a prompt that sets the game's own colours, or null (none said, or a material decides). */
export function vanillaWord(prompt: string): string | null {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const word = words.find((w) => VANILLA_WORDS.has(w));
  if (!word) return null;
  const r = readWords(words.filter((w) => !VANILLA_WORDS.has(w)).join(" "));
  if (r.substance || r.wood || r.mineral || r.colour || flavoursOf(prompt).length) return null;
  return word;
}
