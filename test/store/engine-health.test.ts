/** Health probes for /healthz: a line per engine, never a throw, bounded in time. */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FolderBlobs } from "../../src/store/blob-store.ts";
import { openSqlite } from "../../src/store/db.ts";
import { pingSql, probe } from "../../src/store/engines.ts";

test("pingSql answers ok on a working sqlite store and says why once it is closed", async () => {
  const dir = mkdtempSync(join(tmpdir(), "packsmith-health-"));
  try {
    const db = openSqlite(join(dir, "h.sqlite"));
    expect(await pingSql(db)).toMatchObject({ engine: "sqlite", ok: true });
    await db.close();
    const down = await pingSql(db);
    expect(down.ok).toBe(false);
    expect(down.error).toBeTruthy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the blob folder is down when its folder is gone", async () => {
  const dir = mkdtempSync(join(tmpdir(), "packsmith-health-"));
  const blobs = new FolderBlobs(join(dir, "blobs"));
  expect(await blobs.ping()).toMatchObject({ engine: "folder", ok: true });
  rmSync(dir, { recursive: true, force: true });
  expect(await blobs.ping()).toMatchObject({ engine: "folder", ok: false });
});

test("a probe that never answers is reported down at its bound, not waited on", async () => {
  const h = await probe("postgres", 200, () => new Promise(() => {}));
  expect(h).toMatchObject({ engine: "postgres", ok: false, error: "no answer within 200 ms" });
});
