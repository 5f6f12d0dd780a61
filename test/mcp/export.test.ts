import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { unzipSync } from "fflate";
import { errorCode, startTestServer, type TestServer } from "../support/server.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { connectMcp, settle, toolErrorCode, toolOk } from "./support.ts";
import { heldSettings, startHeldProvider } from "./provider.ts";

/** export_pack as a tool: builds the zip and answers its size, file count and REST URL, never the bytes. */

let ts: TestServer;
let client: Client;
let rest: string;
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  const a = ts.account("exporter");
  rest = a.key;
  client = await connectMcp(ts, a.mcpKey);
  pack = (await toolOk(client, "create_pack", { name: "Exported", minecraftVersion: "1.21.4" })).pack.slug;
  const jobs = [
    (
      await toolOk(client, "generate_texture", {
        pack,
        prompt: "andesite",
        size: 16,
        mode: "vanilla",
        vanillaTarget: "stone",
        seed: 2,
      })
    ).job,
    (await toolOk(client, "generate_item", { pack, prompt: "ruby", seed: 2 })).job,
    (await toolOk(client, "generate_sound", { pack, prompt: "bell", event: "block.bell.use", seed: 2 })).job,
    (await toolOk(client, "generate_icon", { pack, prompt: "star", name: "star", seed: 2 })).job,
  ];
  for (const s of await settle(client, jobs)) expect(s.status).toBe("ready");
}, 60_000);
afterAll(async () => {
  await client.close();
  await ts.close();
});

async function download(url: string): Promise<Uint8Array> {
  expect(url.startsWith(ts.url + "/v1/")).toBe(true);
  const res = await fetch(url, { headers: { authorization: `Bearer ${rest}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  return new Uint8Array(await res.arrayBuffer());
}

describe("export_pack", () => {
  test("answers size, file count and the REST URL; the download there matches them", async () => {
    const r = await callExport({ pack });
    expect(r).toMatchObject({ pack, minecraftVersion: "1.21.4", url: `${ts.url}/v1/packs/${pack}/export`, leftOut: 0 });
    expect(JSON.stringify(r).length).toBeLessThan(2000); // a summary, not the zip
    const zip = await download(r.url);
    expect(zip.length).toBe(r.sizeBytes);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toHaveLength(r.fileCount);
    expect(JSON.parse(new TextDecoder().decode(files["pack.mcmeta"])).pack).toBeDefined();
    const stone = files["assets/minecraft/textures/block/stone.png"];
    expect(stone).toBeDefined();
    expect(decodePng(stone).width).toBe(16);
    expect(Object.keys(files).some((p) => p.endsWith(".ogg"))).toBe(true);
  });

  test("optimize is passed through and still describes the zip REST serves", async () => {
    const r = await callExport({ pack, optimize: true });
    const zip = await download(`${r.url}?optimize=true`);
    expect(zip.length).toBe(r.sizeBytes);
    expect(Object.keys(unzipSync(zip))).toHaveLength(r.fileCount);
  });

  test("an asset still generating is left out, counted, and in after it finishes", async () => {
    const provider = startHeldProvider();
    const held = await startTestServer(heldSettings(provider));
    try {
      const a = held.account("export-held");
      const c = await connectMcp(held, a.mcpKey);
      const p = (await toolOk(c, "create_pack", { name: "Half Done" })).pack.slug;
      const job = (
        await toolOk(c, "generate_texture", {
          pack: p,
          prompt: "held tuff",
          size: 16,
          mode: "vanilla",
          vanillaTarget: "tuff",
        })
      ).job;
      await provider.arrived("held tuff");
      const before = await toolOk(c, "export_pack", { pack: p });
      expect(before.leftOut).toBe(1);
      provider.open("held tuff");
      await settle(c, [job]);
      const after = await toolOk(c, "export_pack", { pack: p });
      expect(after.leftOut).toBe(0);
      expect(after.fileCount).toBe(before.fileCount + 1);
      await c.close();
    } finally {
      provider.close();
      await held.close();
    }
  }, 30_000);

  test("refusals carry REST's codes", async () => {
    expect(await toolErrorCode(client, "export_pack", { pack: "no-such-pack" })).toBe("not_found");
    expect(await toolErrorCode(client, "export_pack", { pack, optimize: "yes" })).toBe("invalid_request");
    expect(await toolErrorCode(client, "export_pack", {})).toBe("invalid_request");
    expect(await errorCode(await ts.call("GET", `/v1/packs/no-such-pack/export`, { key: rest }))).toBe("not_found");
    expect(await errorCode(await ts.call("GET", `/v1/packs/${pack}/export?optimize=yes`, { key: rest }))).toBe(
      "invalid_request",
    );
  });

  test("a read-only MCP key may export (it only reads)", async () => {
    const a = ts.account("export-readonly");
    const owner = await connectMcp(ts, a.mcpKey);
    const p = (await toolOk(owner, "create_pack", { name: "Read Only Export" })).pack.slug;
    const reader = await connectMcp(ts, ts.key(a.id, "mcp", true));
    expect((await toolOk(reader, "export_pack", { pack: p })).fileCount).toBeGreaterThanOrEqual(1);
    await Promise.all([owner.close(), reader.close()]);
  });
});

async function callExport(args: Record<string, unknown>) {
  const r = await toolOk(client, "export_pack", args);
  expect(typeof r.sizeBytes).toBe("number");
  expect(typeof r.fileCount).toBe("number");
  return r;
}
