/**
 * A full disk, injected two ways: sqlite capped at its current size (`PRAGMA max_page_count`, which answers
 * SQLITE_FULL like a full file system), and a blob store whose writes fail with ENOSPC. Every write answers
 * 503 `unavailable` ("storage full") and changes nothing, jobs fail and are refunded when that can be written,
 * the process never exits, and reads keep working.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { credits, newPack, waitJob } from "../support/jobs.ts";
import { encodePng } from "../../src/media/png.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("full-disk", { credits: 50 });
  pack = await newPack(ts, me.key, "Full Disk");
});
afterAll(() => ts.close());

const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
const pageCount = async () => ((await ts.svc.db.get("PRAGMA page_count")) as { page_count: number }).page_count;
const setMaxPages = async (n: number) => await ts.svc.db.get(`PRAGMA max_page_count = ${n}`);
const packCount = async () => ((await ts.svc.db.get("SELECT count(*) AS n FROM packs")) as { n: number }).n;

function expectStorageFull(status: number, body: any, headers?: Headers) {
  expect(status).toBe(503);
  expect(body.error.code).toBe("unavailable");
  expect(body.error.message).toMatch(/storage full/);
  if (headers) expect(headers.get("retry-after")).toBe("60");
}

describe("sqlite full", () => {
  test("writes answer 503 storage full and change nothing; reads, health and later writes work", async () => {
    await setMaxPages(await pageCount());
    try {
      // Fill what room the last pages had: each answer is 201 or 503 storage full, never a 500.
      let full: Response | null = null;
      let created = 0;
      const before = await packCount();
      for (let i = 0; i < 400 && !full; i++) {
        const res = await ts.call("POST", "/v1/packs", {
          key: me.key,
          body: { name: `Filler ${i} ${"x".repeat(80)}` },
        });
        if (res.status === 201) created++;
        else full = res;
      }
      expect(full).not.toBeNull();
      expectStorageFull(full!.status, await full!.json(), full!.headers);
      expect(await packCount()).toBe(before + created);

      // A generation is refused before any charge or row.
      const balance = (await credits(ts, me.id)).balance;
      const gen = await ts.call("POST", `/v1/packs/${pack}/textures`, {
        key: me.key,
        body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 1 },
      });
      if (gen.status !== 202) expectStorageFull(gen.status, await gen.json());
      else await waitJob(ts, me.key, ((await gen.json()) as any).job);
      if (gen.status !== 202) expect((await credits(ts, me.id)).balance).toBe(balance);

      // Reads keep working.
      expect((await ts.call("GET", "/v1/packs", { key: me.key })).status).toBe(200);
      expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    } finally {
      await setMaxPages(1_073_741_823);
    }
    expect((await ts.call("POST", "/v1/packs", { key: me.key, body: { name: "After Space Freed" } })).status).toBe(201);
  });
});

describe("blob store full", () => {
  test("a finished job whose result cannot be stored fails with storage full and is refunded", async () => {
    const blobs = ts.svc.blobs;
    const put = blobs.put.bind(blobs);
    blobs.put = () => {
      throw enospc();
    };
    try {
      const balance = (await credits(ts, me.id)).balance;
      const res = await ts.call("POST", `/v1/packs/${pack}/textures`, {
        key: me.key,
        body: { prompt: "cracked stone", size: 16, mode: "custom", description: "cracked", seed: 2 },
      });
      expect(res.status).toBe(202);
      const job = await waitJob(ts, me.key, ((await res.json()) as any).job);
      expect(job.status).toBe("error");
      expect(job.error).toMatch(/storage full/);
      expect((await credits(ts, me.id)).balance).toBe(balance);
    } finally {
      blobs.put = put;
    }
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
  });

  test("an upload whose bytes cannot be written answers 503 storage full and stores nothing", async () => {
    const blobs = ts.svc.blobs;
    const saved = { put: blobs.put.bind(blobs) };
    blobs.put = async () => {
      throw enospc();
    };
    try {
      const rows = ((await ts.svc.db.get("SELECT count(*) AS n FROM assets")) as { n: number }).n;
      const res = await ts.call("POST", `/v1/packs/${pack}/assets`, {
        key: me.key,
        body: {
          file: { base64: Buffer.from(tinyPng()).toString("base64") },
          type: "block",
          name: "full disk block",
        },
      });
      expectStorageFull(res.status, await res.json(), res.headers);
      expect(((await ts.svc.db.get("SELECT count(*) AS n FROM assets")) as { n: number }).n).toBe(rows);
    } finally {
      Object.assign(blobs, saved);
    }
  });
});

function tinyPng(): Uint8Array {
  const data = new Uint8Array(16 * 16 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i * 5) & 255, (i * 3) & 255, 90, 255], i);
  return encodePng({ width: 16, height: 16, data });
}
