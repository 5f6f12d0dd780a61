/**
 * A backup of an install on PostgreSQL: pg_dump of one exported snapshot plus every blob it names, restored with
 * pg_restore into an empty database that then opens as the service opens it. The blob source here is the
 * folder engine; the S3 engine's size and stream, which the copy uses, are held to the same suite.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BackupRefused } from "../../src/store/backup.ts";
import { DUMP_FILE, backupPostgres } from "../../src/store/backup-postgres.ts";
import { FolderBlobs } from "../../src/store/blob-store.ts";
import { openPostgres } from "../../src/store/postgres-driver.ts";
import { cleanPgEnv, pgMissing, usePostgres } from "../support/postgres.ts";
import { signingSecret } from "../../src/store/secrets.ts";
import { spendShared } from "../../src/core/rate-budgets.ts";

const missing = pgMissing();
if (missing) console.warn(`PostgreSQL backup tests skipped: ${missing}`);
const dir = mkdtempSync(join(tmpdir(), "packsmith-pgbackup-"));
process.once("exit", () => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!!missing)("backup on PostgreSQL", () => {
  const pg = usePostgres();

  test("pg_dump of one snapshot and the blobs it names; pg_restore gives back the same rows", async () => {
    const db = await pg.store();
    const blobs = new FolderBlobs(join(dir, "source-blobs"));
    const icon = await blobs.put(new TextEncoder().encode("icon bytes"));
    const texture = await blobs.put(new Uint8Array(70_000).fill(7));
    const unused = await blobs.put(new TextEncoder().encode("named by no row"));
    const gone = "f".repeat(64);
    await db.run("INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, ?, ?)", ["ann", "pro", 12, "t"]);
    await db.run(
      "INSERT INTO packs (slug, name, minecraft_version, owner_id, created_at, updated_at, icon_blob) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ["p", "Pack", "1.21.11", 1, "t", "t", icon],
    );
    const asset =
      "INSERT INTO assets (pack_id, kind, name, type, status, source, blob, size_bytes, created_at, updated_at, touched_at) VALUES (?, 'texture', ?, 'item', 'ready', 'uploaded', ?, ?, 't', 't', 0)";
    await db.run(asset, [1, "a", texture, 70_000]);
    await db.run(asset, [1, "b", gone, 1]);
    // The download-link secret is a row (made on first use): a restore keeps links made before it working.
    const secret = await signingSecret(db, dir);

    const dest = join(dir, "backup");
    const result = await backupPostgres(db, new URL(pg.cluster().url(await currentDb(db))), blobs, dest);
    expect(result).toEqual({ dest, blobs: 2, bytes: 70_000 + 10, missing: [gone] });
    expect(existsSync(join(dest, DUMP_FILE))).toBe(true);
    const copied = new FolderBlobs(join(dest, "blobs"));
    expect(await copied.get(icon)).toEqual(await blobs.get(icon));
    expect(await copied.size(texture)).toBe(70_000);
    expect(await copied.has(unused)).toBe(false);

    // Restore into an empty database: it opens as this build's schema and holds the same rows.
    const target = new URL(await pg.database());
    const restore = Bun.spawnSync(["pg_restore", "--no-owner", "--dbname", target.href, join(dest, DUMP_FILE)], {
      env: cleanPgEnv(),
    });
    expect(restore.stderr.toString()).toBe("");
    expect(restore.exitCode).toBe(0);
    const back = await openPostgres(target, { max: 2 });
    try {
      const q =
        "SELECT a.name, a.blob, p.icon_blob, c.credits FROM assets a JOIN packs p ON p.id = a.pack_id JOIN accounts c ON c.id = p.owner_id ORDER BY a.name";
      expect(await back.all(q)).toEqual(await db.all(q));
      expect((await signingSecret(back, join(dir, "no-signing-key-here"))).equals(secret)).toBe(true);
      // The shared rate counter's function came back with the schema.
      expect((await spendShared(back, "read:k", 1, 5, 60_000)).used).toBe(1);
      // Ids keep counting where they were: a new row does not collide with a restored one.
      expect(
        await back.get("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?) RETURNING id", [
          "new",
          "pro",
          "t",
        ]),
      ).toEqual({ id: 2 });
    } finally {
      await back.close();
    }
  });

  test("a folder that is not empty is refused before anything is written", async () => {
    const db = await pg.store();
    const dest = join(dir, "full");
    mkdirSync(dest);
    writeFileSync(join(dest, "keep.txt"), "mine");
    const err = await backupPostgres(
      db,
      new URL(pg.cluster().url(await currentDb(db))),
      new FolderBlobs(join(dir, "b2")),
      dest,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(BackupRefused);
    expect(existsSync(join(dest, DUMP_FILE))).toBe(false);
  });
});

async function currentDb(db: { get<T>(sql: string): Promise<T | undefined> }): Promise<string> {
  return (await db.get<{ d: string }>("SELECT current_database() AS d"))?.d ?? "";
}
