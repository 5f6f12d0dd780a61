/**
 * Plain texture files: block textures and per-face replacements, a model's own textures, armour
 * sheets, and any imported file going back to the path it came from.
 */
import type { AssetRow } from "../core/assets.ts";
import { atLeast, EQUIPMENT_LAYOUT, FLATTENING } from "../pack/versions.ts";
import { pathSegment } from "../pack/naming.ts";
import { type TextureKind, textureNameFor } from "../pack/game-data.ts";
import type { ExportPlan } from "./plan.ts";

/** `textures/block` from 1.13, `textures/blocks` before (same for items). */
export const blockFolder = (version: string) => (atLeast(version, FLATTENING) ? "block" : "blocks");
export const itemFolder = (version: string) => (atLeast(version, FLATTENING) ? "item" : "items");

/**
 * Where release `version` reads a vanilla texture named by its flattened (1.13+) name: textures/block/oak_log.png,
 * or textures/blocks/log_oak.png before 1.13. requiredVersion keeps assets out of releases that lack the file.
 */
export function vanillaTexturePath(kind: TextureKind, flatName: string, version: string): string {
  const name = textureNameFor(kind, flatName, version) ?? flatName;
  return `assets/minecraft/textures/${kind === "block" ? blockFolder(version) : itemFolder(version)}/${name}.png`;
}

/** A path an imported asset may be written back to: under assets/, no tricks. */
export function isSafeImportPath(path: unknown): path is string {
  if (typeof path !== "string" || path.length > 400) return false;
  if (!/^assets\/[a-z0-9_.-]+\/[a-z0-9_./-]+$/.test(path)) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

/** An overlay folder name as a single safe path segment (it comes from an imported pack.mcmeta). */
const SAFE_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,100}$/;

/** An imported file goes back where it came from (plan.stored adds the texture .mcmeta sidecar the import kept). */
export function planImported(plan: ExportPlan, a: AssetRow): void {
  // A file that came from a version overlay goes back into its overlay folder (pack.mcmeta's overlays
  // entries come back with the pack files), so the base file it replaced keeps its own path.
  const overlay = a.meta.overlay;
  const path = typeof overlay === "string" && SAFE_SEGMENT.test(overlay) ? `${overlay}/${a.meta.path}` : a.meta.path;
  plan.stored(a, path, 0);
}

/** Reskins overwrite vanilla's texture of that name; custom textures live in the pack's namespace. */
export function planBlockTexture(plan: ExportPlan, a: AssetRow): void {
  const folder = blockFolder(plan.version);
  if (a.target) plan.stored(a, vanillaTexturePath("block", a.meta.texture ?? a.name, plan.version));
  else plan.stored(a, `assets/${plan.namespace}/textures/${folder}/${pathSegment(a.name)}.png`);
}

/** Written where the model's JSON points (`<namespace>:<path>`), so only with a model that is exported too. */
export function planModelTexture(plan: ExportPlan, a: AssetRow, exportedModels: Set<number>): void {
  if (!exportedModels.has(a.meta.model)) return;
  plan.stored(a, `assets/${a.meta.namespace ?? plan.namespace}/textures/${a.meta.path}.png`);
}

/** The old layout's material names, by the equipment texture names of 1.21.2+ where they differ. */
const OLD_MATERIAL: Record<string, string> = { golden: "gold", turtle_scute: "turtle", chain: "chainmail" };
const NEW_TEXTURE: Record<string, string> = { turtle: "turtle_scute" };

/**
 * A 64x32 armour sheet: `models/armor/<material>_layer_<1|2>.png` before 1.21.2, then the equipment
 * layout's `entity/equipment/humanoid[_leggings]/<texture>.png` (layer 2 is the leggings layer).
 */
export function planArmor(plan: ExportPlan, a: AssetRow): void {
  const material = OLD_MATERIAL[a.target ?? ""] ?? a.target ?? pathSegment(a.name);
  const layer = a.meta.layer === 2 ? 2 : 1;
  if (atLeast(plan.version, EQUIPMENT_LAYOUT)) {
    const folder = layer === 2 ? "humanoid_leggings" : "humanoid";
    plan.stored(a, `assets/minecraft/textures/entity/equipment/${folder}/${NEW_TEXTURE[material] ?? material}.png`);
  } else {
    plan.stored(a, `assets/minecraft/textures/models/armor/${material}_layer_${layer}.png`);
  }
}
