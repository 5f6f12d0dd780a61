/**
 * Conditional requests and ranges by RFC 9110 §13/§14 (src/ops/conditional.ts), on every endpoint with a
 * validator: a published build (/p/…), an asset download, the thumbnails page and the studio's files.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack, waitJob } from "../../support/jobs.ts";

let ts: TestServer;
let key: string;
let pack = "";
let url = "";
let etag = "";
let whole: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("cacher", { credits: 20 })).key;
  pack = await newPack(ts, key, "Cached Pack");
  const t = await ts.call("POST", `/v1/packs/${pack}/textures`, {
    key,
    body: { prompt: "mossy cobblestone", size: 16, mode: "vanilla", vanillaTarget: "cobblestone", seed: 5 },
  });
  await waitJob(ts, key, ((await t.json()) as any).job, 30_000);
  const published = (await (await ts.call("POST", `/v1/packs/${pack}/publish`, { key })).json()) as any;
  url = published.url;
  etag = `"${published.sha1}"`;
  whole = new Uint8Array(await (await fetch(url)).arrayBuffer());
});
afterAll(() => ts.close());

const get = (headers: Record<string, string>, method = "GET") => fetch(url, { method, headers });

describe("If-None-Match (weak comparison, *, lists)", () => {
  for (const [name, value] of [
    ["the ETag itself", () => etag],
    ["the ETag marked weak", () => `W/${etag}`],
    ["*", () => "*"],
    ["a list holding it", () => `"nope", W/"other", ${etag}`],
    ["a list holding it weak, no spaces", () => `"nope",W/${etag}`],
  ] as const)
    test(`${name} → 304 with the ETag and no body`, async () => {
      const res = await get({ "if-none-match": value() });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    });

  test("a list without it → 200 with the whole file", async () => {
    const res = await get({ "if-none-match": `"nope", W/"other"` });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(whole);
  });

  test("HEAD with a match → 304; without → 200 with the length and no body", async () => {
    expect((await get({ "if-none-match": `W/${etag}` }, "HEAD")).status).toBe(304);
    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(whole.length));
  });

  test("If-None-Match is evaluated before Range: a match is 304, not 206", async () => {
    expect((await get({ "if-none-match": etag, range: "bytes=0-9" })).status).toBe(304);
  });
});

describe("Range and If-Range", () => {
  test("one range → 206 with Content-Range and exactly those bytes; a suffix range; an open range", async () => {
    const one = await get({ range: "bytes=10-19" });
    expect(one.status).toBe(206);
    expect(one.headers.get("content-range")).toBe(`bytes 10-19/${whole.length}`);
    expect(new Uint8Array(await one.arrayBuffer())).toEqual(whole.subarray(10, 20));
    const suffix = await get({ range: "bytes=-7" });
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(whole.subarray(whole.length - 7));
    const open = await get({ range: `bytes=${whole.length - 3}-` });
    expect(open.headers.get("content-range")).toBe(`bytes ${whole.length - 3}-${whole.length - 1}/${whole.length}`);
  });

  test("If-Range with our strong ETag → 206", async () => {
    expect((await get({ range: "bytes=0-9", "if-range": etag })).status).toBe(206);
  });

  for (const [name, value] of [
    ["another ETag", () => `"0000"`],
    ["our ETag marked weak (If-Range compares strongly)", () => `W/${etag}`],
    ["a date (no Last-Modified is sent, so none matches)", () => "Wed, 21 Oct 2015 07:28:00 GMT"],
  ] as const)
    test(`If-Range with ${name} → the full 200`, async () => {
      const res = await get({ range: "bytes=0-9", "if-range": value() });
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(whole);
    });

  test("a satisfiable multi-range (bytes=0-0,5-5) → 206 multipart/byteranges with both parts, never 416", async () => {
    const res = await get({ range: "bytes=0-0,5-5" });
    expect(res.status).toBe(206);
    const type = res.headers.get("content-type")!;
    const boundary = /^multipart\/byteranges; boundary=(.+)$/.exec(type)?.[1];
    expect(boundary).toBeDefined();
    const body = Buffer.from(await res.arrayBuffer());
    const parts = body
      .toString("latin1")
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => {
        const [head, data] = p.replace(/^\r\n/, "").split("\r\n\r\n");
        return { head, data: data.replace(/\r\n$/, "") };
      });
    expect(parts.map((p) => /content-range: (.+)/i.exec(p.head)?.[1])).toEqual([
      `bytes 0-0/${whole.length}`,
      `bytes 5-5/${whole.length}`,
    ]);
    expect(parts.every((p) => /content-type: application\/zip/i.test(p.head))).toBe(true);
    expect(parts.map((p) => Buffer.from(p.data, "latin1")[0])).toEqual([whole[0], whole[5]]);
    expect(body.toString("latin1").endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  test("overlapping ranges → the whole file with 200 (allowed by §14.2)", async () => {
    const res = await get({ range: "bytes=0-10,5-15" });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(whole);
  });

  test("a multi-range with one unsatisfiable part serves the satisfiable one", async () => {
    const res = await get({ range: `bytes=0-3,${whole.length + 10}-` });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-3/${whole.length}`);
  });

  test("nothing satisfiable → 416 with Content-Range bytes */size", async () => {
    for (const range of [`bytes=${whole.length}-`, "bytes=-0"]) {
      const res = await get({ range });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe(`bytes */${whole.length}`);
    }
  });

  test("an invalid or foreign Range is ignored: the full 200", async () => {
    for (const range of ["bytes=9-2", "items=0-1", "bytes=abc", "bytes=-"]) {
      const res = await get({ range });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(whole.length);
    }
  });
});

