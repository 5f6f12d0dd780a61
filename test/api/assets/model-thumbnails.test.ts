/**
 * list_thumbnails for a page of models: one answer carries every file their previews read (each model JSON
 * of the parent chain, each texture it ends at, once), names what the pack does not hold, and its ETag
 * moves when a file behind the page changes even though the page's own rows did not.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { importReady } from "../../support/imports.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";

let ts: TestServer;
let key = "";
let slug = "";

const png = (r: number) => {
  const img = newRgba(16, 16);
  for (let i = 0; i < 256; i++) img.data.set([r, 40, 40, 255], i * 4);
  return encodePng(img);
};
const json = (v: unknown) => strToU8(JSON.stringify(v));

beforeAll(async () => {
  ts = await startTestServer();
  key = (await ts.account("batcher")).key;
  const files: Record<string, Uint8Array> = {
    "pack.mcmeta": json({ pack: { pack_format: 46, description: "batch" } }),
    "assets/demo/textures/block/ruby.png": png(200),
    "assets/demo/textures/block/jade.png": png(90),
    "assets/demo/models/block/base.json": json({ parent: "minecraft:block/cube_all", textures: { all: "#gem" } }),
  };
  // Ten children of one parent, all drawing one of two textures: the answer must hold each file once.
  for (let i = 0; i < 10; i++) {
    files[`assets/demo/models/block/child_${i}.json`] = json({
      parent: "demo:block/base",
      textures: { gem: i % 2 ? "demo:block/ruby" : "demo:block/jade" },
    });
    files[`assets/demo/items/gem_${i}.json`] = json({
      model: { type: "minecraft:model", model: `demo:block/child_${i}` },
    });
  }
  files["assets/demo/models/block/vanilla_look.json"] = json({
    parent: "minecraft:block/cube_all",
    textures: { all: "minecraft:block/stone" },
  });
  slug = (await importReady({ ts, key }, zipSync(files), { name: "Batch" })).accepted.pack.slug;
});
afterAll(() => ts.close());

const fileKey = (f: { kind: string; name: string }) => `${f.kind} ${f.name}`;

describe("a page of model previews in one answer", () => {
  test("each model of the chain and each texture once, byte for byte; vanilla references named as not held", async () => {
    const res = await ts.call("GET", `/v1/packs/${slug}/thumbnails?kind=model&limit=200`, { key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.thumbnails).toEqual([]);
    const got = body.modelFiles.map(fileKey);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual(
      [
        "model demo.block/base",
        "model demo.block/vanilla_look",
        ...Array.from({ length: 10 }, (_, i) => [`model demo.block/child_${i}`, `model item:demo.gem_${i}`]).flat(),
        "texture demo.ruby",
        "texture demo.jade",
      ].sort(),
    );
    for (const f of body.modelFiles) {
      const file = await ts.call("GET", `/v1/packs/${slug}/assets/${f.kind}/${encodeURIComponent(f.name)}`, { key });
      expect(Buffer.from(f.base64, "base64")).toEqual(Buffer.from(await file.arrayBuffer()));
    }
    const notHeld = body.notHeld.map(fileKey);
    expect(notHeld).toContain("model block/cube_all");
    expect(notHeld).toContain("texture stone"); // block/ textures are stored by bare name (import rule)
    expect(notHeld.some((n: string) => n.includes("ruby") || n.includes("jade"))).toBe(false);
  });

  test("a texture on the page travels once, in thumbnails, not again in modelFiles", async () => {
    const body = (await (await ts.call("GET", `/v1/packs/${slug}/thumbnails?limit=200`, { key })).json()) as any;
    const thumbs = body.thumbnails.map(fileKey).sort();
    expect(thumbs).toEqual(["texture demo.jade", "texture demo.ruby"]);
    expect(body.modelFiles.map(fileKey).filter((k: string) => thumbs.includes(k))).toEqual([]);
  });

  test("the ETag moves when a parent behind the page changes, though the page's rows did not", async () => {
    const url = `/v1/packs/${slug}/thumbnails?kind=model&q=child_3`;
    const first = await ts.call("GET", url, { key });
    const etag = first.headers.get("etag")!;
    expect(((await first.json()) as any).modelFiles.map(fileKey)).toContain("model demo.block/base");
    expect((await ts.call("GET", url, { key, headers: { "if-none-match": etag } })).status).toBe(304);
    const gone = await ts.call("DELETE", `/v1/packs/${slug}/assets/model/${encodeURIComponent("demo.block/base")}`, {
      key,
    });
    expect(gone.status).toBeLessThan(300);
    const after = await ts.call("GET", url, { key, headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as any).notHeld.map(fileKey)).toContain("model demo.block/base");
  });
});
