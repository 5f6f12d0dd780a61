import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { exportPack, noisyPng, packFixture, type Exported } from "../../support/exports.ts";

/**
 * Exports placed by the version-exact game data (src/data/game): each file where that release reads it, under the
 * name it reads, and nothing it does not read. Real HTTP, real zips.
 */
const VERSIONS = ["1.8.9", "1.12.2", "1.20.4", "1.21.1", "1.21.4"];
const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, ...new Array(80).fill(7)]);

let server: TestServer;
const zips = new Map<string, Exported>();

beforeAll(async () => {
  server = await startTestServer();
  const key = (await server.account("version-data")).key;
  for (const v of VERSIONS) {
    const f = await packFixture(server, key, v, `version data ${v}`);
    let seed = 1;
    await f.add({
      kind: "texture",
      type: "block",
      name: "oak_log",
      target: "oak_log",
      meta: { texture: "oak_log" },
      bytes: noisyPng(16, 16, seed++),
    });
    await f.add({
      kind: "texture",
      type: "block",
      name: "gravel",
      target: "gravel",
      meta: { texture: "gravel" },
      bytes: noisyPng(16, 16, seed++),
    });
    await f.add({ kind: "texture", type: "hud", name: "hud:main", bytes: noisyPng(256, 512, seed++) });
    const sound = (event: string, category: string, n: number) =>
      f.add({
        kind: "sound",
        type: "sound",
        name: event,
        target: event,
        meta: { event, category, replacesVanilla: true },
        bytes: OGG.slice(0, 40 + n),
      });
    await sound("block.stone.break", "block", 1);
    await sound("entity.player.hurt", "voice", 2);
    await sound("entity.warden.roar", "hostile", 3);
    zips.set(v, await exportPack(server, key, f.pack.slug));
  }
});
afterAll(() => server.close());

const leftOut = (z: Exported) =>
  Object.fromEntries(z.report.leftOut.map((l: any) => [l.asset.split(":").slice(2).join(":"), l.requiredVersion]));

test("1.8.9 sounds.json uses that release's event names, with a category and no subtitle", () => {
  const z = zips.get("1.8.9")!;
  const json = z.json("assets/minecraft/sounds.json");
  expect(Object.keys(json).sort()).toEqual(["dig.stone", "game.player.hurt"]);
  expect(json["dig.stone"]).toMatchObject({ replace: true, category: "block" });
  expect(json["dig.stone"].subtitle).toBeUndefined();
  // "voice" is a 1.9 slider: the old release keeps its default.
  expect(json["game.player.hurt"].category).toBeUndefined();
  // The warden arrived in 1.19: left out and reported with the release that has it.
  expect(leftOut(z)["entity.warden.roar"]).toBe("1.19");
});

test("1.20.4 and newer keep the dotted names with subtitles", () => {
  const json = zips.get("1.20.4")!.json("assets/minecraft/sounds.json");
  expect(Object.keys(json).sort()).toEqual(["block.stone.break", "entity.player.hurt", "entity.warden.roar"]);
  expect(json["entity.player.hurt"].subtitle).toBe("subtitles.entity.player.hurt");
});

test("block reskins land under the pre-flattening names before 1.13 (log_oak, gravel)", () => {
  for (const v of ["1.8.9", "1.12.2"]) {
    const z = zips.get(v)!;
    expect(z.names).toContain("assets/minecraft/textures/blocks/log_oak.png");
    expect(z.names).toContain("assets/minecraft/textures/blocks/gravel.png");
    expect(leftOut(z).oak_log).toBeUndefined();
  }
  expect(zips.get("1.20.4")!.names).toContain("assets/minecraft/textures/block/oak_log.png");
});

test("HUD sprites are written only for releases that read them (air_empty from 1.21.4)", () => {
  const air = "assets/minecraft/textures/gui/sprites/hud/air_empty.png";
  for (const v of ["1.20.4", "1.21.1"]) {
    const z = zips.get(v)!;
    expect(z.names).toContain("assets/minecraft/textures/gui/sprites/hud/air.png");
    expect(z.names).not.toContain(air);
  }
  expect(zips.get("1.21.4")!.names).toContain(air);
  expect(zips.get("1.12.2")!.names).toContain("assets/minecraft/textures/gui/icons.png");
});
