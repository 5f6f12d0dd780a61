/**
 * optimize=true over real HTTP, with the worker pool re-encoding PNGs: every PNG's RGBA equal to the plain
 * export's, every JSON equal after parsing, every other file byte-identical, files the game never reads left out
 * (and listed), a smaller zip, and the same bytes on a second run. Also over a real corpus pack when present.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { importReady } from "../../support/imports.ts";
import { CORPUS } from "../../support/corpus.ts";
import { noisyRgba } from "../../support/exports.ts";
import { joinBytes, pngChunk } from "../../support/png-fixture.ts";
import { encodePng } from "../../../src/media/png.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { REPORT_PATH } from "../../../src/export/report.ts";
import { getPackBySlug } from "../../../src/core/packs.ts";
import { insertPackFile } from "../../../src/core/pack-files.ts";

const T = 180_000;
let ts: TestServer;
let key = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("opt", { plan: "pro", credits: 0 })).key;
});
afterAll(async () => {
  await ts?.close();
});

const u8 = (s: string) => new TextEncoder().encode(s);

const importZip = async (zip: Uint8Array): Promise<string> => (await importReady({ ts, key }, zip)).accepted.pack.slug;

async function exported(slug: string, optimize: boolean): Promise<Uint8Array> {
  const res = await ts.call("GET", `/v1/packs/${slug}/export${optimize ? "?optimize=true" : ""}`, { key });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Compares an optimised export with the plain one, entry by entry. */
function expectLossless(plain: Record<string, Uint8Array>, optimized: Record<string, Uint8Array>, away: string[]) {
  let pngs = 0;
  for (const [path, bytes] of Object.entries(plain)) {
    if (path === REPORT_PATH) continue;
    if (away.includes(path)) {
      expect(optimized[path]).toBeUndefined();
      continue;
    }
    const o = optimized[path];
    expect(o, path).toBeDefined();
    if (/\.png$/i.test(path)) {
      const [a, b] = [decodePng(bytes), decodePng(o)];
      expect([b.width, b.height], path).toEqual([a.width, a.height]);
      expect(Buffer.compare(a.data, b.data), path).toBe(0);
      pngs++;
    } else if (/\.(json|mcmeta)$/i.test(path)) {
      expect(JSON.parse(strFromU8(o)), path).toEqual(JSON.parse(strFromU8(bytes)));
    } else expect(Buffer.compare(Buffer.from(o), Buffer.from(bytes)), path).toBe(0);
  }
  return pngs;
}

describe("optimize=true", () => {
  test(
    "lossless, smaller, deterministic, without the files the game never reads",
    async () => {
      const crate = encodePng(noisyRgba(32, 32, 4, 5));
      const text = pngChunk("tEXt", u8("Comment\0exported by an editor, with a long note the game never reads"));
      const files: Record<string, Uint8Array> = {
        "pack.mcmeta": u8(
          JSON.stringify({ pack: { pack_format: 46, description: { text: "Opt", color: "gold" } } }, null, 4),
        ),
        "assets/shop/textures/block/crate.png": joinBytes([crate.subarray(0, 33), text, crate.subarray(33)]),
        "assets/shop/textures/block/glow.png": encodePng(noisyRgba(16, 64, 8, 30)),
        "assets/shop/textures/block/glow.png.mcmeta": u8('{\n  "animation": { "frametime": 2 }\n}\n'),
        "assets/shop/models/block/crate.json": u8(
          JSON.stringify({ parent: "minecraft:block/cube_all", textures: { all: "shop:block/crate" } }, null, 2),
        ),
        "assets/shop/lang/en_us.json": u8(
          '{\n  "item.shop.crate": "Crate  of  things",\n  "big": 12345678901234567890\n}\n',
        ),
      };
      const slug = await importZip(zipSync(files));
      // Files the game never reads, as a pack may hold them (import already leaves such files out of what it
      // keeps, so they are put among the pack's kept files directly).
      const pack = (await getPackBySlug(ts.svc.db, slug))!;
      const junk = {
        "assets/shop/textures/block/crate.psd": u8("8BPS layered source"),
        "assets/shop/models/block/crate.bbmodel": u8('{"meta":{}}'),
        "assets/shop/textures/.DS_Store": u8("\x00\x00\x00\x01Bud1"),
        "assets/shop/textures/Thumbs.db": u8("thumbnail cache"),
        "__MACOSX/assets/._crate.png": u8("resource fork"),
      };
      for (const [path, bytes] of Object.entries(junk))
        await insertPackFile(ts.svc.db, pack.id, {
          path,
          blob: await ts.svc.blobs.put(bytes),
          sizeBytes: bytes.length,
          reason: "test",
        });

      const plainZip = await exported(slug, false);
      const first = await exported(slug, true);
      const second = await exported(slug, true);
      expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(0);
      expect(first.length).toBeLessThan(plainZip.length);

      const plain = unzipSync(plainZip);
      const optimized = unzipSync(first);
      for (const p of Object.keys(junk)) expect(plain[p]).toBeDefined();
      expect(expectLossless(plain, optimized, Object.keys(junk))).toBe(2);
      // The PNG lost its text chunk, the JSON its whitespace (the big number's digits kept), and the report says
      // what was left out and why.
      expect(strFromU8(optimized["assets/shop/textures/block/crate.png"], true)).not.toContain("tEXt");
      expect(strFromU8(optimized["assets/shop/lang/en_us.json"])).toBe(
        '{"item.shop.crate":"Crate  of  things","big":12345678901234567890}',
      );
      const report = JSON.parse(strFromU8(optimized[REPORT_PATH]));
      expect(report.notKept.map((n: any) => n.path).sort()).toEqual(Object.keys(junk).sort());
      expect(report.notKept[0].reason).toContain("never reads");
    },
    T,
  );

  const hud = join(CORPUS, "packs", "vanilla-plus-hud.zip");
  test.skipIf(!existsSync(hud))(
    "a real pack (Vanilla+ HUD, from the corpus): lossless and deterministic",
    async () => {
      const slug = await importZip(new Uint8Array(readFileSync(hud)));
      const plainZip = await exported(slug, false);
      const first = await exported(slug, true);
      expect(Buffer.compare(Buffer.from(first), Buffer.from(await exported(slug, true)))).toBe(0);
      expect(first.length).toBeLessThan(plainZip.length);
      expect(expectLossless(unzipSync(plainZip), unzipSync(first), [])).toBeGreaterThan(60);
    },
    T,
  );
});
