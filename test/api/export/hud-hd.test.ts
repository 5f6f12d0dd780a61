/**
 * An HD HUD sheet (512x1024, twice the 256x512 layout) uploaded is exported at its scale: sprites from
 * 1.20.2, the two legacy sheets before; the round trip through the sprite split keeps every pixel.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack } from "../../support/jobs.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { HUD_ELEMENTS } from "../../../src/pack/hud-layout.ts";

let ts: TestServer;
let key = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("hd", { credits: 0 })).key;
});
afterAll(async () => {
  await ts.close();
});

/** A 512x1024 sheet whose every pixel encodes its position, so a crop can be checked exactly. */
function hdSheet() {
  const img = newRgba(512, 1024);
  for (let y = 0; y < 1024; y++)
    for (let x = 0; x < 512; x++) img.data.set([x & 255, y & 255, ((x >> 8) << 4) | (y >> 8), 255], (y * 512 + x) * 4);
  return img;
}

async function exportWith(version: string) {
  const pack = await newPack(ts, key, `HD ${version}`, version);
  const sheet = hdSheet();
  const up = await ts.call("POST", `/v1/packs/${pack}/assets`, {
    key,
    body: { type: "hud", name: "hd", file: { base64: Buffer.from(encodePng(sheet)).toString("base64") } },
  });
  expect(up.status).toBe(201);
  const res = await ts.call("GET", `/v1/packs/${pack}/export`, { key });
  return { sheet, files: unzipSync(new Uint8Array(await res.arrayBuffer())) };
}

describe("HD HUD sheets", () => {
  test("1.21.11: every sprite at twice its size, cut from the right place", async () => {
    const { sheet, files } = await exportWith("1.21.11");
    const sprites = HUD_ELEMENTS.filter((e) => e.sprite);
    expect(sprites.length).toBeGreaterThan(10);
    for (const e of sprites) {
      const png = files[`assets/minecraft/textures/${e.sprite}`];
      expect({ sprite: e.sprite, there: !!png }).toEqual({ sprite: e.sprite, there: true });
      const img = decodePng(png);
      expect([img.width, img.height]).toEqual([e.sheet.w * 2, e.sheet.h * 2]);
      const at = (e.sheet.y * 2 * 512 + e.sheet.x * 2) * 4;
      expect([...img.data.slice(0, 4)]).toEqual([...sheet.data.slice(at, at + 4)]);
    }
  });

  test("1.20.1: the two legacy sheets at 512x512", async () => {
    const { files } = await exportWith("1.20.1");
    for (const f of ["gui/icons.png", "gui/widgets.png"]) {
      const img = decodePng(files[`assets/minecraft/textures/${f}`]);
      expect([img.width, img.height]).toEqual([512, 512]);
    }
  });
});
