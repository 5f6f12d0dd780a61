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
  const byLexicon = () => {
    for (const w of candidates(toks.map((t) => t.raw))) {
      const hit = reach(w.replace(/ /g, "_"), ["f", "l"]);
      if (!hit) continue;
      hit.via[0] = w;
      const words = new Set(w.split(" "));
      const via = hit.via.length > 1 ? hit.via : undefined;
      if (hit.category === "f") return { subject: hit.target, family: hit.target as Family, icon: null, words, via };
      const icon = libraryIconOf(hit.target);
      if (icon) return { subject: hit.target.replace(/_/g, " "), family: null, icon, words, via };
    }
    return null;
  };
  if (family) {
    const words = new Set(toks.filter((t) => familyOf(t.raw) === family).map((t) => t.raw));
    // A family named only by a material word ("diamond" is a gem word) yields to a thing the prompt names:
    // a diamond hourglass is an hourglass made of diamond.
    const byMaterial = !(target && familyOf(target.replace(/_/g, " "))) && [...words].every(isPaint);
    return (byMaterial && byLexicon()) || { subject: family, family, icon: null, words };
  }
  const named = byLexicon();
  if (named) return named;
  for (const w of candidates(toks.map((t) => t.raw))) {
    const hit = reach(w.replace(/ /g, "_"), ["b"]);
    if (!hit) continue;
    hit.via[0] = w;
    const f = hit.target as Family;
    return {
      subject: f,
      family: f,
      icon: null,
      words: new Set(w.split(" ")),
      via: hit.via,
      fallback: `no '${w}' subject: drawn as the nearest family, ${f} (${hit.via.join(" → ")})`,
    };
  }
  return null;
}

/** Words (and two-word names) in the order they may name the subject: the head noun first. */
function candidates(raw: string[]): string[] {
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
    const out: string[] = [];
    for (let i = ws.length - 1; i >= 0; i--) {
      if (i > 0) out.push(`${ws[i - 1]} ${ws[i]}`);
      out.push(ws[i]);
    }
    return out;
  };
  // Within a phrase a two-word name is tried before its last word ("magnifying glass" before "glass").
  const ordered = [...headFirst(before), ...headFirst(after)].filter((w) => !isPaint(w));
  // A part word ("handle", "chain") names the subject only when no other word does: "a gold chain" is a chain.
  const whole = ordered.filter((w) => !(w in PART_REGIONS));
  const later = [
    ...ordered.filter((w) => w in PART_REGIONS),
    ...headFirst(rest).filter((w) => !isPaint(w) && !(w in PART_REGIONS)),
  ];
  return [...new Set([...whole, ...later])];
}

/** Material, colour and wear words describe the subject; they do not name it ("gold" in "gold coins"). */
function isPaint(w: string): boolean {
  if (w.includes(" ")) return false;
  const own = reach(w, ["c", "m", "w"]);
  return !!own && own.steps === 0;
}
