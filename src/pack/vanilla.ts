import blockData from "../data/minecraft/block-textures.json";
import soundData from "../data/minecraft/sound-events.json";
import armorData from "../data/minecraft/armor.json";
import { newestRelease } from "./versions.ts";
import { guiFile, hasItem, hasSoundEvent, hasTexture } from "./game-data.ts";
import type { FaceSlot } from "../gen/types.ts";

/**
 * "Is this a vanilla X" for names callers give, over the version-exact tables (game-data.ts), plus the hand-kept
 * facts the community packages do not carry: which faces a block texture has, subtitle keys, the armour layout.
 */

const faceGroups = blockData.face_groups as Record<string, { base: boolean; faces: string[]; note?: string }>;

// Names a caller may use are those of the newest release (or of any release, for sound events and container
// screens, whose files the exporter places per release); the version-exact tables answer for each release.
export const isVanillaBlockTexture = (name: string) => hasTexture("block", name, newestRelease);
export const isVanillaItemTexture = (name: string) => hasTexture("item", name, newestRelease);
export const isVanillaItemId = (id: string) => hasItem(id, newestRelease);
export const isContainerScreen = (id: string) => guiFile(`container/${id}`) !== null;
export const isVanillaSoundEvent = (id: string) => hasSoundEvent(id);
export const subtitleOf = (event: string): string | null =>
  (soundData.events as Record<string, string | null>)[event] ?? null;

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
