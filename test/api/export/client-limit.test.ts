/**
 * The Minecraft client's limit on a server pack (262,144,000 bytes), tested at the real bound with a sparse
 * pack: kept files that all name one stored 16 MiB blob of random bytes (Ogg paths, so they are stored, not
 * deflated, and the zip grows byte for byte with them). A last filler file is sized so the zip is exactly the
 * limit, then one byte over it. Export still answers past the limit with a warning; publish refuses with
 * file_too_large, storing and publishing nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { getPackBySlug } from "../../../src/core/packs.ts";
import { insertPackFile } from "../../../src/core/pack-files.ts";
import { exportSummary } from "../../../src/export/index.ts";
import { CLIENT_PACK_LIMIT_BYTES } from "../../../src/pack/client-limit.ts";

const T = 240_000;
const CHUNK = 16 * 1024 * 1024;
let ts: TestServer;
let key = "";
let slug = "";
let packId = 0;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("big", { plan: "pro", credits: 0 })).key;
  const res = await ts.call("POST", "/v1/packs", { key, body: { name: "Huge", minecraftVersion: "1.21.4" } });
  slug = ((await res.json()) as any).pack.slug;
  packId = (await getPackBySlug(ts.svc.db, slug))!.id;
  // 15 files of 16 MiB: 251,658,240 bytes, under the limit; the filler takes it to the bound.
  const blob = await ts.svc.blobs.put(randomBytes(CHUNK));
  for (let i = 0; i < 15; i++)
    await insertPackFile(ts.svc.db, packId, {
      path: `assets/huge/sounds/music_${String(i).padStart(2, "0")}.ogg`,
      blob,
      sizeBytes: CHUNK,
      reason: "test",
    });
}, T);
afterAll(async () => {
  await ts?.close();
});

/** Sets the filler file so that the exported zip is `target` bytes (stored entries grow the zip one for one). */
async function sizeZipTo(target: number): Promise<void> {
  const setFiller = async (n: number) => {
    const blob = await ts.svc.blobs.put(randomBytes(n));
    await insertPackFile(ts.svc.db, packId, {
      path: "assets/huge/sounds/zz_filler.ogg",
      blob,
      sizeBytes: n,
      reason: "test",
    });
  };
  await setFiller(1000);
  const now = (await exportSummary(ts.svc, (await getPackBySlug(ts.svc.db, slug))!)).sizeBytes;
  await setFiller(1000 + target - now);
  expect((await exportSummary(ts.svc, (await getPackBySlug(ts.svc.db, slug))!)).sizeBytes).toBe(target);
}

async function exportedLength(res: Response): Promise<number> {
  let n = 0;
  for await (const chunk of res.body!) n += chunk.length;
  return n;
}

const builds = async () => (await ts.svc.db.get<{ n: number }>("SELECT count(*) AS n FROM published_builds"))!.n;

describe("the client's limit", () => {
  test(
    "at exactly the limit: export answers with its size and no warning, publish accepts",
    async () => {
      await sizeZipTo(CLIENT_PACK_LIMIT_BYTES);
      const res = await ts.call("GET", `/v1/packs/${slug}/export`, { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-packsmith-client-limit")).toBe("262144000");
      expect(res.headers.get("x-packsmith-zip-bytes")).toBe(String(CLIENT_PACK_LIMIT_BYTES));
      expect(res.headers.get("x-packsmith-warning")).toBeNull();
      expect(await exportedLength(res)).toBe(CLIENT_PACK_LIMIT_BYTES);
      const pub = await ts.call("POST", `/v1/packs/${slug}/publish`, { key });
      expect(pub.status).toBe(201);
      const build = (await pub.json()) as any;
      expect(build.sizeBytes).toBe(CLIENT_PACK_LIMIT_BYTES);
      expect(build.clientLimitBytes).toBe(CLIENT_PACK_LIMIT_BYTES);
      await ts.call("DELETE", `/v1/packs/${slug}/publish/${build.build}`, { key });
    },
    T,
  );

  test(
    "one byte over: export still answers and warns, the tool says so, publish refuses and keeps nothing",
    async () => {
      await sizeZipTo(CLIENT_PACK_LIMIT_BYTES + 1);
      const res = await ts.call("GET", `/v1/packs/${slug}/export`, { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-packsmith-zip-bytes")).toBe(String(CLIENT_PACK_LIMIT_BYTES + 1));
      const warning = res.headers.get("x-packsmith-warning")!;
      expect(warning).toContain("262,144,001 bytes");
      expect(warning).toContain("refuses");
      expect(warning).toContain("optimize=true");
      expect(await exportedLength(res)).toBe(CLIENT_PACK_LIMIT_BYTES + 1);

      const summary = await exportSummary(ts.svc, (await getPackBySlug(ts.svc.db, slug))!);
      expect(summary.overClientLimit).toBe(true);
      expect(summary.warning).toContain("optimize=true");

      const before = await builds();
      const pub = await ts.call("POST", `/v1/packs/${slug}/publish`, { key });
      expect(pub.status).toBe(413);
      const err = ((await pub.json()) as any).error;
      expect(err.code).toBe("file_too_large");
      expect(err.message).toContain("262,144,000-byte");
      expect(err.message).toContain("optimize=true");
      expect(await builds()).toBe(before);
    },
    T,
  );
});
