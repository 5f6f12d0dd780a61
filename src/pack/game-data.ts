/**
 * Version-exact vanilla lookups over src/data/game/*.json (made by scripts/game-data.ts from minecraft-assets and
 * minecraft-data; bundled into the binary). Every "does release R have X" question goes through here.
 *
 * Tables list presence over an axis of sampled releases. A release between two samples reads the older sample,
 * except that a texture first seen in the newer sample also counts when a block or item of its stem is
 * registered in that release (cherry_log_top in 1.20.1: sampled in 1.20.2, cherry_log registered in 1.20).
 */
import textures from "../data/game/textures.json";
import gui from "../data/game/gui.json";
import blocks from "../data/game/blocks.json";
import items from "../data/game/items.json";
import sounds from "../data/game/sounds.json";
import { RELEASES, compareVersions, FLATTENING } from "./versions.ts";

export type TextureKind = "block" | "item";

/** Index of the newest axis release at or before `version`; -1 when older than all of them. */
function floorIndex(axis: readonly string[], version: string): number {
  let found = -1;
  for (let i = 0; i < axis.length && compareVersions(axis[i], version) <= 0; i++) found = i;
  return found;
}

const parsed = new Map<string, [number, number][]>();
/** "0-4,7-" -> [[0,4],[7,Infinity]], memoised (the same strings repeat across thousands of names). */
function spans(spec: string): [number, number][] {
  let out = parsed.get(spec);
  if (!out) {
    out = spec
      .split(",")
      .filter(Boolean)
      .map((part) => {
        const [a, b] = part.split("-");
        const from = Number(a);
        return [from, b === undefined ? from : b === "" ? Number.POSITIVE_INFINITY : Number(b)];
      });
    parsed.set(spec, out);
  }
  return out;
}

const inSpans = (spec: string | undefined, i: number) =>
  spec !== undefined && i >= 0 && spans(spec).some(([a, b]) => i >= a && i <= b);

const table = <T>(v: unknown) => v as Record<string, T>;
const textureSets = { block: table<string>(textures.block), item: table<string>(textures.item) };
const legacy = textures.legacy as Record<TextureKind, Record<string, string>>;
const blockTable = table<BlockEntry>(blocks.blocks);
const itemTable = table<string>(items.items);
const eventTable = table<string>(sounds.events);
const legacyEvents = sounds.legacy as Record<string, string>;
const guiFiles = table<GuiFile>(gui.files);

interface BlockEntry {
  in: string;
  occludes: boolean;
  states?: Record<string, string[]>;
}

export interface GuiFile {
  size: [number, number];
  scaling?: unknown;
  in: string;
}

/** Face and state words a texture name adds to its block's id ("_top", "_stage2", "_on"). */
const SUFFIX = /_(top|bottom|side|front|back|end|inner|outer|on|off|lit|open|closed|base|overlay|tip|stage\d*|\d+)$/;

function registeredStem(name: string, version: string): boolean {
  let stem = name;
  for (let i = 0; i < 3; i++) {
    if (isBlock(stem, version) || hasItem(stem, version)) return true;
    const shorter = stem.replace(SUFFIX, "");
    if (shorter === stem) return false;
    stem = shorter;
  }
  return false;
}

/** Whether release `version` ships textures/block(s)|item(s)/<name>.png, with the name that release uses. */
export function hasTexture(kind: TextureKind, name: string, version: string): boolean {
  const i = floorIndex(textures.samples, version);
  const spec = textureSets[kind][name];
  if (inSpans(spec, Math.max(i, 0))) return true;
  return i + 1 < textures.samples.length && inSpans(spec, i + 1) && registeredStem(name, version);
}

/**
 * The file name release `version` reads for a vanilla texture given by its flattened (1.13+) name: itself from
 * 1.13, the pre-flattening name before (oak_log -> log_oak); null when that release has no such texture.
 */
export function textureNameFor(kind: TextureKind, flatName: string, version: string): string | null {
  const name = compareVersions(version, FLATTENING) < 0 ? (legacy[kind][flatName] ?? flatName) : flatName;
  return hasTexture(kind, name, version) ? name : null;
}

/** A file under assets/minecraft/textures/gui (path without .png: "sprites/hud/air_empty", "icons"). */
export function guiFile(path: string): GuiFile | null {
  return Object.hasOwn(guiFiles, path) ? guiFiles[path] : null;
}

