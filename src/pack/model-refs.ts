/**
 * How a model preview finds its pictures, the way the game does: a model's `parent` is followed through the
 * pack's own models (child textures win over the parent's, the nearest `elements` are drawn), `#slot`
 * references are followed through the merged texture map, and each final id is looked up among the pack's
 * stored assets. What the pack does not hold is the game's own (or missing) and is reported, not guessed.
 *
 * Pure: the caller passes `load`, so the same code runs in the page and in unit tests.
 */
// The same id rules as the importer and the checker (one home: resource-id.ts). The studio draws with it and
// list_thumbnails follows the same chains on the server, so both ask for exactly the same files.
import { definitionModels, scopedName as scoped, splitId } from "./resource-id.ts";

/** A stored file by kind and name, or null when the pack has no such asset. */
export type Load = (kind: "model" | "texture", name: string) => Promise<string | Blob | null>;

export type Json = Record<string, any>;

export { splitId };

/**
 * Stored texture names a texture id may live under. A generated or uploaded model's own textures are
 * `model:<file>`, referenced as `<slug>:block/<file>` (or item/); imported textures follow the import rule:
 * block/ → no prefix, item/ → `item:`, any other folder → its path (model textures).
 */
export function textureNames(id: string, slug: string): string[] {
  const [ns, path] = splitId(id);
  const out: string[] = [];
  const m = /^(block|blocks|item|items)\/(.+)$/.exec(path);
  if (ns === slug && m) out.push(`model:${m[2]}`);
  if (m) out.push(m[1].startsWith("item") ? `item:${scoped(ns, m[2])}` : scoped(ns, m[2]));
  else out.push(scoped(ns, path));
  return out;
}

/** Stored model names a model id may live under (imported: its path below models/; generated: its bare name). */
export function modelNames(id: string, slug: string): string[] {
  const [ns, path] = splitId(id);
  const out = [scoped(ns, path)];
  const m = /^(?:block|item)\/(.+)$/.exec(path);
  if (ns === slug && m) out.push(m[1]);
  return out;
}

/**
 * The model an item definition (items/*.json, 1.21.4+) selects: the first `model` id found, depth first.
 * Null when the JSON is a block model itself (no definition-style `model` object at the top).
 */
export function selectedModel(def: Json): string | null {
  if (!def || typeof def !== "object" || !def.model || typeof def.model !== "object") return null;
  return definitionModels(def.model)[0] ?? null;
}

/**
 * Shapes of the game's most used parents, so a pack model that only names one (`block/cube_all` with its
 * own texture) still shows its texture on the right faces. Any other parent the pack lacks draws as a cube
 * whose faces use `#particle` (or the model's first texture).
 */
const CUBE_FACES = ["down", "up", "north", "south", "west", "east"] as const;
const cube = (tex: Record<(typeof CUBE_FACES)[number], string>): Json => ({
  elements: [
    {
      from: [0, 0, 0],
      to: [16, 16, 16],
      faces: Object.fromEntries(CUBE_FACES.map((f) => [f, { texture: tex[f] }])),
    },
  ],
});
const sides = (s: string) => ({ north: s, south: s, west: s, east: s });
const flatItem: Json = {
  elements: [
    {
      from: [0, 0, 7.5],
      to: [16, 16, 8.5],
      faces: { north: { texture: "#layer0" }, south: { texture: "#layer0" } },
    },
  ],
};
export const VANILLA_SHAPES: Record<string, Json> = {
  "block/cube": cube({ down: "#down", up: "#up", north: "#north", south: "#south", west: "#west", east: "#east" }),
  "block/cube_all": cube({ down: "#all", up: "#all", ...sides("#all") }),
  "block/cube_column": cube({ down: "#end", up: "#end", ...sides("#side") }),
  "block/cube_column_horizontal": cube({ down: "#side", up: "#side", ...sides("#end") }),
  "block/cube_bottom_top": cube({ down: "#bottom", up: "#top", ...sides("#side") }),
  "block/cube_top": cube({ down: "#side", up: "#top", ...sides("#side") }),
  "block/orientable": cube({ down: "#top", up: "#top", ...sides("#side"), north: "#front" }),
  "item/generated": flatItem,
  "item/handheld": flatItem,
};

export interface Resolved {
  /** The model to draw: the nearest elements, the merged texture map. */
  model: Json;
  /** Model ids followed, the asset's own first. */
  chain: string[];
  /** A parent the pack does not hold (the game's own); its shape is stood in for. */
  outsideParent: string | null;
}

