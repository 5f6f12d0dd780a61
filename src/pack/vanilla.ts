import blockData from "../data/minecraft/block-textures.json";
import itemData from "../data/minecraft/item-textures.json";
import guiData from "../data/minecraft/gui-containers.json";
import soundData from "../data/minecraft/sound-events.json";
import armorData from "../data/minecraft/armor.json";
import { RELEASES, compareVersions, isRelease, oldestRelease } from "./versions.ts";
import type { FaceSlot } from "../gen/types.ts";

/**
 * Lookups over the vanilla name lists copied from ../shared/data/minecraft (bundled into the binary).
 * Everything that asks "is this a vanilla X" or "since when" goes through here.
 */

type SinceEntry = { since: string };
const blocks = blockData.textures as Record<string, SinceEntry>;
const items = itemData.textures as Record<string, SinceEntry>;
const faceGroups = blockData.face_groups as Record<string, { base: boolean; faces: string[]; note?: string }>;

export const isVanillaBlockTexture = (name: string) => Object.hasOwn(blocks, name);
export const isVanillaItemTexture = (name: string) => Object.hasOwn(items, name);
export const isVanillaItemId = (id: string) => (itemData.item_model_definitions as string[]).includes(id);
export const isContainerScreen = (id: string) => Object.hasOwn(guiData.containers, id);
export const isVanillaSoundEvent = (id: string) => Object.hasOwn(soundData.events, id);
export const subtitleOf = (event: string): string | null =>
  (soundData.events as Record<string, string | null>)[event] ?? null;

/**
 * The release a `since` note points at. The notes are sampling bounds ("<=1.13", "1.17.1",
 * "26.2 (inferred)", "after 1.21.8", "26.2-26.3"); we read them conservatively (the later bound).
 */
export function sinceRelease(note: string): string {
  const after = /^after (\S+)/.exec(note);
  if (after) return RELEASES.find((r) => compareVersions(r, after[1]) > 0) ?? RELEASES[RELEASES.length - 1];
  const found = note.match(/\d+(?:\.\d+)+/g) ?? [];
  const last = found[found.length - 1];
  if (!last) return oldestRelease;
  if (isRelease(last)) return last;
  return RELEASES.find((r) => compareVersions(r, last) >= 0) ?? RELEASES[RELEASES.length - 1];
}

export const blockSince = (name: string) => sinceRelease(blocks[name]?.since ?? "");
export const itemSince = (name: string) => sinceRelease(items[name]?.since ?? "");

/**
 * The texture a per-face replacement writes: `oak_log` + top → `oak_log_top`; side falls back to the
 * base texture when the block's side is the base (logs). Null when the block has no such face.
 */
export function faceTexture(target: string, slot: FaceSlot): string | null {
  const group = faceGroups[target];
  if (!group || group.note) return null;
  if (group.faces.includes(slot)) {
    const name = `${target}_${slot}`;
    return isVanillaBlockTexture(name) ? name : null;
  }
  if (slot === "side" && group.base && isVanillaBlockTexture(target)) return target;
  return null;
}

/** Block targets that accept faceSlot, for error messages. */
export const hasFaces = (target: string) => !!faceGroups[target] && !faceGroups[target].note;

export const ARMOR_MATERIALS: readonly string[] = armorData.pre_1_21_2.materials;
export const isArmorMaterial = (set: string) => ARMOR_MATERIALS.includes(set);
