import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack } from "../../support/jobs.ts";
import { expectRefused, generate, makePng } from "../../support/generation.ts";
import { exportPack } from "../../support/exports.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { checkPackZip } from "../../../src/pack/check/index.ts";
import { originHash } from "../../../src/origin/hash.ts";
import { stripFrame } from "../../../src/gen/look/animate.ts";
import { encodePng } from "../../../src/media/png.ts";

let ts: TestServer;
let me: { id: number; key: string };
beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("animator", { credits: 500 });
});
afterAll(() => ts.close());

const lava = (name: string, animation: Record<string, unknown>) => ({
  prompt: "bubbling lava",
  size: 16,
  mode: "custom",
  description: "lava",
  name,
  seed: 3,
  animation,
});

describe("animated textures, items and icons", () => {
  test("a texture: the strip, its frames, its .mcmeta in the export, checked clean, fingerprinted", async () => {
    const pack = await newPack(ts, me.key, "Animated", "1.21.4");
    const made = await makePng(ts, me.key, pack, "textures", lava("lava", { effect: "flow", frames: 4, frametime: 3 }));
    expect([made.img.width, made.img.height]).toEqual([16, 64]);
    const file = (q: string) => ts.call("GET", `/v1/packs/${pack}/assets/texture/lava${q}`, { key: me.key });
    for (let k = 0; k < 4; k++) {
      const res = await file(`?frame=${k}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(encodePng(stripFrame(made.img, k, 16))));
    }
    const big = decodePng(new Uint8Array(await (await file("?frame=1&scale=4")).arrayBuffer()));
    expect([big.width, big.height]).toEqual([64, 64]);
    const past = await file("?frame=4");
    expect(past.status).toBe(400);
    expect(((await past.json()) as any).error.message).toContain("frames 0 to 3");

    const zip = await exportPack(ts, me.key, pack);
    const png = zip.names.find((n) => n.endsWith("/lava.png"))!;
    expect(png).toBeDefined();
    expect(zip.json(`${png}.mcmeta`)).toEqual({ animation: { frametime: 3 } });
    expect(zip.files[png]).toEqual(made.bytes);
    const report = checkPackZip(zip.bytes);
    expect(report.errors).toEqual([]);
    const lookup = await ts.call("POST", "/v1/origin/lookup", {
      body: { hashes: [originHash("lava.png", zip.files[png]).hash] },
    });
    expect(((await lookup.json()) as any).results[0]).toMatchObject({ verdict: "generated", form: "png" });
  });

  test("a still has no frames to pick", async () => {
    const pack = await newPack(ts, me.key, "Still");
    await makePng(ts, me.key, pack, "textures", { ...lava("still", { effect: "flow" }), animation: undefined });
    const res = await ts.call("GET", `/v1/packs/${pack}/assets/texture/still?frame=0`, { key: me.key });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toContain("still picture");
  });

  test("frames 2..32 and frametime 1..200 at the bounds; past them, and spin on a block, refused before any charge", async () => {
    const pack = await newPack(ts, me.key, "Bounds");
    for (const [name, animation] of [
      ["two", { effect: "pulse", frames: 2, frametime: 1 }],
      ["many", { effect: "flicker", frames: 32, frametime: 200, interpolate: true }],
    ] as const) {
      const m = await makePng(ts, me.key, pack, "textures", lava(name, animation));
      expect(m.img.height).toBe(16 * animation.frames);
    }
    const before = await credits(ts, me.id);
    for (const animation of [
      { effect: "pulse", frames: 1 },
      { effect: "pulse", frames: 33 },
      { effect: "pulse", frametime: 0 },
      { effect: "pulse", frametime: 201 },
      { effect: "wobble" },
      { effect: "pulse", speed: 2 },
    ])
      expectRefused(await generate(ts, me.key, pack, "textures", lava("bad", animation)));
    expectRefused(await generate(ts, me.key, pack, "textures", lava("spin", { effect: "spin" })), /spin/);
    expectRefused(
      await generate(ts, me.key, pack, "items", { prompt: "lantern", shape: "3d", animation: { effect: "pulse" } }),
      /sprites/,
    );
    expect(await credits(ts, me.id)).toEqual(before);
  });

  test("an item sprite spins: its strip and .mcmeta go where the item texture goes", async () => {
    const pack = await newPack(ts, me.key, "Coins", "1.21.4");
    const m = await makePng(ts, me.key, pack, "items", {
      prompt: "gold coin",
      name: "coin",
      seed: 1,
      animation: { effect: "spin", frames: 8, interpolate: true },
    });
    expect([m.img.width, m.img.height]).toEqual([16, 128]);
    const zip = await exportPack(ts, me.key, pack);
    const png = zip.names.find((n) => n.endsWith("/coin.png") && n.includes("/textures/"))!;
    expect(zip.json(`${png}.mcmeta`)).toEqual({ animation: { frametime: 2, interpolate: true } });
    expect(checkPackZip(zip.bytes).errors).toEqual([]);
  });

  test("an animated icon needs 1.21.9 (glyphs never animate); there its glyph is the first frame and chat gets the sprite", async () => {
    const old = await newPack(ts, me.key, "Old icons", "1.21.8");
    const before = await credits(ts, me.id);
    const refused = await generate(ts, me.key, old, "icons", {
      prompt: "gold coin",
      name: "coin",
      animation: { effect: "spin" },
    });
    expectRefused(refused, /needs Minecraft 1\.21\.9 or newer/);
    expect(await credits(ts, me.id)).toEqual(before);

    const pack = await newPack(ts, me.key, "New icons", "1.21.9");
    const m = await makePng(ts, me.key, pack, "icons", {
      prompt: "gold coin",
      name: "coin",
      char: "\ue100",
      height: 9,
      seed: 2,
      animation: { effect: "spin", frames: 4 },
    });
    expect(m.img.height).toBe(36);
    const zip = await exportPack(ts, me.key, pack);
    const font = zip.json("assets/minecraft/font/default.json");
    const provider = font.providers.find((p: any) => p.file.endsWith("font/coin.png"));
    expect(provider.chars).toEqual(["\ue100", "\u0000", "\u0000", "\u0000"]);
    const sprite = zip.names.find((n) => n.endsWith("/textures/gui/sprites/icon/coin.png"))!;
    expect(zip.files[sprite]).toEqual(m.bytes);
    expect(zip.json(`${sprite}.mcmeta`).animation.frametime).toBe(2);
    expect(checkPackZip(zip.bytes).errors).toEqual([]);
  });
});
