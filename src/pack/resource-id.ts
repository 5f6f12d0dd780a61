/**
 * Resource ids ("ns:path") as packs write them, shared by the importer, the pack checker and the studio's model
 * previews (which bundles this file, so it stays free of anything but plain functions).
 */

/** "minecraft:block/stone" or "block/stone" -> ["minecraft", "block/stone"]. */
export function splitId(id: string): [string, string] {
  const colon = id.indexOf(":");
  return colon < 0 ? ["minecraft", id] : [id.slice(0, colon), id.slice(colon + 1)];
}

/** The import naming rule: `<namespace>.` before the path for namespaces other than minecraft. */
export function scopedName(namespace: string, path: string): string {
  return namespace === "minecraft" ? path : `${namespace}.${path}`;
}

/** Every model an item definition (items/*.json, 1.21.4+) selects: its `type: model` nodes, depth first. */
export function definitionModels(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) definitionModels(n, out);
  else if (typeof node === "object" && node !== null) {
    const o = node as Record<string, unknown>;
    const type = typeof o.type === "string" ? o.type.replace(/^minecraft:/, "") : "";
    if (type === "model" && typeof o.model === "string") out.push(o.model);
    for (const v of Object.values(o)) definitionModels(v, out);
  }
  return out;
}