/** Follows `parent` through the pack's models, merging textures (the child's win) and keeping the nearest elements. */
export async function resolveModel(root: Json, slug: string, load: Load): Promise<Resolved> {
  let textures: Json = { ...(root.textures ?? {}) };
  let elements = Array.isArray(root.elements) ? root.elements : null;
  const chain: string[] = [];
  let outsideParent: string | null = null;
  let parent = typeof root.parent === "string" ? root.parent : null;
  for (let depth = 0; parent && !elements && depth < 16; depth++) {
    if (parent.startsWith("builtin/") || chain.includes(parent)) break;
    const next = await loadModel(parent, slug, load);
    if (!next) {
      outsideParent = parent;
      const shape = VANILLA_SHAPES[splitId(parent)[1]] ?? cube(fallbackFaces(textures));
      elements = shape.elements;
      break;
    }
    chain.push(parent);
    textures = { ...(next.textures ?? {}), ...textures };
    if (Array.isArray(next.elements)) elements = next.elements;
    parent = typeof next.parent === "string" ? next.parent : null;
  }
  // Texture maps keep merging past the model that gave the elements (a parent may only add texture slots).
  for (let depth = 0; parent && depth < 16; depth++) {
    if (parent.startsWith("builtin/") || chain.includes(parent)) break;
    const next = await loadModel(parent, slug, load);
    if (!next) break;
    chain.push(parent);
    textures = { ...(next.textures ?? {}), ...textures };
    parent = typeof next.parent === "string" ? next.parent : null;
  }
  return { model: { ...root, textures, elements: elements ?? [] }, chain, outsideParent };
}

function fallbackFaces(textures: Json): Record<(typeof CUBE_FACES)[number], string> {
  const slot = "particle" in textures ? "#particle" : `#${Object.keys(textures)[0] ?? "particle"}`;
  return { down: slot, up: slot, ...sides(slot) };
}

export async function loadModel(id: string, slug: string, load: Load): Promise<Json | null> {
  for (const name of modelNames(id, slug)) {
    const got = await load("model", name);
    if (got === null) continue;
    try {
      const json = JSON.parse(typeof got === "string" ? got : await got.text());
      if (json && typeof json === "object" && !Array.isArray(json)) return json;
    } catch {}
  }
  return null;
}

/** Follows a `#slot` chain through the merged map to a texture id; null when it ends nowhere. */
export function finalTexture(ref: string, vars: Json): string | null {
  let key = ref;
  for (let i = 0; i < 16 && key.startsWith("#"); i++) {
    const next = vars[key.slice(1)];
    if (typeof next !== "string") return null;
    key = next;
  }
  return key.startsWith("#") ? null : key;
}

/**
 * What the renderer will look up, each with the texture id it ends at (null: the chain ends nowhere). Keys
 * are slot names (a face's `#slot`, a map entry) or, for a face naming an id directly, the id itself.
 */
export function slotIds(model: Json): Map<string, string | null> {
  const vars = (model.textures ?? {}) as Json;
  const out = new Map<string, string | null>();
  for (const s of Object.keys(vars)) out.set(s, finalTexture(`#${s}`, vars));
  for (const el of model.elements ?? [])
    for (const face of Object.values((el?.faces ?? {}) as Json)) {
      const t = String((face as Json)?.texture ?? "");
      if (t.startsWith("#")) out.set(t.slice(1), finalTexture(t, vars));
      else if (t) out.set(t, t);
    }
  return out;
}

/** The stored texture for an id: the first candidate name the pack holds. */
export async function loadTexture(id: string, slug: string, load: Load): Promise<Blob | null> {
  for (const name of textureNames(id, slug)) {
    const got = await load("texture", name);
    if (got !== null) return typeof got === "string" ? new Blob([got]) : got;
  }
  return null;
}

export interface ModelPlan {
  /** The model to draw (nearest elements, merged texture map). */
  model: Json;
  /** For an item definition: the model it selects. */
  through: string | null;
  /** A parent the pack does not hold (the game's own). */
  outsideParent: string | null;
  /** Each slot the renderer looks up, the texture id it ends at, and the stored file (null: not held). */
  slots: { key: string; id: string | null; file: Blob | null }[];
}

/**
 * Everything a model asset's preview needs, from its own JSON: an item definition is followed to the model
 * it selects (or stands in as that parent when the pack lacks it), parents are followed, and every slot's
 * texture is looked up. The studio draws from this; list_thumbnails runs it with a recording `load` to learn
 * which files a page of previews will ask for, and sends them along.
 */
export async function planModel(own: Json, slug: string, load: Load): Promise<ModelPlan> {
  const through = selectedModel(own);
  const root = through ? ((await loadModel(through, slug, load)) ?? { parent: through }) : own;
  const { model, outsideParent } = await resolveModel(root, slug, load);
  const slots = await Promise.all(
    [...slotIds(model)].map(async ([key, id]) => ({ key, id, file: id ? await loadTexture(id, slug, load) : null })),
  );
  return { model, through, outsideParent, slots };
}
