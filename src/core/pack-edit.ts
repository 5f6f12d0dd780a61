/**
 * Changing and removing packs and assets. Each change is one transaction that takes the write lock up front.
 * Blobs are content-addressed and may be shared with other assets or packs, so rows go and bytes stay (an
 * unreferenced blob costs disk, never correctness).
 */
import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";
import { changeCredits } from "./accounts.ts";
import { getAsset, type AssetRow } from "./assets.ts";
import { getPackById, type PackRow, type Role } from "./packs.ts";

/** Only the owner renames, re-versions or deletes a pack; collaborators may edit its assets. */
export function requireOwner(role: Role, what: string): void {
  if (role !== "owner") throw new ApiError("forbidden", `only the pack's owner can ${what}`);
}

export async function updatePack(
  db: SqlDriver,
  pack: PackRow,
  changes: { name?: string; minecraftVersion?: string },
): Promise<PackRow> {
  await db.transaction(async (tx) => {
    if (changes.name !== undefined)
      await tx.run("UPDATE packs SET name = ?, updated_at = ? WHERE id = ?", [changes.name, nowIso(), pack.id]);
    if (changes.minecraftVersion !== undefined)
      await tx.run("UPDATE packs SET minecraft_version = ?, updated_at = ? WHERE id = ?", [
        changes.minecraftVersion,
        nowIso(),
        pack.id,
      ]);
  });
  return (await getPackById(db, pack.id))!;
}

export interface PackRemoval {
  assets: number;
  files: number;
  /** Jobs still generating, refunded: their results will never be kept. */
  refunded: number;
}

/** Deletes the pack and everything that belongs to it; generating jobs are refunded (their results are dropped). */
export async function deletePack(db: SqlDriver, pack: PackRow): Promise<PackRemoval> {
  return db.transaction(async (tx) => {
    const generating = await tx.all<{ id: number; cost: number; charged_to: number | null }>(
      "SELECT id, cost, charged_to FROM assets WHERE pack_id = ? AND status = 'generating'",
      [pack.id],
    );
    for (const g of generating)
      if (g.cost > 0 && g.charged_to !== null)
        await changeCredits(tx, g.charged_to, g.cost, "refund (pack deleted)", g.id);
    const assets = (await tx.run("DELETE FROM assets WHERE pack_id = ?", [pack.id])).changes;
    const files = (await tx.run("DELETE FROM pack_files WHERE pack_id = ?", [pack.id])).changes;
    for (const table of [
      "published_builds",
      "reference_images",
      "style_guides",
      "imports",
      "merges",
      "polymath_tokens",
      "pack_members",
    ])
      await tx.run(`DELETE FROM ${table} WHERE pack_id = ?`, [pack.id]);
    await tx.run("DELETE FROM packs WHERE id = ?", [pack.id]);
    return { assets, files, refunded: generating.length };
  });
}

/** Deletes one asset (and a model's own textures). One still generating is refused: wait for its job. */
export async function deleteAsset(db: SqlDriver, pack: PackRow, kind: string, name: string): Promise<AssetRow> {
  return db.transaction(async (tx) => {
    const a = await getAsset(tx, pack.id, kind, name);
    if (!a) throw new ApiError("not_found", `no ${kind} '${name}' in pack '${pack.slug}'`);
    if (a.status === "generating")
      throw new ApiError(
        "still_generating",
        `${kind} '${name}' is still generating; delete it once its job ${pack.slug}:${kind}:${name} has finished`,
      );
    if (a.kind === "model") {
      // A model's own textures name it in their meta; read in JS, as meta is JSON text on every engine.
      const textures = await tx.all<{ id: number; meta: string }>(
        "SELECT id, meta FROM assets WHERE pack_id = ? AND type = 'model_texture'",
        [pack.id],
      );
      for (const t of textures)
        if (JSON.parse(t.meta).model === a.id) await tx.run("DELETE FROM assets WHERE id = ?", [t.id]);
    }
    await tx.run("DELETE FROM assets WHERE id = ?", [a.id]);
    await tx.run("UPDATE packs SET updated_at = ? WHERE id = ?", [nowIso(), pack.id]);
    return a;
  });
}
