import type { AssetType, Kind } from "../../core/assets.ts";
import type { PackRow } from "../../core/packs.ts";

/** A validated upload, ready to store: the asset's own bytes plus, for models, their textures by slot. */
export interface PreparedAsset {
  kind: Kind;
  type: AssetType;
  /** Preferred name; `reskin` names are the vanilla target's and clash with conflict instead of _2. */
  name: string;
  reskin: boolean;
  target: string | null;
  meta: Record<string, unknown>;
  bytes: Uint8Array;
  textures?: Record<string, Uint8Array>;
  /** Where a model's textures are written (`<ns>:<folder>/<model>_`), set by the caller once the name is final. */
  textureFolder?: "block" | "item";
}

export interface PrepareContext {
  pack: PackRow;
  /** Default name from the fetched file name (url/upload), without extension. */
  fileStem: string | null;
}
