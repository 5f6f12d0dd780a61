/**
 * Two kinds of real pack files that used to break on the way through: an animation strip taller than the
 * 4096 px edge (each frame within it, a .png.mcmeta animating it) comes in and back byte for byte, and the
 * game's own font sheets (ascii.png) stay sheets at their path instead of becoming one glyph per sheet.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { importReady } from "../../support/imports.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";

let ts: TestServer;
let key = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("strips", { credits: 0 })).key;
});
afterAll(async () => {
  await ts.close();
});

const u8 = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

async function roundTrip(files: Record<string, Uint8Array>) {
  const zip = zipSync({ "pack.mcmeta": u8({ pack: { pack_format: 46, description: "t" } }), ...files });
  const { accepted: body, job } = await importReady({ ts, key }, zip);
  const out = unzipSync(
    new Uint8Array(await (await ts.call("GET", `/v1/packs/${body.pack.slug}/export`, { key })).arrayBuffer()),
  );
  return { body, job, out };
}

describe("animation strips and font sheets", () => {
  test("a 16x8192 strip with its .png.mcmeta comes in as a texture and goes back byte for byte", async () => {
    const strip = encodePng(newRgba(16, 8192));
    const { job, out } = await roundTrip({
      "assets/minecraft/textures/block/magma.png": strip,
      "assets/minecraft/textures/block/magma.png.mcmeta": u8({ animation: { frametime: 2 } }),
    });
    expect(job.import.failed).toEqual([]);
    expect(Buffer.compare(Buffer.from(out["assets/minecraft/textures/block/magma.png"]), Buffer.from(strip))).toBe(0);
    expect(JSON.parse(strFromU8(out["assets/minecraft/textures/block/magma.png.mcmeta"]))).toEqual({
      animation: { frametime: 2 },
    });
  });

  test("without a .png.mcmeta the same strip is past the edge limit and reported, frames wider than 4096 too", async () => {
    const { job } = await roundTrip({
      "assets/minecraft/textures/block/strip.png": encodePng(newRgba(16, 8192)),
      "assets/minecraft/textures/block/wide.png": encodePng(newRgba(4100, 8)),
      "assets/minecraft/textures/block/wide.png.mcmeta": u8({ animation: {} }),
    });
    const failed = job.import.failed.map((f: any) => f.path).sort();
    expect(failed).toEqual(["assets/minecraft/textures/block/strip.png", "assets/minecraft/textures/block/wide.png"]);
  });

  test("ascii.png stays the game's font sheet: kept at its path, no glyph, no font provider for it", async () => {
    const sheet = encodePng(newRgba(128, 128));
    const { body, out } = await roundTrip({ "assets/minecraft/textures/font/ascii.png": sheet });
    expect(body.planned.glyphs).toBe(0);
    expect(body.kept.map((g: any) => g.reason).join(" ")).toContain("font sheets");
    expect(Buffer.compare(Buffer.from(out["assets/minecraft/textures/font/ascii.png"]), Buffer.from(sheet))).toBe(0);
    expect(out["assets/minecraft/font/default.json"]).toBeUndefined();
  });
});
