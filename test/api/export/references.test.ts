/**
 * A pack's files are its own: a model whose texture or parent is neither in the zip nor the game's own is
 * exported as it came, and named as a warning in the import's report (`brokenReferences`, from the checker)
 * and in the export's (`brokenReferences` in packsmith-export.json), with a texture that sits only in an
 * overlay folder said to be there.
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
  test("models with missing textures or parents are kept and reported as warnings", async () => {
    const files: Record<string, Uint8Array> = {
      "pack.mcmeta": u8({
        pack: { pack_format: 46, description: "refs" },
        overlays: { entries: [{ directory: "newer", formats: [46, 99] }] },
      }),
      "assets/shop/textures/block/crate.png": encodePng(newRgba(16, 16)),
      "newer/assets/shop/textures/block/only_here.png": encodePng(newRgba(16, 16)),
      "assets/shop/models/block/whole.json": cube({ all: "shop:block/crate" }),
      "assets/shop/models/block/vanilla_ok.json": cube({ all: "minecraft:block/stone" }),
      "assets/shop/models/block/no_texture.json": cube({ all: "shop:block/missing" }),
      "assets/shop/models/block/no_vanilla.json": cube({ all: "minecraft:block/not_a_real_block" }),
      "assets/shop/models/block/base_missing.json": cube({ all: "shop:block/crate" }, "shop:block/nowhere"),
      "assets/shop/models/block/on_broken.json": cube({ all: "shop:block/crate" }, "shop:block/no_texture"),
      "assets/shop/models/block/in_overlay.json": cube({ all: "shop:block/only_here" }),
    };
    const res = await ts.call("POST", "/v1/imports", {
      key,
      body: { file: { base64: Buffer.from(zipSync(files)).toString("base64") } },
    });
    const body = (await res.json()) as any;
    const job = (await waitJob(ts, key, body.job, 30_000)) as any;
    // The import says what the checker found missing, as warnings; every model came in.
    const imported = job.import.brokenReferences;
    expect(imported.count).toBeGreaterThanOrEqual(3);
    expect(imported.findings.map((f: any) => f.path)).toContain("assets/shop/models/block/no_texture.json");

    const out = unzipSync(
      new Uint8Array(await (await ts.call("GET", `/v1/packs/${body.pack.slug}/export`, { key })).arrayBuffer()),
    );
    for (const [path, bytes] of Object.entries(files))
      if (path.includes("/models/")) expect(strFromU8(out[path])).toBe(strFromU8(bytes));
    const report = JSON.parse(strFromU8(out[REPORT_PATH]));
    expect(report.leftOut).toEqual([]);
    expect(report.notKept).toEqual([]);
    const warned = Object.fromEntries(report.brokenReferences.map((b: any) => [b.path, b]));
    expect(warned["assets/shop/models/block/no_texture.json"].reference).toBe("texture shop:block/missing");
    expect(warned["assets/shop/models/block/no_vanilla.json"].reference).toBe(
      "texture minecraft:block/not_a_real_block",
    );
    expect(warned["assets/shop/models/block/base_missing.json"].reference).toBe("parent shop:block/nowhere");
    expect(warned["assets/shop/models/block/in_overlay.json"].detail).toContain("only in the overlay folder newer");
    // Its parent is in the zip (kept, with its own warning), so this one resolves.
    expect(warned["assets/shop/models/block/on_broken.json"]).toBeUndefined();
    expect(warned["assets/shop/models/block/whole.json"]).toBeUndefined();
    expect(warned["assets/shop/models/block/vanilla_ok.json"]).toBeUndefined();
  });
});
