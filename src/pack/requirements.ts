import type { AssetRow } from "../core/assets.ts";
import { compareVersions, oldestRelease, FLATTENING, FONT_BITMAP, ITEM_OVERRIDES_CMD, ITEM_DEFINITIONS } from "./versions.ts";
import { blockSince, itemSince } from "./vanilla.ts";

/**
 * The oldest release on which the exporter can place an asset where the game reads it. One source of
 * truth: `minVersion` on GET /packs/{pack} is the max over assets, and the exporter leaves out (and
 * reports) assets whose requirement is newer than the pack's version.
 */
export function requiredVersion(a: Pick<AssetRow, "type" | "target" | "meta" | "kind">): string {
  const later = (...vs: string[]) => vs.reduce((x, y) => (compareVersions(x, y) >= 0 ? x : y), oldestRelease);
  switch (a.type) {
    case "block":
    case "block_face":
      // Vanilla names are those of the flattened (1.13+) game; older folders used other names.
      return a.target ? later(FLATTENING, blockSince(a.meta.texture ?? a.target)) : oldestRelease;
    case "item":
      if (a.meta.variant) return later(ITEM_DEFINITIONS, a.target ? itemSince(a.target) : ITEM_DEFINITIONS);
      // A custom item is reached through a custom_model_data override on a carrier item (1.14+).
      return a.target ? later(FLATTENING, itemSince(a.target)) : ITEM_OVERRIDES_CMD;
    case "icon":
      return FONT_BITMAP;
    case "model":
    case "item3d":
    case "armor3d":
      // Item carriers need custom_model_data; block carriers need flattened block ids in blockstates.
      return later(a.meta.carrierKind === "item" || a.type !== "model" ? ITEM_OVERRIDES_CMD : FLATTENING, a.meta.requires ?? oldestRelease);
    case "sound":
      // Vanilla event ids took their dotted form in 1.9; custom events work since sounds.json (1.6.1).
      return a.meta.replacesVanilla ? "1.9" : oldestRelease;
    default:
      return a.meta.requires ?? oldestRelease;
  }
}
