/**
 * Chat-icon glyphs at their native pixel size (7 to 9 rows, width follows the shape). Letters as in
 * silhouettes.ts: M main, T lit, D shaded, A accent (eye sockets, emblem, inner flame), W glint.
 * Strokes are three pixels wide so a one-pixel outline still leaves a coloured core.
 */
import { chooseItemSubject } from "../interpret/subject.ts";
import { familyOf } from "./silhouettes.ts";
import { libraryIconOf, reach } from "../interpret/lexicon.ts";

export interface Glyph {
  mask: string[];
  /** Main colour when the prompt names none. */
  colour: string;
  /** Accent colour (the "A" letter). */
  accent: string;
}

const ARROW_RIGHT = [
  "......M...",
  "......MM..",
  "......MMM.",
  "MMMMMMMMM.",
  "MMMMMMMMMM",
  "MMMMMMMMM.",
  "......MMM.",
  "......MM..",
  "......M...",
];

function transpose(m: string[]): string[] {
  return [...m[0]].map((_, x) => m.map((row) => row[x]).join(""));
}
const flipX = (m: string[]) => m.map((r) => [...r].reverse().join(""));
const flipY = (m: string[]) => [...m].reverse();

export const GLYPHS: Record<string, Glyph> = {
  heart: {
    mask: [
      ".MM...MM.",
      "MWMM.MMMM",
      "MWMMMMMMM",
      "MMMMMMMMM",
      "MMMMMMMMM",
      ".MMMMMMM.",
      "..MMMMM..",
      "...MMM...",
      "....M....",
    ],
    colour: "#e3313b",
    accent: "#ffffff",
  },
  star: {
    mask: [
      "....M....",
      "...MMM...",
      "...MMM...",
      "MMMMMMMMM",
      ".MMMMMMM.",
      "..MMMMM..",
      "..MMMMM..",
      ".MMM.MMM.",
      ".MM...MM.",
    ],
    colour: "#ffd22e",
    accent: "#ffffff",
  },
  coin: {
    mask: ["..MMMM..", ".MTTTTM.", "MTMMMMDM", "MTMAAMDM", "MTMAAMDM", "MTMMMMDM", ".MDDDDM.", "..MMMM.."],
    colour: "#f2c230",
    accent: "#b07a12",
  },
  gem: {
    mask: ["..MMMMM..", ".MWTTTTM.", "MWTTTTTTM", "MMMMMMMMM", ".MMMMMMD.", "..MMMMD..", "...MMD...", "....M...."],
    colour: "#45e0dc",
    accent: "#ffffff",
  },
  skull: {
    mask: [".MMMMMM.", "MMMMMMMM", "MMMMMMMM", "MAAMMAAM", "MAAMMAAM", "MMMMMMMM", ".MMMAMM.", ".MMMMMM.", ".M.MM.M."],
    colour: "#e6e2cf",
    accent: "#2b2622",
  },
  check: {
    mask: [
      ".......MMM",
      "......MMMM",
      ".....MMMM.",
      "MMM.MMMM..",
      "MMMMMMM...",
      ".MMMMM....",
      "..MMM.....",
      "...M......",
    ],
    colour: "#52c23a",
    accent: "#ffffff",
  },
  cross: {
    mask: [
      "MMM...MMM",
      "MMMM.MMMM",
      ".MMMMMMM.",
      "..MMMMM..",
      "...MMM...",
      "..MMMMM..",
      ".MMMMMMM.",
      "MMMM.MMMM",
      "MMM...MMM",
    ],
    colour: "#e0383a",
    accent: "#ffffff",
  },
  arrow_right: { mask: ARROW_RIGHT, colour: "#dcdcdc", accent: "#ffffff" },
  arrow_left: { mask: flipX(ARROW_RIGHT), colour: "#dcdcdc", accent: "#ffffff" },
  arrow_down: { mask: transpose(ARROW_RIGHT), colour: "#dcdcdc", accent: "#ffffff" },
  arrow_up: { mask: flipY(transpose(ARROW_RIGHT)), colour: "#dcdcdc", accent: "#ffffff" },
  warning: {
    mask: [
      "....M....",
      "...MMM...",
      "...MAM...",
      "..MMAMM..",
      "..MMAMM..",
      ".MMMMMMM.",
      ".MMMAMMM.",
      "MMMMMMMMM",
      "MMMMMMMMM",
    ],
    colour: "#ffcc1f",
    accent: "#2a2418",
  },
  lightning: {
    mask: ["...MMMM", "..MMMM.", ".MMMM..", "MMMMMMM", "..MMMM.", ".MMMM..", ".MMM...", "MMM....", "MM....."],
    colour: "#ffe23b",
    accent: "#ffffff",
  },
  flame: {
    mask: ["...M...", "..MM...", "..MMM.M", ".MMMMMM", "MMMAMMM", "MMAAAMM", "MMAAAMM", ".MMAMM.", "..MMM.."],
    colour: "#f06a17",
    accent: "#ffd23a",
  },
  drop: {
    mask: ["...M...", "..MMM..", "..MMM..", ".MMMMM.", "MMWMMMM", "MWMMMMM", "MMMMMMM", ".MMMMM.", "..MMM.."],
    colour: "#3a7be0",
    accent: "#ffffff",
  },
  shield: {
    mask: ["MMMMMMMM", "MTTTMMDM", "MTMMMMDM", "MTMAAMDM", "MTMAAMDM", ".MMMMMD.", ".MMMMMD.", "..MMMD..", "...MM..."],
    colour: "#a8adb4",
    accent: "#c0392b",
  },
  crown: {
    mask: ["M...M...M", "MM.MMM.MM", "MMMMMMMMM", "MMAMMMAMM", "MMMMMMMMM", "MMMMMMMMM", "MMMMMMMMM"],
    colour: "#f5c531",
    accent: "#d8243a",
  },
  plus: {
    mask: ["..MMM..", "..MMM..", "MMMMMMM", "MMMMMMM", "MMMMMMM", "..MMM..", "..MMM.."],
    colour: "#52c23a",
    accent: "#ffffff",
  },
  orb: {
    mask: ["..MMMM..", ".MWWMMM.", "MWMMMMMM", "MMMMMMMM", "MMMMMMMM", "MMMMMMMD", ".MMMMMD.", "..MMMM.."],
    colour: "#9b59d0",
    accent: "#ffffff",
  },
};

