/**
 * Merging two packs' files at one path, by what the game reads there: a pack merge (POST /v1/packs/{pack}/merges)
 * combines rather than overwrites where the format allows it. `priority` says whose side wins a clash: `over`, the
 * incoming pack's; `under`, the existing pack's. Pure: bytes in, bytes and a report out.
 *
 * - item models' `overrides` (models/item/*.json) and item model definitions' range_dispatch on custom_model_data
 *   (items/*.json): both lists kept; a number both sides use for different models is given to the winner and the
 *   loser's entry renumbered to a free number (the same new number in both files of one item), reported;
 * - sounds.json: events combined; an event on both sides gets both sides' sounds, the winner's other fields;
 * - lang files (.json and the old .lang): key by key, the winner's text where both have a key;
 * - font definitions: providers concatenated; a character the loser's bitmap provider defines that the winner's
 *   also does is moved to a free private-use character, reported;
 * - atlases: sources concatenated (an identical source once);
 * - blockstates with `variants`: variant by variant;
 * - pack.mcmeta: the existing pack's own (its version and description), with the incoming overlay entries for
 *   folders it does not list.
 * Anything else (textures, sounds, models, multipart blockstates, JSON that does not parse) is not merged here:
 * the caller replaces or keeps it by priority.
 */
import { mergeFonts, type CharMove } from "./merge-fonts.ts";

export type Priority = "over" | "under";
type Json = Record<string, unknown>;

export interface NumberMove {
  item: string;
  from: number;
  to: number;
  model: unknown;
}

export interface MergedFile {
  bytes: Uint8Array;
  /** `merged`: both sides' content kept; `renamed`: also some of the loser's numbers or characters moved. */
  outcome: "merged" | "renamed";
  detail: string;
  numbers?: NumberMove[];
  chars?: CharMove[];
}

