/**
 * Pack files: the files of an imported pack that Packsmith keeps as they are instead of as assets
 * (language files, blockstates, atlases, entity and particle art, OptiFine folders, fonts' TrueType files,
 * overlays for other game versions…). Each is a blob at its path in the pack; export writes it back there.
 * They are free and do not count toward the asset limit.
 */
import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";

export interface PackFile {
  id: number;
  /** Path inside the pack, from its root: `assets/minecraft/lang/en_us.json`, `overlay_1/assets/…`. */
  path: string;
  blob: string;
  sizeBytes: number;
  /** Why it is kept as it is rather than as an asset. */
  reason: string;
  createdAt: string;
}

const toFile = (r: any): PackFile => ({
  id: r.id,
  path: r.path,
  blob: r.blob,
  sizeBytes: r.size_bytes,
  reason: r.reason,
  createdAt: r.created_at,
});

export async function insertPackFile(
  db: SqlDriver,
  packId: number,
  f: { path: string; blob: string; sizeBytes: number; reason: string },
): Promise<void> {
  await db.run(
    `INSERT INTO pack_files (pack_id, path, blob, size_bytes, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (pack_id, path) DO UPDATE SET blob = excluded.blob, size_bytes = excluded.size_bytes,
       reason = excluded.reason, created_at = excluded.created_at`,
    [packId, f.path, f.blob, f.sizeBytes, f.reason, nowIso()],
  );
}

/** One page, keyset-paged on the id like assets (cursor = the last id seen). */
export async function listPackFiles(
  db: SqlDriver,
  packId: number,
  opts: { limit: number; cursor?: number },
): Promise<{ files: PackFile[]; nextCursor: number | null }> {
  const rows = await db.all("SELECT * FROM pack_files WHERE pack_id = ? AND id > ? ORDER BY id LIMIT ?", [
    packId,
    opts.cursor ?? 0,
    opts.limit + 1,
  ]);
  const files = rows.slice(0, opts.limit).map(toFile);
  return { files, nextCursor: rows.length > opts.limit ? files[files.length - 1].id : null };
}

/** Every pack file, for export. */
export async function allPackFiles(db: SqlDriver, packId: number): Promise<PackFile[]> {
  return (await db.all("SELECT * FROM pack_files WHERE pack_id = ? ORDER BY path", [packId])).map(toFile);
}

export async function countPackFiles(db: SqlDriver, packId: number): Promise<number> {
  return (await db.get<{ n: number }>("SELECT count(*) AS n FROM pack_files WHERE pack_id = ?", [packId]))!.n;
}

export async function deletePackFile(db: SqlDriver, packId: number, path: string): Promise<PackFile> {
  const r = await db.get<any>("SELECT * FROM pack_files WHERE pack_id = ? AND path = ?", [packId, path]);
  if (!r) throw new ApiError("not_found", `the pack has no file '${path}'`);
  await db.run("DELETE FROM pack_files WHERE id = ?", [r.id]);
  return toFile(r);
}

/** A resumed import starts over: what an interrupted run kept is replaced. */
export async function clearPackFiles(db: SqlDriver, packId: number): Promise<void> {
  await db.run("DELETE FROM pack_files WHERE pack_id = ?", [packId]);
}
