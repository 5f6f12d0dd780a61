/**
 * The widgets of a container screen named by the words people use, and the colours said of them: "a furnace with
 * a blue flame", "soul fire", "a green progress arrow", "purple bubbles" on a brewing stand. A colour or material
 * right before a widget word paints that widget's filled sprite (the part the game draws over the empty one as
 * progress grows); the empty background keeps the theme. The widget words are read where the screen has that
 * widget (a furnace's flame, a brewing stand's bubbles); on another screen they name nothing drawn.
 */
import { type Rgb, hexToRgb } from "../art/colour";
import { colourHex } from "../art/colour-names";
import { materialFromPrompt, readWords } from "../art/material";
import { GUI_LAYOUTS, type SpriteArt } from "./layouts";

export type Widget = "flame" | "arrow" | "bubbles" | "buttons";

const WIDGET_WORDS: Record<string, Widget> = {
  flame: "flame",
  flames: "flame",
  fire: "flame",
  fuel: "flame",
  arrow: "arrow",
  arrows: "arrow",
  progress: "arrow",
  bubble: "bubbles",
  bubbles: "bubbles",
  button: "buttons",
  buttons: "buttons",
};
/** The sprite arts that draw each widget (gui/layouts.ts). */
const ARTS: Record<Widget, SpriteArt[]> = {
  flame: ["flame", "fuel_bar"],
  arrow: ["burn_arrow", "brew_arrow"],
  bubbles: ["bubbles"],
  buttons: ["enchant_slot", "beacon_button"],
};
/** Words that colour a widget without being a colour: the game's soul fire is cyan. */
const WIDGET_ADJECTIVES: Record<string, string> = { soul: "#4ee0e6" };

export interface WidgetWords {
  colours: Partial<Record<Widget, Rgb>>;
  used: Set<string>;
  /** The describing words the widgets take (not the panel's). */
  taken: Set<string>;
}

/** Whether screen `target` draws `widget` (no target, as the HUD's theme: none). */
const hasWidget = (target: string, widget: Widget) =>
  !!GUI_LAYOUTS[target]?.sprites.some((s) => ARTS[widget].includes(s.art));

export function readWidgetWords(prompt: string, target = "", seed = 0): WidgetWords {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const out: WidgetWords = { colours: {}, used: new Set(), taken: new Set() };
  words.forEach((w, i) => {
    const widget = WIDGET_WORDS[w];
    if (!widget || !hasWidget(target, widget)) return;
    out.used.add(w);
    const before = words[i - 1];
    if (!before || out.colours[widget]) return;
    const own = WIDGET_ADJECTIVES[before];
    const r = readWords(before);
    if (!own && !(r.colour || r.substance || r.mineral || r.wood)) return;
    out.colours[widget] = own
      ? hexToRgb(own)!
      : r.colour && !(r.substance || r.mineral || r.wood)
        ? hexToRgb(colourHex(r.colour)!)!
        : materialFromPrompt(before, seed).palette[3];
    out.used.add(before);
    out.taken.add(before);
  });
  return out;
}
