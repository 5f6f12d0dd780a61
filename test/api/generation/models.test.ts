import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack } from "../../support/jobs.ts";
import {
  assetCount,
  expectRefused,
  generate,
  json,
  make,
  modelTextures,
  packVersion,
  rowMeta,
} from "../../support/generation.ts";
import { checkBlockModel } from "../../../src/pack/model-rules.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("models", { credits: 200 });
  pack = await newPack(ts, me.key, "Models");
});
afterAll(() => ts.close());

const model = (body: Record<string, unknown>, slug = pack) => generate(ts, me.key, slug, "models", body);

/** Generates, then checks the model JSON against the pack version's rules and that every texture it names is a stored PNG. */
async function validModel(slug: string, body: Record<string, unknown>) {
  const { accepted, bytes } = await make(ts, me.key, slug, "models", body);
  const m = json(bytes);
  const version = await packVersion(ts, me.key, slug);
  expect(checkBlockModel(m, { minecraftVersion: version, textureSlots: "must-resolve" })).toEqual([]);
  expect(m.elements.length).toBeGreaterThan(0);
  const textures = await modelTextures(ts, me.key, slug, m);
  expect(textures.size).toBeGreaterThan(0);
  for (const [id, img] of textures) {
    expect(id.startsWith(`${slug}:block/`)).toBe(true);
    expect([img.width, img.height]).toEqual([16, 16]);
  }
  return { accepted, model: m, meta: await rowMeta(ts, slug, "model", accepted.id) };
}

describe("3D models", () => {
  for (const carrierKind of ["item", "full", "partial"]) {
    test(`carrierKind ${carrierKind}: valid model JSON with its textures stored`, async () => {
      const { accepted, meta } = await validModel(pack, {
        prompt: "oak table with a lantern",
        name: `table ${carrierKind}`,
        carrierKind,
        seed: 4,
      });
      expect(accepted).toEqual({
        id: `table_${carrierKind}`,
        kind: "model",
        status: "generating",
        pack,
        job: `${pack}:model:table_${carrierKind}`,
        interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
        charged: expect.any(Number),
      });
      expect(meta).toMatchObject({ carrierKind, carrierBlockId: null, directional: false });
    });
  }

  test("carrierKind defaults to item; directional may be asked for without a carrier block", async () => {
    const a = await model({ prompt: "stone statue", name: "statue", directional: true });
    expect(a.status).toBe(202);
    expect(await rowMeta(ts, pack, "model", "statue")).toMatchObject({ carrierKind: "item", directional: true });
  });

  test("directional follows the carrier block's facing state: furnace turns, glass does not", async () => {
    const furnace = await validModel(pack, {
      prompt: "brick oven",
      name: "oven",
      carrierKind: "full",
      carrierBlockId: "furnace",
      directional: false,
      seed: 1,
    });
    expect(furnace.meta).toMatchObject({ carrierKind: "full", carrierBlockId: "furnace", directional: true });
    const stone = await validModel(pack, {
      prompt: "stone pillar",
      name: "pillar",
      carrierKind: "partial",
      carrierBlockId: "minecraft:glass",
      directional: true,
      seed: 1,
    });
    expect(stone.meta).toMatchObject({ carrierKind: "partial", carrierBlockId: "glass", directional: false });
  });

  test("a partial model is refused on an opaque full block (neighbours would cull their faces), free and unrecorded", async () => {
    const before = await credits(ts, me.id);
    const rows = await assetCount(ts, pack);
    for (const block of ["note_block", "minecraft:stone"])
      expectRefused(
        await model({ prompt: "lamp", carrierKind: "partial", carrierBlockId: block }),
        /opaque full block.*see through/,
      );
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(rows);
    // The same block as a full carrier, and a partial one on blocks that do not cull (fence, barrier, chest);
    // waited for, so their texture rows land before the next test counts rows.
    const kinds = [
      ["full", "note_block"],
      ["partial", "oak_fence"],
      ["partial", "barrier"],
      ["partial", "chest"],
    ];
    for (const [carrierKind, carrierBlockId] of kinds) {
      const { meta } = await validModel(pack, {
        prompt: "lamp",
        name: `lamp ${carrierBlockId}`,
        carrierKind,
        carrierBlockId,
        seed: 2,
      });
      expect(meta).toMatchObject({ carrierKind, carrierBlockId });
    }
  });

  test("carrierBlockId must be a vanilla block and needs carrierKind full or partial", async () => {
    const before = await credits(ts, me.id);
    const rows = await assetCount(ts, pack);
    expectRefused(
      await model({ prompt: "x", carrierKind: "full", carrierBlockId: "not_a_block" }),
      /not a vanilla block/,
    );
    expectRefused(await model({ prompt: "x", carrierKind: "full", carrierBlockId: "air" }), /not a vanilla block/);
    expectRefused(await model({ prompt: "x", carrierBlockId: "furnace" }), /carrierKind full or partial/);
    expectRefused(
      await model({ prompt: "x", carrierKind: "item", carrierBlockId: "furnace" }),
      /carrierKind full or partial/,
    );
    expectRefused(await model({ prompt: "x", carrierKind: "slab" }), /carrierKind/);
    expectRefused(await model({ prompt: "x", referenceId: "ref_1" }), /reference/);
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(rows);
  });

  test("element rotations follow the pack's version: 22.5-degree steps before 1.21.6, free angles after", async () => {
    const old = await newPack(ts, me.key, "Old Models", "1.16.5");
    const fresh = await newPack(ts, me.key, "Fresh Models", "1.21.11");
    expect(await packVersion(ts, me.key, old)).toBe("1.16.5");
    // Crystal clusters lean their shards, so they carry element rotations.
    const body = { prompt: "amethyst crystal cluster", carrierKind: "partial", seed: 8 };
    const angles = async (slug: string) =>
      ((await validModel(slug, body)).model.elements as any[])
        .filter((e) => e.rotation)
        .map((e) => e.rotation.angle as number);
    const stepped = await angles(old);
    expect(stepped.length).toBeGreaterThan(0);
    for (const a of stepped) expect([-45, -22.5, 0, 22.5, 45]).toContain(a);
    const free = await angles(fresh);
    expect(free.length).toBe(stepped.length);
    expect(free.some((a) => Math.abs(a) % 22.5 !== 0)).toBe(true);
  });
});
