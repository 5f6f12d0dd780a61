import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlite } from "../../src/store/sqlite-driver.ts";
import { describeSqlDriver } from "../support/sql-driver-suite.ts";

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "packsmith-sql-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A real sqlite file in WAL mode, migrated as the server's is: the suite's table sits beside the schema.
describeSqlDriver("sqlite", async () => openSqlite(join(dir, `s${n++}.sqlite`)));

test("sqlite: the outer driver used inside its own transaction fails at once instead of waiting forever", async () => {
  const db = openSqlite(join(dir, "own.sqlite"));
  try {
    const err = await db
      .transaction(async () => {
        await db.get("SELECT 1");
      })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/use the tx/);
    // The connection is free again afterwards.
    expect(await db.get("SELECT 1 AS one")).toEqual({ one: 1 });
  } finally {
    await db.close();
  }
});
