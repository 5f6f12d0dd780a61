/** The template vocabulary and how a prompt picks from it. */
import { makeCtx, type ModelTemplate } from "./kit.ts";
import { hashSeed, rngFrom } from "../rng.ts";
import { reach } from "../interpret/lexicon.ts";
import { BROAD_TEMPLATES, chooseTemplate, headPhrase, type TemplateChoice } from "./choose.ts";
import { withSupport } from "./pedestal.ts";
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
import { boat } from "./boat.ts";
import { piano } from "./piano.ts";
import { frame } from "./frame.ts";
import { bell } from "./bell.ts";
import { cactus } from "./cactus.ts";
import { podium } from "./podium.ts";
import { rack } from "./rack.ts";
import { ladder } from "./ladder.ts";
import { machine } from "./machine.ts";
import { basket } from "./basket.ts";
import { globe } from "./globe.ts";
import { aquarium } from "./aquarium.ts";

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
  boat,
  piano,
  frame,
  bell,
  cactus,
  podium,
  rack,
  ladder,
  machine,
  basket,
  globe,
  aquarium,
  boxes,
];

/** "well" that says how something is made ("a well made chair", "well-built table") names no well. */
const WELL_AS_ADVERB = /\bwell[- ](?=(?:[a-z]+ed|made|built|lit|kept|worn|known|done|spent|set)\b)/g;

/**
 * The template a prompt names and the words that named it (models/choose.ts: names of several words, then the
 * head noun, through the lexicon where no template word is said); null when nothing reaches one.
 */
export function headOf(prompt: string): { head: string[]; before: string[] } {
  return headPhrase(prompt.toLowerCase().replace(WELL_AS_ADVERB, ""), TEMPLATES);
}

export function chosenTemplate(prompt: string): TemplateChoice | null {
  return chooseTemplate(prompt.toLowerCase().replace(WELL_AS_ADVERB, ""), TEMPLATES);
}

/**
 * The template drawn for a prompt: the one it names, else the template of the head noun's broad kind (a fallback,
 * said in the interpretation), else stacked boxes; on a pedestal when the prompt stands it on one.
 */
export function pickTemplate(prompt: string): ModelTemplate {
  // Standing on a pedestal when said to (models/pedestal.ts).
  return withSupport(chosenTemplate(prompt)?.template ?? broadTemplate(prompt)?.template ?? boxes, prompt);
}

/**
 * A template drawn as a fallback for a thing no template is near: the head noun's broad kind (an aquarium is a
 * container: drawn as a barrel), with the path; null when none stands for it.
 */
export function broadTemplate(prompt: string): { template: ModelTemplate; word: string; via: string[] } | null {
  for (const w of headFirst(prompt.toLowerCase())) {
    const hit = reach(w, ["b"]);
    const name = hit && BROAD_TEMPLATES[hit.target];
    const template = name && TEMPLATES.find((x) => x.name === name);
    if (template) return { template, word: w, via: [...hit.via.slice(0, -1), template.name] };
    // The head noun decides: a thing with a broad kind none stands for is not read again as a describing word.
    if (hit) return null;
  }
  return null;
}

const LINKS = new Set(["with", "on", "of", "in", "under", "for", "from", "by", "and", "beside", "near"]);

/** The prompt's words, the head noun's phrase first and from its end, describing words last. */
function headFirst(text: string): string[] {
  const words = text.split(/[^a-z]+/).filter(Boolean);
  const cut = words.findIndex((w) => LINKS.has(w));
  const head = (cut < 0 ? words : words.slice(0, cut)).reverse();
  const rest = cut < 0 ? [] : words.slice(cut + 1);
  const describes = (w: string) => reach(w, ["c", "m", "w"])?.steps === 0;
  const ordered = [...head, ...rest];
  return [...ordered.filter((w) => !describes(w)), ...ordered.filter(describes)];
}

/**
 * The prompt's words that change the chosen template's build ("hanging" hangs a lantern, "wall" mounts a clock,
 * "drawer" adds one to a table): the template asks for them through `said` (kit.ts); built once to hear them.
 */
export function optionWords(prompt: string): Set<string> {
  const ctx = makeCtx(rngFrom(hashSeed(0, "options", prompt)), prompt);
  pickTemplate(prompt).build(ctx);
  return ctx.heard;
}
