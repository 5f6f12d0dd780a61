/**
 * The same API behaviours on both engine pairs, in one run: sqlite + the blob folder (the embedded default) and
 * PostgreSQL 15 + Swift's S3 API (throwaway instances, test/support/engine-pair.ts). The second pair skips,
 * saying why and how to install it, where the packages are missing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync, zipSync } from "fflate";
import { type TestServer, startTestServer } from "../support/server.ts";
import { type EnginePair, pairMissing, stopSharedEngines } from "../support/engine-pair.ts";
import { credits, newPack, waitJob } from "../support/jobs.ts";
import { accepted, finished } from "../support/imports.ts";
import { png } from "../support/uploads.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { waitUntil } from "../support/engines.ts";
import { blobBody } from "../../src/store/blob-body.ts";
import { signPath } from "../../src/core/signed-urls.ts";
import { originHash } from "../../src/origin/hash.ts";

// The shared PostgreSQL and Swift stop with this file (a killed run is left to the harnesses' watchdog).
afterAll(stopSharedEngines, 60_000);

const enc = new TextEncoder();
const PACK = zipSync({
  "pack.mcmeta": enc.encode('{"pack":{"pack_format":15,"description":"engines"}}'),
  "assets/minecraft/textures/block/stone.png": png(16, 16),
  "assets/minecraft/textures/item/apple.png": png(16, 16),
});

for (const pair of ["sqlite", "postgres"] as EnginePair[]) {
  const missing = pairMissing(pair);
  if (missing) {
    describe(`engines: ${pair}`, () => {
      test.skip(`skipped: ${missing}`, () => {});
    });
    continue;
  }
  describe(`engines: ${pair}`, () => {
    let ts: TestServer;
    let me: { id: number; key: string };
    let slug: string;
    beforeAll(async () => {
      ts = await startTestServer({}, pair);
      me = await ts.account("engines", { credits: 50 });
      slug = await newPack(ts, me.key, "Engine Pack");
    }, 400_000);
    afterAll(() => ts?.close());

    test("the server runs on the engines asked for, and /healthz names each", async () => {
      expect(ts.svc.db.engine).toBe(pair);
      expect(ts.svc.blobs.engine).toBe(pair === "sqlite" ? "folder" : "s3");
      const health = await ts.call("GET", "/healthz");
      expect(health.status).toBe(200);
      const engines = pair === "sqlite" ? { sqlite: "ok", folder: "ok" } : { postgres: "ok", s3: "ok" };
      expect(await health.json()).toEqual({ status: "ok", engines });
    });

    test("generate, poll to ready, download the PNG whole and by range; the charge is in the ledger", async () => {
      const before = await credits(ts, me.id);
      const res = await ts.call("POST", `/v1/packs/${slug}/textures`, {
        key: me.key,
        body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 1 },
      });
      expect(res.status).toBe(202);
      const acc = (await res.json()) as any;
      const job = await waitJob(ts, me.key, acc.job, 60_000);
      expect(job.status).toBe("ready");
      const url = `/v1/packs/${slug}/assets/${acc.kind}/${encodeURIComponent(acc.id)}`;
      const whole = await ts.call("GET", url, { key: me.key });
      expect(whole.status).toBe(200);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      expect(decodePng(bytes).width).toBe(16);
      expect(Number(whole.headers.get("content-length"))).toBe(bytes.length);
      const etag = whole.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const part = await ts.call("GET", url, { key: me.key, headers: { range: "bytes=8-23" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 8-23/${bytes.length}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(8, 24));
      const again = await ts.call("GET", url, { key: me.key, headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      const after = await credits(ts, me.id);
      expect(after.balance).toBeLessThan(before.balance);
      expect(after.ledger - before.ledger).toBe(after.balance - before.balance);
    }, 90_000);

    test("an upload id, PUT, then used once by an upload-asset; the stored bytes come back as they went in", async () => {
      const bytes = png(24, 24);
      const up = (await (await ts.call("POST", "/v1/uploads", { key: me.key, body: {} })).json()) as any;
      const put = await fetch(up.url, { method: "PUT", body: bytes, headers: { authorization: `Bearer ${me.key}` } });
      expect(put.status).toBe(200);
      const made = await ts.call("POST", `/v1/packs/${slug}/assets`, {
        key: me.key,
        body: { file: { upload: up.upload }, type: "block", name: "uploaded" },
      });
      expect(made.status).toBe(201);
      const again = await ts.call("POST", `/v1/packs/${slug}/assets`, {
        key: me.key,
        body: { file: { upload: up.upload }, type: "block", name: "uploaded twice" },
      });
      expect(again.status).toBe(404);
      expect(((await again.json()) as any).error.code).toBe("upload_not_found");
      const got = await ts.call("GET", `/v1/packs/${slug}/assets/texture/uploaded`, { key: me.key });
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    });

    test("import through an upload, then export: the zip carries the imported textures byte for byte", async () => {
      const env = { ts, key: me.key, accountId: me.id };
      const body = await accepted(env, PACK, { via: "upload", fileName: "Engines Import.zip" });
      const job = await finished(env, body.job);
      expect(job.status).toBe("ready");
      const res = await ts.call("GET", `/v1/packs/${body.pack.slug}/export`, { key: me.key });
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const original = unzipSync(PACK);
      for (const path of ["assets/minecraft/textures/block/stone.png", "assets/minecraft/textures/item/apple.png"])
        expect(files[path]).toEqual(original[path]);
    }, 120_000);

    test("a blob past the in-memory bound is answered from a file: its size and a slice are the stored bytes", async () => {
      const bytes = new Uint8Array(9 * 1024 * 1024);
      crypto.getRandomValues(bytes.subarray(0, 65536));
      bytes.set(bytes.subarray(0, 65536), bytes.length - 65536);
      const hash = await ts.svc.blobs.put(bytes);
      const body = await blobBody(ts.svc.blobs, hash);
      expect(body.size).toBe(bytes.length);
      expect(new Uint8Array(await body.slice(bytes.length - 100).arrayBuffer())).toEqual(bytes.slice(-100));
    }, 120_000);

    test("a revoked key is refused at once", async () => {
      const list = (await (await ts.call("GET", "/v1/account/keys", { key: me.key })).json()) as any;
      const spare = await ts.key(me.id);
      const keys = (await (await ts.call("GET", "/v1/account/keys", { key: me.key })).json()) as any;
      const added = keys.keys.find((k: any) => !list.keys.some((o: any) => o.id === k.id));
      expect((await ts.call("GET", "/v1/packs", { key: spare })).status).toBe(200);
      expect((await ts.call("DELETE", `/v1/account/keys/${added.id}`, { key: me.key })).status).toBe(200);
      expect((await ts.call("GET", "/v1/packs", { key: spare })).status).toBe(401);
    });
  });
}

const pgMissing = pairMissing("postgres");
describe.skipIf(pgMissing !== null)(
  `two API servers (separate pools, read caches and data folders) on one PostgreSQL and one bucket${pgMissing ? ` (skipped: ${pgMissing})` : ""}`,
  () => {
    let a: TestServer;
    let b: TestServer;
    let me: { id: number; key: string };
    let slug: string;
    beforeAll(async () => {
      a = await startTestServer({}, "postgres");
      b = await startTestServer({ database: a.svc.config.database!, blobs: a.svc.config.blobs! });
      me = await a.account("two", { credits: 20 });
      slug = await newPack(a, me.key, "Two Process Pack");
    }, 400_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    test("an upload id made on one process is filled and used on the other", async () => {
      const bytes = png(20, 20);
      const up = (await (await a.call("POST", "/v1/uploads", { key: me.key, body: {} })).json()) as any;
      const put = await fetch(`${b.url}/v1/uploads/${up.upload}`, {
        method: "PUT",
        body: bytes,
        headers: { authorization: `Bearer ${me.key}` },
      });
      expect(put.status).toBe(200);
      const made = await a.call("POST", `/v1/packs/${slug}/assets`, {
        key: me.key,
        body: { file: { upload: up.upload }, type: "block", name: "across" },
      });
      expect(made.status).toBe(201);
      const got = await b.call("GET", `/v1/packs/${slug}/assets/texture/across`, { key: me.key });
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    });

    test("a generation accepted by one process is polled to ready on the other; a rename on one is read on the other", async () => {
      const res = await a.call("POST", `/v1/packs/${slug}/textures`, {
        key: me.key,
        body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 2 },
      });
      expect(res.status).toBe(202);
      const job = await waitJob(b, me.key, ((await res.json()) as any).job, 60_000);
      expect(job.status).toBe("ready");
      // b reads the pack (its read cache may keep the answer), a renames it, b must see the new name.
      expect((await b.call("GET", `/v1/packs/${slug}`, { key: me.key })).status).toBe(200);
      const renamed = await a.call("PATCH", `/v1/packs/${slug}`, { key: me.key, body: { name: "Renamed Across" } });
      expect(renamed.status).toBe(200);
      await waitUntil("the other process to see the rename", 10_000, async () => {
        const r = (await (await b.call("GET", `/v1/packs/${slug}`, { key: me.key })).json()) as any;
        return r.pack.name === "Renamed Across";
      });
    }, 90_000);

    test("a key revoked on one process is refused by the other once the change reaches it (its cached caller dropped)", async () => {
      const ids = async () =>
        ((await (await a.call("GET", "/v1/account/keys", { key: me.key })).json()) as any).keys.map((k: any) => k.id);
      const before = await ids();
      const spare = await a.key(me.id);
      const id = (await ids()).find((k: string) => !before.includes(k));
      // b authenticates the key (and keeps the caller in its read cache), then a revokes it.
      expect((await b.call("GET", "/v1/packs", { key: spare })).status).toBe(200);
      expect((await b.call("GET", "/v1/packs", { key: spare })).status).toBe(200);
      expect((await a.call("DELETE", `/v1/account/keys/${id}`, { key: me.key })).status).toBe(200);
      await waitUntil("the other process to refuse the revoked key", 10_000, async () => {
        return (await b.call("GET", "/v1/packs", { key: spare })).status === 401;
      });
    });

    test("an upload id used on one process is spent on the other too (single use)", async () => {
      const up = (await (await a.call("POST", "/v1/uploads", { key: me.key, body: {} })).json()) as any;
      const put = await fetch(`${a.url}/v1/uploads/${up.upload}`, {
        method: "PUT",
        body: png(18, 18),
        headers: { authorization: `Bearer ${me.key}` },
      });
      expect(put.status).toBe(200);
      const use = (server: TestServer, name: string) =>
        server.call("POST", `/v1/packs/${slug}/assets`, {
          key: me.key,
          body: { file: { upload: up.upload }, type: "block", name },
        });
      expect((await use(b, "once")).status).toBe(201);
      const again = await use(a, "twice");
      expect(again.status).toBe(404);
      expect(((await again.json()) as any).error.code).toBe("upload_not_found");
      expect((await a.call("GET", `/v1/packs/${slug}/assets/texture/twice`, { key: me.key })).status).toBe(404);
    });

    test("exported on one process, the origin check on the other finds it; a build published and a download link made on one open on the other", async () => {
      const res = await a.call("POST", `/v1/packs/${slug}/textures`, {
        key: me.key,
        body: { prompt: "blue glass", size: 16, mode: "custom", description: "glass", seed: 3 },
      });
      const acc = (await res.json()) as any;
      expect((await waitJob(a, me.key, acc.job, 60_000)).status).toBe("ready");
      const exported = await b.call("GET", `/v1/packs/${slug}/export`, { key: me.key });
      expect(exported.status).toBe(200);
      const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      const name = Object.keys(files).find((n) => n.endsWith(`/${acc.id}.png`))!;
      expect(name).toBeDefined();
      const lookup = await a.call("POST", "/v1/origin/lookup", {
        body: { hashes: [originHash(`${acc.id}.png`, files[name]).hash] },
      });
      expect(((await lookup.json()) as any).results[0]).toMatchObject({ verdict: "generated", form: "png" });

      const published = (await (await a.call("POST", `/v1/packs/${slug}/publish`, { key: me.key })).json()) as any;
      const build = await fetch(b.url + new URL(published.url).pathname);
      expect(build.status).toBe(200);
      const zipped = new Uint8Array(await build.arrayBuffer());
      expect(new Bun.CryptoHasher("sha1").update(zipped).digest("hex")).toBe(published.sha1);
      expect(unzipSync(zipped)[name]).toEqual(files[name]);

      // Each server has a data folder of its own: the signing secret is the database's, so a's link opens on b.
      const keyId = ((await a.svc.db.get("SELECT id FROM api_keys WHERE account_id = ? LIMIT 1", [me.id])) as any).id;
      const link = await signPath(a.svc.db, a.dataDir, `/v1/packs/${slug}/export`, keyId, 600);
      const opened = await fetch(b.url + link);
      expect(opened.status).toBe(200);
      expect(unzipSync(new Uint8Array(await opened.arrayBuffer()))[name]).toEqual(files[name]);
      const forged = link.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
      expect((await fetch(b.url + forged)).status).toBe(401);
    }, 90_000);

    test("a key's budget is one across processes: spent on both, the request past it is 429 on either, with Retry-After", async () => {
      // Two more processes on the same database with the small budgets of a deployment (a and b have test ones).
      const small = {
        database: a.svc.config.database!,
        blobs: a.svc.config.blobs!,
        "rate-reads": "6",
        "rate-origin": "3",
      };
      const c = await startTestServer(small);
      const d = await startTestServer(small);
      try {
        const k = await c.account("budget", { credits: 0 });
        const seen: string[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await (i % 2 ? d : c).call("GET", "/v1/packs", { key: k.key });
          expect(r.status).toBe(200);
          seen.push(r.headers.get("ratelimit-remaining")!);
        }
        expect(seen).toEqual(["5", "4", "3", "2", "1", "0"]);
        for (const server of [c, d]) {
          const past = await server.call("GET", "/v1/packs", { key: k.key });
          expect(past.status).toBe(429);
          expect(((await past.json()) as any).error.code).toBe("rate_limited");
          const wait = Number(past.headers.get("retry-after"));
          expect(wait).toBeGreaterThanOrEqual(1);
          expect(wait).toBeLessThanOrEqual(60);
          expect(past.headers.get("ratelimit-remaining")).toBe("0");
        }
        // The origin check's budget is per address (this test's lookups share 127.0.0.1 with the file's others):
        // spent on d, c refuses at once.
        const hashes = ["0".repeat(64)];
        const origin = (server: TestServer) => server.call("POST", "/v1/origin/lookup", { body: { hashes } });
        let passed = 0;
        while ((await origin(d)).status === 200) passed++;
        expect(passed).toBeGreaterThanOrEqual(1);
        expect(passed).toBeLessThanOrEqual(3);
        const refused = await origin(c);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      } finally {
        await d.close();
        await c.close();
      }
    }, 120_000);
  },
);
