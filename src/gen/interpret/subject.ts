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
import { PORTION_WORD } from "../art/portion-shapes.ts";
import { AMOUNT_WORDS, holderFirst } from "./portions.ts";
import { type Family, familyOf } from "../art/silhouettes.ts";
import { baseForms, isLexiconWord, libraryIconOf, reach } from "./lexicon.ts";
import { STOP_WORDS, tokens } from "./tokens.ts";
import { PART_REGIONS } from "./parts.ts";
import { iconInContext } from "./icon-choice.ts";
import { compoundSubject, wholeOf } from "./compound-head.ts";

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
  /** How far the lexicon went (0: the word is the subject's own name). */
  steps?: number;
}

/**
 * Words that count, cut or shape a thing rather than name it: the thing is what follows "of" ("a bar of
 * soap", "a ball of yarn", "a stick of butter"), even where the word is also a family's ("bar" an ingot).
 */
export const QUANTITIES = new Set(
  "slice slices stack stacks pair pairs bundle bundles piece pieces bunch bunches handful pile piles heap chunk chunks set lump lumps wedge sliver bar bars stick sticks roll rolls spool spools ball balls sheet sheets scoop scoops cube cubes sprig sprigs clove cloves drop drops pinch bale bales loaf loaves ear ears hunk coil coils skein skeins strand strands length lengths tuft tufts".split(
    " ",
  ),
);
// The portion and quantity nouns whose pictures interpret/portions.ts draws count too ("a block of butter").
for (const w of [...PORTION_WORD.keys(), ...AMOUNT_WORDS]) QUANTITIES.add(w).add(`${w}s`);
const COUNTED = new RegExp(`\\b(?:${[...QUANTITIES].join("|")})\\s+of\\b`, "g");

/** Words that place the thing somewhere: what follows them is not the thing ("a skull on a stick"). */
const PLACED = new Set(["on", "in", "inside", "under", "upon", "atop", "beside", "over", "onto", "from"]);

/**
 * The broad families of made things (scripts/lexicon/targets.ts, BROAD: tools, vessels, boxes, jewellery,
 * instruments, clothing, lights, toys): a head noun of one is a made thing, not a part of a food or creature.
 */
const MADE_KINDS = new Set([
  "wrench",
  "hammer",
  "dagger",
  "bucket",
  "cup",
  "gift",
  "ring",
  "horn",
  "hat",
  "boots",
  "chestplate",
  "lantern",
  "bomb",
  "ball",
  "sword",
]);

/** What a counting word before "of" draws when the thing is only a material: a bar of gold is an ingot. */
const SHAPE_OF: Record<string, Family> = { bar: "ingot", bars: "ingot", nugget: "nugget" };

