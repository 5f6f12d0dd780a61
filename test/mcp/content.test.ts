import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorCode, startTestServer, type TestServer } from "../support/server.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { decodeOggVorbis } from "../../src/media/ogg.ts";
import { callTool, connectMcp, errorOf, settle, toolOk } from "../support/mcp.ts";
import { heldSettings, startHeldProvider, type HeldProvider } from "./provider.ts";

/** get_asset_file answers agent-shaped content: PNG images, Ogg audio, model JSON text; the bytes are REST's. */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let ts: TestServer;
let client: Client;
let rest: string;
let pack: string;
const ids: Record<string, { kind: string; name: string }> = {};

async function restBytes(kind: string, name: string): Promise<Uint8Array<ArrayBuffer>> {
  const res = await ts.call("GET", `/v1/packs/${pack}/assets/${kind}/${encodeURIComponent(name)}`, { key: rest });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The one content block of a get_asset_file answer, checked for shape. */
function only(result: CallToolResult, type: "text" | "image" | "audio"): any {
  expect(result.isError).toBeFalsy();
  expect(result.content).toHaveLength(1);
  expect(result.content[0].type).toBe(type);
  return result.content[0];
}

async function image(kind: string, name: string) {
  const block = only(await callTool(client, "get_asset_file", { pack, kind, name }), "image");
  expect(block.mimeType).toBe("image/png");
  const bytes = new Uint8Array(Buffer.from(block.data, "base64"));
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes).toEqual(await restBytes(kind, name));
  return decodePng(bytes);
}

beforeAll(async () => {
  ts = await startTestServer();
  const a = await ts.account("content");
  rest = a.key;
  client = await connectMcp(ts, a.mcpKey);
  pack = (await toolOk(client, "create_pack", { name: "Content" })).pack.slug;
  const calls: [string, string, Record<string, unknown>][] = [
    [
      "block",
      "generate_texture",
      { prompt: "polished granite", size: 32, mode: "custom", description: "granite tiles" },
    ],
    ["sprite", "generate_item", { prompt: "emerald dagger", size: 16 }],
    ["gui", "generate_gui", { prompt: "birch wood", target: "generic_54" }],
    ["icon", "generate_icon", { prompt: "gold coin", name: "coin", height: 12 }],
    ["sound", "generate_sound", { prompt: "glass break", event: "block.glass.break", durationSeconds: 0.6 }],
    ["model", "generate_model", { prompt: "stone lantern" }],
    ["item3d", "generate_item", { prompt: "crystal staff", shape: "3d" }],
  ];
  const jobs: string[] = [];
  for (const [label, tool, args] of calls) {
    const accepted = await toolOk(client, tool, { pack, seed: 11, ...args });
    ids[label] = { kind: accepted.kind, name: accepted.id };
    jobs.push(accepted.job);
  }
  for (const s of await settle(client, jobs)) expect(s.status).toBe("ready");
}, 60_000);
afterAll(async () => {
  await client.close();
  await ts.close();
});

describe("images come back as PNG image content", () => {
  test("a block texture at its requested size", async () => {
    const png = await image(ids.block.kind, ids.block.name);
    expect([png.width, png.height]).toEqual([32, 32]);
    expect(png.data.some((v, i) => i % 4 === 3 && v === 255)).toBe(true);
  });

  test("an item sprite, a GUI sheet and a font icon", async () => {
    const sprite = await image(ids.sprite.kind, ids.sprite.name);
    expect(ids.sprite.name.startsWith("item:")).toBe(true);
    expect([sprite.width, sprite.height]).toEqual([16, 16]);
    const gui = await image(ids.gui.kind, ids.gui.name);
    expect(ids.gui.name).toBe("gui:generic_54");
    expect([gui.width, gui.height]).toEqual([256, 256]);
    expect(ids.icon.kind).toBe("font");
    const icon = await image("font", ids.icon.name);
    expect(icon.height).toBe(12);
    expect(icon.width).toBeGreaterThan(0);
  });

  test("a model's own texture is an image too", async () => {
    const listed = await toolOk(client, "list_assets", { pack, kind: "texture", limit: 200 });
    const own = listed.assets.find((a: any) => a.name.startsWith(`model:${ids.model.name}`));
    expect(own).toBeDefined();
    const png = await image("texture", own.name);
    expect(png.width).toBeGreaterThanOrEqual(16);
  });
});

