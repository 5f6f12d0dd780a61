/** The template vocabulary and how a prompt picks from it. */
import type { ModelTemplate } from "./kit.ts";
import { reach } from "../interpret/lexicon.ts";
import { table } from "./table.ts";
import { chair } from "./chair.ts";
import { stool } from "./stool.ts";
import { bench } from "./bench.ts";
import { lamp } from "./lamp.ts";
import { lantern } from "./lantern.ts";
import { crate } from "./crate.ts";
import { barrel } from "./barrel.ts";
import { chest } from "./chest.ts";
import { pot } from "./pot.ts";
import { pillar } from "./pillar.ts";
import { shelf } from "./shelf.ts";
import { sign } from "./sign.ts";
import { rail } from "./rail.ts";
import { mushroom } from "./mushroom.ts";
import { crystal } from "./crystal.ts";
import { statue } from "./statue.ts";
import { boxes } from "./boxes.ts";
import { bed } from "./bed.ts";
import { sofa } from "./sofa.ts";
import { anvil } from "./anvil.ts";
import { cauldron } from "./cauldron.ts";
import { campfire } from "./campfire.ts";
import { tombstone } from "./tombstone.ts";
import { tree } from "./tree.ts";
import { well } from "./well.ts";
import { fridge } from "./fridge.ts";
import { stove } from "./stove.ts";
import { sink } from "./sink.ts";
import { toilet } from "./toilet.ts";
import { bathtub } from "./bathtub.ts";
import { tv } from "./tv.ts";
import { mailbox } from "./mailbox.ts";
import { bin } from "./bin.ts";
import { flag } from "./flag.ts";
import { umbrella } from "./umbrella.ts";
import { clock } from "./clock.ts";
import { cage } from "./cage.ts";
import { birdhouse } from "./birdhouse.ts";
import { cannon } from "./cannon.ts";
import { tent } from "./tent.ts";
import { wardrobe } from "./wardrobe.ts";
import { cart } from "./cart.ts";

export const TEMPLATES: ModelTemplate[] = [
  table,
  chair,
  stool,
  bench,
  lamp,
  lantern,
  crate,
  barrel,
  chest,
  pot,
  pillar,
  shelf,
  sign,
  rail,
  mushroom,
  crystal,
  statue,
  bed,
  sofa,
  anvil,
  cauldron,
  campfire,
  tombstone,
  tree,
  well,
  fridge,
  stove,
  sink,
  toilet,
  bathtub,
  tv,
  mailbox,
  bin,
  flag,
  umbrella,
  clock,
  cage,
  birdhouse,
  cannon,
  tent,
  wardrobe,
  cart,
  boxes,
];

/** "well" that says how something is made ("a well made chair", "well-built table") names no well. */
const WELL_AS_ADVERB = /\bwell[- ](?=(?:[a-z]+ed|made|built|lit|kept|worn|known|done|spent|set)\b)/g;

/**
 * The template whose word appears first in the prompt ("lantern on a table" is a lantern); words must
 * start a word and may take a plural ending, so "potion" is not a pot. No match: the box fallback.
 */
export function pickTemplate(prompt: string): ModelTemplate {
  const text = prompt.toLowerCase().replace(WELL_AS_ADVERB, "");
  let best: { t: ModelTemplate; at: number; len: number } | null = null;
  for (const t of TEMPLATES)
    for (const w of t.words) {
      const m = new RegExp(`\\b${w}(?:s|es)?\\b`).exec(text);
      if (m && (!best || m.index < best.at || (m.index === best.at && w.length > best.len)))
        best = { t, at: m.index, len: w.length };
    }
  if (best) return best.t;
  // No template word: the nearest template the lexicon reaches from a word of the prompt (a keg is a barrel).
  for (const w of text.split(/[^a-z]+/)) {
    const hit = w ? reach(w, ["t"]) : null;
    const t = hit && TEMPLATES.find((x) => x.name === hit.target);
    if (t) return t;
  }
  return boxes;
}
