import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { errorCode, startTestServer, type TestServer } from "../support/server.ts";
import { OPERATIONS } from "../../src/ops/index.ts";
import { isRest } from "../../src/ops/types.ts";
import { GUI_TARGETS } from "../../src/gen/gui.ts";
import { SOUND_CATEGORIES } from "../../src/pack/sound-event.ts";
import { connectMcp, settle, toolErrorCode, toolOk } from "../support/mcp.ts";

/** The tool list (names, schemas, descriptions, switches) and one ordinary call of every tool. */

const EXPECTED = [
  "list_packs",
  "create_pack",
  "get_pack",
  "list_assets",
  "get_asset_file",
  "export_pack",
  "generate_texture",
  "generate_model",
  "generate_item",
  "generate_gui",
  "generate_hud",
  "generate_icon",
  "generate_sound",
  "edit_asset",
  "get_job",
  "wait_for_job",
  // Beyond the spec's list: an imported pack's kept files (issue 12).
  "list_pack_files",
  "delete_pack_file",
  // The generators' vocabulary (issue 11).
  "get_vocabulary",
  // Editing packs (issue 12).
  "update_pack",
  "delete_pack",
  "delete_asset",
  "publish_pack",
  "merge_pack",
  "create_polymath_token",
  "list_polymath_tokens",
  "revoke_polymath_token",
  "list_published_builds",
  "unpublish_build",
  "get_account",
  // The pack checker and the game's own names (issue 16, issue 14).
  "check_pack",
  "list_vanilla_names",
];
/** export_pack is being built elsewhere; until it is in the operation table it cannot be a tool. */
const EXPORT_LANDED = OPERATIONS.some((op) => op.name === "export_pack");
const expectedNow = EXPECTED.filter((n) => n !== "export_pack" || EXPORT_LANDED);

let ts: TestServer;
let client: Client;
let tools: any[];
const tool = (name: string) => tools.find((t) => t.name === name)!;
const enumOf = (schema: any) => schema.anyOf.map((s: any) => s.const);

beforeAll(async () => {
  ts = await startTestServer();
  client = await connectMcp(ts, (await ts.account("lister")).mcpKey);
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client.close();
  await ts.close();
});

