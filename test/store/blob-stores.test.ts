/** The blob store contract (test/support/blob-store-suite.ts) on the data folder and on an S3 bucket (Swift). */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FolderBlobs } from "../../src/store/blob-store.ts";
import { S3Blobs } from "../../src/store/blobs-s3.ts";
import type { BlobStorage } from "../../src/store/blob-store.ts";
import { BadEngineUrl, parseBlobsUrl } from "../../src/store/engine-urls.ts";
import { openBlobStorage } from "../../src/store/blob-engines.ts";
import { EngineUnavailable } from "../../src/store/engines.ts";
import { freePort } from "../support/engines.ts";
import { describeBlobStorage } from "../support/blob-store-suite.ts";
import { swiftMissing, useSwift } from "../support/swift.ts";
import { pgMissing, usePostgres } from "../support/postgres.ts";
import { backupPostgres } from "../../src/store/backup-postgres.ts";

const dir = mkdtempSync(join(tmpdir(), "packsmith-blobs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const all = async (s: BlobStorage) => {
  const out: string[] = [];
  for await (const h of s.list()) out.push(h);
  return out.sort();
};

describeBlobStorage("folder", async () => new FolderBlobs(join(dir, `folder-${++n}`)));

const missing = swiftMissing();
const swift = missing ? null : useSwift();
let bucket: Promise<string> | undefined;
describeBlobStorage(
  "S3 (Swift s3api)",
  async () => {
    if (!swift) throw new Error("unreachable: skipped without Swift");
    const s = swift();
    bucket ??= s.createBucket("packsmith-suite");
    // One bucket, a fresh prefix per test: each test sees an empty store.
    return new S3Blobs(
      { bucket: await bucket, prefix: `t${++n}/` },
      {
        client: {
          endpoint: s.endpoint,
          accessKeyId: s.accessKeyId,
          secretAccessKey: s.secretAccessKey,
          region: s.region,
        },
        listPageSize: 3,
        partSize: 5 * 1024 * 1024,
        spoolDir: dir,
      },
    );
  },
  missing,
);

describe.skipIf(!!missing)("S3 blobs: what only a bucket can get wrong", () => {
  const env = () => {
    if (!swift) throw new Error("unreachable: skipped without Swift");
    return swift();
  };
  const creds = () => {
    const s = env();
    return { endpoint: s.endpoint, accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region };
  };
  const named = async (prefix: string, client = creds()) =>
    new S3Blobs(
      { bucket: await (bucket ??= env().createBucket("packsmith-suite")), prefix },
      { client, spoolDir: dir },
    );

  test("the S3_* variables are enough: endpoint, keys and region come from the environment", async () => {
    const vars = env().env();
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    Object.assign(process.env, vars);
    try {
      const s = new S3Blobs(parseBlobsUrl(`s3://${await (bucket ??= env().createBucket("packsmith-suite"))}/env/`));
      const hash = await s.put(new TextEncoder().encode("from the environment"));
      expect(new TextDecoder().decode(await s.get(hash))).toBe("from the environment");
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  test("openBlobStorage: the folder when unset, the bucket when it answers, one clear error when it does not", async () => {
    expect((await openBlobStorage(undefined, join(dir, "unset"))).engine).toBe("folder");
    const name = await (bucket ??= env().createBucket("packsmith-suite"));
    expect((await openBlobStorage(`s3://${name}/open/`, dir, { client: creds() })).engine).toBe("s3");
    await expect(openBlobStorage("https://example.com/x", dir)).rejects.toBeInstanceOf(BadEngineUrl);
    const missingBucket = await openBlobStorage("s3://no-such-bucket", dir, { client: creds() }).catch((e) => e);
    expect(missingBucket).not.toBeInstanceOf(EngineUnavailable);
    expect(missingBucket.message).toContain("no-such-bucket/ refused: The specified bucket does not exist");
    const down = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await openBlobStorage(`s3://${name}`, dir, { client: { ...creds(), endpoint: down } }).catch(
      (e) => e,
    );
    expect(unreachable).toBeInstanceOf(EngineUnavailable);
    const badKey = await openBlobStorage(`s3://${name}`, dir, { client: { ...creds(), secretAccessKey: "x" } }).catch(
      (e) => e,
    );
    expect(badKey.message).toContain("signature");
  });

  const pg = pgMissing() ? null : usePostgres();
  test.skipIf(!pg)(
    "a PostgreSQL backup copies the blobs its snapshot names out of the bucket",
    async () => {
      if (!pg) return;
      const s3 = await named("backup/");
      const db = await pg.store();
      const big = new Uint8Array(6 * 1024 * 1024).map((_, i) => i % 251);
      const hashes = [await s3.put(new TextEncoder().encode("small")), await s3.put(big)];
      await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["a", "pro", "t"]);
      for (const h of hashes)
        await db.run(
          "INSERT INTO uploads (id, account_id, status, blob, expires_at, created_at) VALUES (?, 1, 'received', ?, 0, 't')",
          [h.slice(0, 8), h],
        );
      const name = (await db.get<{ d: string }>("SELECT current_database() AS d"))?.d ?? "";
      const dest = join(dir, "pg-backup");
      const result = await backupPostgres(db, new URL(pg.cluster().url(name)), s3, dest);
      expect(result).toMatchObject({ blobs: 2, bytes: 5 + big.length, missing: [] });
      const copy = new FolderBlobs(join(dest, "blobs"));
      expect(await all(copy)).toEqual([...hashes].sort());
    },
    120_000,
  );

  test("keys are <prefix>ab/cdef…, and two prefixes in one bucket do not see each other's blobs", async () => {
    const a = await named("iso-a/");
    const b = await named("iso-b/");
    const hash = await a.put(new TextEncoder().encode("only in a"));
    expect(await b.has(hash)).toBe(false);
    expect(await all(b)).toEqual([]);
    const raw = new Bun.S3Client({ ...creds(), bucket: await bucket });
    expect(await raw.exists(`iso-a/${hash.slice(0, 2)}/${hash.slice(2)}`)).toBe(true);
  });

  test("a large stream goes up as a multipart upload and leaves no spool file behind", async () => {
    const s = await named("multi/");
    const bytes = new Uint8Array(12 * 1024 * 1024);
    crypto.getRandomValues(bytes.subarray(0, 65536));
    const { hash } = await s.putStream(new Blob([bytes]).stream());
    const raw = new Bun.S3Client({ ...creds(), bucket: await bucket });
    // A multipart object's ETag is "<md5 of the part md5s>-<parts>", not the MD5 of the bytes.
    expect((await raw.stat(`multi/${hash.slice(0, 2)}/${hash.slice(2)}`)).etag).toMatch(/-2"?$/);
    expect(readdirSync(dir).filter((f) => f.startsWith("packsmith-s3-"))).toEqual([]);
  });

  test("a wrong secret is refused, not taken for an outage", async () => {
    const s = await named("secret/", { ...creds(), secretAccessKey: "not-the-secret" });
    const err = await s.put(new Uint8Array([1])).catch((e) => e);
    expect(err).not.toBeInstanceOf(EngineUnavailable);
    expect(String(err.code)).toBe("SignatureDoesNotMatch");
    expect(await s.ping()).toMatchObject({ engine: "s3", ok: false });
  });

  test("an endpoint nobody answers is EngineUnavailable, and ping says so", async () => {
    const s = await named("down/", { ...creds(), endpoint: `http://127.0.0.1:${await freePort()}` });
    const err = await s.get("0".repeat(64)).catch((e) => e);
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect(err.message).toContain("packsmith-suite");
    const h = await s.ping();
    expect(h.ok).toBe(false);
    expect(h.error).toContain("unreachable");
  });
});
