/**
 * A backup of an install on PostgreSQL (and any blob store): `pg_dump` of one exported snapshot, and every blob
 * that snapshot names, copied into `<dest>/blobs/` in the data folder's layout. The dump and the blob list come
 * from the same snapshot, so the copy is of one moment, as the sqlite backup's VACUUM INTO is; blobs are
 * content-addressed and never rewritten, so copying them after the snapshot is safe.
 *
 * Restore (docs/deploy.md): `pg_restore --no-owner -d URL <dest>/packsmith.pgdump` into an empty database, and the
 * blobs back into the bucket (or the folder) they came from.
 */
import { existsSync, readdirSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { BackupRefused, type BackupResult, BLOB_COLUMNS } from "./backup.ts";
import { type BlobStorage, FolderBlobs, isBlobHash } from "./blob-store.ts";
import type { PostgresDriver } from "./postgres-driver.ts";

export const DUMP_FILE = "packsmith.pgdump";

/** pg_dump must be at least the server's major version; Debian's wrapper on PATH picks the newest installed. */
function findPgDump(): string {
  const found =
    Bun.which("pg_dump") ??
    ["/usr/lib/postgresql/16/bin/pg_dump", "/usr/lib/postgresql/15/bin/pg_dump"].find(existsSync);
  if (!found)
    throw new BackupRefused(
      "pg_dump is not installed (apt-get install -y postgresql-client): a PostgreSQL backup needs it",
    );
  return found;
}

export async function backupPostgres(
  db: PostgresDriver,
  url: URL,
  blobs: BlobStorage,
  dest: string,
): Promise<BackupResult> {
  if (existsSync(dest) && readdirSync(dest).length > 0)
    throw new BackupRefused(`${dest} is not empty; back up into a new or empty folder`);
  mkdirSync(dest, { recursive: true });
  const pgDump = findPgDump();
  const hashes = await db.withExportedSnapshot(async (snapshot, tx) => {
    // The password goes by environment, not on the command line where any user's `ps` would show it.
    const target = new URL(url.href);
    const password = decodeURIComponent(target.password);
    target.password = "";
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("PG")) env[k] = v;
    if (password) env.PGPASSWORD = password;
    const dump = Bun.spawn(
      [
        pgDump,
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        "--file",
        join(dest, DUMP_FILE),
        "--dbname",
        target.href,
      ],
      { env, stdout: "ignore", stderr: "pipe" },
    );
    const [err, code] = await Promise.all([new Response(dump.stderr).text(), dump.exited]);
    if (code !== 0) throw new Error(`pg_dump failed (${code}): ${err.trim()}`);
    const found = new Set<string>();
    for (const [table, column] of BLOB_COLUMNS)
      for (const r of await tx.all<{ h: string }>(
        `SELECT DISTINCT ${column} AS h FROM ${table} WHERE ${column} IS NOT NULL`,
      ))
        if (isBlobHash(r.h)) found.add(r.h);
    return found;
  });
  // Into a blob folder of the usual layout, each blob hashed again on the way: a corrupted object is not copied.
  const copy = new FolderBlobs(join(dest, "blobs"));
  let bytes = 0;
  const missing: string[] = [];
  for (const h of hashes) {
    if ((await blobs.size(h)) === undefined) {
      missing.push(h);
      continue;
    }
    const got = await copy.putStream(blobs.stream(h));
    if (got.hash !== h) {
      await copy.delete(got.hash);
      throw new Error(`blob ${h} read back as ${got.hash}: the store's copy is damaged`);
    }
    bytes += got.size;
  }
  return { dest, blobs: hashes.size - missing.length, bytes, missing: missing.sort() };
}