describe("sounds come back as Ogg audio content", () => {
  test("decodes to mono 44.1 kHz audio of the requested length, the same bytes as REST", async () => {
    const block = only(
      await callTool(client, "get_asset_file", { pack, kind: "sound", name: ids.sound.name }),
      "audio",
    );
    expect(block.mimeType).toBe("audio/ogg");
    const bytes = new Uint8Array(Buffer.from(block.data, "base64"));
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("OggS");
    expect(bytes).toEqual(await restBytes("sound", ids.sound.name));
    const audio = await decodeOggVorbis(bytes);
    expect(audio.sampleRate).toBe(44100);
    expect(audio.channels).toHaveLength(1);
    expect(audio.durationSeconds).toBeGreaterThan(0.5);
    expect(audio.durationSeconds).toBeLessThan(0.7);
    expect(audio.channels[0].some((s) => Math.abs(s) > 0.01)).toBe(true);
  });
});

describe("models come back as JSON text", () => {
  for (const label of ["model", "item3d"]) {
    test(`${label}: the model JSON, parseable, with elements and textures, equal to REST's bytes`, async () => {
      const { kind, name } = ids[label];
      expect(kind).toBe("model");
      const block = only(await callTool(client, "get_asset_file", { pack, kind, name }), "text");
      expect(block.text).toBe(new TextDecoder().decode(await restBytes(kind, name)));
      const model = JSON.parse(block.text);
      expect(Array.isArray(model.elements)).toBe(true);
      expect(model.elements.length).toBeGreaterThan(0);
      expect(Object.keys(model.textures ?? {}).length).toBeGreaterThan(0);
    });
  }
});

describe("unfinished and unknown assets are tool errors with REST's codes", () => {
  test("not_found for an unknown name or pack, invalid_request for a bad kind", async () => {
    expect(
      errorOf(await callTool(client, "get_asset_file", { pack, kind: "texture", name: "nothing_here" })).code,
    ).toBe("not_found");
    expect(
      errorOf(await callTool(client, "get_asset_file", { pack: "no-such-pack", kind: "texture", name: "x" })).code,
    ).toBe("not_found");
    const bad = errorOf(await callTool(client, "get_asset_file", { pack, kind: "shader", name: "x" }));
    expect(bad.code).toBe("invalid_request");
    expect(bad.message).toContain("kind");
  });

  describe("with a provider the test holds", () => {
    let provider: HeldProvider;
    let held: TestServer;
    beforeAll(async () => {
      provider = startHeldProvider();
      held = await startTestServer(heldSettings(provider));
    });
    afterAll(async () => {
      provider.close();
      await held.close();
    });

    test("still_generating while the job runs, generation_failed after it fails; REST agrees", async () => {
      const a = await held.account("held-content");
      const c = await connectMcp(held, a.mcpKey);
      const p = (await toolOk(c, "create_pack", { name: "Held" })).pack.slug;
      const args = { pack: p, prompt: "slow basalt", size: 16, mode: "custom", description: "basalt" };
      const accepted = await toolOk(c, "generate_texture", args);
      await provider.arrived("slow basalt");
      const file = { pack: p, kind: "texture", name: accepted.id };
      const running = errorOf(await callTool(c, "get_asset_file", file));
      expect(running.code).toBe("still_generating");
      expect(running.message).toContain(accepted.job);
      const restPath = `/v1/packs/${p}/assets/texture/${accepted.id}`;
      expect(await errorCode(await held.call("GET", restPath, { key: a.key }))).toBe("still_generating");
      provider.open("slow basalt", "fail");
      const [state] = await settle(c, [accepted.job]);
      expect(state.status).toBe("error");
      expect(state.error).toContain("500");
      expect(errorOf(await callTool(c, "get_asset_file", file)).code).toBe("generation_failed");
      expect(await errorCode(await held.call("GET", restPath, { key: a.key }))).toBe("generation_failed");
      await c.close();
    }, 30_000);
  });
});