export function chooseItemSubject(prompt: string, target?: string | null): ItemSubject | null {
  const toks = tokens(prompt);
  const spacedPrompt = ` ${prompt.toLowerCase().replace(/[^a-z]+/g, " ")} `;
  const adjacent = (words: string) => spacedPrompt.includes(` ${words} `);
  // The family words of what is counted, not of the counting word: "a bar of soap" names no ingot.
  const counted = prompt.toLowerCase().replace(COUNTED, " of ");
  // What follows "with" is a part ("bottle with a black cap"): a family named before it wins.
  // So is what follows "and": a second thing ("a hammer and nails", "a mop and bucket").
  const head = counted.split(/\b(?:with|and)\b/)[0];
  const family = (target && familyOf(target.replace(/_/g, " "))) || familyOf(head) || familyOf(counted);
  const groups = candidates(toks.map((t) => t.raw));
  // A two-word name written as one ("paintbrush") is read as it is: split again it could be anything ("slice": ice).
  const said = new Set(toks.map((t) => t.raw));
  const joined = new Set(groups.flat().filter((w) => !w.includes(" ") && !said.has(w)));
  const named = (w: string): ItemSubject | null => {
    const found = reach(w.replace(/ /g, "_"), ["f", "l"], !joined.has(w));
    const hit = found && (wholeOf(w.replace(/ /g, "_"), found) ?? found);
    if (!hit) return null;
    hit.via[0] = w;
    const words = new Set(w.split(" "));
    // A family's own name of two words said with a space ("rolling pin" → rolling_pin) still says how it was read.
    const via = hit.via.length > 1 ? hit.via : hit.category === "f" && w !== hit.target ? [w, hit.target] : undefined;
    const steps = hit.steps;
    if (hit.category === "f")
      return { subject: hit.target, family: hit.target as Family, icon: null, words, via, steps };
    const lexiconIcon = libraryIconOf(hit.target);
    if (!lexiconIcon) return null;
    const icon = iconInContext(
      hit.target,
      lexiconIcon,
      toks.map((t) => t.raw),
    );
    // A name of two words whose last word is a drawn thing of its own is a kind of it ("rain cloud": a cloud).
    const last = w.includes(" ") ? w.split(" ").pop()! : "";
    const kind = kindOf(w) ?? (last && reach(last, ["f", "l"], false)?.steps === 0 ? last : undefined);
    // A path of its own already says what kind it went through.
    const path = kind && !hit.via.includes(kind) && hit.via.length <= 2 ? [...hit.via, kind] : via;
    return { subject: hit.target.replace(/_/g, " "), family: null, icon, words, via: path, steps };
  };
  const broad = (w: string): ItemSubject | null => {
    const hit = reach(w.replace(/ /g, "_"), ["b"], !joined.has(w));
    if (!hit) return null;
    hit.via[0] = w;
    const f = hit.target as Family;
    const fallback = `no '${w}' subject: drawn as the nearest family, ${f} (${hit.via.join(" → ")})`;
    return { subject: f, family: f, icon: null, words: new Set(w.split(" ")), via: hit.via, fallback };
  };
  // A compound's head read against its modifier ("garlic bulb", "pizza cutter"): interpret/compound-head.ts.
  const compound = target
    ? null
    : compoundSubject(
        toks.map((t) => t.raw),
        QUANTITIES,
        named,
        wordAlone,
      );
  if (compound) return compound;
  // The head noun names the thing: when WordNet knows it (or its name of several words) but nothing drawn is near,
  // it is drawn as its broad kind, a fallback the answer reports, rather than as a word in front of it ("garden
  // trowel" is no garden) or the last word of its name ("rolling pin" is no pin, "watering can" no tin can).
  const byLexicon = (): ItemSubject | null => {
    for (const [g, group] of groups.entries())
      for (const w of group) {
        const hit = named(w);
        if (hit && exact(w, hit)) return hit;
        if (hit) continue;
        const kind = g === 0 || w.includes(" ") ? broad(w) : null;
        // Unless the name is a kind of its last word ("sewing needle": a needle), which is read next.
        const last = group[group.length - 1];
        if (kind && (g === 0 || w.includes(" ")) && !kind.via?.slice(1).includes(last)) return kind;
      }
    return null;
  };
  // A name of two or three words at the head ("pine cone", "quill pen", "tin can") is one thing, read before the
  // family words inside or in front of it ("cone", "feather"): WordNet's collocations, through the lexicon.
  // A name led by a material or colour word is taken only as exactly what it names ("tin can", "crystal ball"): a
  // "wooden spoon" reached through its other sense, a booby prize, is a spoon of wood.
  // Written as one ("pinecone" for "pine cone"), the words said are still both words, and the path starts there.
  const spokenAs = (hit: ItemSubject | null, said: string): ItemSubject | null =>
    hit && {
      ...hit,
      words: new Set(said.split(" ")),
      via: hit.via
        ? [said, ...hit.via.slice(1)]
        : said.replace(/ /g, "") === hit.subject
          ? [said, hit.subject]
          : undefined,
    };
  const phrase =
    (groups[0] ?? [])
      .map((w, i, g) => [w, i < g.length - 1 ? spokenAs(named(w), w.includes(" ") ? w : g[i - 1]) : null] as const)
      // Written side by side in the prompt: "carrot on a stick" holds no "carrot stick".
      .find(([w, hit]) => hit && exact(w, hit) && adjacent([...hit.words].join(" ")))?.[1] ?? null;
  // A family word in front of the head noun says what kind of it the thing is, not what it is: a soup ladle is a
  // ladle, a fish knife a knife. The head noun is drawn when the lexicon reaches something drawn for it.
  const classified = (words: Set<string>): ItemSubject | null => {
    const head = groups[0]?.[groups[0].length - 1];
    if (!head || head.includes(" ") || words.has(head) || familyOf(head) || target) return null;
    const at = toks.findIndex((t) => t.raw === head);
    if (![...words].every((w) => toks.findIndex((t) => t.raw === w) < at)) return null;
    // Only a head that is a made thing (a tool, vessel, bag or craft by its broad kind) drawn near through the
    // lexicon: a chicken leg, a candle stub, a salmon fillet are parts of the family's thing, drawn as it (the
    // lexicon takes the head to that family: a leg is a cut of meat).
    const hit = named(head);
    const kind = reach(head, ["b"], false);
    const own = familyOf([...words].join(" "));
    if (own && reach(head, ["f"], false)?.target === own) return null;
    return hit && (hit.steps ?? 0) <= 2 && kind && MADE_KINDS.has(kind.target) ? hit : null;
  };
  const familyWords = (f: Family) => toks.filter((t) => familyOf(t.raw) === f).map((t) => t.raw);
  if (family && phrase && !(target && familyOf(target.replace(/_/g, " ")))) {
    const head = [...phrase.words].pop()!;
    // A family the name is a kind of stays first (a birthday cake is the cake family): hand-made before library.
    // So does any family named beside a name that is only an icon's, not WordNet's: a "kitchen knife" is the
    // dagger family and a "cheese wedge" the cheese, whatever icons also bear those names.
    const kind = reach([...phrase.words].join("_"), ["f"], false);
    const iconName = !phrase.family && !isLexiconWord([...phrase.words].join("_"));
    // And a family its head noun names when the name reaches only a far kind ("hot water bottle": a receptacle).
    const far = (phrase.steps ?? 0) >= 2 && familyOf(head) === family;
    if (
      kind?.target !== family &&
      !iconName &&
      !far &&
      familyWords(family).every((w) => phrase.words.has(w) || w !== head)
    )
      return phrase;
  }
  if (!family && phrase) return phrase;
  // A family named only after "with" or "and" is a part or a second thing: a thing the lexicon reads before it is
  // the subject ("a pencil with an eraser", "a mop and bucket").
  if (family && !familyOf(head) && !(target && familyOf(target.replace(/_/g, " ")))) {
    const before = new Set(tokens(head).map((t) => t.raw));
    const first = byLexicon();
    if (first && !first.fallback && [...first.words].every((w) => before.has(w))) return first;
  }
  // "A sack of coins": a holder said before "of" is the thing, the family after it what it holds.
  const holder = family ? holderFirst(head, byLexicon) : null;
  if (holder) return holder;
  if (family) {
    const words = new Set(toks.filter((t) => familyOf(t.raw) === family).map((t) => t.raw));
    // A family named only by a material word ("diamond" is a gem word) yields to a thing the prompt names:
    // a diamond hourglass is an hourglass made of diamond.
    // A colour word that is also a family's ("salmon", "orange") names the thing: only a material yields.
    const material = (w: string) => reach(w, ["m"])?.steps === 0;
    const byMaterial = !(target && familyOf(target.replace(/_/g, " "))) && [...words].every(material);
    // A word of the family that is not its name says how it was reached ("tongs" → pliers, "bag" → backpack).
    const said = [...words].find((w) => w !== family && !baseForms(w).includes(family) && !w.includes(family));
    const via = said && words.size === 1 ? [said, family] : undefined;
    return (
      (byMaterial && byLexicon()) ||
      classified(words) || { subject: family, family, icon: null, words, ...(via && { via }) }
    );
  }
  const found = byLexicon();
  if (found) return found;
  // Only a material is named as the thing ("coal", "a lump of coal", "a bar of gold"): a lump of it, or the
  // shape its counting word draws.
  // A counted material is the thing even in a name of two words ("a piece of yellow cloth").
  const shaped = groups.length === 0 || counted !== prompt.toLowerCase() ? materialThing(prompt) : null;
  if (shaped) return shaped;
  for (const group of candidates(toks.map((t) => t.raw)))
    for (const w of group) {
      const hit = broad(w);
      if (hit) return hit;
    }
  return null;
}

