/**
 * Cousins for the lexicon (scripts/lexicon/build.ts): a target stands for the other members of a narrow kind it
 * belongs to ("optical_instrument" holds binoculars and the telescope), and a model template only within the
 * kinds of things templates draw.
 */
import type { Category } from "./targets.ts";
import type { WordNet } from "./wordnet.ts";
import { IMPLEMENTS } from "../../src/gen/art/silhouettes-implements.ts";

/** Declared families that stand for no other member of their kind (silhouettes-implements.ts, `kin: false`). */
const LONERS = new Set(
  Object.entries(IMPLEMENTS)
    .filter(([, d]) => d.kin === false)
    .map(([f]) => f),
);

/** What going down to a target from a kind above the word costs besides its steps: a kind's own member wins a tie. */
export const COUSIN_COST = 1;
/** How far below a shared kind a target may be, and how many kinds of thing that kind may hold at most. */
const COUSIN_DEPTH = 1;
const COUSIN_KIND_SIZE = 80;

/**
 * Synset → the drawable targets (item families, library subjects, model templates) at most COUSIN_DEPTH
 * hyponym steps below it, for kinds narrow enough (at most COUSIN_KIND_SIZE kinds below them) that a member
 * stands for the rest: "optical_instrument" holds binoculars and the telescope, "chess_piece" the pawn;
 * "device", which holds thousands, stands for nothing and stays a broad fallback.
 */
export function cousins(
  wn: WordNet,
  atSynset: Map<string, [Category, string][]>,
): Map<string, { cat: Category; target: string; down: number }[]> {
  const children = new Map<string, string[]>();
  for (const s of wn.synsets.values())
    for (const up of s.pointers.get("@") ?? []) children.set(up, [...(children.get(up) ?? []), s.id]);
  const sizes = new Map<string, number>();
  const size = (id: string): number => {
    const known = sizes.get(id);
    if (known !== undefined) return known;
    sizes.set(id, COUSIN_KIND_SIZE + 1); // a cycle guard: counted as too broad while it is being counted
    let n = 0;
    for (const c of children.get(id) ?? []) {
      n += 1 + size(c);
      if (n > COUSIN_KIND_SIZE) break;
    }
    sizes.set(id, n);
    return n;
  };
  const out = new Map<string, { cat: Category; target: string; down: number }[]>();
  const furnishing = templateKinds(wn);
  for (const [id, hits] of atSynset)
    for (const [cat, target] of hits) {
      if (!"flt".includes(cat) || (cat === "f" && LONERS.has(target))) continue;
      // A model template stands only for the members of a kind of furniture, container, device, light or vehicle:
      // a workplace holding a forge does not make every job an anvil, nor a component holding a quartz crystal
      // every input a crystal.
      if (cat === "t" && !furnishing(id)) continue;
      let level = [id];
      for (let down = 1; down <= COUSIN_DEPTH; down++) {
        level = level.flatMap((x) => wn.synsets.get(x)!.pointers.get("@") ?? []);
        for (const kind of level)
          if (size(kind) <= COUSIN_KIND_SIZE) {
            const list = out.get(kind) ?? [];
            if (!list.some((h) => h.cat === cat && h.target === target)) list.push({ cat, target, down });
            out.set(kind, list);
          }
      }
    }
  return out;
}

/** The kinds whose members a model template may stand for (see cousins). */
const TEMPLATE_KINDS = [
  "furniture",
  "container",
  "device",
  "conveyance",
  "source_of_illumination",
  "musical_instrument",
];

/** Whether a synset is of a kind a template may stand for: one of TEMPLATE_KINDS' first senses is above it. */
function templateKinds(wn: WordNet): (id: string) => boolean {
  const roots = new Set(TEMPLATE_KINDS.map((w) => wn.senses.noun.get(w)?.[0]).filter((id): id is string => !!id));
  const memo = new Map<string, boolean>();
  const under = (id: string, depth: number): boolean => {
    if (roots.has(id)) return true;
    if (depth > 16) return false;
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false);
    const yes = (wn.synsets.get(id)?.pointers.get("@") ?? []).some((up) => under(up, depth + 1));
    memo.set(id, yes);
    return yes;
  };
  return (id) => under(id, 0);
}
