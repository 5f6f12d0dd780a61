/**
 * Models, blockstates and item definitions: every reference must reach a file in the pack or the game, texture
 * slots must resolve, and each model must pass the version's model rules (model-rules.ts: element bounds,
 * rotations) or the game drops it.
 */
import { checkBlockModel } from "../model-rules.ts";
import { atLeast, ITEM_DEFINITIONS } from "../versions.ts";
import { isObject, modelFile, type PackFiles, splitId, textureFile } from "./files.ts";
import { definitionModels } from "../resource-id.ts";
import type { Findings } from "./report.ts";
import { vanillaTexture } from "./vanilla.ts";

const MODEL = /^assets\/([^/]+)\/models\/(.+)\.json$/;
const MAX_CHAIN = 32;

/** A model another file names: in the pack, or vanilla's (minecraft:, taken as present), else missing. */
function modelReachable(files: PackFiles, id: string): boolean {
  return files.has(modelFile(id)) || splitId(id)[0] === "minecraft";
}

export function checkModels(files: PackFiles, version: string, out: Findings): void {
  for (const path of files.paths) {
    const m = MODEL.exec(path);
    if (!m) continue;
    const model = files.json(path);
    if (model === undefined) continue;
    if (!isObject(model)) {
      out.error("model.invalid", path, "a model must be a JSON object");
      continue;
    }
    const chain = parentChain(files, model, path, out);
    for (const problem of checkBlockModel(chain.merged, { minecraftVersion: version })) {
      if (/names no texture/.test(problem))
        out.error(
          "model.texture-ref-unresolved",
          path,
          `${problem}: the game draws that face with the missing texture`,
        );
      else out.error("model.rules", path, `breaks ${version}'s model rules (mcdoc model.mcdoc): ${problem}`);
    }
    checkTextureRefs(files, model, path, version, out);
    if (atLeast(version, ITEM_DEFINITIONS) && m[2].startsWith("item/") && Array.isArray(model.overrides))
      out.warn(
        "era.overrides-ignored",
        path,
        `${version} ignores item model overrides (custom_model_data); it reads assets/<ns>/items/*.json instead`,
      );
  }
}

/**
 * The model with its pack parents' texture slots merged in (the child's win), parent kept only when the chain
 * ends in a vanilla model whose own slots the checker cannot see.
 */
function parentChain(files: PackFiles, model: Record<string, unknown>, path: string, out: Findings) {
  const textures: Record<string, unknown> = {};
  const seen = new Set([path]);
  let cur: Record<string, unknown> | undefined = model;
  let vanillaParent: string | undefined;
  for (let depth = 0; cur && depth < MAX_CHAIN; depth++) {
    if (isObject(cur.textures))
      for (const [k, v] of Object.entries(cur.textures)) if (!(k in textures)) textures[k] = v;
    if (depth > 0 && cur.elements !== undefined && model.elements === undefined)
      model = { ...model, elements: cur.elements };
    const parent = cur.parent;
    if (typeof parent !== "string" || parent === "") break;
    const file = modelFile(parent);
    if (seen.has(file)) {
      out.error("model.parent-cycle", path, `its parent chain loops back to ${file}`);
      break;
    }
    seen.add(file);
    if (files.has(file)) {
      const next = files.json(file);
      cur = isObject(next) ? next : undefined;
    } else if (splitId(parent)[0] === "minecraft" || parent.startsWith("builtin/")) {
      vanillaParent = parent;
      break;
    } else {
      out.error("model.parent-missing", path, `its parent ${parent} is neither in the pack nor the game's (${file})`);
      vanillaParent = parent; // do not also report its slots as unresolved
      break;
    }
  }
  const { parent: _own, ...rest } = model;
  return { merged: { ...rest, textures, ...(vanillaParent ? { parent: vanillaParent } : {}) } };
}

function checkTextureRefs(
  files: PackFiles,
  model: Record<string, unknown>,
  path: string,
  version: string,
  out: Findings,
) {
  if (!isObject(model.textures)) return;
  for (const [slot, v] of Object.entries(model.textures)) {
    const id = typeof v === "string" ? v : isObject(v) && typeof v.sprite === "string" ? v.sprite : null;
    if (!id || id.startsWith("#")) continue;
    if (files.has(textureFile(id))) continue;
    const vanilla = vanillaTexture(id, version);
    if (vanilla === null) continue;
    if (vanilla) continue;
    if (splitId(id)[0] === "minecraft")
      out.warn(
        "model.texture-not-vanilla",
        path,
        `textures.${slot} names ${id}, which ${version} does not ship and the pack does not hold`,
      );
    else
      out.error(
        "model.texture-missing",
        path,
        `textures.${slot} names ${id}, but ${textureFile(id)} is not in the pack`,
      );
  }
}

const BLOCKSTATE = /^assets\/[^/]+\/blockstates\/.+\.json$/;

/** Every `model` a blockstate's variants or multipart cases name. */
function blockstateModels(state: Record<string, unknown>): string[] {
  const out: string[] = [];
  const take = (v: unknown) => {
    for (const m of Array.isArray(v) ? v : [v]) if (isObject(m) && typeof m.model === "string") out.push(m.model);
  };
  if (isObject(state.variants)) for (const v of Object.values(state.variants)) take(v);
  if (Array.isArray(state.multipart)) for (const c of state.multipart) if (isObject(c)) take(c.apply);
  return out;
}

export function checkBlockstates(files: PackFiles, out: Findings): void {
  for (const path of files.paths.filter((p) => BLOCKSTATE.test(p))) {
    const state = files.json(path);
    if (state === undefined) continue;
    if (!isObject(state) || (!isObject(state.variants) && !Array.isArray(state.multipart))) {
      out.error("blockstate.invalid", path, "a blockstate needs `variants` or `multipart`");
      continue;
    }
    for (const id of blockstateModels(state))
      if (!modelReachable(files, id))
        out.error("blockstate.model-missing", path, `names model ${id}, but ${modelFile(id)} is not in the pack`);
  }
}

const ITEM_DEFINITION = /^assets\/[^/]+\/items\/.+\.json$/;

export function checkItemDefinitions(files: PackFiles, version: string, out: Findings): void {
  const defs = files.paths.filter((p) => ITEM_DEFINITION.test(p));
  if (defs.length && !atLeast(version, ITEM_DEFINITIONS)) {
    out.warn(
      "era.items-ignored",
      defs[0],
      `${version} does not read assets/<ns>/items/ (${defs.length} files); they arrived in ${ITEM_DEFINITIONS}`,
    );
    return;
  }
  for (const path of defs) {
    const def = files.json(path);
    if (def === undefined) continue;
    if (!isObject(def) || !isObject(def.model)) {
      out.error("item.invalid", path, "an item definition needs a `model` object");
      continue;
    }
    for (const id of definitionModels(def.model))
      if (!modelReachable(files, id))
        out.error("item.model-missing", path, `selects model ${id}, but ${modelFile(id)} is not in the pack`);
  }
}