/**
 * The subject one word names by itself, for the compound reader (asked for a compound's head and modifier on
 * every prompt): a pure function of the word, kept, and handed out as copies a caller may edit.
 */
const ALONE = new Map<string, ItemSubject | null>();
function wordAlone(word: string): ItemSubject | null {
  if (!ALONE.has(word)) {
    if (ALONE.size > 5000) ALONE.clear();
    ALONE.set(word, chooseItemSubject(word));
  }
  const o = ALONE.get(word)!;
  return o && { ...o, words: new Set(o.words), ...(o.via && { via: [...o.via] }) };
}

/** The material a prompt names as its thing, drawn as a lump of it or as the shape its counting word says. */
function materialThing(prompt: string): ItemSubject | null {
  const words = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !STOP_WORDS.has(w));
  const material = words.find((w) => {
    const hit = reach(w, ["m"], false);
    return !!hit && hit.steps === 0;
  });
  if (!material) return null;
  const counter = words.find((w) => QUANTITIES.has(w) || w in SHAPE_OF);
  const family: Family = (counter && SHAPE_OF[counter]) || "lump";
  return {
    subject: family,
    family,
    icon: null,
    words: new Set([material, ...(counter ? [counter] : [])]),
    via: [material, family],
  };
}

/**
 * What kind of thing a library subject is, for the answer's `via` (sunflower → flower, pufferfish → saltwater
 * fish): the nearest family the lexicon gives, else the WordNet word its broad kind was reached through.
 */