describe("the same rules on the other endpoints", () => {
  test("an asset download: a strong ETag (the blob hash), weak 304, ranges, If-Range mismatch → 200", async () => {
    const path = `/v1/packs/${pack}/assets/texture/cobblestone`;
    const first = await ts.call("GET", path, { key });
    const bytes = new Uint8Array(await first.arrayBuffer());
    const tag = first.headers.get("etag")!;
    expect(tag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers.get("accept-ranges")).toBe("bytes");
    expect((await ts.call("GET", path, { key, headers: { "if-none-match": `W/${tag}` } })).status).toBe(304);
    const part = await ts.call("GET", path, { key, headers: { range: "bytes=1-3" } });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(1, 4));
    expect((await ts.call("GET", path, { key, headers: { range: "bytes=1-3", "if-range": `"x"` } })).status).toBe(200);
    const scaled = await ts.call("GET", `${path}?scale=2`, { key });
    expect(scaled.headers.get("etag")).not.toBe(tag);
    const again = await ts.call("GET", `${path}?scale=2`, {
      key,
      headers: { "if-none-match": scaled.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  test("the thumbnails page: a weak or listed ETag is 304", async () => {
    const path = `/v1/packs/${pack}/thumbnails`;
    const tag = (await ts.call("GET", path, { key })).headers.get("etag")!;
    expect((await ts.call("GET", path, { key, headers: { "if-none-match": `W/${tag}` } })).status).toBe(304);
    expect((await ts.call("GET", path, { key, headers: { "if-none-match": `"a", ${tag}` } })).status).toBe(304);
    expect((await ts.call("GET", path, { key, headers: { "if-none-match": `"a"` } })).status).toBe(200);
  });

  test("the studio's files: * and weak ETags are 304", async () => {
    const tag = (await fetch(`${ts.url}/studio/app.js`)).headers.get("etag")!;
    expect((await fetch(`${ts.url}/studio/app.js`, { headers: { "if-none-match": "*" } })).status).toBe(304);
    expect((await fetch(`${ts.url}/studio/app.js`, { headers: { "if-none-match": `W/${tag}` } })).status).toBe(304);
  });
});
