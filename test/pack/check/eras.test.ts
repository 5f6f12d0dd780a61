/**
 * Done-when of issue 16: a pack holding one of every generator and every upload type, exported for each
 * supported version era, checks with zero errors. Real generations and uploads over HTTP, real export zips;
 * the pack's version is changed with PATCH between exports. Also: POST /v1/check, the MCP tool and the CLI.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { waitJob } from "../../support/jobs.ts";
import { checkPackZip } from "../../../src/pack/check/index.ts";
import { encodePng } from "../../../src/media/png.ts";
import { cli } from "../../support/cli.ts";
import { callTool, connectMcp, okOf } from "../../support/mcp.ts";

const ERAS = ["1.8.9", "1.12.2", "1.16.5", "1.20.1", "1.20.4", "1.21.1", "1.21.4", "1.21.11", "26.3"];

let server: TestServer;
let key: string;
let mcpKey: string;
let slug: string;
const zips = new Map<string, Uint8Array>();
const dir = mkdtempSync(join(tmpdir(), "packsmith-check-"));

const png = (w: number, h: number, seed = 1) => {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i * seed) & 255, (i * 3 + seed) & 255, 120, 255], i);
  return encodePng({ width: w, height: h, data });
};
const b64 = (bytes: Uint8Array) => ({ base64: Buffer.from(bytes).toString("base64") });

async function post(path: string, body: unknown, status = 202): Promise<any> {
  const res = await server.call("POST", path, { key, body });
  if (res.status !== status) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function settle(jobs: string[]): Promise<void> {
  for (const job of jobs) {
    const done = await waitJob(server, key, job, 60_000);
    if (done.status !== "ready") throw new Error(`${job} failed: ${done.error}`);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  ({ key, mcpKey } = await server.account("checker", { credits: 1000 }));
  slug = (await post("/v1/packs", { name: "Every Kind", minecraftVersion: "1.21.11" }, 201)).pack.slug;
  const p = `/v1/packs/${slug}`;
  const gen = [
    ["textures", { prompt: "mossy cobblestone", size: 16, mode: "vanilla", vanillaTarget: "cobblestone", seed: 1 }],
    [
      "textures",
      { prompt: "birch bark top", size: 16, mode: "vanilla", vanillaTarget: "oak_log", faceSlot: "top", seed: 2 },
    ],
    ["textures", { prompt: "marble", size: 16, mode: "custom", description: "marble", seed: 3 }],
    ["items", { prompt: "ruby gem", name: "ruby", seed: 3 }],
    ["items", { prompt: "golden sword", target: "iron_sword", seed: 4 }],
    ["items", { prompt: "magic wand", name: "wand", shape: "3d", seed: 5 }],
    ["icons", { prompt: "gold coin", name: "coin", seed: 6 }],
    ["guis", { prompt: "oak planks", target: "furnace", seed: 7 }],
    ["huds", { prompt: "ice crystals", seed: 8 }],
    ["sounds", { prompt: "stone crack", event: "block.stone.break", seed: 9 }],
    ["sounds", { prompt: "coin chime", event: "fx:coin.pickup", seed: 10 }],
    ["models", { prompt: "wooden table", carrierKind: "full", carrierBlockId: "crafting_table", seed: 11 }],
    ["models", { prompt: "iron lantern", seed: 12 }],
  ] as const;
  const jobs: string[] = [];
  for (const [kind, body] of gen) jobs.push((await post(`${p}/${kind}`, body)).job);
  await settle(jobs);
  const ogg = new Uint8Array(
    await (await server.call("GET", `${p}/assets/sound/block.stone.break`, { key })).arrayBuffer(),
  );
  const uploads = [
    { type: "block", name: "granite", target: "granite", file: b64(png(16, 16, 2)) },
    { type: "item", name: "amber", file: b64(png(16, 16, 3)) },
    { type: "icon", name: "star", file: b64(png(9, 9, 4)) },
    { type: "gui", target: "generic_54", file: b64(png(256, 256, 5)) },
    { type: "hud", name: "hearts", file: b64(png(256, 512, 6)) },
    { type: "armor", target: "iron", file: b64(png(64, 32, 7)) },
    { type: "sound", name: "chime", event: "fx:chime", file: b64(ogg) },
    {
      type: "model",
      name: "crate",
      file: {
        text: JSON.stringify({
          textures: { side: "minecraft:block/oak_planks" },
          elements: [
            { from: [2, 0, 2], to: [14, 12, 14], faces: { north: { texture: "#side" }, up: { texture: "#side" } } },
          ],
        }),
      },
    },
  ];
  for (const body of uploads) await post(`${p}/assets`, body, 201);
  for (const version of ERAS) {
    const res = await server.call("PATCH", p, { key, body: { minecraftVersion: version } });
    expect(res.status).toBe(200);
    const zip = await server.call("GET", `${p}/export`, { key });
    expect(zip.status).toBe(200);
    zips.set(version, new Uint8Array(await zip.arrayBuffer()));
  }
}, 180_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("every kind, exported for each era, checks clean", () => {
  for (const version of ERAS)
    test(version, () => {
      const r = checkPackZip(zips.get(version)!, { version });
      expect(r.version).toBe(version);
      expect(r.errors).toEqual([]);
      expect(r.files).toBeGreaterThan(5);
    });
});

test("POST /v1/check answers the same report, free, for a file sent inline", async () => {
  const bytes = zips.get("1.20.1")!;
  const res = await server.call("POST", "/v1/check", { key, body: { file: b64(bytes), minecraftVersion: "1.20.1" } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual(checkPackZip(bytes, { version: "1.20.1" }));
  const bad = await server.call("POST", "/v1/check", { key, body: { file: b64(bytes), minecraftVersion: "2.0" } });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as any).error.code).toBe("invalid_request");
  const notZip = await server.call("POST", "/v1/check", { key, body: { file: { text: "hello" } } });
  expect(((await notZip.json()) as any).error.code).toBe("not_a_pack");
});

test("the MCP tool check_pack answers what REST answers", async () => {
  const client = await connectMcp(server, mcpKey);
  try {
    const bytes = zips.get("1.21.4")!;
    const got = okOf(await callTool(client, "check_pack", { file: b64(bytes) }));
    expect(got).toEqual(checkPackZip(bytes));
  } finally {
    await client.close();
  }
});

test("packsmith check: exit 0 on a clean export, 1 on a broken pack, 2 on a file that is not a pack", async () => {
  const clean = join(dir, "clean.zip");
  writeFileSync(clean, zips.get("1.12.2")!);
  const ok = await cli(dir, "check", clean, "--version", "1.12.2");
  expect(ok.code).toBe(0);
  expect(ok.stdout).toMatch(/checked for 1\.12\.2 \(--version\): 0 errors/);
  const { zipSync } = await import("fflate");
  const broken = join(dir, "broken.zip");
  writeFileSync(
    broken,
    zipSync({
      "pack.mcmeta": new TextEncoder().encode('{"pack":{"pack_format":34,"description":"x"}}'),
      "assets/demo/blockstates/x.json": new TextEncoder().encode('{"variants":{"":{"model":"demo:block/x"}}}'),
    }),
  );
  const bad = await cli(dir, "check", broken, "--json");
  expect(bad.code).toBe(1);
  expect(JSON.parse(bad.stdout).errors[0].rule).toBe("blockstate.model-missing");
  const text = join(dir, "note.txt");
  writeFileSync(text, "not a zip");
  expect((await cli(dir, "check", text)).code).toBe(2);
});

test("an import's job reports the problems the pack already had (the checker's findings at its version)", async () => {
  const { zipSync } = await import("fflate");
  const enc = new TextEncoder();
  const bytes = zipSync({
    "pack.mcmeta": enc.encode('{"pack":{"pack_format":34,"description":"broken on arrival"}}'),
    "assets/demo/textures/block/ok.png": encodePng({
      width: 16,
      height: 16,
      data: new Uint8Array(16 * 16 * 4).fill(200),
    }),
    "assets/demo/blockstates/ok.json": enc.encode('{"variants":{"":{"model":"demo:block/gone"}}}'),
  });
  const res = await server.call("POST", "/v1/imports", { key, body: { file: b64(bytes) } });
  expect(res.status).toBe(202);
  const { job } = (await res.json()) as any;
  await settle([job]);
  const view = (await (await server.call("GET", `/v1/jobs/${encodeURIComponent(job)}`, { key })).json()) as any;
  expect(view.import.problems.errors).toBe(1);
  expect(view.import.problems.findings).toEqual([
    {
      level: "error",
      rule: "blockstate.model-missing",
      path: "assets/demo/blockstates/ok.json",
      message: expect.stringContaining("demo:block/gone"),
    },
  ]);
});
