/**
 * S3Blobs' start-up housekeeping of its local files (copies kept for work by path, spool files a crash left):
 * only its own files, only those older than the bound. Local only: no bucket is asked.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Blobs } from "../../src/store/blobs-s3.ts";
import { parseBlobsUrl } from "../../src/store/engine-urls.ts";

const dir = mkdtempSync(join(tmpdir(), "packsmith-s3-sweep-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("copies and spool files a day old go; younger ones and other files stay", async () => {
  const s3 = new S3Blobs(parseBlobsUrl("s3://bucket-x/p/"), {
    spoolDir: dir,
    client: { endpoint: "http://127.0.0.1:9", accessKeyId: "k", secretAccessKey: "s" },
  });
  const now = Date.now();
  const day = 24 * 3600_000;
  const files = {
    oldCopy: `s3-copy-${"a".repeat(64)}`,
    oldSpool: "packsmith-s3-0123456789abcdef",
    freshCopy: `s3-copy-${"b".repeat(64)}`,
    notOurs: "notes.txt",
  };
  for (const name of Object.values(files)) writeFileSync(join(dir, name), "x");
  const old = (now - day - 60_000) / 1000;
  for (const name of [files.oldCopy, files.oldSpool, files.notOurs]) utimesSync(join(dir, name), old, old);
  expect(await s3.sweepLocal(day, now)).toBe(2);
  expect(existsSync(join(dir, files.oldCopy))).toBe(false);
  expect(existsSync(join(dir, files.oldSpool))).toBe(false);
  expect(existsSync(join(dir, files.freshCopy))).toBe(true);
  expect(existsSync(join(dir, files.notOurs))).toBe(true);
});
