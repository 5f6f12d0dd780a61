import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import {
  packFixture,
  exportPack,
  noisyPng,
  unzipTest,
  type Exported,
  type PackFixture,
} from "../../support/exports.ts";
import { packFormatFor } from "../../../src/pack/versions.ts";
import { insertPackFile } from "../../../src/core/pack-files.ts";

/**
 * A 1.21.11 pack with a custom item and a HUD sheet (both change layout inside 1.20.1..1.21.11),
 * exported once for the range and once per release: what a client of each release reads from the
 * range zip (base, then every overlay its format selects) must hold each file that release's own
 * export has, byte for byte.
 */
let server: TestServer;
let key: string;
let f: PackFixture;
let range: Exported;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("ranger")).key;
  f = await packFixture(server, key, "1.21.11", "range pack");
  await f.add({
    kind: "texture",
    type: "item",
    name: "item:ruby",
    meta: { variant: null },
    bytes: noisyPng(16, 16, 1),
  });
  await f.add({ kind: "texture", type: "hud", name: "hud:main", bytes: noisyPng(256, 512, 2) });
  range = await exportPack(server, key, f.pack.slug, "?minVersion=1.20.1");
});
afterAll(() => server.close());

/** The files a client on `version` reads from the range zip. */
function seenBy(z: Exported, version: string): Map<string, Uint8Array> {
  const format = packFormatFor(version);
  const seen = new Map<string, Uint8Array>();
  for (const n of z.names) if (!/^ps_/.test(n)) seen.set(n, z.files[n]!);
  for (const e of z.json("pack.mcmeta").overlays?.entries ?? []) {
    const [lo, hi] = e.formats ?? [e.min_format, e.max_format];
    if (format < lo || format > hi) continue;
    for (const n of z.names)
      if (n.startsWith(`${e.directory}/`)) seen.set(n.slice(e.directory.length + 1), z.files[n]!);
  }
  return seen;
}

describe("range export (?minVersion=1.20.1 on a 1.21.11 pack)", () => {
  test("a strict reader accepts the zip", () => {
    unzipTest(range.bytes);
  });

  test.each(["1.20.1", "1.20.2", "1.21.3", "1.21.4", "1.21.11"])(
    "a %s client reads every file its own export has, byte-equal",
    async (version) => {
      // The same pack exported for that release alone (custom item numbers hash the pack's namespace).
      const db = server.svc.db;
      await db.run("UPDATE packs SET minecraft_version = ? WHERE id = ?", [version, f.pack.id]);
      let single: Exported;
      try {
        single = await exportPack(server, key, f.pack.slug);
      } finally {
        await db.run("UPDATE packs SET minecraft_version = '1.21.11' WHERE id = ?", [f.pack.id]);
      }
      const seen = seenBy(range, version);
      let compared = 0;
      for (const n of single.names) {
        if (n === "pack.mcmeta" || n === "packsmith-export.json") continue;
        expect(seen.has(n)).toBe(true);
        expect(Bun.hash(seen.get(n)!)).toBe(Bun.hash(single.files[n]!));
        compared++;
      }
      expect(compared).toBeGreaterThan(2);
    },
  );

  test("pack.mcmeta declares the range the way each era reads it", () => {
    const m = range.json("pack.mcmeta");
    expect(m.pack.pack_format).toBe(15);
    expect(m.pack.supported_formats).toEqual([15, 75]);
    expect(m.pack.min_format).toBe(15);
    expect(m.pack.max_format).toBe(75);
    const dirs = m.overlays.entries.map((e: any) => e.directory);
    expect(dirs.length).toBeGreaterThanOrEqual(2);
    for (const d of dirs) expect(range.names.some((n) => n.startsWith(`${d}/`))).toBe(true);
    // Item definitions only in overlays read from 1.21.4 (format 46) on.
    for (const n of range.names.filter((n) => /\/items\/[^/]+\.json$/.test(n))) {
      const e = m.overlays.entries.find((e: any) => n.startsWith(`${e.directory}/`));
      expect(e.formats[0]).toBeGreaterThanOrEqual(46);
    }
  });

  test("the range zip is byte-reproducible", async () => {
    const again = await exportPack(server, key, f.pack.slug, "?minVersion=1.20.1");
    expect(Bun.hash(again.bytes)).toBe(Bun.hash(range.bytes));
  });

  test("minVersion equal to the pack's version is the ordinary export", async () => {
    const same = await exportPack(server, key, f.pack.slug, "?minVersion=1.21.11");
    const plain = await exportPack(server, key, f.pack.slug);
    expect(Bun.hash(same.bytes)).toBe(Bun.hash(plain.bytes));
  });

  test.each([
    ["1.99", "not a known Java release"],
    ["26.1", "newer than the pack's minecraftVersion"],
    ["1.12.2", "reads no overlays"],
  ])("minVersion=%s is refused with invalid_request (%s)", async (v, message) => {
    const res = await server.call("GET", `/v1/packs/${f.pack.slug}/export?minVersion=${v}`, { key });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.message).toContain(message);
  });

  test("an imported pack.mcmeta keeps its other sections; one with overlays of its own is refused", async () => {
    const g = await packFixture(server, key, "1.21.11", "kept mcmeta");
    const put = async (json: unknown) => {
      const bytes = new TextEncoder().encode(JSON.stringify(json));
      await insertPackFile(server.svc.db, g.pack.id, {
        path: "pack.mcmeta",
        blob: await server.svc.blobs.put(bytes),
        sizeBytes: bytes.length,
        reason: "pack metadata",
      });
    };
    const language = { xx_yy: { name: "Testish", region: "Nowhere", bidirectional: false } };
    await put({ pack: { pack_format: 75, description: "mine" }, language });
    const z = await exportPack(server, key, g.pack.slug, "?minVersion=1.20.1");
    const m = z.json("pack.mcmeta");
    expect(m.language).toEqual(language);
    expect(m.pack.supported_formats).toEqual([15, 75]);
    await put({
      pack: { pack_format: 75, description: "mine" },
      overlays: { entries: [{ directory: "x", formats: [75, 75] }] },
    });
    const res = await server.call("GET", `/v1/packs/${g.pack.slug}/export?minVersion=1.20.1`, { key });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toContain("overlays of its own");
  });
});
