/**
 * The flavours a HUD prompt says, painted as marks (gui/screen-flavours.ts) on the sheet's pieces: on the part
 * they are said of ("cracked hearts", "frosty hotbar", "cosmic hearts with a wooden hotbar"), else on every status
 * icon, the hotbar pieces and the experience bar. The layout is untouched: marks recolour drawn pixels only.
 */
import type { Rgba } from "../../media/png";
import type { HudElement } from "../../pack/hud-layout";
import type { FlavourName, Mark } from "../art/flavours";
import { readOrnaments } from "../gui/ornaments";
import { readFlavours } from "../interpret/flavour.ts";
import { readWords } from "../art/material";
import { hashSeed, rngFrom } from "../rng";
import { drawsOnScreen, markArea, markFlavours, markWith, opaqueMask } from "../gui/screen-flavours";
import { type HudPart, lookLinks, PART_WORDS } from "./parts";

/** Wear words (art/vocabulary.ts MODIFIERS) whose look on a HUD icon is a flavour's marks. */
const WEAR_MARKS: Record<string, FlavourName> = { cracked: "broken", crumbling: "broken", chipped: "chipped" };

/** The HUD part an element belongs to, or null for pieces no flavour marks (buttons, indicators, jump bar). */
export function partOfElement(id: string): HudPart | null {
  if (id.includes("container") || id.includes("empty") || id.endsWith("background")) return null;
  if (id.startsWith("heart/")) return "hearts";
  if (id.startsWith("food_")) return "food";
  if (id.startsWith("armor_")) return "armor";
  if (id.startsWith("air")) return "air";
  if (id.startsWith("hotbar_offhand") || id === "hotbar") return "hotbar";
  if (id === "hotbar_selection") return "selection";
  if (id.startsWith("experience_bar_")) return "xp";
  return null;
}

/** Each marking flavour said, and the part it is said of (null: the whole HUD). */
export function hudFlavours(prompt: string): { flavour: FlavourName; part: HudPart | null; raw: string }[] {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const out: { flavour: FlavourName; part: HudPart | null; raw: string }[] = [];
  // Wear words the HUD draws as a flavour's marks: a cracked heart has the broken flavour's crack.
  words.forEach((w, i) => {
    const flavour = WEAR_MARKS[w];
    if (flavour) out.push({ flavour, part: ownerPart(words, i), raw: w });
  });
  for (const f of readFlavours(prompt)) {
    if (!drawsOnScreen(f.flavour) || !markFlavours([f.flavour]).length) continue;
    out.push({ flavour: f.flavour, part: ownerPart(words, words.indexOf(f.raw)), raw: f.raw });
  }
  return out;
}

/**
 * The part a describing word at `at` is said of: the part word right after it, past colour and material words
 * ("cracked hearts", "frosty blue hotbar"), or the part before a look link ("hearts that look cracked"); null: the HUD.
 */
export function ownerPart(words: readonly string[], at: number): HudPart | null {
  let k = at + 1;
  while (k < words.length && says(words[k])) k++;
  if (PART_WORDS[words[k] ?? ""]) return PART_WORDS[words[k]];
  for (let p = at - 1; p >= 0 && p >= at - 6; p--)
    if (PART_WORDS[words[p]] && [at, words[at - 1] === "and" ? at - 2 : -1].includes(lookLinks(words, p)?.at ?? -9))
      return PART_WORDS[words[p]];
  return null;
}

/**
 * The GUI's ornaments (gui/ornaments.ts) a HUD draws, as marks on the part they are said of: stars as star
 * glints ("starry hearts"), flourishes as a dotted trim inside the outline ("a hotbar with gold ornaments"), in
 * the ornament's own colour. The rest (hinges, bands, gears, pipes, lines) need a panel: a HUD has none.
 */
export function hudOrnaments(prompt: string, seed = 0): { words: string[]; part: HudPart | null; mark: Mark }[] {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return readOrnaments(prompt, seed).flatMap((o) => {
    const at = words.indexOf(o.word);
    const hex = o.rgb ? (`#${o.rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}` as const) : null;
    const mark: Mark | null =
      o.ornament === "stars"
        ? { kind: "glints", colour: hex ?? "#fffbe0", share: 0.12 }
        : o.ornament === "flourish"
          ? { kind: "trim", colour: hex ?? "#e8c050" }
          : null;
    if (!mark) return [];
    // The part is said after the ornament ("starry hearts") or before it ("a hotbar with gold ornaments").
    const after = ownerPart(words, at);
    const before = [...words.slice(0, at)].reverse().find((w) => PART_WORDS[w]);
    const part = after ?? (words.slice(0, at).includes("with") && before ? PART_WORDS[before] : null);
    return [{ words: [o.word, ...(o.colour ? [o.colour] : [])], part, mark }];
  });
}

const says = (w: string) => {
  const r = readWords(w);
  return !!(r.colour || r.substance || r.wood || r.mineral);
};

/** Paints the prompt's flavour marks over the painted sheet, each element on its own. */
export function markHud(img: Rgba, elements: readonly HudElement[], prompt: string, seed: number): void {
  const said = hudFlavours(prompt);
  const ornaments = hudOrnaments(prompt, seed);
  if (!said.length && !ornaments.length) return;
  for (const e of elements) {
    const part = partOfElement(e.id);
    if (!part) continue;
    const flavours = said.filter((s) => s.part === null || s.part === part).map((s) => s.flavour);
    const extra = ornaments.filter((o) => o.part === null || o.part === part).map((o) => o.mark);
    if (!flavours.length && !extra.length) continue;
    const rng = rngFrom(hashSeed("hud-marks", seed, prompt, e.id));
    const mask = opaqueMask(img, e.sheet);
    markArea(img, e.sheet, mask, flavours, rng);
    markWith(img, e.sheet, mask, extra, rng);
  }
}
