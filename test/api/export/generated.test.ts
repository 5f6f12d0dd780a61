import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { exportPack, unzipTest, checkModelReferences, texturePath, type Exported } from "../../support/exports.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { originHash } from "../../../src/origin/hash.ts";

/** Real generations through the API (procedural generator), then one export per layout family. */
let server: TestServer;
let key: string;
const zips = new Map<string, { z: Exported; slug: string }>();

async function post(path: string, body: unknown): Promise<string> {
  const res = await server.call("POST", path, { key, body });
  if (res.status !== 202) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as any).job;
}

async function settle(jobs: string[]): Promise<void> {
  for (const job of jobs) {
    for (;;) {
      const body = (await (await server.call("GET", `/v1/jobs/${encodeURIComponent(job)}`, { key })).json()) as any;
      if (body.status === "ready") break;
      if (body.status === "error") throw new Error(`${job} failed: ${body.error}`);
      await Bun.sleep(50);
    }
  }
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("generator", { credits: 1000 })).key;
  for (const version of ["1.20.1", "1.21.11"]) {
    const res = await server.call("POST", "/v1/packs", {
      key,
      body: { name: `gen ${version}`, minecraftVersion: version },
    });
    const slug = ((await res.json()) as any).pack.slug;
    const p = `/v1/packs/${slug}`;
    const jobs = [
      await post(`${p}/textures`, {
        prompt: "mossy cobblestone",
        size: 16,
        mode: "vanilla",
        vanillaTarget: "cobblestone",
        seed: 1,
      }),
      await post(`${p}/textures`, {
        prompt: "birch bark top",
        size: 16,
        mode: "vanilla",
        vanillaTarget: "oak_log",
        faceSlot: "top",
        seed: 2,
      }),
      await post(`${p}/items`, { prompt: "ruby gem", name: "ruby", seed: 3 }),
      await post(`${p}/items`, { prompt: "golden sword", target: "iron_sword", seed: 4 }),
      await post(`${p}/items`, { prompt: "magic wand", name: "wand", shape: "3d", seed: 5 }),
      await post(`${p}/icons`, { prompt: "gold coin", name: "coin", seed: 6 }),
      await post(`${p}/guis`, { prompt: "oak planks", target: "furnace", seed: 7 }),
      await post(`${p}/huds`, { prompt: "ice crystals", seed: 8 }),
      await post(`${p}/sounds`, { prompt: "stone crack", event: "block.stone.break", seed: 9 }),
      await post(`${p}/models`, {
        prompt: "wooden table",
        carrierKind: "full",
        carrierBlockId: "crafting_table",
        seed: 10,
      }),
      await post(`${p}/models`, { prompt: "iron lantern", seed: 11 }),
    ];
    await settle(jobs);
    zips.set(version, { z: await exportPack(server, key, slug), slug });
  }
}, 120_000);
afterAll(() => server.close());

test.each(["1.20.1", "1.21.11"])(
  "generated assets export where %s reads them, every reference resolving",
  (version) => {
    const { z, slug } = zips.get(version)!;
    unzipTest(z.bytes);
    expect(z.report.leftOut).toEqual([]);
    expect(z.report.conflicts).toEqual([]);
    for (const p of [
      "block/cobblestone.png",
      "block/oak_log_top.png",
      "item/iron_sword.png",
      "gui/container/furnace.png",
    ]) {
      expect(z.names).toContain(`assets/minecraft/textures/${p}`);
    }
    expect(z.names).toContain(`assets/${slug}/textures/item/ruby.png`);
    expect(z.names).toContain(`assets/${slug}/sounds/block.stone.break.ogg`);
    expect(new TextDecoder().decode(z.files[`assets/${slug}/sounds/block.stone.break.ogg`].subarray(0, 4))).toBe(
      "OggS",
    );
    expect(checkModelReferences(z, slug)).toBeGreaterThan(0);
    // Every model the pack wrote resolves its texture slots inside the zip, the generated ones included.
    const models = z.names.filter((n) => n.startsWith(`assets/${slug}/models/`));
    expect(models.length).toBeGreaterThanOrEqual(4);
    for (const m of models) {
      for (const ref of Object.values(z.json(m).textures ?? {}) as string[]) {
        if (!ref.startsWith("#") && ref.startsWith(slug))
          expect(decodePng(z.files[texturePath(ref)]).width).toBeGreaterThan(0);
      }
    }
    expect(z.json("assets/minecraft/blockstates/crafting_table.json").variants[""].model).toMatch(
      new RegExp(`^${slug}:block/`),
    );
    const font = z.json("assets/minecraft/font/default.json");
    expect(font.providers).toHaveLength(1);
    expect(font.providers[0].chars).toEqual(["\ue000"]);
    expect(font.providers[0].ascent).toBeLessThanOrEqual(font.providers[0].height);
    expect(z.report.customItems.length).toBe(3); // ruby, the 3D wand, the lantern model
    if (version === "1.21.11") {
      expect(z.names.filter((n) => n.startsWith("assets/minecraft/textures/gui/sprites/hud/")).length).toBeGreaterThan(
        50,
      );
      expect(z.names).toContain("assets/minecraft/textures/gui/sprites/container/furnace/burn_progress.png");
      expect(z.json("assets/minecraft/items/paper.json").model.entries).toHaveLength(3);
    } else {
      expect(z.names).toContain("assets/minecraft/textures/gui/icons.png");
      expect(z.json("assets/minecraft/models/item/paper.json").overrides).toHaveLength(3);
    }
  },
);

test("generated files are registered from the exported bytes", async () => {
  const { z, slug } = zips.get("1.21.11")!;
  const files = [
    `assets/minecraft/textures/block/cobblestone.png`,
    `assets/${slug}/textures/item/ruby.png`,
    `assets/minecraft/textures/gui/container/furnace.png`,
  ];
  const res = await server.call("POST", "/v1/origin/lookup", {
    body: { hashes: files.map((p) => originHash(p, z.files[p]).hash) },
  });
  const body = (await res.json()) as any;
  expect(body.matched).toBe(files.length);
});
