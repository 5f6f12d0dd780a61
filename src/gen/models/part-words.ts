/**
 * The words people use for a piece of furniture's parts ("legs", "pillows", "handles", "doors", "top") and the
 * template slots that draw each, best first. Templates name their slots after their own pieces ("leg", "knobs",
 * "cushion", "base"); a person says "feet", "pulls" or "pillows". The first slot of the list the template has is
 * the one the part lands on, so "velvet armchair with gold legs" gilds the chair's frame (its legs are frame)
 * and "dresser with brass handles" makes the shelf's handles brass. Declared by part class, not by prompt.
 */
import type { SlotSpec } from "./kit.ts";

/** Where the legs, feet and stands are: the slot a template draws its supports with. */
const SUPPORT = ["leg", "base", "stand", "post", "pole", "stem", "trunk", "frame", "carriage", "wood"];
/** The soft, sat-on or slept-on pieces. */
const SOFT = ["cushion", "pillow", "seat", "blanket", "cloth"];
/** Small metal fittings: handles, knobs, hinges, bands, trims. */
const FITTINGS = ["knobs", "handle", "trim", "hoop", "detail", "face", "flag"];
/** The large faces of a cabinet: its doors, drawers and sides. */
const FRONT = ["doors", "wood", "panel", "body", "case", "cabinet", "box", "walls", "staves"];
/** What covers something: a top, a lid, a roof, a canopy. */
const COVER = ["top", "lid", "roof", "canopy", "cap", "seat"];

const CLASSES: [string[], string[]][] = [
  [["leg", "legs", "foot", "feet", "stand", "stands", "base", "pedestal", "support", "supports"], SUPPORT],
  [
    ["armrest", "armrests", "arm", "arms", "backrest", "rail", "rails", "spindles", "slats"],
    ["frame", ...SUPPORT],
  ],
  [["cushion", "cushions", "pillow", "pillows", "padding", "upholstery", "pad", "pads"], SOFT],
  [
    ["blanket", "blankets", "sheet", "sheets", "quilt", "duvet", "bedding", "bedspread", "covers", "mattress"],
    ["blanket", ...SOFT],
  ],
  [
    ["handle", "handles", "knob", "knobs", "pull", "pulls", "hinge", "hinges", "latch", "lock", "hardware", "fittings"],
    FITTINGS,
  ],
  [
    [
      "trim",
      "trims",
      "rim",
      "band",
      "bands",
      "hoop",
      "hoops",
      "capital",
      "accent",
      "accents",
      "inlay",
      "edging",
      "corner",
      "corners",
    ],
    ["trim", "hoop", "detail", "knobs", "face"],
  ],
  [["door", "doors", "drawer", "drawers", "front", "sides", "panel", "panels", "shelves", "body"], FRONT],
  [["top", "tabletop", "surface", "lid", "roof", "canopy", "hood"], COVER],
  [
    ["frame", "frames", "structure"],
    ["frame", "base", "case", "body", "wood"],
  ],
  [
    ["shade", "lampshade"],
    ["shade", "canopy", "cloth"],
  ],
  [
    ["bulb", "flame", "light", "glow", "fire", "candle"],
    ["light", "fire"],
  ],
  [
    ["tap", "taps", "faucet", "faucets", "spout"],
    ["basin", "trim", "handle"],
  ],
  [
    ["wheel", "wheels", "axle"],
    ["wheels", "carriage"],
  ],
  [
    ["hook", "hooks", "peg", "pegs", "chain", "chains", "bars", "wire"],
    ["hooks", "bars", "frame", "metal", "pole", "hoop"],
  ],
  [
    ["button", "buttons", "dial", "dials", "key", "keys", "lever", "levers", "switch", "switches"],
    ["knobs", ...FITTINGS],
  ],
  [["horn", "trumpet", "speaker"], ["horn"]],
  [["rung", "rungs", "step", "steps"], ["rungs"]],
  [
    ["pot", "planter", "flowerpot", "vase"],
    ["pot", "clay"],
  ],
  [["fish", "goldfish", "koi"], ["fish"]],
  [["sand", "gravel", "pebbles"], ["sand"]],
  [["water"], ["water"]],
  [
    ["weed", "seaweed", "plants", "plant", "leaves", "foliage", "crown"],
    ["weed", "plant", "leaves", "contents"],
  ],
  [
    ["pane", "panes", "window", "windows", "screen", "display", "glass"],
    ["pane", "window", "screen", "panel", "glass"],
  ],
];

const SLOT_WORDS = new Map<string, string[]>();
for (const [words, slots] of CLASSES) for (const w of words) SLOT_WORDS.set(w, slots);

/**
 * The template slot a part word names, or null: for each form of the word, the slot's own name, then the first
 * slot of the form's class the template has.
 */
export function slotForPart(word: string | undefined, slots: Record<string, SlotSpec>): string | null {
  if (!word) return null;
  for (const w of forms(word)) {
    if (w in slots) return w;
    const slot = SLOT_WORDS.get(w)?.find((s) => s in slots);
    if (slot) return slot;
  }
  return null;
}

/**
 * The word and the part nouns it may stand for: plurals ("legs"), and the adjectives people make of parts
 * ("three legged", "marble topped", "brass handled", "cushioned", "gold trimmed").
 */
function forms(word: string): string[] {
  const out = [word, word.replace(/e?s$/, ""), word.replace(/s$/, "")];
  if (word.endsWith("ed") && word.length > 4) out.push(word.slice(0, -2), word.slice(0, -1), word.slice(0, -3));
  return out;
}
