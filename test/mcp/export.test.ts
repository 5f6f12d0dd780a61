import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { unzipSync } from "fflate";
import { errorCode, startTestServer, type TestServer } from "../support/server.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { connectMcp, settle, toolErrorCode, toolOk } from "../support/mcp.ts";
import { heldSettings, startHeldProvider } from "./provider.ts";
import { signPath } from "../../src/core/signed-urls.ts";
import { revokeKey } from "../../src/core/keys.ts";

/** export_pack as a tool: builds the zip and answers its size, file count and REST URL, never the bytes. */

let ts: TestServer;
let client: Client;
let rest: string;
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  const a = await ts.account("exporter");
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

/** The signed link needs no key at all: an agent holding only an MCP key downloads its own pack. */
async function download(url: string): Promise<Uint8Array> {
  expect(url.startsWith(ts.url + "/v1/")).toBe(true);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  return new Uint8Array(await res.arrayBuffer());
}

describe("export_pack", () => {
  test("answers size, file count and a signed link; the download there, with no key, matches them", async () => {
    const r = await callExport({ pack });
    expect(r).toMatchObject({ pack, minecraftVersion: "1.21.4", leftOut: 0 });
    expect(r.url).toMatch(new RegExp(`^${ts.url}/v1/packs/${pack}/export\\?token=[^.]+\\.\\d+\\.[\\w-]+$`));
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
    expect(r.url).toContain("?optimize=true&token=");
    const zip = await download(r.url);
    expect(zip.length).toBe(r.sizeBytes);
    expect(Object.keys(unzipSync(zip))).toHaveLength(r.fileCount);
  });

  test("an asset still generating is left out, counted, and in after it finishes", async () => {
    const provider = startHeldProvider();
    const held = await startTestServer(heldSettings(provider));
    try {
      const a = await held.account("export-held");
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
    const a = await ts.account("export-readonly");
    const owner = await connectMcp(ts, a.mcpKey);
    const p = (await toolOk(owner, "create_pack", { name: "Read Only Export" })).pack.slug;
    const reader = await connectMcp(ts, await ts.key(a.id, "mcp", true));
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

describe("signed download links", () => {
  test("a tampered, expired or revoked link is refused with invalid_api_key; the pack's own key still works", async () => {
    const r = await callExport({ pack });
    const url = new URL(r.url);
    const token = url.searchParams.get("token")!;
    const status = async (u: string) => {
      const res = await fetch(u);
      return { status: res.status, code: res.status === 200 ? null : ((await res.json()) as any).error.code };
    };
    // Another path (optimize added) with this token: the signature covers the query.
    expect(await status(`${ts.url}/v1/packs/${pack}/export?optimize=true&token=${token}`)).toEqual({
      status: 401,
      code: "invalid_api_key",
    });
    const [id, exp, sig] = token.split(".");
    expect((await status(`${ts.url}/v1/packs/${pack}/export?token=${id}.${Number(exp) + 60}.${sig}`)).status).toBe(401);
    expect((await status(`${ts.url}/v1/packs/${pack}/export?token=${id}.${exp}.${sig.slice(1)}x`)).status).toBe(401);
    // Expired: a link signed an hour and a minute ago.
    const old = await signPath(ts.svc.db, ts.dataDir, `/v1/packs/${pack}/export`, id, 3600, Date.now() - 3_660_000);
    expect(await status(`${ts.url}${old}`)).toEqual({ status: 401, code: "invalid_api_key" });
    expect((await status(r.url)).status).toBe(200);
  });
});

test("a link made with a key that is then revoked stops working", async () => {
  const a = await ts.account("export-revoked");
  const mcp = await ts.key(a.id, "mcp");
  const c = await connectMcp(ts, mcp);
  try {
    const p = (await toolOk(c, "create_pack", { name: "Revoked Link" })).pack.slug;
    const { url } = await toolOk(c, "export_pack", { pack: p });
    expect((await fetch(url)).status).toBe(200);
    const keyId = new URL(url).searchParams.get("token")!.split(".")[0];
    await revokeKey(ts.svc.db, keyId);
    const res = await fetch(url);
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error.message).toMatch(/revoked/);
  } finally {
    await c.close();
  }
});
