/**
 * Broken references are the pack's own business: a model whose parent or texture is neither in the zip nor the
 * game's own is still written back as it came (the game draws one missing face, or logs the model and skips it;
 * leaving the file out would break whatever refers to it in turn, an item override for one). Each is listed as a
 * warning in packsmith-export.json (`brokenReferences`), with where the missing file is when the pack has it only
 * in an overlay folder.
 *
 * The game's own: `builtin/…` parents, block and item textures of the vanilla tables, and anything else
 * under `minecraft:` that the tables do not list (entity, particle, model parents: no list here, so they
 * are trusted rather than reported on a guess).
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

/** What a model refers to that is missing (each reference once), with the file the game would look for. */
function missingRefs(
  model: Record<string, unknown>,
  overlay: string,
  has: (path: string) => boolean,
): { reference: string; file: string }[] {
  const inZip = (p: string) => has(overlay + p) || has(p);
  const out: { reference: string; file: string }[] = [];
  if (typeof model.parent === "string" && !model.parent.startsWith("builtin/")) {
    const [ns, path] = split(model.parent);
    const file = `assets/${ns}/models/${path}.json`;
    if (ns !== "minecraft" && !inZip(file)) out.push({ reference: `parent ${model.parent}`, file });
  }
  const textures =
    model.textures && typeof model.textures === "object" ? (model.textures as Record<string, unknown>) : {};
  for (const ref of new Set(Object.values(textures))) {
    if (typeof ref !== "string" || ref.startsWith("#")) continue;
    const [ns, path] = split(ref);
    const file = `assets/${ns}/textures/${path}.png`;
    if (inZip(file) || (ns === "minecraft" && vanillaTexture(path))) continue;
    out.push({ reference: `texture ${ref}`, file });
  }
  return out;
}

/** Lists in the export's report every model reference that does not resolve; every file stays in the zip. */
export async function reportBrokenReferences(plan: ExportPlan, files: PlannedFile[]): Promise<void> {
  const present = new Set(files.map((f) => f.path));
  /** Overlay folders holding each path below them, for "only in an overlay". */
  const overlaysOf = new Map<string, string[]>();
  for (const p of present) {
    const m = /^([^/]+)\/(assets\/.+)$/.exec(p);
    if (m && m[1] !== "assets") overlaysOf.set(m[2], [...(overlaysOf.get(m[2]) ?? []), m[1]]);
  }
  for (const f of files) {
    const m = MODEL.exec(f.path);
    if (!m || !("blob" in f.source)) continue;
    let json: unknown;
    try {
      json = JSON.parse(utf8.decode(await plan.blobs.get(f.source.blob)).replace(/^\uFEFF/, ""));
    } catch {
      continue; // Not JSON: the checker reports it; nothing to resolve.
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) continue;
    const overlay = f.path.startsWith("assets/") ? "" : f.path.slice(0, f.path.indexOf("/") + 1);
    for (const miss of missingRefs(json as Record<string, unknown>, overlay, (p) => present.has(p))) {
      const elsewhere = overlaysOf.get(miss.file);
      plan.report.brokenReference(
        f.path,
        miss.reference,
        elsewhere
          ? `${miss.file} is only in the overlay folder ${elsewhere.join(", ")}, which this model does not read from; the game draws the missing texture there`
          : `${miss.file} is neither in the pack nor the game's own; the game draws the missing texture there`,
      );
    }
  }
}