describe("tool list", () => {
  test("exactly the expected tools: one per REST operation plus wait_for_job, no uploads, style guide or origin", () => {
    expect(tools.map((t) => t.name).sort()).toEqual([...expectedNow].sort());
  });

  test("every tool's input schema equals its REST twin's arguments in the OpenAPI document", async () => {
    const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
    // REST names its shared schemas under components (clients get types); the tool inlines them.
    const inline = (v: any): any =>
      Array.isArray(v)
        ? v.map(inline)
        : v && typeof v === "object"
          ? v.$ref
            ? inline(doc.components.schemas[v.$ref.split("/").pop()])
            : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inline(x)]))
          : v;
    for (const t of tools.filter((t) => t.name !== "wait_for_job")) {
      const op = OPERATIONS.filter(isRest).find((o) => o.name === t.name)!;
      const rest = doc.paths["/v1" + op.path][op.method.toLowerCase()];
      expect(rest.operationId).toBe(t.name);
      const restProps: Record<string, unknown> = {
        ...(rest.requestBody?.content["application/json"].schema.properties ?? {}),
      };
      const restRequired = new Set<string>(rest.requestBody?.content["application/json"].schema.required ?? []);
      for (const p of rest.parameters) {
        restProps[p.name] = p.schema;
        if (p.required) restRequired.add(p.name);
      }
      expect(t.inputSchema.type).toBe("object");
      expect(t.inputSchema.additionalProperties).toBe(false);
      expect(t.inputSchema.properties).toEqual(inline(restProps));
      expect(new Set(t.inputSchema.required ?? [])).toEqual(restRequired);
    }
  });

  test("bounds are in the schemas: sizes, page limits, lengths, heights, seeds", () => {
    const tex = tool("generate_texture").inputSchema;
    expect(tex.properties.size).toMatchObject({ type: "integer", minimum: 16, maximum: 128 });
    expect(tex.required).toEqual(expect.arrayContaining(["pack", "prompt", "size", "mode"]));
    expect(tex.properties.prompt).toMatchObject({ type: "string", minLength: 1, maxLength: 1000 });
    expect(tex.properties.seed).toMatchObject({ type: "integer", minimum: 0, maximum: 4294967295 });
    const list = tool("list_assets").inputSchema;
    expect(list.properties.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 200 });
    expect(list.properties.cursor).toMatchObject({ type: "integer", minimum: 0 });
    expect(list.required).toEqual(["pack"]);
    expect(tool("create_pack").inputSchema.properties.name).toMatchObject({ minLength: 1, maxLength: 100 });
    expect(tool("generate_icon").inputSchema.properties.height).toMatchObject({
      type: "integer",
      minimum: 5,
      maximum: 32,
    });
    expect(tool("generate_item").inputSchema.properties.size).toMatchObject({ minimum: 16, maximum: 128 });
    expect(tool("generate_sound").inputSchema.properties.durationSeconds).toMatchObject({
      type: "number",
      minimum: 0.1,
      maximum: 10,
    });
    expect(tool("get_pack").inputSchema.properties.pack).toMatchObject({ minLength: 1, maxLength: 64 });
  });

  test("enums are in the schemas", () => {
    expect(enumOf(tool("generate_texture").inputSchema.properties.mode)).toEqual(["vanilla", "custom"]);
    expect(enumOf(tool("generate_texture").inputSchema.properties.faceSlot)).toEqual(["top", "bottom", "side"]);
    expect(enumOf(tool("list_assets").inputSchema.properties.kind)).toEqual(["texture", "model", "font", "sound"]);
    expect(enumOf(tool("get_asset_file").inputSchema.properties.kind)).toEqual(["texture", "model", "font", "sound"]);
    expect(enumOf(tool("generate_item").inputSchema.properties.shape)).toEqual(["sprite", "3d"]);
    expect(enumOf(tool("generate_model").inputSchema.properties.carrierKind)).toEqual(["item", "full", "partial"]);
    expect(enumOf(tool("generate_gui").inputSchema.properties.target)).toEqual([...GUI_TARGETS]);
    expect(enumOf(tool("generate_sound").inputSchema.properties.category)).toEqual([...SOUND_CATEGORIES]);
  });

  test("wait_for_job documents its handles and its timeout's default and maximum", () => {
    const w = tool("wait_for_job");
    const { waitDefaultSeconds, waitMaxSeconds } = ts.svc.config.mcp;
    expect(w.inputSchema.required).toEqual(["jobs"]);
    expect(w.inputSchema.properties.jobs).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 50,
      items: { type: "string" },
    });
    expect(w.inputSchema.properties.timeoutSeconds).toMatchObject({ minimum: 1, maximum: waitMaxSeconds });
    expect(w.inputSchema.properties.timeoutSeconds.description).toContain(`default ${waitDefaultSeconds}`);
    expect(w.inputSchema.properties.timeoutSeconds.description).toContain(`${waitMaxSeconds}`);
  });

  test("descriptions are written for an agent: what it costs, and (but for the last step) what to call next", () => {
    const short = tools.filter((t) => t.description.length < 60).map((t) => t.name);
    const noCost = tools.filter((t) => !/\bfree\b|\bcosts?\b|credits?/i.test(t.description)).map((t) => t.name);
    // get_asset_file is where a flow ends; every other tool names the tool to call after it.
    const noNext = tools
      .filter((t) => t.name !== "get_asset_file" && !EXPECTED.some((n) => n !== t.name && t.description.includes(n)))
      .map((t) => t.name);
    expect({ short, noCost, noNext }).toEqual({ short: [], noCost: [], noNext: [] });
    for (const t of tools.filter((t) => t.name.startsWith("generate_")))
      expect(t.description).toContain("wait_for_job");
  });

  test("read tools are marked read-only, writers are not", () => {
    for (const t of tools) {
      // export_pack only builds and measures the zip as a tool; nothing is stored or registered.
      const reads =
        t.name.startsWith("list_") ||
        t.name.startsWith("get_") ||
        t.name === "wait_for_job" ||
        t.name === "export_pack" ||
        t.name === "check_pack";
      expect(t.annotations?.readOnlyHint).toBe(reads);
    }
  });

  test("a switched-off feature leaves the list and answers unavailable on both faces", async () => {
    const off = await startTestServer({ disable: "generate_sound,wait_for_job" });
    try {
      const a = await off.account("switched");
      const c = await connectMcp(off, a.mcpKey);
      const names = (await c.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain("generate_sound");
      expect(names).not.toContain("wait_for_job");
      expect(names).toContain("generate_texture");
      const pack = (await toolOk(c, "create_pack", { name: "Quiet" })).pack.slug;
      expect(await toolErrorCode(c, "generate_sound", { pack, prompt: "boom", event: "entity.generic.explode" })).toBe(
        "unavailable",
      );
      expect(await toolErrorCode(c, "wait_for_job", { jobs: [`${pack}:sound:x`] })).toBe("unavailable");
      const rest = await off.call("POST", `/v1/packs/${pack}/sounds`, {
        key: a.key,
        body: { prompt: "boom", event: "entity.generic.explode" },
      });
      expect(rest.status).toBe(503);
      expect(await errorCode(rest)).toBe("unavailable");
      await c.close();
    } finally {
      await off.close();
    }
  }, 30_000);
});

