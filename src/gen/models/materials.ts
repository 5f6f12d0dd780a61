/**
 * Materials named in a prompt ("a birch table with iron legs") and which template slot each fills.
 * A slot takes the first unused prompt material of its own kind; the template's first slot takes the
 * first unused material of any kind, so "a marble table" still makes a marble top.
 */
import type { MaterialKind, SlotSpec } from "./kit.ts";
import { readWords } from "../art/material.ts";
import { slotForPart } from "./part-words.ts";

const WORDS: [MaterialKind, string[]][] = [
  [
    "wood",
    [
      "dark oak",
      "pale oak",
      "oak",
      "spruce",
      "birch",
      "jungle",
      "acacia",
      "mangrove",
      "cherry",
      "bamboo",
      "crimson",
      "warped",
      "wooden",
      "wood",
      "plank",
      "driftwood",
      "ebony",
      "walnut",
      "mahogany",
      "pine",
      "wicker",
    ],
  ],
  [
    "metal",
    ["iron", "gold", "golden", "copper", "steel", "brass", "bronze", "silver", "metal", "netherite", "rusty", "chain"],
  ],
  [
    "stone",
    [
      "cobblestone",
      "stone",
      "marble",
      "granite",
      "andesite",
      "diorite",
      "deepslate",
      "blackstone",
      "brick",
      "sandstone",
      "quartz",
      "obsidian",
      "terracotta",
      "clay",
      "ceramic",
      "porcelain",
      "concrete",
      "basalt",
      "tuff",
      "prismarine",
    ],
  ],
  ["glass", ["stained glass", "glass"]],
  ["cloth", ["wool", "cloth", "fabric", "linen", "velvet", "leather", "silk", "carpet", "cushion", "paper"]],
  ["plant", ["leaves", "leaf", "moss", "vine", "grass", "fern", "cactus"]],
  ["crystal", ["amethyst", "diamond", "emerald", "crystal", "ruby", "sapphire", "ice", "gem", "jade", "topaz"]],
  [
    "light",
    ["glowstone", "lava", "fire", "flame", "sea lantern", "shroomlight", "redstone", "soul fire", "candlelight"],
  ],
  ["fungus", ["red mushroom", "brown mushroom", "nether wart", "mycelium", "crimson fungus", "warped fungus"]],
];

const COLOURS = [
  "white",
  "black",
  "red",
  "orange",
  "yellow",
  "lime",
  "green",
  "cyan",
  "blue",
  "light blue",
  "purple",
  "magenta",
  "pink",
  "brown",
  "gray",
  "grey",
  "light gray",
  "teal",
  "golden",
  "dark",
  "pale",
  "mossy",
  "polished",
  "weathered",
  "oxidized",
  "cracked",
];

interface Found {
  kind: MaterialKind;
  text: string;
  at: number;
}

/** Materials in order of appearance, each with the colour/finish word just before it ("red velvet"). */
export function materialsIn(prompt: string): Found[] {
  const text = prompt.toLowerCase();
  const found: Found[] = [];
  const taken = new Set<number>();
  for (const [kind, words] of WORDS)
    for (const w of words) {
      const re = new RegExp(`(?:\\b(${COLOURS.join("|")})\\s+)?\\b${w}\\b`, "g");
      for (const m of text.matchAll(re)) {
        const at = m.index! + (m[1] ? m[1].length + 1 : 0);
        if ([...Array(w.length).keys()].some((i) => taken.has(at + i))) continue;
        for (let i = 0; i < w.length; i++) taken.add(at + i);
        found.push({ kind, text: m[0], at });
      }
    }
  return found.sort((a, b) => a.at - b.at);
}

/** What each slot is made of, as a short description the texture painter understands. */
export function assignMaterials(prompt: string, slots: Record<string, SlotSpec>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(materialSources(prompt, slots))) out[name] = describe(f);
  for (const [name, spec] of Object.entries(slots)) out[name] ??= (spec.like && out[spec.like]) || spec.material;
  return out;
}

/**
 * The prompt's material words that changed a slot from its own material: read, even those the painter draws as
 * their kind's plain material ("ceramic vase" is smooth stone, not terracotta; "paper lantern" white cloth).
 */
export function materialWordsUsed(prompt: string, slots: Record<string, SlotSpec>): Set<string> {
  const out = new Set<string>();
  for (const [name, f] of Object.entries(materialSources(prompt, slots)))
    if (describe(f) !== slots[name].material) for (const w of f.text.split(" ")) out.add(w);
  return out;
}

/** Slot → the prompt's material that fills it: each slot the first unused one of its kind, the first slot any. */
function materialSources(prompt: string, slots: Record<string, SlotSpec>): Record<string, Found> {
  // A material said of a part after "with" ("cabinet with glass doors") is that part's (models/colours.ts), not
  // the whole's; before it the material is the whole's, whatever its next word ("ceramic vase").
  const text = prompt.toLowerCase();
  const parts = text.search(/\bwith\b/);
  const ofPart = (m: Found) =>
    parts >= 0 && m.at > parts && !!slotForPart(/^[^a-z]*([a-z]+)/.exec(text.slice(m.at + m.text.length))?.[1], slots);
  const found = materialsIn(prompt).filter((m) => !ofPart(m));
  const used = new Set<Found>();
  const out: Record<string, Found> = {};
  const names = Object.keys(slots);
  for (const name of names) {
    const f = found.find((m) => !used.has(m) && m.kind === slots[name].kind);
    if (f) {
      used.add(f);
      out[name] = f;
    }
  }
  const f = out[names[0]] ? undefined : found.find((m) => !used.has(m));
  if (f) out[names[0]] = f;
  return out;
}

/**
 * What a kind is painted as when its word is one the texture painter cannot read ("paper", "ceramic", "fern",
 * "gem", "flame"): the kind's plain material with the word's colour, not a texture of hashed colours.
 */
const PLAIN: Record<MaterialKind, string> = {
  wood: "oak planks",
  metal: "iron metal",
  stone: "smooth stone",
  glass: "glass",
  cloth: "white wool",
  plant: "oak leaves",
  crystal: "diamond",
  light: "glowstone",
  fungus: "red mushroom",
};

/** Whether the texture painter reads the material word (art/material.ts, through the lexicon for the rest). */
function painterReads(word: string): boolean {
  const r = readWords(word);
  return !!(r.substance || r.wood || r.mineral || r.structure);
}

/** "oak" alone paints better as "oak planks"; a bare metal as a block of it; a word the painter cannot read, as
 * its kind's plain material in the word's colour. */
function describe(f: Found): string {
  const said = named(f);
  if (painterReads(said)) return said;
  const colour = f.text.split(" ").length > 1 ? f.text.split(" ")[0] : null;
  const plain = PLAIN[f.kind];
  return colour ? `${colour} ${plain.split(" ").slice(1).join(" ") || plain}` : plain;
}

function named(f: Found): string {
  // A woven wood (wicker) is its weave, not planks.
  if (f.kind === "wood" && !/plank|wood/.test(f.text) && !readWords(f.text).structure) return `${f.text} planks`;
  if (f.kind === "metal" && !/metal/.test(f.text)) return `${f.text} metal`;
  return f.text;
}
