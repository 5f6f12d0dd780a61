/**
 * Builds the version-exact game tables (src/data/game/*.json) from minecraft-assets, minecraft-data and the
 * hand-kept delta file. Pure over its inputs: the same package versions and delta give the same bytes, which
 * test/data/game-data.test.ts checks against the committed files.
 *
 * Presence is written as ranges over an axis of releases ("0-4,7-" = axis[0]..axis[4] and axis[7] onwards),
 * so one table answers "does release R have X" for every release (src/pack/game-data.ts reads them).
 */
import delta from "../../src/data/game/delta.json";
import { RELEASES, compareVersions } from "../../src/pack/versions.ts";
import {
  assetSamples,
  blockModels,
  blockTextures,
  dataFile,
  dataPaths,
  itemTextures,
  packageVersion,
  pngNames,
  type SheetFile,
  sheetFiles,
} from "./read.ts";

/** "0-4,7-": index ranges where present[i]; a range reaching the end stays open. */
export function ranges(present: boolean[]): string {
  const out: string[] = [];
  for (let i = 0; i < present.length; i++) {
    if (!present[i]) continue;
    let j = i;
    while (j + 1 < present.length && present[j + 1]) j++;
    out.push(j === present.length - 1 ? `${i}-` : i === j ? `${i}` : `${i}-${j}`);
    i = j;
  }
  return out.join(",");
}

function presence(axis: readonly Set<string>[]): Record<string, string> {
  const names = [...new Set(axis.flatMap((s) => [...s]))].sort();
  return Object.fromEntries(names.map((n) => [n, ranges(axis.map((s) => s.has(n)))]));
}

const source = () => ({
  "minecraft-assets": packageVersion("minecraft-assets"),
  "minecraft-data": packageVersion("minecraft-data"),
});

type Delta = typeof delta;
const afterPackages = delta.releases_after_packages as unknown as Record<
  string,
  { block: string[]; item: string[]; items: string[] }
>;
const laterReleases = Object.keys(afterPackages)
  .filter((k) => !k.startsWith("_"))
  .sort(compareVersions);

/** Texture names per sampled release, plus the releases after the packages through the delta. */
function textureTable() {
  const samples = assetSamples();
  const block = samples.map((s) => new Set(pngNames(s, "blocks")));
  const item = samples.map((s) => new Set(pngNames(s, "items")));
  for (const r of laterReleases) {
    block.push(new Set([...block[block.length - 1], ...afterPackages[r].block]));
    item.push(new Set([...item[item.length - 1], ...afterPackages[r].item]));
  }
  return {
    _about:
      "Vanilla block and item texture names per release: 'samples' is the axis, each name lists the sample indices that ship it (textures/blocks|items before 1.13, textures/block|item after). 'legacy' maps a flattened name to its pre-1.13 name where they differ. Made by scripts/game-data.ts; do not edit.",
    source: source(),
    samples: [...samples, ...laterReleases],
    block: presence(block),
    item: presence(item),
    legacy: legacyNames(),
  };
}