describe("each tool, called as an agent would", () => {
  test("create_pack, list_packs, get_pack", async () => {
    const made = await toolOk(client, "create_pack", { name: "Agent Pack", minecraftVersion: "1.20.1" });
    expect(made.pack).toMatchObject({
      name: "Agent Pack",
      minecraftVersion: "1.20.1",
      role: "owner",
      assetCounts: { textures: 0, models: 0, icons: 0, sounds: 0 },
    });
    const listed = await toolOk(client, "list_packs");
    expect(listed.packs.map((p: any) => p.slug)).toContain(made.pack.slug);
    const got = await toolOk(client, "get_pack", { pack: made.pack.slug });
    expect(got.pack.slug).toBe(made.pack.slug);
    expect(typeof got.pack.minVersion).toBe("string");
    expect(await toolErrorCode(client, "create_pack", { name: "x".repeat(101) })).toBe("invalid_request");
    expect(await toolErrorCode(client, "create_pack", { name: "Old", minecraftVersion: "0.1" })).toBe(
      "invalid_request",
    );
  });

  test("every generate_* tool accepts, its job settles ready, get_job and list_assets agree", async () => {
    const pack = (await toolOk(client, "create_pack", { name: "Generated" })).pack.slug;
    const calls: [string, Record<string, unknown>, string][] = [
      [
        "generate_texture",
        { prompt: "mossy cobblestone", size: 32, mode: "custom", description: "mossy cobble" },
        "texture",
      ],
      ["generate_texture", { prompt: "dark oak", size: 16, mode: "vanilla", vanillaTarget: "oak_planks" }, "texture"],
      ["generate_model", { prompt: "oak table", carrierKind: "full", carrierBlockId: "oak_planks" }, "model"],
      ["generate_item", { prompt: "ruby sword", target: "diamond_sword" }, "texture"],
      ["generate_item", { prompt: "ruby wand", shape: "3d" }, "model"],
      ["generate_gui", { prompt: "mossy stone", target: "furnace" }, "texture"],
      ["generate_hud", { prompt: "golden" }, "texture"],
      ["generate_icon", { prompt: "red heart", name: "heart", height: 9 }, "font"],
      [
        "generate_sound",
        { prompt: "coin pickup", event: "entity.experience_orb.pickup", category: "player", durationSeconds: 0.5 },
        "sound",
      ],
    ];
    const jobs: string[] = [];
    for (const [name, args, kind] of calls) {
      const accepted = await toolOk(client, name, { pack, seed: 7, ...args });
      expect(accepted).toMatchObject({ status: "generating", pack, kind });
      expect(accepted.job).toBe(`${pack}:${kind}:${accepted.id}`);
      jobs.push(accepted.job);
    }
    const states = await settle(client, jobs);
    expect(states.map((s) => s.job)).toEqual(jobs);
    for (const s of states)
      expect({ job: s.job, status: s.status, error: s.error }).toEqual({ job: s.job, status: "ready", error: null });
    for (const job of jobs) expect(await toolOk(client, "get_job", { job })).toEqual(states[jobs.indexOf(job)]);
    const listed = await toolOk(client, "list_assets", { pack, limit: 200 });
    const ids: string[] = listed.assets.map((a: any) => a.id);
    // Models bring their own textures along as texture assets named model:<model>_<part>.
    expect(ids.filter((id) => !id.startsWith(`${pack}:texture:model:`)).sort()).toEqual([...jobs].sort());
    expect(ids.filter((id) => id.startsWith(`${pack}:texture:model:`)).length).toBeGreaterThan(0);
    expect(listed.nextCursor).toBeNull();
    // A model's own textures belong to the model, not to the pack's texture count.
    const textures = ids.filter(
      (id) => id.startsWith(`${pack}:texture:`) && !id.startsWith(`${pack}:texture:model:`),
    ).length;
    expect((await toolOk(client, "get_pack", { pack })).pack.assetCounts).toEqual({
      textures,
      models: 2,
      icons: 1,
      sounds: 1,
    });
  }, 30_000);

  test("list_assets pages with limit and cursor, and filters by kind", async () => {
    const pack = (await toolOk(client, "create_pack", { name: "Paged" })).pack.slug;
    const jobs: string[] = [];
    for (let i = 0; i < 5; i++)
      jobs.push((await toolOk(client, "generate_icon", { pack, prompt: "star", name: `star ${i}`, seed: i })).job);
    jobs.push(
      (await toolOk(client, "generate_sound", { pack, prompt: "click", event: "packsmith:click", seed: 1 })).job,
    );
    await settle(client, jobs);
    const seen: string[] = [];
    let cursor: number | undefined;
    do {
      const page = await toolOk(client, "list_assets", {
        pack,
        kind: "font",
        limit: 2,
        ...(cursor === undefined ? {} : { cursor }),
      });
      expect(page.assets.length).toBeLessThanOrEqual(2);
      seen.push(...page.assets.map((a: any) => a.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen.sort()).toEqual(jobs.filter((j) => j.includes(":font:")).sort());
    expect(await toolErrorCode(client, "list_assets", { pack, limit: 201 })).toBe("invalid_request");
    expect(await toolErrorCode(client, "list_assets", { pack, limit: 0 })).toBe("invalid_request");
    expect(await toolErrorCode(client, "list_assets", { pack, kind: "shader" })).toBe("invalid_request");
  }, 30_000);
});

test("initialize tells the client the workflow (instructions)", async () => {
  const server = await startTestServer();
  try {
    const { mcpKey } = await server.account("instructed");
    const client = await connectMcp(server, mcpKey);
    const text = client.getInstructions() ?? "";
    for (const tool of [
      "create_pack",
      "wait_for_job",
      "export_pack",
      "list_vanilla_names",
      "get_vocabulary",
      "check_pack",
    ])
      expect(text).toContain(tool);
    await client.close();
  } finally {
    await server.close();
  }
});
