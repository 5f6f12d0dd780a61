import { constants, Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./migrations.ts";

export type { Database };

/**
 * Opens the sqlite store in WAL mode (admin commands may write while the server runs) and applies
 * pending migrations, each in its own transaction.
 */
export function openDatabase(path: string): Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  // busy_timeout first: switching to WAL needs a lock another process may hold while it opens the same file.
  db.exec("PRAGMA busy_timeout = 5000");
  enableWal(db);
  // Keep the -wal and -shm files when the last connection closes: a server started later on a disk with no free
  // block must still open the store and serve reads, and growing a fresh -shm needs blocks (SQLITE_IOERR_SHMSIZE).
  db.fileControl(constants.SQLITE_FCNTL_PERSIST_WAL, 1);
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db);
  return db;
}

/**
 * sqlite may answer SQLITE_BUSY to the WAL switch at once, without waiting on the busy timeout, while
 * another process is opening the same fresh file; retry for up to five seconds.
 */
function enableWal(db: Database): void {
  for (let attempt = 0; ; attempt++) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (e) {
      if (!(e instanceof Error && /locked|busy/i.test(e.message)) || attempt >= 250) throw e;
      Bun.sleepSync(20);
    }
  }
}

/** The data folder was written by a newer Packsmith: this build must not read or change it. */
export class NewerSchema extends Error {
  override name = "NewerSchema";
}

export function migrate(db: Database): void {
  const version = () => (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  const known = MIGRATIONS[MIGRATIONS.length - 1].version;
  const found = version();
  if (found > known) {
    db.close();
    throw new NewerSchema(
      `this data folder was written by a newer Packsmith (schema ${found}; this build knows up to ${known}); run that version, or restore a backup made with this one`,
    );
  }
  for (const m of MIGRATIONS) {
    if (m.version <= version()) continue;
    // The version is read again under the write lock: a server and a CLI opening a fresh data dir at
    // the same moment must not both apply the same migration.
    db.transaction(() => {
      if (m.version <= version()) return;
      db.exec(m.sql);
      db.exec(`PRAGMA user_version = ${m.version}`);
    }).immediate();
  }
}

export const nowIso = () => new Date().toISOString();