export const GLYPH_WORDS: [RegExp, string][] = [
  [/\b(heart|health|love|life|hp)\b/, "heart"],
  [/\b(star|favou?rite|rating)\b/, "star"],
  [/\b(coin|money|gold|cash|currency|emerald_coin)\b/, "coin"],
  [/\b(gem|diamond|jewel|crystal|emerald|ruby)\b/, "gem"],
  [/\b(skull|death|dead|kill|danger)\b/, "skull"],
  [/\b(check|tick|ok|yes|done|success)\b/, "check"],
  [/\b(cross|x|no|fail|error|close|cancel)\b/, "cross"],
  [/\b(left|back|previous)\b/, "arrow_left"],
  [/\b(up|upload|raise)\b/, "arrow_up"],
  [/\b(down|download|lower)\b/, "arrow_down"],
  [/\b(arrow|right|next|forward)\b/, "arrow_right"],
  [/\b(warning|warn|alert|caution|hazard|exclamation)\b/, "warning"],
  [/\b(lightning|bolt|energy|power|thunder|zap)\b/, "lightning"],
  [/\b(fire|flame|burn|hot)\b/, "flame"],
  [/\b(drop|water|droplet|mana|thirst|rain)\b/, "drop"],
  [/\b(shield|defen[cs]e|armou?r|protect\w*)\b/, "shield"],
  [/\b(crown|king|queen|vip|rank|royal)\b/, "crown"],
  [/\b(plus|add|heal|bonus)\b/, "plus"],
];

/** Item families that have a glyph of their own: the glyph draws them ("coin", "heart", "shield"). */
const GLYPH_FAMILIES = new Set(["heart", "star", "coin", "gem", "skull", "shield", "crown", "arrow"]);

/**
 * Picks what an icon draws from its name first, then its prompt: a glyph, or an item family (an icon of a
 * sword is the item sword drawn at icon size). An item named outright wins over a glyph word that is only
 * its material ("golden sword" is a sword, not a coin); a glyph word that only describes the thing the prompt
 * names ("rain" of a rain cloud, "fire" of a fire truck) yields to that thing, as the items read it; then the
 * nearer of a glyph the lexicon reaches and a thing the items' chooser reads (a sun is the sun, not a star);
 * then a subject of the drawn library (drawn as an item). Unknown names get an orb.
 */
