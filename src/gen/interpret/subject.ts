/**
 * Which item subject a prompt names: one hand-made silhouette family, or a library subject (art/library.ts)
 * for things no family covers. The single chooser both the interpreter and the item painter ask, so what the
 * answer says is what is drawn.
 *
 * In order: the reskin target's family; a family word of the prompt (the families' own lists); then the
 * lexicon on the prompt's head noun (the last noun before "with", or after "of" when the word before it is a
 * quantity: "slice of watermelon", "stack of gold coins"; part words and what follows "with" only when nothing else is), nearest family or library subject, a family winning
 * a tie; then, as a fallback that the answer reports, the broad kind the lexicon finds (a lute is an
 * instrument: drawn as a horn). Null when nothing reaches anything.
 */
import { type Family, familyOf } from "../art/silhouettes.ts";
import { libraryIconOf, reach } from "./lexicon.ts";
import { STOP_WORDS, tokens } from "./read.ts";
import { PART_REGIONS } from "./parts.ts";

export interface ItemSubject {
  /** The family, or the library subject ("hourglass"). */
  subject: string;
  family: Family | null;
  /** The library icon drawn when no family is. */
  icon: string | null;
  /** The prompt words that chose it. */
  words: Set<string>;
  via?: string[];
  fallback?: string;
}

/** Words that count or cut a thing rather than name it: the thing is what follows "of". */
const QUANTITIES = new Set(
  "slice slices stack stacks pair pairs bundle bundles piece pieces bunch bunches handful pile piles heap chunk chunks set lump wedge sliver".split(
    " ",
  ),
);

export function chooseItemSubject(prompt: string, target?: string | null): ItemSubject | null {
  const toks = tokens(prompt);
  const family = (target && familyOf(target.replace(/_/g, " "))) || familyOf(prompt);
  // A two-word name written as one ("paintbrush") is read as it is: split again it could be anything ("slice": ice).
  const joined = new Set(candidates(toks.map((t) => t.raw)).flatMap((g) => (g.length === 3 ? [g[1]] : [])));
  const named = (w: string): ItemSubject | null => {
    const hit = reach(w.replace(/ /g, "_"), ["f", "l"], !joined.has(w));
    if (!hit) return null;
    hit.via[0] = w;
    const words = new Set(w.split(" "));
    const via = hit.via.length > 1 ? hit.via : undefined;
    if (hit.category === "f") return { subject: hit.target, family: hit.target as Family, icon: null, words, via };
    const icon = libraryIconOf(hit.target);
    if (!icon) return null;
    const kind = kindOf(w);
    const path = kind && !hit.via.includes(kind) ? [...hit.via, kind] : via;
    return { subject: hit.target.replace(/_/g, " "), family: null, icon, words, via: path };
  };
  const broad = (w: string): ItemSubject | null => {
    const hit = reach(w.replace(/ /g, "_"), ["b"], !joined.has(w));
    if (!hit) return null;
    hit.via[0] = w;
    const f = hit.target as Family;
    const fallback = `no '${w}' subject: drawn as the nearest family, ${f} (${hit.via.join(" → ")})`;
    return { subject: f, family: f, icon: null, words: new Set(w.split(" ")), via: hit.via, fallback };
  };
  const byLexicon = (): ItemSubject | null => {
    for (const group of candidates(toks.map((t) => t.raw)))
      for (const w of group) {
        const hit = named(w);
        if (hit) return hit;
      }
    return null;
  };
  if (family) {
    const words = new Set(toks.filter((t) => familyOf(t.raw) === family).map((t) => t.raw));
    // A family named only by a material word ("diamond" is a gem word) yields to a thing the prompt names:
    // a diamond hourglass is an hourglass made of diamond.
    const byMaterial = !(target && familyOf(target.replace(/_/g, " "))) && [...words].every(paint);
    return (byMaterial && byLexicon()) || { subject: family, family, icon: null, words };
  }
  const found = byLexicon();
  if (found) return found;
  for (const group of candidates(toks.map((t) => t.raw)))
    for (const w of group) {
      const hit = broad(w);
      if (hit) return hit;
    }
  return null;
}

/**
 * What kind of thing a library subject is, for the answer's `via` (sunflower → flower, pufferfish → saltwater
 * fish): the nearest family the lexicon gives, else the WordNet word its broad kind was reached through.
 */
function kindOf(w: string): string | undefined {
  const key = w.replace(/ /g, "_");
  const family = reach(key, ["f"], false);
  if (family && family.target !== key) return family.target;
  const broad = reach(key, ["b"], false);
  return broad && broad.via.length > 2 ? broad.via[1] : undefined;
}

/**
 * Words (and two-word names) in the order they may name the subject, grouped by position: the head noun first,
 * each position as its two-word name, that name written as one word ("paint brush": paintbrush), then the word.
 * Describing words (materials, colours, wear) are left out, unless a counting word follows ("orange slice").
 */
function candidates(raw: string[]): string[][] {
  const words = raw.filter((w) => !STOP_WORDS.has(w) || w === "with" || w === "of");
  const withAt = words.indexOf("with");
  const main = withAt < 0 ? words : words.slice(0, withAt);
  // What follows "with" is a part or an accessory ("with a gold handle"): the subject only when nothing before is.
  const rest = withAt < 0 ? [] : words.slice(withAt + 1).filter((w) => w !== "with" && w !== "of");
  const ofAt = main.indexOf("of");
  let before = ofAt < 0 ? main : main.slice(0, ofAt);
  let after = ofAt < 0 ? [] : main.slice(ofAt + 1).filter((w) => w !== "of");
  // "slice of watermelon": the thing follows "of"; "bucket of honey": it comes first.
  if (ofAt >= 0 && (before.length === 0 || QUANTITIES.has(before[before.length - 1])))
    [before, after] = [after, before];
  const headFirst = (ws: string[]) => {
    const out: string[][] = [];
    for (let i = ws.length - 1; i >= 0; i--)
      out.push(i > 0 ? [`${ws[i - 1]} ${ws[i]}`, `${ws[i - 1]}${ws[i]}`, ws[i]] : [ws[i]]);
    return out;
  };
  // Within a position a two-word name is tried before its last word ("magnifying glass" before "glass").
  // "orange slice", "cheese wedge": a counting word last, the thing before it (even a colour or material word).
  const counted = before.length > 1 && QUANTITIES.has(before[before.length - 1]);
  if (counted) before = [...before.slice(0, -2), before[before.length - 1], before[before.length - 2]];
  const isPaint = (w: string) => !(counted && w === before[before.length - 1]) && paint(w);
  // A describing word alone is left out of its position; a two-word name with it stays ("magnifying glass").
  const spoken = (groups: string[][]) => groups.map((g) => g.filter((w) => !isPaint(w))).filter((g) => g.length > 0);
  const isPart = (g: string[]) => g[g.length - 1] in PART_REGIONS && !g[g.length - 1].includes(" ");
  const ordered = spoken([...headFirst(before), ...headFirst(after)]);
  // A part word ("handle", "chain") names the subject only when no other word does: "a gold chain" is a chain.
  return [
    ...ordered.filter((g) => !isPart(g)),
    ...ordered.filter(isPart),
    ...spoken(headFirst(rest)).filter((g) => !isPart(g)),
  ];
}

/** Material, colour and wear words describe the subject; they do not name it ("gold" in "gold coins"). */
function paint(w: string): boolean {
  if (w.includes(" ")) return false;
  const own = reach(w, ["c", "m", "w"]);
  return !!own && own.steps === 0;
}
