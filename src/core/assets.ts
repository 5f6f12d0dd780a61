import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";
import type { PackRow } from "./packs.ts";
import { KINDS, type Kind } from "../pack/asset-kind.ts";

export { KINDS, type Kind } from "../pack/asset-kind.ts";
export type Status = "generating" | "ready" | "error";
export type AssetSource = "generated" | "uploaded" | "imported";

/** The spec's asset `type` enum (returned by uploads; recorded on every asset so export knows where it goes). */
export const ASSET_TYPES = [
  "model",
  "vehicle",
  "block",
  "block_face",
  "model_texture",
  "item",
  "item_model",
  "item3d",
  "armor",
  "armor3d",
  "gui",
  "hud",
  "dialog",
  "icon",
  "sound",
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export interface AssetRow {
  id: number;
  packId: number;
  kind: Kind;
  name: string;
  type: AssetType;
  status: Status;
  source: AssetSource;
  displayName: string | null;
  prompt: string | null;
  error: string | null;
  blob: string | null;
  sizeBytes: number | null;
  target: string | null;
  meta: Record<string, any>;
  request: Record<string, any> | null;
  cost: number;
  chargedTo: number | null;
  createdAt: string;
  updatedAt: string;
  touchedAt: number;
}

export const toAsset = (r: any): AssetRow => ({
  id: r.id,
  packId: r.pack_id,
  kind: r.kind,
  name: r.name,
  type: r.type,
  status: r.status,
  source: r.source,
  displayName: r.display_name,
  prompt: r.prompt,
  error: r.error,
  blob: r.blob,
  sizeBytes: r.size_bytes,
  target: r.target,
  meta: JSON.parse(r.meta),
  request: r.request ? JSON.parse(r.request) : null,
  cost: r.cost,
  chargedTo: r.charged_to,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  touchedAt: r.touched_at,
});

/** The spec's Asset object. */
export function assetView(packSlug: string, a: AssetRow) {
  const view: Record<string, unknown> = {
    id: `${packSlug}:${a.kind}:${a.name}`,
    kind: a.kind,
    name: a.name,
    status: a.status,
    error: a.status === "error" ? (a.error ?? "generation failed") : null,
    updatedAt: a.updatedAt,
  };
  if (a.displayName) view.displayName = a.displayName;
  if (a.prompt) view.prompt = a.prompt;
  if (a.sizeBytes !== null) view.sizeBytes = a.sizeBytes;
  // An animated picture's file is a strip of frames: how to play it (gen/look/animate.ts).
  const anim = a.meta.animation;
  if (anim && Number.isInteger(anim.frames))
    view.animation = {
      effect: anim.effect,
      frames: anim.frames,
      frametime: anim.frametime,
      interpolate: !!anim.interpolate,
      frameHeight: anim.frameHeight,
    };
  return view;
}

export async function getAsset(db: SqlDriver, packId: number, kind: string, name: string): Promise<AssetRow | null> {
  const r = await db.get("SELECT * FROM assets WHERE pack_id = ? AND kind = ? AND name = ?", [packId, kind, name]);
  return r ? toAsset(r) : null;
}

export async function getAssetById(db: SqlDriver, id: number): Promise<AssetRow | null> {
  const r = await db.get("SELECT * FROM assets WHERE id = ?", [id]);
  return r ? toAsset(r) : null;
}

/** What an asset listing may be narrowed to: a kind, a status, a piece of the name. */
export interface AssetFilter {
  kind?: Kind;
  status?: Status;
  /** Case-insensitive (ASCII) substring of the name; LIKE's wildcards in it match themselves. */
  q?: string;
}

/** `q` as a LIKE pattern that finds it anywhere: its own `%`, `_` and `\` escaped, ASCII letters lowered. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[A-Z]/g, (c) => c.toLowerCase())}%`;
}

/**
 * One page of a pack's assets. Keyset paging on the id (cursor = last id seen), so page 2,000 of a
 * 100,000-asset pack costs the same as page 1. A filtered page walks the covering index
 * (pack_id, id, kind, status, name) in id order from the cursor, testing each entry without reading its
 * row, and stops at the page's end: only the page's own rows are read from the table. A substring cannot
 * use an index seek (no B-tree orders by "contains"), so a rare match costs one pass over the pack's index
 * entries, spread over the pages (bench/assets-find.ts measures it). Plain SQL with `?` placeholders that
 * reads the same on sqlite and PostgreSQL (lower() on both sides; LIKE is case-sensitive on PostgreSQL).
 */
export async function listAssets(
  db: SqlDriver,
  packId: number,
  opts: AssetFilter & { limit: number; cursor?: number },
): Promise<{ rows: AssetRow[]; nextCursor: number | null }> {
  const where = ["pack_id = ?", "id > ?"];
  const args: (string | number)[] = [packId, opts.cursor ?? 0];
  if (opts.kind) where.push("kind = ?"), args.push(opts.kind);
  if (opts.status) where.push("status = ?"), args.push(opts.status);
  if (opts.q) where.push("lower(name) LIKE ? ESCAPE '\\'"), args.push(containsPattern(opts.q));
  const page = `SELECT id FROM assets WHERE ${where.join(" AND ")} ORDER BY id LIMIT ?`;
  const found = await db.all(`SELECT * FROM assets WHERE id IN (${page}) ORDER BY id`, [...args, opts.limit + 1]);
  const rows = found.map(toAsset);
  const more = rows.length > opts.limit;
  if (more) rows.pop();
  return { rows, nextCursor: more ? rows[rows.length - 1].id : null };
}

export async function countAssets(db: SqlDriver, packId: number): Promise<number> {
  return (await db.get<{ n: number }>("SELECT count(*) AS n FROM assets WHERE pack_id = ?", [packId]))!.n;
}

/** Throws asset_limit_reached when `adding` more assets would pass the pack's limit. */
export async function checkAssetLimit(db: SqlDriver, pack: PackRow, limit: number, adding = 1): Promise<void> {
  const n = await countAssets(db, pack.id);
  if (n + adding > limit)
    throw new ApiError("asset_limit_reached", `pack '${pack.slug}' holds ${n} assets and the limit is ${limit}`);
}

export function nameFrom(text: string, fallback = "asset"): string {
  const s = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 48)
    .replace(/_+$/, "");
  return s || fallback;
}

