/**
 * A consistent copy of a data folder, safe while the server runs: sqlite writes a snapshot of the database
 * (`VACUUM INTO`, one read transaction, so the copy is of one moment), then every blob the snapshot refers
 * to is copied. Blobs are content-addressed and never change, so copying them after the snapshot is safe:
 * a blob the snapshot names already exists and keeps its bytes.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import type { SqlDriver } from "./sql.ts";
import { SqliteDriver } from "./sqlite-driver.ts";
import { signingSecret } from "./secrets.ts";

/** Every column that holds a blob hash, by table. */
export const BLOB_COLUMNS: [string, string][] = [
  ["assets", "blob"],
  ["pack_files", "blob"],
  ["packs", "icon_blob"],
  ["reference_images", "blob"],
  ["published_builds", "blob"],
  ["imports", "source_blob"],
  ["uploads", "blob"],
];

export interface BackupResult {
  dest: string;
  blobs: number;
  bytes: number;
  /** Hashes the database names whose files were not in the blob folder (already missing before the backup). */
  missing: string[];
}

export class BackupRefused extends Error {
  override name = "BackupRefused";
}

export async function backupDataFolder(db: SqlDriver, dataDir: string, dest: string): Promise<BackupResult> {
  // VACUUM INTO is sqlite's: a PostgreSQL store is backed up with pg_dump and a copy of the bucket.
  if (!(db instanceof SqliteDriver))
    throw new BackupRefused(`backup copies a sqlite data folder; this store runs on ${db.engine} (use its own tools)`);
  if (existsSync(dest) && readdirSync(dest).length > 0)
    throw new BackupRefused(`${dest} is not empty; back up into a new or empty folder`);
  mkdirSync(dest, { recursive: true });
  // The download-link secret lives in the database (secrets.ts): make sure it is there (adopting an older
  // folder's signing.key) so the snapshot carries it and links made before a restore keep working.
  await signingSecret(db, dataDir);
  const snapshot = join(dest, "packsmith.sqlite");
  await db.exclusive((raw) => raw.query("VACUUM INTO ?").run(snapshot));
  const copy = new Database(snapshot, { readonly: true });
  const hashes = new Set<string>();
  try {
    const tables = new Set(
      (copy.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as any[]).map((r) => r.name),
    );
    for (const [table, column] of BLOB_COLUMNS) {
      if (!tables.has(table)) continue;
      for (const r of copy.query(`SELECT DISTINCT ${column} AS h FROM ${table} WHERE ${column} IS NOT NULL`).all() as {
        h: string;
      }[])
        hashes.add(r.h);
    }
  } finally {
    copy.close();
  }
  let bytes = 0;
  const missing: string[] = [];
  for (const h of hashes) {
    if (!/^[0-9a-f]{64}$/.test(h)) continue;
    const from = join(dataDir, "blobs", h.slice(0, 2), h.slice(2));
    if (!existsSync(from)) {
      missing.push(h);
      continue;
    }
    const dir = join(dest, "blobs", h.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    copyFileSync(from, join(dir, h.slice(2)));
    bytes += statSync(from).size;
  }
  mkdirSync(join(dest, "blobs", "tmp"), { recursive: true });
  return { dest, blobs: hashes.size - missing.length, bytes, missing: missing.sort() };
}