function kindOf(w: string): string | undefined {
  const key = w.replace(/ /g, "_");
  // Only a near family says what kind of thing it is (a sunflower is a flower); a far one misleads (a chess
  // piece is no ball for being game equipment).
  const family = reach(key, ["f"], false);
  if (family && family.target !== key && family.steps <= 2) return family.target;
  const broad = reach(key, ["b"], false);
  return broad && broad.via.length > 2 ? broad.via[1] : undefined;
}

/**
 * Words (and two-word names) in the order they may name the subject, grouped by position: the head noun first,
 * each position as its two-word name, that name written as one word ("paint brush": paintbrush), then the word.
 * Describing words (materials, colours, wear) are left out, unless a counting word follows ("orange slice").
 */
function candidates(raw: string[]): string[][] {
  const words = raw.filter((w) => !STOP_WORDS.has(w) || w === "with" || w === "of" || w === "and" || PLACED.has(w));
  const withAt = words.findIndex((w) => w === "with" || w === "and" || PLACED.has(w));
  const main = withAt < 0 ? words : words.slice(0, withAt);
  // What follows "with" is a part or an accessory ("with a gold handle"), and what follows "on", "in"… is where
  // the thing is ("crystal ball on a stand"): the subject only when nothing before is.
  const rest =
    withAt < 0
      ? []
      : words.slice(withAt + 1).filter((w) => w !== "with" && w !== "of" && w !== "and" && !PLACED.has(w));
  const ofAt = main.indexOf("of");
  let before = ofAt < 0 ? main : main.slice(0, ofAt);
  let after = ofAt < 0 ? [] : main.slice(ofAt + 1).filter((w) => w !== "of");
  // "slice of watermelon": the thing follows "of"; "bucket of honey": it comes first.
  // The counting word itself is no candidate then: a "chunk of obsidian" is obsidian, not the chunk family.
  const swapped = ofAt >= 0 && (before.length === 0 || QUANTITIES.has(before[before.length - 1]));
  if (swapped) [before, after] = [after, before.filter((w) => !QUANTITIES.has(w))];
  const headFirst = (ws: string[]) => {
    const out: string[][] = [];
    for (let i = ws.length - 1; i >= 0; i--)
      out.push([
        ...(i > 1 ? [`${ws[i - 2]} ${ws[i - 1]} ${ws[i]}`] : []),
        ...(i > 0 ? [`${ws[i - 1]} ${ws[i]}`, `${ws[i - 1]}${ws[i]}`] : []),
        ws[i],
      ]);
    return out;
  };
  // Within a position a two-word name is tried before its last word ("magnifying glass" before "glass").
  // "orange slice", "cheese wedge": a counting word last, the thing before it (even a colour or material word).
  // ("chess piece" is one name: no counting there.)
  const counted =
    before.length > 1 &&
    QUANTITIES.has(before[before.length - 1]) &&
    !reach(before.slice(-2).join("_"), ["f", "l"], false);
  if (counted) before = [...before.slice(0, -2), before[before.length - 1], before[before.length - 2]];
  // The head noun is the thing even where it is also a colour ("rotten flesh", "a salmon"), and a material word
  // that holds what follows "of" is a vessel ("a glass of water"): not describing words then.
  const head = before[before.length - 1];
  const thingHead = (w: string) =>
    w === head && !!reach(w, ["f", "l"]) && ((ofAt >= 0 && !swapped) || reach(w, ["m"])?.steps !== 0);
  const isPaint = (w: string) => !(counted && w === head) && !thingHead(w) && paint(w);
  // A describing word alone is left out of its position; a two-word name with it stays ("magnifying glass").
  const spoken = (groups: string[][]) => groups.map((g) => g.filter((w) => !isPaint(w))).filter((g) => g.length > 0);
  // Unless it ends a name of several words that is a thing of its own ("sewing needle" is no compass's needle).
  const isPart = (g: string[]) =>
    g[g.length - 1] in PART_REGIONS &&
    !g[g.length - 1].includes(" ") &&
    !g.some((w) => w.includes(" ") && reach(w.replace(/ /g, "_"), ["f", "l"], false));
  const ordered = spoken([...headFirst(before), ...headFirst(after)]);
  // A part word ("handle", "chain") names the subject only when no other word does: "a gold chain" is a chain.
  return [
    ...ordered.filter((g) => !isPart(g)),
    ...ordered.filter(isPart),
    ...spoken(headFirst(rest)).filter((g) => !isPart(g)),
  ];
}

/** A name led by a describing word counts only as exactly what it names ("tin can"; a "wooden spoon" is no prize). */
const exact = (w: string, hit: ItemSubject) =>
  !w.includes(" ") ||
  !describes(w.split(" ")[0]) ||
  hit.steps === 0 ||
  (hit.steps === 1 && baseForms(w).includes(hit.via?.[1] ?? ""));

/** A material, colour or wear word, or one a step from it ("wooden": wood). */
const describes = (w: string) => (reach(tokens(w)[0]?.word ?? w, ["c", "m", "w"])?.steps ?? 9) <= 1;

/** Material, colour and wear words describe the subject; they do not name it ("gold" in "gold coins"). */
function paint(w: string): boolean {
  if (w.includes(" ")) return false;
  const own = reach(w, ["c", "m", "w"]);
  return !!own && own.steps === 0;
}
