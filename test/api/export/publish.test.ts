/**
 * Publishing to a game server: an immutable zip at a public URL (no key), whose SHA-1 is the answer's,
 * served with length, ETag, conditional requests and ranges; the server.properties lines per version;
 * unpublishing (and deleting the pack) makes the URL 404; publishing registers origin fingerprints.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack, waitJob } from "../../support/jobs.ts";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
let pack = "";
let first: any;

const call = async (method: string, path: string, key?: string) => {
  const res = await ts.call(method, `/v1${path}`, { key });
  return { status: res.status, body: (await res.json()) as any };
};
/** A download as a game client makes it: no key at all. */
const fetchPublic = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(url, { method, headers });
const registered = async () => ((await ts.svc.db.get("SELECT count(*) AS n FROM origin_records")) as { n: number }).n;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("publisher", { plan: "pro", credits: 20 });
  pack = await newPack(ts, me.key, "Server Pack");
  const t = await ts.call("POST", `/v1/packs/${pack}/textures`, {
    key: me.key,
    body: { prompt: "mossy cobblestone", size: 16, mode: "vanilla", vanillaTarget: "cobblestone", seed: 5 },
  });
  await waitJob(ts, me.key, ((await t.json()) as any).job, 30_000);
});
afterAll(async () => {
  await ts.close();
});

describe("publish", () => {
  test("201 with a public URL, the SHA-1 of the bytes a client without a key gets, and server.properties lines", async () => {
    const before = await registered();
    const r = await call("POST", `/packs/${pack}/publish`, me.key);
    expect(r.status).toBe(201);
    first = r.body;
    expect(first.url).toMatch(/\/p\/[A-Za-z0-9_-]{32}\.zip$/);
    expect(first.sha1).toMatch(/^[0-9a-f]{40}$/);
    const res = await fetchPublic(first.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes.length).toBe(first.sizeBytes);
    expect(new Bun.CryptoHasher("sha1").update(bytes).digest("hex")).toBe(first.sha1);
    expect(Object.keys(unzipSync(bytes))).toContain("assets/minecraft/textures/block/cobblestone.png");
    // 1.21.11 is past 1.20.3: the id line is there; ':' in the URL is escaped for the properties file.
    expect(first.serverProperties).toEqual([
      `resource-pack=${first.url.replace(/:/g, "\\:")}`,
      `resource-pack-sha1=${first.sha1}`,
      expect.stringMatching(/^resource-pack-id=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    ]);
    // Publishing is one of the ways generated content leaves the service: its fingerprints are registered.
    expect(await registered()).toBeGreaterThan(before);
  });

  test("HEAD, ETag and byte ranges", async () => {
    const head = await fetchPublic(first.url, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(first.sizeBytes);
    expect(head.headers.get("etag")).toBe(`"${first.sha1}"`);
    expect((await fetchPublic(first.url, { "if-none-match": `"${first.sha1}"` })).status).toBe(304);
    const full = new Uint8Array(await (await fetchPublic(first.url)).arrayBuffer());
    const part = await fetchPublic(first.url, { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-9/${first.sizeBytes}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...full.slice(0, 10)]);
    const tail = await fetchPublic(first.url, { range: "bytes=-5" });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([...full.slice(-5)]);
    const past = await fetchPublic(first.url, { range: `bytes=${first.sizeBytes}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${first.sizeBytes}`);
  });

  test("a build is immutable: later changes make a new build, the old URL keeps its bytes", async () => {
    const t = await ts.call("POST", `/v1/packs/${pack}/textures`, {
      key: me.key,
      body: { prompt: "cracked stone", size: 16, mode: "custom", description: "stone", seed: 6 },
    });
    await waitJob(ts, me.key, ((await t.json()) as any).job, 30_000);
    const second = (await call("POST", `/packs/${pack}/publish`, me.key)).body;
    expect(second.sha1).not.toBe(first.sha1);
    const old = new Uint8Array(await (await fetchPublic(first.url)).arrayBuffer());
    expect(new Bun.CryptoHasher("sha1").update(old).digest("hex")).toBe(first.sha1);
    const listed = (await call("GET", `/packs/${pack}/publish`, me.key)).body.builds.map((b: any) => b.build);
    expect(listed).toHaveLength(2);
    expect(listed).toContain(first.build);
    expect(listed).toContain(second.build);
  });

  test("an older version gets no resource-pack-id line", async () => {
    const old = await newPack(ts, me.key, "Old Server", "1.20.1");
    const r = await call("POST", `/packs/${old}/publish`, me.key);
    expect(r.body.serverProperties.map((l: string) => l.split("=")[0])).toEqual([
      "resource-pack",
      "resource-pack-sha1",
    ]);
  });

  test("unpublish: the URL answers 404; strangers and read-only keys cannot; an unknown address is 404", async () => {
    const stranger = await ts.account("not-the-publisher", { plan: "pro", credits: 0 });
    expect((await call("DELETE", `/packs/${pack}/publish/${first.build}`, stranger.key)).status).toBe(404);
    expect(
      (await call("DELETE", `/packs/${pack}/publish/${first.build}`, await ts.key(me.id, "rest", true))).status,
    ).toBe(403);
    expect((await call("DELETE", `/packs/${pack}/publish/${first.build}`, me.key)).status).toBe(200);
    expect((await fetchPublic(first.url)).status).toBe(404);
    expect((await call("DELETE", `/packs/${pack}/publish/${first.build}`, me.key)).status).toBe(404);
    expect((await fetchPublic(`${ts.url}/p/guess.zip`)).status).toBe(404);
    expect((await fetchPublic(`${ts.url}/p/${"a".repeat(32)}.zip`)).status).toBe(404);
  });

  test("deleting the pack takes its builds down", async () => {
    const doomed = await newPack(ts, me.key, "Short Lived");
    const b = (await call("POST", `/packs/${doomed}/publish`, me.key)).body;
    expect((await fetchPublic(b.url)).status).toBe(200);
    expect((await call("DELETE", `/packs/${doomed}`, me.key)).status).toBe(200);
    expect((await fetchPublic(b.url)).status).toBe(404);
  });
});