/** One merge's custom_model_data renumbering per item, so models/item/x.json and items/x.json agree. */
export class Renumbering {
  private readonly moves = new Map<string, Map<number, number>>();
  /** The number the loser's `n` of `item` becomes, given the numbers `taken` in the merged list. */
  move(item: string, n: number, taken: Set<number>): number {
    const mine = this.moves.get(item) ?? new Map<number, number>();
    this.moves.set(item, mine);
    let to = mine.get(n);
    if (to === undefined || taken.has(to)) {
      to = Math.max(n, ...taken) + 1;
      while (taken.has(to)) to++;
      mine.set(n, to);
    }
    return to;
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const encode = (v: unknown) => new TextEncoder().encode(`${JSON.stringify(v, null, 2)}\n`);

function parseObject(bytes: Uint8Array): Json | null {
  try {
    const v = JSON.parse(utf8.decode(bytes));
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Entries of a list keyed by a number: the winner's as they are, the loser's added, clashing ones renumbered. */
function mergeNumbered(
  item: string,
  winner: Json[],
  loser: Json[],
  numberOf: (e: Json) => number | undefined,
  withNumber: (e: Json, n: number) => Json,
  target: (e: Json) => unknown,
  renumbering: Renumbering,
): { list: Json[]; moves: NumberMove[] } {
  const list = [...winner];
  const moves: NumberMove[] = [];
  const taken = new Set(winner.map(numberOf).filter((n): n is number => n !== undefined));
  // First every loser entry whose number is free, so that only a real clash moves anything.
  const clashing: Json[] = [];
  for (const e of loser) {
    if (list.some((w) => same(w, e))) continue;
    const n = numberOf(e);
    if (n !== undefined && taken.has(n)) clashing.push(e);
    else {
      list.push(e);
      if (n !== undefined) taken.add(n);
    }
  }
  for (const e of clashing) {
    const n = numberOf(e)!;
    const holder = list.find((w) => numberOf(w) === n);
    if (holder && same(target(holder), target(e))) continue; // the same model at the same number
    // The model is already reachable at another number (a merge of the same pack again): not added twice.
    if (list.some((w) => numberOf(w) !== undefined && same(target(w), target(e)))) continue;
    const to = renumbering.move(item, n, taken);
    taken.add(to);
    list.push(withNumber(e, to));
    moves.push({ item, from: n, to, model: target(e) });
  }
  // Overrides are read in order (the last match wins) and range thresholds ascending: keep them ascending.
  const order = (e: Json) => numberOf(e) ?? Number.NEGATIVE_INFINITY;
  list.sort((a, b) => order(a) - order(b));
  return { list, moves };
}

const cmdOf = (e: Json) => {
  const n = (e.predicate as Json | undefined)?.custom_model_data;
  return typeof n === "number" ? n : undefined;
};

function mergeOverrides(item: string, win: Json, lose: Json, r: Renumbering): MergedFile | null {
  if (!Array.isArray(win.overrides) && !Array.isArray(lose.overrides)) return null;
  const { list, moves } = mergeNumbered(
    item,
    (win.overrides as Json[]) ?? [],
    (lose.overrides as Json[]) ?? [],
    cmdOf,
    (e, n) => ({ ...e, predicate: { ...(e.predicate as Json), custom_model_data: n } }),
    (e) => e.model,
    r,
  );
  return numbered({ ...win, overrides: list }, moves, "overrides");
}

function mergeRangeDispatch(item: string, win: Json, lose: Json, r: Renumbering): MergedFile | null {
  const [a, b] = [win.model as Json | undefined, lose.model as Json | undefined];
  const isCmdRange = (m: Json | undefined) =>
    m?.type?.toString().replace(/^minecraft:/, "") === "range_dispatch" &&
    String(m.property).replace(/^minecraft:/, "") === "custom_model_data" &&
    Array.isArray(m.entries);
  if (!isCmdRange(a) || !isCmdRange(b) || (a!.index ?? 0) !== (b!.index ?? 0)) return null;
  const { list, moves } = mergeNumbered(
    item,
    a!.entries as Json[],
    b!.entries as Json[],
    (e) => (typeof e.threshold === "number" ? e.threshold : undefined),
    (e, n) => ({ ...e, threshold: n }),
    (e) => e.model,
    r,
  );
  return numbered({ ...win, model: { ...a, entries: list } }, moves, "range_dispatch entries");
}

function numbered(json: Json, moves: NumberMove[], what: string): MergedFile {
  const detail = moves.length
    ? `${what} of both packs kept; custom_model_data ${moves.map((m) => `${m.from} → ${m.to}`).join(", ")} renumbered on the lower-priority side, whose number the other pack already used`
    : `${what} of both packs kept`;
  return { bytes: encode(json), outcome: moves.length ? "renamed" : "merged", detail, numbers: moves };
}

function mergeSounds(win: Json, lose: Json): MergedFile {
  const out: Json = { ...lose, ...win };
  let combined = 0;
  for (const [event, entry] of Object.entries(win)) {
    const other = lose[event] as Json | undefined;
    if (!other || typeof other !== "object" || !Array.isArray(other.sounds)) continue;
    const mine = Array.isArray((entry as Json)?.sounds) ? ((entry as Json).sounds as unknown[]) : [];
    const added = (other.sounds as unknown[]).filter((s) => !mine.some((m) => same(m, s)));
    if (added.length) {
      out[event] = { ...(entry as Json), sounds: [...mine, ...added] };
      combined++;
    }
  }
  const added = Object.keys(lose).filter((k) => !(k in win)).length;
  return {
    bytes: encode(out),
    outcome: "merged",
    detail: `sound events combined: ${added} added, ${combined} with both packs' sounds`,
  };
}

function mergeKeys(win: Json, lose: Json, what: string): MergedFile {
  const added = Object.keys(lose).filter((k) => !(k in win)).length;
  const clashed = Object.keys(lose).filter((k) => k in win && !same(win[k], lose[k])).length;
  return {
    bytes: encode({ ...lose, ...win }),
    outcome: "merged",
    detail: `${what} merged key by key: ${added} added, ${clashed} clashing kept from the higher-priority pack`,
  };
}

/** The old `key=value` .lang format, merged line by line (the winner's value where both have a key). */
function mergeLangLines(win: string, lose: string): MergedFile {
  const keys = (text: string) =>
    new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.split("=")[0])
        .filter((k) => k && !k.startsWith("#")),
    );
  const mine = keys(win);
  const extra = lose.split(/\r?\n/).filter((l) => {
    const k = l.split("=")[0];
    return k && !k.startsWith("#") && l.includes("=") && !mine.has(k);
  });
  const text = extra.length ? `${win.replace(/\s*$/, "")}\n${extra.join("\n")}\n` : win;
  return {
    bytes: new TextEncoder().encode(text),
    outcome: "merged",
    detail: `language keys merged: ${extra.length} added from the lower-priority pack`,
  };
}

function mergeMcmeta(existing: Json, incoming: Json): MergedFile {
  const entries = (m: Json) => ((m.overlays as Json | undefined)?.entries as Json[] | undefined) ?? [];
  const dirs = new Set(entries(existing).map((e) => e.directory));
  const added = entries(incoming).filter((e) => !dirs.has(e.directory));
  const json = added.length
    ? { ...existing, overlays: { ...((existing.overlays as Json) ?? {}), entries: [...entries(existing), ...added] } }
    : existing;
  return {
    bytes: encode(json),
    outcome: "merged",
    detail: `the pack's own pack.mcmeta (version and description) kept${added.length ? `, with ${added.length} overlay entries of the merged pack added` : ""}`,
  };
}

/** `assets/<ns>/models/item/<name>.json` or `assets/<ns>/items/<name>.json` (overlay folder aside): the item. */
function itemOf(path: string, folder: "models/item" | "items"): string | null {
  const m = new RegExp(`(?:^|/)assets/([^/]+)/${folder}/(.+)\\.json$`).exec(path);
  return m ? `${m[1]}:${m[2]}` : null;
}

/**
 * The merged file at `path`, or null when the two are not merged here (the caller decides by priority).
 * `existing` is what the pack holds, `incoming` the merged pack's file.
 */
export function mergeFile(
  path: string,
  existing: Uint8Array,
  incoming: Uint8Array,
  priority: Priority,
  renumbering: Renumbering,
): MergedFile | null {
  const [winBytes, loseBytes] = priority === "over" ? [incoming, existing] : [existing, incoming];
  if (/\/lang\/[^/]+\.lang$/i.test(path)) {
    try {
      return mergeLangLines(utf8.decode(winBytes), utf8.decode(loseBytes));
    } catch {
      return null;
    }
  }
  if (!path.endsWith(".json") && !path.endsWith(".mcmeta")) return null;
  const [win, lose] = [parseObject(winBytes), parseObject(loseBytes)];
  if (!win || !lose) return null;
  if (path === "pack.mcmeta") {
    const [a, b] = [parseObject(existing), parseObject(incoming)];
    return a && b ? mergeMcmeta(a, b) : null;
  }
  const modelItem = itemOf(path, "models/item");
  if (modelItem) return mergeOverrides(modelItem, win, lose, renumbering);
  const defItem = itemOf(path, "items");
  if (defItem) return mergeRangeDispatch(defItem, win, lose, renumbering);
  if (/(?:^|\/)assets\/[^/]+\/sounds\.json$/.test(path)) return mergeSounds(win, lose);
  if (/(?:^|\/)assets\/[^/]+\/lang\/[^/]+\.json$/.test(path)) return mergeKeys(win, lose, "language keys");
  if (/(?:^|\/)assets\/[^/]+\/font\/.+\.json$/.test(path)) {
    const merged = mergeFonts(win, lose);
    return merged ? { ...merged, bytes: encode(merged.json) } : null;
  }
  if (
    /(?:^|\/)assets\/[^/]+\/atlases\/.+\.json$/.test(path) &&
    Array.isArray(win.sources) &&
    Array.isArray(lose.sources)
  ) {
    const extra = (lose.sources as unknown[]).filter((s) => !(win.sources as unknown[]).some((w) => same(w, s)));
    return {
      bytes: encode({ ...win, sources: [...(win.sources as unknown[]), ...extra] }),
      outcome: "merged",
      detail: `atlas sources combined: ${extra.length} added`,
    };
  }
  if (/(?:^|\/)assets\/[^/]+\/blockstates\/.+\.json$/.test(path)) {
    const [a, b] = [win.variants as Json | undefined, lose.variants as Json | undefined];
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return null;
    const merged = mergeKeys(a, b, "blockstate variants");
    return { ...merged, bytes: encode({ ...win, variants: { ...b, ...a } }) };
  }
  return null;
}
