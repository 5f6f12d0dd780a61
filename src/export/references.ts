/**
 * References stay whole: the export writes no model whose parent or texture is neither in the zip nor the
 * game's own, since the game would draw it as the purple-and-black missing texture. Such a model is left
 * out and named in packsmith-export.json; a model whose parent was left out goes too (checked until
 * nothing changes). Generated models are whole by construction: only stored files (imported assets and
 * kept pack files) are read.
 *
 * The game's own: `builtin/…` parents, block and item textures of the vanilla tables, and anything else
 * under `minecraft:` that the tables do not list (entity, particle, model parents: no list here, so they
 * are trusted rather than refused on a guess).
 */
import type { ExportPlan, PlannedFile } from "./plan.ts";
import { isVanillaBlockTexture, isVanillaItemTexture } from "../pack/vanilla.ts";

const MODEL = /^(?:[^/]+\/)?assets\/([^/]+)\/models\/(.+)\.json$/;
const utf8 = new TextDecoder();

/** `ns:path` (namespace minecraft when absent). */
function split(id: string): [string, string] {
  const i = id.indexOf(":");
  return i < 0 ? ["minecraft", id] : [id.slice(0, i), id.slice(i + 1)];
}

function vanillaTexture(path: string): boolean {
  const m = /^(block|blocks|item|items)\/(.+)$/.exec(path);
  if (!m) return true; // a folder the tables do not list: trusted
  return m[1].startsWith("block") ? isVanillaBlockTexture(m[2]) : isVanillaItemTexture(m[2]);
}

/** What a model refers to that is missing, or null when every reference resolves. */
function missingRef(model: Record<string, unknown>, overlay: string, has: (path: string) => boolean): string | null {
  const inZip = (p: string) => has(overlay + p) || has(p);
  if (typeof model.parent === "string" && !model.parent.startsWith("builtin/")) {
    const [ns, path] = split(model.parent);
    if (ns !== "minecraft" && !inZip(`assets/${ns}/models/${path}.json`)) return `parent ${model.parent}`;
  }
  const textures =
    model.textures && typeof model.textures === "object" ? (model.textures as Record<string, unknown>) : {};
  for (const ref of Object.values(textures)) {
    if (typeof ref !== "string" || ref.startsWith("#")) continue;
    const [ns, path] = split(ref);
    if (inZip(`assets/${ns}/textures/${path}.png`)) continue;
    if (ns === "minecraft" && vanillaTexture(path)) continue;
    return `texture ${ref}`;
  }
  return null;
}

/** The planned files without models whose references do not resolve; each left out is reported. */
export async function dropBrokenModels(plan: ExportPlan, files: PlannedFile[]): Promise<PlannedFile[]> {
  const models: { f: PlannedFile; json: Record<string, unknown>; overlay: string }[] = [];
  for (const f of files) {
    const m = MODEL.exec(f.path);
    if (!m || !("blob" in f.source)) continue;
    try {
      const json = JSON.parse(utf8.decode(await plan.blobs.get(f.source.blob)).replace(/^\uFEFF/, ""));
      if (json && typeof json === "object" && !Array.isArray(json))
        models.push({ f, json, overlay: f.path.startsWith("assets/") ? "" : f.path.slice(0, f.path.indexOf("/") + 1) });
    } catch {
      // Not JSON: the game skips it with a log line; nothing to resolve.
    }
  }
  const present = new Set(files.map((f) => f.path));
  const dropped = new Set<PlannedFile>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of models) {
      if (dropped.has(m.f)) continue;
      const missing = missingRef(m.json, m.overlay, (p) => present.has(p));
      if (!missing) continue;
      dropped.add(m.f);
      present.delete(m.f.path);
      changed = true;
      const why = `it refers to ${missing}, which is neither in the pack nor the game's own, so the game would draw it as a missing texture`;
      if (m.f.asset) plan.report.leaveOut(plan.handle(m.f.asset), "unplaceable", why, undefined, m.f.path);
      else plan.report.dropKept(m.f.path, why);
    }
  }
  return dropped.size ? files.filter((f) => !dropped.has(f)) : files;
}
