import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack } from "../../support/jobs.ts";
import {
  alphaAt,
  assetCount,
  expectRefused,
  generate,
  json,
  makePng,
  make,
  modelTextures,
  packVersion,
} from "../../support/generation.ts";
import { checkBlockModel } from "../../../src/pack/model-rules.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("items", { credits: 200 });
  pack = await newPack(ts, me.key, "Items");
});
afterAll(() => ts.close());

const item = (body: Record<string, unknown>, slug = pack) => generate(ts, me.key, slug, "items", body);

describe("2D item sprites", () => {
  test("sprite is the default shape: kind texture, name item:<name>, a 16x16 PNG with transparent corners", async () => {
    const { accepted, img } = await makePng(ts, me.key, pack, "items", {
      prompt: "ruby sword",
      name: "Ruby Sword",
      seed: 3,
    });
    expect(accepted).toEqual({
      id: "item:ruby_sword",
      kind: "texture",
      status: "generating",
      pack,
      job: `${pack}:texture:item:ruby_sword`,
      shape: "sprite",
      interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
      charged: expect.any(Number),
    });
    expect([img.width, img.height]).toEqual([16, 16]);
    for (const [x, y] of [
      [0, 0],
      [15, 0],
      [0, 15],
      [15, 15],
    ])
      expect(alphaAt(img, x, y)).toBe(0);
    let opaque = 0;
    for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 255) opaque++;
    expect(opaque).toBeGreaterThan(16);
  });

  test("size 16..128 accepted and honoured; 15 and 129 refused with nothing charged", async () => {
    for (const size of [16, 128]) {
      const { img } = await makePng(ts, me.key, pack, "items", {
        prompt: "golden apple",
        name: `apple ${size}`,
        size,
        seed: 1,
      });
      expect([img.width, img.height]).toEqual([size, size]);
      expect(alphaAt(img, 0, 0)).toBe(0);
      expect(alphaAt(img, size - 1, size - 1)).toBe(0);
    }
    const before = await credits(ts, me.id);
    const rows = await assetCount(ts, pack);
    for (const size of [15, 129]) expectRefused(await item({ prompt: "apple", size }), /size/);
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(rows);
  });

  test("target null is a custom item", async () => {
    const a = await item({ prompt: "ruby ring", target: null });
    expect(a.status).toBe(202);
    expect(a.body.id).toBe("item:ruby_ring");
  });

  test("target must be a vanilla item texture", async () => {
    expectRefused(await item({ prompt: "ruby", target: "not_an_item" }), /not a vanilla item texture/);
    expectRefused(await item({ prompt: "ruby", target: "stone_bricks" }), /not a vanilla item texture/);
  });

  test("a reskin is named after its target; a second reskin of it is a conflict with nothing charged", async () => {
    const { accepted, img } = await makePng(ts, me.key, pack, "items", {
      prompt: "ruby blade",
      target: "diamond_sword",
      seed: 5,
    });
    expect(accepted.id).toBe("item:diamond_sword");
    expect(img.width).toBe(16);
    const before = await credits(ts, me.id);
    const rows = await assetCount(ts, pack);
    const again = await item({ prompt: "emerald blade", target: "diamond_sword" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(rows);
  });

  test("variant needs a target, and a pack at 1.21.4 or newer", async () => {
    expectRefused(await item({ prompt: "ruby", variant: "ruby" }), /variant requires target/);
    expectRefused(await item({ prompt: "ruby", target: "iron_sword", variant: "Not OK" }), /variant/);
    const old = await newPack(ts, me.key, "Old Items", "1.21.3");
    const before = await credits(ts, me.id);
    expectRefused(await item({ prompt: "ruby", target: "iron_sword", variant: "ruby" }, old), /1\.21\.4.*1\.21\.3/);
    expectRefused(await item({ prompt: "ruby", target: "iron_sword", variant: "ruby", shape: "3d" }, old), /1\.21\.4/);
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, old)).toBe(0);
    const fresh = await newPack(ts, me.key, "New Items", "1.21.4");
    const ok = await item({ prompt: "ruby", target: "iron_sword", variant: "ruby" }, fresh);
    expect(ok.status).toBe(202);
    expect(ok.body.id).toBe("item:iron_sword.ruby");
    // A variant does not take the plain reskin's place.
    expect((await item({ prompt: "plain", target: "iron_sword" }, fresh)).status).toBe(202);
  });
});

describe("3D items", () => {
  test("shape 3d answers a model; its JSON passes the model rules and its textures are stored PNGs", async () => {
    const { accepted, bytes } = await make(ts, me.key, pack, "items", {
      prompt: "iron pickaxe",
      name: "Pick",
      shape: "3d",
      seed: 9,
    });
    expect(accepted).toEqual({
      id: "item:pick",
      kind: "model",
      status: "generating",
      pack,
      job: `${pack}:model:item:pick`,
      shape: "3d",
      interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
      charged: expect.any(Number),
    });
    const model = json(bytes);
    expect(
      checkBlockModel(model, { minecraftVersion: await packVersion(ts, me.key, pack), textureSlots: "must-resolve" }),
    ).toEqual([]);
    expect(model.elements.length).toBeGreaterThan(1);
    const textures = await modelTextures(ts, me.key, pack, model);
    expect(textures.size).toBeGreaterThan(0);
    for (const [id, img] of textures) {
      expect(id.startsWith(`${pack}:item/`)).toBe(true);
      expect([img.width, img.height]).toEqual([16, 16]);
    }
  });

  test("a 3D reskin of a target already reskinned as 3D is a conflict", async () => {
    expect((await item({ prompt: "ruby", target: "golden_axe", shape: "3d" })).status).toBe(202);
    const before = await credits(ts, me.id);
    const again = await item({ prompt: "ruby", target: "golden_axe", shape: "3d" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    expect(await credits(ts, me.id)).toEqual(before);
  });

  test("an unknown shape is refused", async () => {
    expectRefused(await item({ prompt: "x", shape: "cube" }), /shape/);
  });
});
