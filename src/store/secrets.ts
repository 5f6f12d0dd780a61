/**
 * Secrets an install keeps in its database, so that every process of it (API processes on one PostgreSQL, or
 * the one sqlite server after a restore) uses the same one: today the download-link signing secret.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SqlDriver } from "./sql.ts";

/** Per database (one per install; tests open several): the secret once read. */
const secrets = new WeakMap<SqlDriver, Promise<Buffer>>();

/**
 * The install's signing secret, made once: every process offers a value and the first insert wins (ON CONFLICT
 * DO NOTHING), then all read the row, so several processes starting at once agree. The value offered is the data
 * folder's signing.key when there is one (where the secret was kept before it moved into the database), so links
 * handed out before the upgrade stay valid; the file is then no longer read.
 */
export function signingSecret(db: SqlDriver, dataDir: string): Promise<Buffer> {
  let s = secrets.get(db);
  if (!s) {
    s = loadSecret(db, dataDir);
    secrets.set(db, s);
    // A failure (the database down) is not remembered: the next link tries again.
    s.catch(() => secrets.delete(db));
  }
  return s;
}

async function loadSecret(db: SqlDriver, dataDir: string): Promise<Buffer> {
  const read = () => db.get<{ value: string }>("SELECT value FROM secrets WHERE name = 'signing'");
  let row = await read();
  if (!row) {
    const file = join(dataDir, "signing.key");
    const offered = existsSync(file) ? readFileSync(file, "utf8").trim() : randomBytes(32).toString("hex");
    await db.run("INSERT INTO secrets (name, value, created_at) VALUES ('signing', ?, ?) ON CONFLICT DO NOTHING", [
      offered,
      new Date().toISOString(),
    ]);
    row = await read();
  }
  if (!row || !/^[0-9a-f]{64,}$/.test(row.value)) throw new Error("the download-link signing secret is unreadable");
  return Buffer.from(row.value, "hex");
}
