import { DomainError, invalid } from "../../core/errors.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "../../pack/json-depth.ts";
import { nameFrom } from "../../core/assets.ts";
import { checkBlockModel } from "../../pack/model-rules.ts";
import { convertBbmodel } from "../../pack/bbmodel.ts";
import { convertArmorBbmodel } from "../../pack/bbmodel-armor.ts";
import { isArmorMaterial } from "../../pack/vanilla.ts";
import type { PreparedAsset, PrepareContext } from "./types.ts";
import type { UploadFields } from "./fields.ts";

/** A .bbmodel is JSON with Blockbench's `meta.format_version`, or Blockbench's compressed `<lz>` text. */
function isBbmodel(text: string, json: unknown): boolean {
  if (text.startsWith("<lz>")) return true;
  const meta = (json as any)?.meta;
  return !!meta && typeof meta === "object" && "format_version" in meta;
}

/**
 * Models: Java block model JSON (validated against the pack's version) or a .bbmodel (converted, its
 * embedded textures coming in as model textures). The texture prefix depends on the final asset name,
 * which is only known inside the storing transaction, so conversion writes a placeholder that is
 * rewritten there (withTexturePrefix).
 */
export function prepareModel(f: UploadFields, bytes: Uint8Array, ctx: PrepareContext): PreparedAsset {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/^\uFEFF/, "");
  let json: unknown = null;
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw invalid(`a model's JSON may nest at most ${MAX_JSON_DEPTH} levels deep`);
  if (!text.startsWith("<lz>")) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw invalid(`a model must be block model JSON or a .bbmodel; this is not JSON: ${(e as Error).message}`, e);
    }
  }
  const name = nameFrom(f.name ?? ctx.fileStem ?? "model", "model");
  const version = ctx.pack.minecraftVersion;
  if (f.type === "armor3d" || isBbmodel(text, json)) {
    if (f.type === "armor3d" && f.target !== undefined && !isArmorMaterial(f.target))
      throw invalid(`target '${f.target}' is not a vanilla armour set`);
    const convert = f.type === "armor3d" ? convertArmorBbmodel : convertBbmodel;
    let result;
    try {
      result = convert(text, { minecraftVersion: version, textureId: (slot) => `${PLACEHOLDER}${slot}` });
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw invalid(`the .bbmodel could not be converted: ${(e as Error).message}`, e);
    }
    return {
      kind: "model",
      type: f.type === "armor3d" ? "armor3d" : "model",
      name: f.type === "armor3d" ? `armor:${f.target ?? name}` : name,
      reskin: false,
      target: f.target ?? null,
      meta: {
        carrierKind: f.carrierKind ?? "item",
        carrierBlockId: null,
        directional: false,
        format: "bbmodel",
        warnings: result.warnings,
      },
      bytes: new TextEncoder().encode(JSON.stringify(result.model)),
      textures: result.textures,
      textureFolder: f.type === "armor3d" ? "item" : "block",
    };
  }
  const problems = checkBlockModel(json, { minecraftVersion: version });
  if (problems.length)
    throw invalid(
      `the block model is not valid for ${version}: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ""}`,
    );
  return {
    kind: "model",
    type: "model",
    name,
    reskin: false,
    target: null,
    meta: { carrierKind: f.carrierKind ?? "full", carrierBlockId: null, directional: false, format: "java" },
    bytes: new TextEncoder().encode(JSON.stringify(json)),
  };
}

/** Stands in for a model's texture prefix until its name is final; rewritten by withTexturePrefix. */
export const PLACEHOLDER = "packsmith-texture-prefix:";

export function withTexturePrefix(modelJson: Uint8Array, prefix: string): Uint8Array {
  const text = new TextDecoder().decode(modelJson);
  return new TextEncoder().encode(text.split(PLACEHOLDER).join(prefix));
}