export function hasGuiFile(path: string, version: string): boolean {
  return inSpans(guiFile(path)?.in, Math.max(floorIndex(gui.samples, version), 0));
}

/** The axis index for a release, reading releases older than the table's first as its first. */
const releaseIndex = (axis: readonly string[], version: string) => Math.max(floorIndex(axis, version), 0);

export function isBlock(id: string, version?: string): boolean {
  const e = Object.hasOwn(blockTable, id) ? blockTable[id] : undefined;
  return !!e && (version === undefined || inSpans(e.in, releaseIndex(blocks.releases, version)));
}

export function hasItem(id: string, version?: string): boolean {
  const spec = Object.hasOwn(itemTable, id) ? itemTable[id] : undefined;
  return version === undefined ? spec !== undefined : inSpans(spec, releaseIndex(items.releases, version));
}

export interface BlockInfo {
  /** State property -> values (newest release that has the block). */
  states: Record<string, string[]>;
  /** Opaque full cube: neighbours cull their faces against it, so a see-through model on it shows holes. */
  occludes: boolean;
}

export function blockInfo(id: string): BlockInfo | null {
  const e = Object.hasOwn(blockTable, id) ? blockTable[id] : undefined;
  return e ? { states: e.states ?? {}, occludes: e.occludes } : null;
}

/** Sound events took their dotted form in 1.9 (before it: dig.stone), with subtitles. */
const DOTTED_EVENTS = "1.9";
export const SUBTITLES = DOTTED_EVENTS;

export function hasSoundEvent(event: string, version?: string): boolean {
  const spec = Object.hasOwn(eventTable, event) ? eventTable[event] : undefined;
  if (version === undefined) return spec !== undefined;
  if (compareVersions(version, DOTTED_EVENTS) < 0) return Object.hasOwn(legacyEvents, event);
  return inSpans(spec, releaseIndex(sounds.releases, version));
}

/** The event name release `version` plays for a vanilla event (1.9+ name in); null when it has none. */
export function soundEventFor(event: string, version: string): string | null {
  if (compareVersions(version, DOTTED_EVENTS) < 0)
    return Object.hasOwn(legacyEvents, event) ? legacyEvents[event] : null;
  return hasSoundEvent(event, version) ? event : null;
}

const sinceMemo = new Map<string, string | null>();
/** The oldest release for which `has` holds, memoised by `key` (the release list is walked once per name). */
function firstRelease(key: string, has: (release: string) => boolean): string | null {
  if (!sinceMemo.has(key)) sinceMemo.set(key, RELEASES.find(has) ?? null);
  return sinceMemo.get(key) ?? null;
}

/** The oldest release that reads this vanilla texture (flattened name) under any name; null when none does. */
export const textureSince = (kind: TextureKind, flatName: string) =>
  firstRelease(`${kind}:${flatName}`, (r) => textureNameFor(kind, flatName, r) !== null);

/** The oldest release that plays a vanilla event (1.9+ name) under any name; null when none does. */
export const soundSince = (event: string) => firstRelease(`sound:${event}`, (r) => soundEventFor(event, r) !== null);

/** The oldest release that registers an item id; null when none does. */
export const itemSince = (id: string) => firstRelease(`item:${id}`, (r) => hasItem(id, r));

export type NameKind = "block-texture" | "item-texture" | "item" | "block" | "sound-event" | "gui-container";

const namesMemo = new Map<string, string[]>();
/** Every vanilla name of a kind that `version` (default: the newest release) has, sorted. */
export function vanillaNames(kind: NameKind, version = RELEASES[RELEASES.length - 1]): string[] {
  const key = `${kind}@${version}`;
  let out = namesMemo.get(key);
  if (!out) {
    const all: Record<NameKind, () => string[]> = {
      "block-texture": () => Object.keys(textureSets.block).filter((n) => hasTexture("block", n, version)),
      "item-texture": () => Object.keys(textureSets.item).filter((n) => hasTexture("item", n, version)),
      item: () => Object.keys(itemTable).filter((n) => hasItem(n, version)),
      block: () => Object.keys(blockTable).filter((n) => isBlock(n, version)),
      "sound-event": () => Object.keys(eventTable).filter((n) => hasSoundEvent(n, version)),
      "gui-container": () =>
        Object.keys(guiFiles)
          .filter((p) => /^container\/[^/]+$/.test(p) && hasGuiFile(p, version))
          .map((p) => p.slice("container/".length)),
    };
    out = all[kind]().sort();
    namesMemo.set(key, out);
  }
  return out;
}