/**
 * The name a new asset takes. A reskin replaces one vanilla target and must keep its name, so a second one is
 * a conflict (`reskin.as` says what the first did: "reskinned" by a generation, "replaced" by an upload);
 * any other asset takes the first free name from `name`.
 */
export async function newAssetName(
  db: SqlDriver,
  pack: Pick<PackRow, "id" | "slug">,
  kind: Kind,
  name: string,
  reskin?: { target?: string | null; as: "reskinned" | "replaced" },
): Promise<string> {
  if (!reskin) return freeAssetName(db, pack.id, kind, name);
  if (await getAsset(db, pack.id, kind, name))
    throw new ApiError(
      "conflict",
      `'${reskin.target}' is already ${reskin.as} in pack '${pack.slug}' (asset ${pack.slug}:${kind}:${name})`,
    );
  return name;
}

/** First free name among `base`, `base_2`, `base_3`… within one kind of one pack. */
export async function freeAssetName(db: SqlDriver, packId: number, kind: Kind, base: string): Promise<string> {
  if (!(await db.get("SELECT 1 FROM assets WHERE pack_id = ? AND kind = ? AND name = ?", [packId, kind, base])))
    return base;
  // One range scan of the (pack, kind, name) index for "<base>_…", then the next number after the highest:
  // probing _2, _3… one query each took 30-60 ms inside the write transaction in a pack of 7,000 "mix_N".
  const taken = await db.all<{ name: string }>(
    "SELECT name FROM assets WHERE pack_id = ? AND kind = ? AND name >= ? AND name < ?",
    [packId, kind, `${base}_`, `${base}\``],
  );
  let max = 1;
  for (const { name } of taken) {
    const tail = name.slice(base.length + 1);
    if (/^\d{1,15}$/.test(tail)) max = Math.max(max, Number(tail));
  }
  return `${base}_${max + 1}`;
}

export interface NewAsset {
  packId: number;
  kind: Kind;
  name: string;
  type: AssetType;
  status: Status;
  source: AssetSource;
  displayName?: string | null;
  prompt?: string | null;
  blob?: string | null;
  sizeBytes?: number | null;
  target?: string | null;
  meta?: Record<string, unknown>;
  request?: Record<string, unknown> | null;
  cost?: number;
  chargedTo?: number | null;
}

/** Inserts one asset row; callers wrap it in their transaction with any charge. */
export async function insertAsset(db: SqlDriver, a: NewAsset): Promise<AssetRow> {
  const at = nowIso();
  const r = await db.get(
    `INSERT INTO assets (pack_id, kind, name, type, status, source, display_name, prompt, blob, size_bytes, target, meta, request, cost, charged_to, created_at, updated_at, touched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    [
      a.packId,
      a.kind,
      a.name,
      a.type,
      a.status,
      a.source,
      a.displayName ?? null,
      a.prompt ?? null,
      a.blob ?? null,
      a.sizeBytes ?? null,
      a.target ?? null,
      JSON.stringify(a.meta ?? {}),
      a.request ? JSON.stringify(a.request) : null,
      a.cost ?? 0,
      a.chargedTo ?? null,
      at,
      at,
      Date.now(),
    ],
  );
  await db.run("UPDATE packs SET updated_at = ? WHERE id = ?", [at, a.packId]);
  return toAsset(r);
}

/** Parses a job handle `<pack>:<kind>:<name>` (the name may hold colons) or `<pack>:import`. */
export function parseHandle(
  handle: string,
): { pack: string; kind: Kind; name: string } | { pack: string; import: true } | { pack: string; merge: number } {
  const first = handle.indexOf(":");
  const pack = first > 0 ? handle.slice(0, first) : "";
  const rest = handle.slice(first + 1);
  if (first > 0 && rest === "import" && /^[a-z0-9-]+$/.test(pack)) return { pack, import: true };
  const merge = /^merge:([1-9][0-9]{0,15})$/.exec(rest);
  if (first > 0 && merge && /^[a-z0-9-]+$/.test(pack)) return { pack, merge: Number(merge[1]) };
  const second = rest.indexOf(":");
  const kind = second > 0 ? rest.slice(0, second) : "";
  const name = rest.slice(second + 1);
  if (!pack || !/^[a-z0-9-]+$/.test(pack) || !(KINDS as readonly string[]).includes(kind) || second < 0 || !name)
    throw new ApiError(
      "invalid_job_handle",
      `'${handle}' is not a job handle of the form <pack>:<kind>:<name> (kind is texture, model, font or sound)`,
    );
  return { pack, kind: kind as Kind, name };
}

export const CONTENT_TYPES: Record<Kind, string> = {
  texture: "image/png",
  font: "image/png",
  model: "application/json",
  sound: "audio/ogg",
};
