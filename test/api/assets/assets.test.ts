import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { makePack, putAsset } from "../../support/cli.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import type { PackRow } from "../../../src/core/packs.ts";
import { encodeOggVorbis } from "../../../src/media/ogg.ts";

let ts: TestServer;
let key: string;
let pack: PackRow;
beforeAll(async () => {
  ts = await startTestServer();
  key = (await ts.account("assets")).key;
  pack = await makePack(ts, key, "Asset Pack");
});
afterAll(() => ts.close());

const get = (path: string) => ts.call("GET", path, { key });

describe("GET /packs/{pack}/assets", () => {
  let slug: string;
  beforeAll(async () => {
    const p = await makePack(ts, key, "Listing");
    slug = p.slug;
    // Kinds interleaved so a kind filter has to skip rows.
    const kinds = ["texture", "sound", "model", "font", "texture"] as const;
    for (let i = 0; i < 25; i++)
      await putAsset(ts, p, {
        kind: kinds[i % 5],
        name: `n${i}`,
        status: i % 7 === 0 ? "error" : "generating",
        error: i % 7 === 0 ? "boom" : undefined,
      });
  });

  async function pageAll(query: string, limit: number) {
    const seen: any[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/v1/packs/${slug}/assets?limit=${limit}${query}${cursor === null ? "" : `&cursor=${cursor}`}`,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.assets.length).toBeLessThanOrEqual(limit);
      seen.push(...body.assets);
      cursor = body.nextCursor;
      pages++;
    } while (cursor !== null);
    return { seen, pages };
  }

  test("pages walk every asset once, in creation order, ending with nextCursor null", async () => {
    const { seen, pages } = await pageAll("", 4);
    expect(seen.map((a) => a.name)).toEqual(Array.from({ length: 25 }, (_, i) => `n${i}`));
    expect(pages).toBe(7);
  });

  test("a last page that is exactly full still ends with nextCursor null", async () => {
    const { seen, pages } = await pageAll("", 5);
    expect(seen.length).toBe(25);
    expect(pages).toBe(5);
  });

  test("kind filters the listing and pages within the kind", async () => {
    const { seen } = await pageAll("&kind=texture", 3);
    expect(seen.map((a) => a.name)).toEqual(["n0", "n4", "n5", "n9", "n10", "n14", "n15", "n19", "n20", "n24"]);
    expect(seen.every((a) => a.kind === "texture")).toBe(true);
    const sounds = await pageAll("&kind=sound", 50);
    expect(sounds.seen.map((a) => a.name)).toEqual(["n1", "n6", "n11", "n16", "n21"]);
    expect(sounds.pages).toBe(1);
  });

  test("assets have the spec's fields; id is the job handle; error is null unless failed", async () => {
    const body = (await (await get(`/v1/packs/${slug}/assets?limit=8`)).json()) as any;
    for (const a of body.assets) {
      expect(a.id).toBe(`${slug}:${a.kind}:${a.name}`);
      expect(["generating", "ready", "error"]).toContain(a.status);
      expect(a.updatedAt).toMatch(/Z$/);
      if (a.status === "error") expect(a.error).toBe("boom");
      else expect(a.error).toBeNull();
    }
    expect(body.assets[0].status).toBe("error");
    expect(body.assets[7].status).toBe("error");
  });

  test("an empty pack lists nothing with nextCursor null; a cursor past the end likewise", async () => {
    const empty = await makePack(ts, key, "Empty");
    expect(await (await get(`/v1/packs/${empty.slug}/assets`)).json()).toEqual({ assets: [], nextCursor: null });
    expect(await (await get(`/v1/packs/${slug}/assets?cursor=999999999`)).json()).toEqual({
      assets: [],
      nextCursor: null,
    });
  });
});

describe("GET /packs/{pack}/assets/{kind}/{name}", () => {
  test("a ready texture returns its PNG bytes with image/png", async () => {
    const img = newRgba(16, 16);
    for (let i = 0; i < img.data.length; i += 4) img.data.set([i % 256, 40, 200, 255], i);
    const png = encodePng(img);
    await putAsset(ts, pack, { kind: "texture", name: "item:sword", type: "item", status: "ready", bytes: png });
    const res = await get(`/v1/packs/${pack.slug}/assets/texture/item:sword`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(png.length);
    expect(bytes).toEqual(new Uint8Array(png));
    const decoded = decodePng(bytes);
    expect([decoded.width, decoded.height]).toEqual([16, 16]);
    expect(decoded.data).toEqual(img.data);
    // The colon may also arrive percent-encoded.
    expect((await get(`/v1/packs/${pack.slug}/assets/texture/item%3Asword`)).status).toBe(200);
  });

  test("a ready model returns JSON, a ready sound Ogg, a ready icon PNG", async () => {
    const model = new TextEncoder().encode(JSON.stringify({ textures: { all: "x:block/y" }, elements: [] }));
    const ogg = await encodeOggVorbis([Float32Array.from({ length: 4410 }, (_, i) => 0.3 * Math.sin(i / 8))], 44100);
    const icon = encodePng(newRgba(9, 9));
    await putAsset(ts, pack, { kind: "model", name: "barrel", status: "ready", bytes: model });
    await putAsset(ts, pack, { kind: "sound", name: "tick", status: "ready", bytes: ogg });
    await putAsset(ts, pack, { kind: "font", name: "heart", status: "ready", bytes: icon });
    const m = await get(`/v1/packs/${pack.slug}/assets/model/barrel`);
    expect(m.headers.get("content-type")).toBe("application/json");
    expect(await m.json()).toEqual({ textures: { all: "x:block/y" }, elements: [] });
    const s = await get(`/v1/packs/${pack.slug}/assets/sound/tick`);
    expect(s.headers.get("content-type")).toBe("audio/ogg");
    const sb = new Uint8Array(await s.arrayBuffer());
    expect(new TextDecoder().decode(sb.slice(0, 4))).toBe("OggS");
    expect(sb).toEqual(new Uint8Array(ogg));
    const f = await get(`/v1/packs/${pack.slug}/assets/font/heart`);
    expect(f.headers.get("content-type")).toBe("image/png");
    expect(decodePng(new Uint8Array(await f.arrayBuffer())).width).toBe(9);
  });

  test("a generating asset is 409 still_generating, never a placeholder", async () => {
    await putAsset(ts, pack, { kind: "texture", name: "gui:furnace", type: "gui", status: "generating" });
    const res = await get(`/v1/packs/${pack.slug}/assets/texture/gui:furnace`);
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    const body = (await res.json()) as any;
    expect(body.error.code).toBe("still_generating");
    expect(body.error.message).toContain(`${pack.slug}:texture:gui:furnace`);
  });

  test("a failed asset is 409 generation_failed carrying the reason", async () => {
    await putAsset(ts, pack, { kind: "sound", name: "bad", status: "error", error: "the synth exploded" });
    const res = await get(`/v1/packs/${pack.slug}/assets/sound/bad`);
    expect(res.status).toBe(409);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe("generation_failed");
    expect(body.error.message).toContain("the synth exploded");
  });

  test("an unknown asset is not_found; an unknown kind is invalid_request", async () => {
    const missing = await get(`/v1/packs/${pack.slug}/assets/texture/nothing`);
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe("not_found");
    // The same name under another kind is another asset.
    expect((await get(`/v1/packs/${pack.slug}/assets/model/item:sword`)).status).toBe(404);
    const badKind = await get(`/v1/packs/${pack.slug}/assets/item/sword`);
    expect(badKind.status).toBe(400);
    expect(await errorCode(badKind)).toBe("invalid_request");
  });
});
