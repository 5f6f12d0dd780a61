/**
 * The Polymath-compatible upload host over real HTTP: a token made by the API op, then real multipart bodies
 * (one encoded by fetch's FormData, one written byte for byte the way Oraxen's Java client frames it) POSTed to
 * <baseUrl>/upload; the answer's url serves the same bytes and its sha1 is theirs. Without a live token, with a
 * field missing or with a file that is no resource pack, nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { noisyPng } from "../../support/exports.ts";

let ts: TestServer;
let key = "";
let slug = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("host", { plan: "pro", credits: 0 })).key;
  const res = await ts.call("POST", "/v1/packs", { key, body: { name: "Plugin Host" } });
  slug = ((await res.json()) as any).pack.slug;
});
afterAll(async () => {
  await ts?.close();
});

const pluginPack = zipSync({
  "pack.mcmeta": new TextEncoder().encode(JSON.stringify({ pack: { pack_format: 46, description: "Oraxen" } })),
  "assets/oraxen/textures/item/ruby.png": noisyPng(16, 16, 3),
});
const sha1 = (b: Uint8Array) => new Bun.CryptoHasher("sha1").update(b).digest("hex");
const builds = async () => (await ts.svc.db.get<{ n: number }>("SELECT count(*) AS n FROM published_builds"))!.n;

async function newToken(): Promise<{ id: string; baseUrl: string; uploadUrl: string }> {
  const res = await ts.call("POST", `/v1/packs/${slug}/polymath-tokens`, { key });
  expect(res.status).toBe(201);
  return (await res.json()) as any;
}

/** A multipart body framed as Oraxen's client (java.net.http, its MultipartBody helper) writes it. */
function javaStyleMultipart(id: string, zip: Uint8Array): { body: Buffer; type: string } {
  const boundary = "----OraxenBoundary1f2e3d4c5b6a";
  const text = (s: string) => new TextEncoder().encode(s);
  const body = Buffer.concat([
    text(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`),
    text(`--${boundary}\r\nContent-Disposition: form-data; name="pack"; filename="pack.zip"\r\n`),
    text("Content-Type: application/octet-stream\r\n\r\n"),
    zip,
    text(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe("Polymath-compatible upload", () => {
  test("FormData upload: answered with the build's URL and SHA-1; the URL serves the bytes; the build is listed", async () => {
    const { baseUrl, uploadUrl } = await newToken();
    expect(baseUrl).toStartWith(`${ts.url}/polymath/pm`);
    expect(uploadUrl).toBe(`${baseUrl}/upload`);
    const form = new FormData();
    form.append("id", "%%__USER__%%");
    form.append("pack", new Blob([pluginPack], { type: "application/zip" }), "pack.zip");
    const res = await fetch(uploadUrl, { method: "POST", body: form });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.sha1).toBe(sha1(pluginPack));
    expect(body.url).toMatch(/\/p\/[A-Za-z0-9_-]+\.zip$/);
    const served = new Uint8Array(await (await fetch(body.url)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(served), Buffer.from(pluginPack))).toBe(0);
    const listed = (await (await ts.call("GET", `/v1/packs/${slug}/publish`, { key })).json()) as any;
    expect(listed.builds.map((b: any) => b.url)).toContain(body.url);
  });

  test("a body framed as Oraxen's Java client writes it is read the same way", async () => {
    const { uploadUrl } = await newToken();
    const { body, type } = javaStyleMultipart("my-polymath-secret", pluginPack);
    const res = await fetch(uploadUrl, {
      method: "POST",
      body: new Blob([new Uint8Array(body)]),
      headers: { "content-type": type },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).sha1).toBe(sha1(pluginPack));
  });

  test("never without a live token; missing fields and non-packs refused; nothing stored", async () => {
    const { id, uploadUrl } = await newToken();
    const before = await builds();
    const post = (url: string, fields: Record<string, string | Blob>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (typeof v === "string") form.append(k, v);
        else form.append(k, v, "pack.zip");
      }
      return fetch(url, { method: "POST", body: form });
    };
    const zip = new Blob([pluginPack]);
    // No token at all: there is no such address.
    expect((await post(`${ts.url}/polymath/upload`, { id: "x", pack: zip })).status).toBe(404);
    const wrong = await post(`${ts.url}/polymath/pm${"A".repeat(44)}/upload`, { id: "x", pack: zip });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as any).error).toContain("token");
    expect((await post(uploadUrl, { pack: zip })).status).toBe(400);
    expect((await post(uploadUrl, { id: "x" })).status).toBe(400);
    const notPack = await post(uploadUrl, { id: "x", pack: new Blob([zipSync({ "notes.txt": new Uint8Array(3) })]) });
    expect(notPack.status).toBe(400);
    expect(((await notPack.json()) as any).error).toContain("not a resource pack");
    const json = await fetch(uploadUrl, { method: "POST", body: JSON.stringify({ id: "x" }) });
    expect(json.status).toBe(400);
    // Revoked: refused from the next request on, and listed as revoked.
    const revoked = await ts.call("DELETE", `/v1/packs/${slug}/polymath-tokens/${id}`, { key });
    expect(((await revoked.json()) as any).revokedAt).toBeString();
    expect((await post(uploadUrl, { id: "x", pack: zip })).status).toBe(401);
    const list = (await (await ts.call("GET", `/v1/packs/${slug}/polymath-tokens`, { key })).json()) as any;
    expect(list.tokens.find((t: any) => t.id === id).revokedAt).toBeString();
    expect(JSON.stringify(list)).not.toContain(uploadUrl.split("/polymath/")[1].split("/")[0]);
    expect(await builds()).toBe(before);
  });
});

describe("the size limit (the import's max-import-bytes, here 20,000)", () => {
  test("a zip of exactly the limit is accepted, one byte more is refused with 413", async () => {
    const small = await startTestServer({ workers: "1", "max-import-bytes": "20000" });
    try {
      const k = (await small.account("tiny", { plan: "pro", credits: 0 })).key;
      const made = (await (await small.call("POST", "/v1/packs", { key: k, body: { name: "Tiny" } })).json()) as any;
      const { uploadUrl } = (await (
        await small.call("POST", `/v1/packs/${made.pack.slug}/polymath-tokens`, { key: k })
      ).json()) as any;
      /** A stored (not deflated) pack zip of exactly `size` bytes. */
      const sized = (size: number) => {
        const build = (pad: number) =>
          zipSync(
            {
              "pack.mcmeta": new TextEncoder().encode('{"pack":{"pack_format":46,"description":"x"}}'),
              "assets/x/pad.bin": new Uint8Array(pad).fill(7),
            },
            { level: 0 },
          );
        const base = build(0).length;
        return build(size - base);
      };
      const send = (zip: Uint8Array) => {
        const form = new FormData();
        form.append("id", "x");
        form.append("pack", new Blob([Buffer.from(zip)]), "pack.zip");
        return fetch(uploadUrl, { method: "POST", body: form });
      };
      const atLimit = sized(20_000);
      expect(atLimit.length).toBe(20_000);
      expect((await send(atLimit)).status).toBe(200);
      const over = await send(sized(20_001));
      expect(over.status).toBe(413);
      expect(((await over.json()) as any).error).toContain("20000-byte limit");
    } finally {
      await small.close();
    }
  });
});
