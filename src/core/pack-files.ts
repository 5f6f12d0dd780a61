/**
 * Pack files: the files of an imported pack that Packsmith keeps as they are instead of as assets
 * (language files, blockstates, atlases, entity and particle art, OptiFine folders, fonts' TrueType files,
 * overlays for other game versions…). Each is a blob at its path in the pack; export writes it back there.
 * They are free and do not count toward the asset limit.
 */
import type { Database } from "../store/db.ts";
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

export function insertPackFile(
  db: Database,
  packId: number,
  f: { path: string; blob: string; sizeBytes: number; reason: string },
): void {
  db.query(
    "INSERT OR REPLACE INTO pack_files (pack_id, path, blob, size_bytes, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(packId, f.path, f.blob, f.sizeBytes, f.reason, nowIso());
}

/** One page, keyset-paged on the id like assets (cursor = the last id seen). */
export function listPackFiles(
  db: Database,
  packId: number,
  opts: { limit: number; cursor?: number },
): { files: PackFile[]; nextCursor: number | null } {
  const rows = db
    .query("SELECT * FROM pack_files WHERE pack_id = ? AND id > ? ORDER BY id LIMIT ?")
    .all(packId, opts.cursor ?? 0, opts.limit + 1) as any[];
  const files = rows.slice(0, opts.limit).map(toFile);
  return { files, nextCursor: rows.length > opts.limit ? files[files.length - 1].id : null };
}

/** Every pack file, for export. */
export function allPackFiles(db: Database, packId: number): PackFile[] {
  return (db.query("SELECT * FROM pack_files WHERE pack_id = ? ORDER BY path").all(packId) as any[]).map(toFile);
}

export function countPackFiles(db: Database, packId: number): number {
  return (db.query("SELECT count(*) AS n FROM pack_files WHERE pack_id = ?").get(packId) as { n: number }).n;
}

export function deletePackFile(db: Database, packId: number, path: string): PackFile {
  const r = db.query("SELECT * FROM pack_files WHERE pack_id = ? AND path = ?").get(packId, path);
  if (!r) throw new ApiError("not_found", `the pack has no file '${path}'`);
  db.query("DELETE FROM pack_files WHERE id = ?").run((r as any).id);
  return toFile(r);
}

/** A resumed import starts over: what an interrupted run kept is replaced. */
export function clearPackFiles(db: Database, packId: number): void {
  db.query("DELETE FROM pack_files WHERE pack_id = ?").run(packId);
}