const bare = (ref: string | null | undefined) => (ref ? ref.replace(/^minecraft:/, "").replace(/^.*\//, "") : null);

/**
 * Flattened (1.13) texture name -> 1.12 name, joined through what both releases call the same thing: block models
 * of one name with the same texture slot ("oak_log".side: log_oak -> oak_log), blocks and items of one name.
 * Only pairs whose names really exist in each release's files count; the delta adds what the join misses.
 */
function legacyNames() {
  const old = { block: new Set(pngNames("1.12", "blocks")), item: new Set(pngNames("1.12", "items")) };
  const flat = { block: new Set(pngNames("1.13", "blocks")), item: new Set(pngNames("1.13", "items")) };
  const out = { block: new Map<string, string>(), item: new Map<string, string>() };
  const pair = (kind: "block" | "item", newRef: string | null, oldRef: string | null) => {
    if (!newRef || !oldRef || newRef === oldRef) return;
    if (!flat[kind].has(newRef) || !old[kind].has(oldRef) || old[kind].has(newRef)) return;
    if (!out[kind].has(newRef)) out[kind].set(newRef, oldRef);
  };
  const m12 = blockModels("1.12");
  const m13 = blockModels("1.13");
  for (const name of Object.keys(m13).sort()) {
    const t12 = m12[name]?.textures ?? {};
    const t13 = m13[name]?.textures ?? {};
    for (const slot of Object.keys(t13).sort()) pair("block", bare(t13[slot]), bare(t12[slot]));
  }
  const joinByName = (kind: "block" | "item", a: { name: string; texture: string | null }[], b: typeof a) => {
    const oldBy = new Map(a.map((e) => [e.name, bare(e.texture)]));
    for (const e of b) pair(kind, bare(e.texture), oldBy.get(e.name) ?? null);
  };
  joinByName("block", blockTextures("1.12"), blockTextures("1.13"));
  joinByName("item", itemTextures("1.12"), itemTextures("1.13"));
  const extra = delta.legacy_textures as { block: Record<string, string>; item: Record<string, string> };
  for (const kind of ["block", "item"] as const) for (const [k, v] of Object.entries(extra[kind])) out[kind].set(k, v);
  const sorted = (m: Map<string, string>) => Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
  return { block: sorted(out.block), item: sorted(out.item) };
}

/** Every GUI texture (container sheets, legacy icons/widgets, 1.20.2+ sprites) with size and nine-slice data. */
function guiTable() {
  const samples = assetSamples();
  const files = samples.map((s) => sheetFiles(s, "gui"));
  const present = files.map((f) => new Set(Object.keys(f)));
  const where = presence(present);
  const out: Record<string, SheetFile & { in: string }> = {};
  for (const [path, at] of Object.entries(where)) {
    // The newest sample that has the file gives its size and scaling.
    const newest = [...files].reverse().find((f) => f[path]) as Record<string, SheetFile>;
    out[path] = { ...newest[path], in: at };
  }
  return {
    _about:
      "Vanilla textures under assets/minecraft/textures/gui per sampled release: size [w,h] and gui.scaling (nine_slice/tile/stretch) from the newest sample that has the file, 'in' = sample indices. Made by scripts/game-data.ts; do not edit.",
    source: source(),
    samples,
    files: out,
  };
}

/** The releases (from src/data/minecraft/versions.json) minecraft-data has `kind` for, with its folder. */
function dataAxis(kind: string): { releases: string[]; folders: string[] } {
  const paths = dataPaths();
  const releases = RELEASES.filter((r) => paths[r]?.[kind]);
  return { releases, folders: releases.map((r) => paths[r][kind]) };
}

function loaded<T>(folders: string[], kind: string): T[] {
  const cache = new Map<string, T>();
  return folders.map((f) => {
    if (!cache.has(f)) cache.set(f, dataFile(f, kind) as T);
    return cache.get(f) as T;
  });
}

interface DataBlock {
  name: string;
  transparent: boolean;
  states?: { name: string; type: string; values?: string[] }[];
}
interface Shapes {
  blocks: Record<string, number | number[]>;
  shapes: Record<string, number[][]>;
}

const isFullCube = (boxes: number[][] | undefined) =>
  boxes?.length === 1 && boxes[0].join() === [0, 0, 0, 1, 1, 1].join();

/**
 * Blocks per release with their state properties and whether the block hides its neighbours' faces: an opaque
 * block with a full-cube shape in some state culls them, so a see-through model carried on it leaves holes.
 */
function blockTable() {
  const { releases, folders } = dataAxis("blocks");
  const lists = loaded<DataBlock[]>(folders, "blocks");
  const shapeAxis = dataAxis("blockCollisionShapes");
  const shapesFor = new Map(
    shapeAxis.releases.map((r, i) => [r, () => loaded<Shapes>([shapeAxis.folders[i]], "blockCollisionShapes")[0]]),
  );
  const where = presence(lists.map((l) => new Set(l.map((b) => b.name))));
  const newestIndex = lists.length - 1;
  const newestShapes = (shapesFor.get(releases[newestIndex]) ?? (() => undefined))();
  const blocks: Record<string, { in: string; states?: Record<string, string[]>; occludes: boolean }> = {};
  for (const [name, at] of Object.entries(where)) {
    const i = lists.findLastIndex((l) => l.some((b) => b.name === name));
    const b = lists[i].find((x) => x.name === name) as DataBlock;
    const states = Object.fromEntries(
      (b.states ?? []).map((s) => [s.name, s.values ?? (s.type === "bool" ? ["true", "false"] : [])]),
    );
    const shapeIds = i === newestIndex ? newestShapes?.blocks[name] : undefined;
    const ids = shapeIds === undefined ? [] : Array.isArray(shapeIds) ? shapeIds : [shapeIds];
    const full = ids.some((id) => isFullCube(newestShapes?.shapes[String(id)]));
    const entry: (typeof blocks)[string] = { in: at, occludes: !b.transparent && full };
    if (Object.keys(states).length) entry.states = states;
    blocks[name] = entry;
  }
  return {
    _about:
      "Vanilla blocks per release (minecraft-data): 'in' = indices into 'releases'; states = property -> values from the newest release that has the block; occludes = opaque with a full-cube shape in some state (newest release), so neighbours cull their faces against it. Made by scripts/game-data.ts; do not edit.",
    source: source(),
    releases,
    blocks,
  };
}

function namedTable(kind: "items" | "sounds", about: string) {
  const { releases, folders } = dataAxis(kind);
  const sets = loaded<{ name: string }[]>(folders, kind).map((l) => new Set(l.map((e) => e.name)));
  // Item ids registered after the packages' newest release come from the delta file.
  if (kind === "items")
    for (const r of laterReleases) {
      releases.push(r);
      sets.push(new Set([...sets[sets.length - 1], ...afterPackages[r].items]));
    }
  return {
    _about: `${about} Made by scripts/game-data.ts; do not edit.`,
    source: source(),
    releases,
    [kind === "items" ? "items" : "events"]: presence(sets),
    ...(kind === "sounds" ? { legacy: (delta as Delta).legacy_sounds.events } : {}),
  };
}

/** One name -> JSON per line so a refresh shows up as a readable diff. */
export function stableJson(value: Record<string, unknown>): string {
  const entry = ([k, v]: [string, unknown]) => {
    const isMap = v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 8;
    const body = isMap
      ? `{\n${Object.entries(v as Record<string, unknown>)
          .map(([k2, v2]) => `${JSON.stringify(k2)}:${JSON.stringify(v2)}`)
          .join(",\n")}\n}`
      : JSON.stringify(v);
    return `${JSON.stringify(k)}:${body}`;
  };
  return `{\n${Object.entries(value).map(entry).join(",\n")}\n}\n`;
}

/** Every generated table: file name under src/data/game -> its bytes. */
export function buildTables(): Record<string, string> {
  return {
    "textures.json": stableJson(textureTable()),
    "gui.json": stableJson(guiTable()),
    "blocks.json": stableJson(blockTable()),
    "items.json": stableJson(
      namedTable("items", "Vanilla item ids per release (minecraft-data): 'in' = indices into 'releases'."),
    ),
    "sounds.json": stableJson(
      namedTable(
        "sounds",
        "Vanilla sound events per release (minecraft-data, 1.9.4 onwards): 'in' = indices into 'releases'; legacy = 1.9+ event -> the pre-1.9 event (hand-kept in delta.json).",
      ),
    ),
  };
}