export function glyphFor(name: string, prompt: string): string {
  for (const text of [name, prompt]) {
    const t = text.toLowerCase().replace(/[^a-z]+/g, " ");
    const family = familyOf(t);
    if (family && !GLYPH_FAMILIES.has(family)) {
      // A name of several words around the family word is the thing the items draw ("feather quill pen": a pen).
      // So is another family the chooser reads the compound as ("ice cream scoop": the scoop, a ladle).
      const item = chooseItemSubject(t);
      if (item?.icon && !item.fallback) return item.subject.replace(/ /g, "_");
      return item?.family && !item.fallback && !GLYPH_FAMILIES.has(item.family) ? item.family : family;
    }
    const glyph = glyphWord(t);
    if (!glyph) continue;
    // The glyph word is the head noun ("blue water drop", "yellow lightning bolt"), or the thing the chooser
    // reads is that glyph's ("green check mark": a check), or the chooser reads nothing else: the glyph.
    const item = drawnThing(t);
    const last = (w: string) => w.trim().split(" ").pop() ?? "";
    if (!item || glyphWord(last(headPhrase(t))) === glyph || glyphWord(last(item.subject)) === glyph) return glyph;
    return item.name;
  }
  // No glyph word: the nearest of a glyph the lexicon reaches from a word of the name or prompt and the thing the
  // items' chooser reads the prompt (or name) as, so an icon of a thing is that thing: a family the lexicon
  // reaches (clownfish: the tropical fish) or a library subject of one, two or three words ("trash can" is the
  // bin, not the can). The thing wins a tie: it is drawn as itself.
  const byGlyph = lexiconGlyph(`${name} ${prompt}`);
  for (const text of [prompt, name]) {
    const item = text ? drawnThing(text) : null;
    if (item && (!byGlyph || item.steps <= byGlyph.steps)) return item.name;
  }
  if (byGlyph) return byGlyph.glyph;
  // Then a thing of the drawn library (speech balloon, sunflower), drawn as the item at the icon's height, as
  // items draw it: the name or prompt as a whole first ("pocket watch"), then each word.
  const t = `${name} ${prompt}`
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();
  for (const w of [t.replace(/ /g, "_"), ...t.split(" ").reverse()]) {
    const hit = w.length >= 3 ? reach(w, ["l"]) : null;
    if (hit && libraryIconOf(hit.target)) return hit.target;
  }
  // Last, a glyph word at the end of a word written as one ("campfire", "bonfire": fire).
  for (const w of t.split(" ").reverse())
    for (let i = 3; i <= w.length - 3; i++) {
      const glyph = glyphWord(w.slice(i));
      if (glyph) return glyph;
    }
  return "orb";
}

/** The glyph a text's glyph words name, or null. */
function glyphWord(t: string): string | null {
  for (const [re, g] of GLYPH_WORDS) if (re.test(t)) return g;
  return null;
}

/** The words before "with", "of", "on"…: where the head noun is. */
const headPhrase = (t: string) => t.split(/\b(?:with|of|on|in|from|for)\b/)[0];

/** What the items' chooser reads a text as, when it is a drawn thing an icon may be: a library subject or a family with no glyph. */
function drawnThing(text: string): { name: string; subject: string; steps: number } | null {
  const item = chooseItemSubject(text);
  if (!item || item.fallback) return null;
  if (item.icon) return { name: item.subject.replace(/ /g, "_"), subject: item.subject, steps: item.steps ?? 0 };
  if (item.family && !GLYPH_FAMILIES.has(item.family))
    return { name: item.family, subject: item.subject, steps: item.steps ?? 0 };
  return null;
}

/** The nearest glyph the lexicon reaches from a word of `text`, with its steps. */
function lexiconGlyph(text: string): { glyph: string; steps: number } | null {
  let best: { glyph: string; steps: number } | null = null;
  for (const w of text.toLowerCase().split(/[^a-z]+/)) {
    const hit = w ? reach(w, ["g"]) : null;
    if (hit && hit.target in GLYPHS && (!best || hit.steps < best.steps))
      best = { glyph: hit.target, steps: hit.steps };
  }
  return best;
}
