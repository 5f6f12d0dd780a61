/**
 * References stay whole: an exported pack holds no model whose texture or parent is neither in the zip
 * nor the game's own; such a model (and a model built on it) is left out and named with its reason.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { waitJob } from "../../support/jobs.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";
import { REPORT_PATH } from "../../../src/export/report.ts";

let ts: TestServer;
let key = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("refs", { credits: 0 })).key;
});
afterAll(async () => {
  await ts.close();
});

const u8 = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
const cube = (textures: Record<string, string>, parent = "minecraft:block/cube_all") => u8({ parent, textures });

describe("model references", () => {
  test("models with missing textures or parents are left out and reported; whole ones are kept", async () => {
    const zip = zipSync({
      "pack.mcmeta": u8({ pack: { pack_format: 46, description: "refs" } }),
      "assets/shop/textures/block/crate.png": encodePng(newRgba(16, 16)),
      "assets/shop/models/block/whole.json": cube({ all: "shop:block/crate" }),
      "assets/shop/models/block/vanilla_ok.json": cube({ all: "minecraft:block/stone" }),
      "assets/shop/models/block/no_texture.json": cube({ all: "shop:block/missing" }),
      "assets/shop/models/block/no_vanilla.json": cube({ all: "minecraft:block/not_a_real_block" }),
      "assets/shop/models/block/base_missing.json": cube({ all: "shop:block/crate" }, "shop:block/nowhere"),
      "assets/shop/models/block/on_broken.json": cube({ all: "shop:block/crate" }, "shop:block/no_texture"),
    });
    const res = await ts.call("POST", "/v1/imports", {
      key,
      body: { file: { base64: Buffer.from(zip).toString("base64") } },
    });
    const body = (await res.json()) as any;
    await waitJob(ts, key, body.job, 30_000);
    const out = unzipSync(
      new Uint8Array(await (await ts.call("GET", `/v1/packs/${body.pack.slug}/export`, { key })).arrayBuffer()),
    );
    const models = Object.keys(out).filter((p) => p.includes("/models/"));
    expect(models.sort()).toEqual(["assets/shop/models/block/vanilla_ok.json", "assets/shop/models/block/whole.json"]);
    const report = JSON.parse(strFromU8(out[REPORT_PATH]));
    const left = Object.fromEntries(report.leftOut.filter((l: any) => l.path).map((l: any) => [l.path, l.detail]));
    expect(left["assets/shop/models/block/no_texture.json"]).toContain("texture shop:block/missing");
    expect(left["assets/shop/models/block/no_vanilla.json"]).toContain("texture minecraft:block/not_a_real_block");
    expect(left["assets/shop/models/block/base_missing.json"]).toContain("parent shop:block/nowhere");
    // Its parent was left out, so it goes too.
    expect(left["assets/shop/models/block/on_broken.json"]).toContain("parent shop:block/no_texture");
  });
});
