import {
  compareVersions,
  oldestRelease,
  FLATTENING,
  FONT_BITMAP,
  ITEM_OVERRIDES_CMD,
  ITEM_DEFINITIONS,
} from "./versions.ts";
import { itemSince, soundSince, textureSince } from "./game-data.ts";

/**
 * Container screens newer than the oldest release we export (the rest, generic_54, furnace, anvil…,
 * have kept their textures/gui/container/<screen>.png name since before 1.9).
 */
const GUI_SINCE: Record<string, string> = { shulker_box: "1.11", blast_furnace: "1.14", smoker: "1.14" };

/** Armour materials newer than the oldest release (the old models/armor layout is older than 1.9). */
const ARMOR_SINCE: Record<string, string> = { turtle: "1.13", netherite: "1.16" };

const later = (...vs: string[]) => vs.reduce((x, y) => (compareVersions(x, y) >= 0 ? x : y), oldestRelease);

/**
 * The oldest release on which the exporter can place an asset where the game reads it. One source of
 * truth: `minVersion` on GET /packs/{pack} is the max over assets, and the exporter leaves out (and
 * reports) assets whose requirement is newer than the pack's version.
 */
/** What the rule reads of an asset (an asset row, or a generation's plan before it is one). */
export interface AssetFacts {
  type: string;
  kind: string;
  target: string | null;
  meta: Record<string, any>;
}

export function requiredVersion(a: AssetFacts): string {
  const own = a.meta.requires ?? oldestRelease;
  // An imported file goes back to the path it came from; the importer records the layout's first release.
  if (typeof a.meta.path === "string") return later(a.meta.since ?? oldestRelease, own);
  switch (a.type) {
    case "block":
    case "block_face":
      // Vanilla names are those of the flattened (1.13+) game; older releases read the same art under their own
      // names (log_oak), which the exporter writes, so the first release with the file is the bound.
      return a.target ? later(textureSince("block", a.meta.texture ?? a.target) ?? FLATTENING, own) : own;
    case "item":
      if (a.meta.variant)
        return later(ITEM_DEFINITIONS, a.target ? (itemSince(a.target) ?? ITEM_DEFINITIONS) : ITEM_DEFINITIONS, own);
      // A custom item is reached through a custom_model_data override on a carrier item (1.14+).
      return a.target ? later(textureSince("item", a.target) ?? FLATTENING, own) : later(ITEM_OVERRIDES_CMD, own);
    case "item3d":
      // A 3D reskin replaces the vanilla item's model (flattened ids); a custom one needs custom_model_data.
      return a.target ? later(FLATTENING, itemSince(a.target) ?? FLATTENING, own) : later(ITEM_OVERRIDES_CMD, own);
    case "icon":
      return later(FONT_BITMAP, own);
    case "model":
      // A block carrier swaps a flattened block id's blockstate; any other model rides on an item (custom_model_data).
      return later(a.meta.carrierBlockId ? FLATTENING : ITEM_OVERRIDES_CMD, own);
    case "armor3d":
      return later(ITEM_OVERRIDES_CMD, own);
    case "gui":
      return later(GUI_SINCE[a.target ?? ""] ?? oldestRelease, own);
    case "armor":
      return later(ARMOR_SINCE[a.target ?? ""] ?? oldestRelease, own);
    case "sound":
      // A vanilla event plays from the first release that has it (under its pre-1.9 name: dig.stone); custom
      // events work since sounds.json (1.6.1).
      if (!a.meta.replacesVanilla) return own;
      return later(
        (typeof a.meta.event === "string" && soundSince(a.meta.event.replace(/^minecraft:/, ""))) || "1.9",
        own,
      );
    default:
      return own;
  }
}
