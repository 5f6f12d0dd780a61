/**
 * A pack's own font definitions stay whole, and generated icons take characters they do not use: a server
 * pack's negative-space characters (a `space` provider) and its own glyphs keep their code points.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { waitJob } from "../../support/jobs.ts";
import { importReady } from "../../support/imports.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";
import { REPORT_PATH } from "../../../src/export/report.ts";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("fonts", { credits: 10 });
});
afterAll(async () => {
  await ts.close();
});

const u8 = (s: string) => new TextEncoder().encode(s);

describe("kept fonts", () => {
  test("a generated icon skips the characters the pack's font file uses; the file keeps its providers", async () => {
    const glyph = newRgba(8, 8);
    glyph.data.fill(255);
    const defaultFont = {
      providers: [
        { type: "space", advances: { "\uE000": -1, "\uE001": -2 } },
        { type: "bitmap", file: "minecraft:font/menu.png", ascent: 7, height: 8, chars: ["\uE002"] },
      ],
    };
    const zip = zipSync({
      "pack.mcmeta": u8(JSON.stringify({ pack: { pack_format: 46, description: "fonts" } })),
      "assets/minecraft/font/default.json": u8(JSON.stringify(defaultFont)),
      "assets/minecraft/textures/font/menu.png": encodePng(glyph),
    });
    const slug = (await importReady({ ts, key: me.key }, zip)).accepted.pack.slug;
    const icon = (await (
      await ts.call("POST", `/v1/packs/${slug}/icons`, {
        key: me.key,
        body: { prompt: "red heart", name: "heart", seed: 1 },
      })
    ).json()) as any;
    await waitJob(ts, me.key, icon.job, 30_000);

    const out = unzipSync(
      new Uint8Array(await (await ts.call("GET", `/v1/packs/${slug}/export`, { key: me.key })).arrayBuffer()),
    );
    const report = JSON.parse(strFromU8(out[REPORT_PATH]));
    const heart = report.fontCharacters.find((f: any) => f.asset.endsWith(":font:heart"));
    expect(heart).toMatchObject({ font: "minecraft:default", assigned: true });
    expect(["U+E000", "U+E001", "U+E002"]).not.toContain(heart.codepoint);
    const font = JSON.parse(strFromU8(out["assets/minecraft/font/default.json"]));
    // The pack's two providers as it had them, then the generated icon's.
    expect(font.providers.slice(0, 2)).toEqual(defaultFont.providers);
    expect(font.providers).toHaveLength(3);
    expect(font.providers[2].chars).toEqual([heart.char]);
  });
});
