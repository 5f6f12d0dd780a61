/** GET /v1/packs/{pack}/thumbnails: a page's image previews in one answer, the same bytes, with an ETag. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack, waitJob } from "../../support/jobs.ts";

let ts: TestServer;
let key: string;
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  ({ key } = await ts.account("thumbs", { credits: 20 }));
  pack = await newPack(ts, key, "Thumbs");
  const jobs: string[] = [];
  for (const [path, body] of [
    ["textures", { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 1 }],
    ["items", { prompt: "ruby gem", name: "ruby", seed: 2 }],
    ["icons", { prompt: "gold coin", name: "coin", seed: 3 }],
    ["sounds", { prompt: "stone crack", event: "block.stone.break", seed: 4 }],
  ] as const) {
    const res = await ts.call("POST", `/v1/packs/${pack}/${path}`, { key, body });
    jobs.push(((await res.json()) as any).job);
  }
  for (const j of jobs) await waitJob(ts, key, j);
});
afterAll(() => ts.close());

test("the page's images come inline, byte for byte the asset files; sounds are not images", async () => {
  const res = await ts.call("GET", `/v1/packs/${pack}/thumbnails`, { key });
  expect(res.status).toBe(200);
  const body = (await res.json()) as any;
  expect(body.thumbnails.map((t: any) => t.kind).sort()).toEqual(["font", "texture", "texture"]);
  for (const t of body.thumbnails) {
    const file = await ts.call("GET", `/v1/packs/${pack}/assets/${t.kind}/${encodeURIComponent(t.name)}`, { key });
    expect(Buffer.from(t.base64, "base64")).toEqual(Buffer.from(await file.arrayBuffer()));
    expect(t.contentType).toBe("image/png");
  }
  expect(body.nextCursor).toBeNull();
});

test("ETag: the same page again is 304; a new asset changes it", async () => {
  const first = await ts.call("GET", `/v1/packs/${pack}/thumbnails`, { key });
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^".+"$/);
  const again = await ts.call("GET", `/v1/packs/${pack}/thumbnails`, { key, headers: { "if-none-match": etag } });
  expect(again.status).toBe(304);
  const res = await ts.call("POST", `/v1/packs/${pack}/items`, {
    key,
    body: { prompt: "iron key", name: "key", seed: 5 },
  });
  await waitJob(ts, key, ((await res.json()) as any).job);
  const changed = await ts.call("GET", `/v1/packs/${pack}/thumbnails`, { key, headers: { "if-none-match": etag } });
  expect(changed.status).toBe(200);
  expect(changed.headers.get("etag")).not.toBe(etag);
});

test("paging is list_assets' own: limit 1..200, cursor", async () => {
  const one = (await (await ts.call("GET", `/v1/packs/${pack}/thumbnails?limit=1`, { key })).json()) as any;
  expect(one.nextCursor).not.toBeNull();
  expect(
    ((await (await ts.call("GET", `/v1/packs/${pack}/thumbnails?limit=201`, { key })).json()) as any).error.code,
  ).toBe("invalid_request");
});
