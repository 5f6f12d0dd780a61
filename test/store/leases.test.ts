import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlite, type SqliteDriver } from "../../src/store/db.ts";
import { leaseSuite } from "../support/lease-suite.ts";

const dir = mkdtempSync(join(tmpdir(), "packsmith-leases-"));
let db: SqliteDriver | undefined;
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

leaseSuite("sqlite", async () => (db = openSqlite(join(dir, "packsmith.sqlite"))));
