/**
 * Changing and removing packs and assets. Each change is one transaction that takes the write lock up front.
 * Blobs are content-addressed and may be shared with other assets or packs, so rows go and bytes stay (an
 * unreferenced blob costs disk, never correctness).
 */
import type { Database } from "../store/db.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";
import { changeCredits } from "./accounts.ts";
import { getAsset, type AssetRow } from "./assets.ts";
import { getPackById, type PackRow, type Role } from "./packs.ts";

/** Only the owner renames, re-versions or deletes a pack; collaborators may edit its assets. */
export function requireOwner(role: Role, what: string): void {
  if (role !== "owner") throw new ApiError("forbidden", `only the pack's owner can ${what}`);
}

export function updatePack(
  db: Database,
  pack: PackRow,
  changes: { name?: string; minecraftVersion?: string },
): PackRow {
  db.transaction(() => {
    if (changes.name !== undefined)
      db.query("UPDATE packs SET name = ?, updated_at = ? WHERE id = ?").run(changes.name, nowIso(), pack.id);
    if (changes.minecraftVersion !== undefined)
      db.query("UPDATE packs SET minecraft_version = ?, updated_at = ? WHERE id = ?").run(
        changes.minecraftVersion,
        nowIso(),
        pack.id,
      );
  }).immediate();
  return getPackById(db, pack.id)!;
}

export interface PackRemoval {
  assets: number;
  files: number;
  /** Jobs still generating, refunded: their results will never be kept. */
  refunded: number;
}

/** Deletes the pack and everything that belongs to it; generating jobs are refunded (their results are dropped). */
export function deletePack(db: Database, pack: PackRow): PackRemoval {
  return db
    .transaction(() => {
      const generating = db
        .query("SELECT id, cost, charged_to FROM assets WHERE pack_id = ? AND status = 'generating'")
        .all(pack.id) as { id: number; cost: number; charged_to: number | null }[];
      for (const g of generating)
        if (g.cost > 0 && g.charged_to !== null) changeCredits(db, g.charged_to, g.cost, "refund (pack deleted)", g.id);
      const assets = db.query("DELETE FROM assets WHERE pack_id = ?").run(pack.id).changes;
      const files = db.query("DELETE FROM pack_files WHERE pack_id = ?").run(pack.id).changes;
      for (const table of ["published_builds", "reference_images", "style_guides", "imports", "pack_members"])
        db.query(`DELETE FROM ${table} WHERE pack_id = ?`).run(pack.id);
      db.query("DELETE FROM packs WHERE id = ?").run(pack.id);
      return { assets, files, refunded: generating.length };
    })
    .immediate();
}

/** Deletes one asset (and a model's own textures). One still generating is refused: wait for its job. */
export function deleteAsset(db: Database, pack: PackRow, kind: string, name: string): AssetRow {
  return db
    .transaction(() => {
      const a = getAsset(db, pack.id, kind, name);
      if (!a) throw new ApiError("not_found", `no ${kind} '${name}' in pack '${pack.slug}'`);
      if (a.status === "generating")
        throw new ApiError(
          "still_generating",
          `${kind} '${name}' is still generating; delete it once its job ${pack.slug}:${kind}:${name} has finished`,
        );
      db.query(
        "DELETE FROM assets WHERE pack_id = ? AND type = 'model_texture' AND json_extract(meta, '$.model') = ?",
      ).run(pack.id, a.id);
      db.query("DELETE FROM assets WHERE id = ?").run(a.id);
      db.query("UPDATE packs SET updated_at = ? WHERE id = ?").run(nowIso(), pack.id);
      return a;
    })
    .immediate();
}
