/**
 * What class a word (as the readers normalise it) belongs to, for the interpreter and its part scanner: a
 * material of any class, a colour (the painters' own or a colour phrase), and how a colour is reported.
 */
import { MINERALS, SUBSTANCES, WOODS } from "../art/vocabulary.ts";
import { COLOURS } from "../art/dye-colours.ts";
import { colourHex, isColourToken } from "../art/colour-names.ts";

export const isMaterial = (t: string) => (t in WOODS && t !== "wood") || t in MINERALS || t in SUBSTANCES;
export const isColour = (t: string) => isColourToken(t);
/** How a colour is reported: the painters' own name, or the hex of a colour phrase ("sky blue": #9fb9e2). */
export const reported = (t: string) => (t in COLOURS ? t : (colourHex(t) ?? t));
