import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startTestServer, type TestServer } from "../support/server.ts";
import { OPERATIONS } from "../../src/ops/index.ts";
import { isRest, type RestOperation } from "../../src/ops/types.ts";
import { rngFrom } from "../../src/gen/rng.ts";
import { unzipSync } from "fflate";
import { callTool, connectMcp, settle, toolOk } from "../support/mcp.ts";
import { CREATE_PACK, GENERATION_DOMAINS, LIST_ASSETS, casesFor } from "./twin-cases.ts";

/**
 * Property: every tool and its REST twin give the same answer (or the same error code) for the same
 * input. Two servers start identical; one is driven only through MCP, the other only through REST,
 * with the same inputs in the same order, so their states (slugs, asset names, seeded bytes) stay equal
 * and the answers must match exactly apart from timestamps.
 */

interface World {
  ts: TestServer;
  client: Client; // MCP on the MCP world; used on the REST world only to settle jobs
  restKey: string;
}
let mcpWorld: World;
let restWorld: World;
const jobs: string[] = [];
const PACK = "twin";
const FOREIGN = "stranger";

async function world(): Promise<World> {
  const ts = await startTestServer();
  const me = await ts.account("twin", { credits: 100_000 });
  const stranger = await ts.account("stranger", { credits: 10 });
  const client = await connectMcp(ts, me.mcpKey);
  expect((await toolOk(client, "create_pack", { name: "Twin" })).pack.slug).toBe(PACK);
  expect((await ts.call("POST", "/v1/packs", { key: stranger.key, body: { name: "Stranger" } })).status).toBe(201);
  return { ts, client, restKey: me.key };
}

const resolve = (args: Record<string, unknown>, pack: string) =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v === "$pack" ? pack : v === "$foreign" ? FOREIGN : v]));

/** The REST request for a tool call, or null when REST cannot say it (a path part that is not a non-empty string, a GET with a body field). */
function restRequest(
  op: RestOperation,
  args: Record<string, unknown>,
): { method: string; path: string; body?: unknown } | null {
  const pathParams = op.pathParams ?? [];
  const query = op.query ?? [];
  let path = "/v1" + op.path;
  for (const p of pathParams) {
    const v = args[p];
    if (typeof v !== "string" || v === "") return null;
    path = path.replace(`{${p}}`, encodeURIComponent(v));
  }
  const search = new URLSearchParams();
  for (const q of query) {
    const v = args[q];
    if (v === undefined) continue;
    if (typeof v === "object" && v !== null) return null;
    search.set(q, String(v));
  }
  const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !pathParams.includes(k) && !query.includes(k)));
  if (op.method === "GET" && Object.keys(rest).length) return null;
  const qs = search.toString();
  return { method: op.method, path: qs ? `${path}?${qs}` : path, body: op.method === "GET" ? undefined : rest };
}

/** Timestamps legitimately differ between the worlds; everything else must not. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "createdAt" || k === "updatedAt"
          ? "<time>"
          : // A slug that collided takes a random suffix (README): the two worlds differ only there.
            k === "slug" && typeof v === "string"
            ? v.replace(/-[a-z0-9]{6}$/, "-<suffix>")
            : normalise(v),
      ]),
    );
  return value;
}

type Outcome = { error: string } | { ok: unknown };

/** Where two answers first differ (path and both values, cut short), or null when they are equal. */
function firstDifference(a: unknown, b: unknown, path = ""): { at: string; mcp: unknown; rest: unknown } | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference((a as any)[k], (b as any)[k], `${path}/${k}`);
      if (d) return d;
    }
  }
  const cut = (v: unknown) => (typeof v === "string" && v.length > 120 ? v.slice(0, 120) + "…" : v);
  return { at: path || "/", mcp: cut(a), rest: cut(b) };
}

async function viaMcp(name: string, args: Record<string, unknown>): Promise<Outcome> {
  const r: CallToolResult = await callTool(mcpWorld.client, name, args);
  if (r.isError) return { error: (r.structuredContent as any).error.code };
  if (name === "export_pack")
    return {
      ok: { sizeBytes: (r.structuredContent as any).sizeBytes, fileCount: (r.structuredContent as any).fileCount },
    };
  if (name !== "get_asset_file") return { ok: normalise(r.structuredContent) };
  const block = r.content[0] as any;
  return { ok: block.type === "text" ? block.text : `${block.mimeType} ${block.data}` };
}

async function viaRest(op: RestOperation, req: { method: string; path: string; body?: unknown }): Promise<Outcome> {
  const res = await restWorld.ts.call(req.method, req.path, { key: restWorld.restKey, body: req.body });
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok) return { error: ((await res.json()) as any).error.code };
  if (op.name !== "get_asset_file" && op.name !== "export_pack") return { ok: normalise(await res.json()) };
  const bytes = Buffer.from(await res.arrayBuffer());
  // The tool reports the zip REST serves: its size and how many files it holds.
  if (op.name === "export_pack")
    return { ok: { sizeBytes: bytes.length, fileCount: Object.keys(unzipSync(bytes)).length } };
  return { ok: type.startsWith("application/json") ? bytes.toString("utf8") : `${type} ${bytes.toString("base64")}` };
}

/** Runs every case on both faces and returns the mismatches (empty when the property holds). */
async function compare(name: string, cases: Record<string, unknown>[], pack = PACK) {
  const op = OPERATIONS.filter(isRest).find((o) => o.name === name)!;
  const mismatches: unknown[] = [];
  let compared = 0;
  for (const raw of cases) {
    const args = resolve(raw, pack);
    const req = restRequest(op, args);
    if (!req) continue;
    const [m, r] = [await viaMcp(name, args), await viaRest(op, req)];
    compared++;
    const diff = firstDifference(m, r);
    if (diff) mismatches.push({ args, ...diff });
    const job = "ok" in m ? (m.ok as any)?.job : undefined;
    if (typeof job === "string" && name.startsWith("generate_")) jobs.push(job);
  }
  return { mismatches, compared };
}

beforeAll(async () => {
  mcpWorld = await world();
  restWorld = await world();
}, 30_000);
afterAll(async () => {
  for (const w of [mcpWorld, restWorld]) {
    await w.client.close();
    await w.ts.close();
  }
});

describe("every tool answers what its REST twin answers", () => {
  test("create_pack", async () => {
    const { mismatches, compared } = await compare("create_pack", casesFor(CREATE_PACK, rngFrom(1), 20));
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(30);
  }, 30_000);

  for (const [name, domain] of Object.entries(GENERATION_DOMAINS)) {
    test(name, async () => {
      const { mismatches, compared } = await compare(name, casesFor(domain, rngFrom(name.length * 7919), 25));
      expect(mismatches).toEqual([]);
      expect(compared).toBeGreaterThan(30);
    }, 30_000);
  }

  test("jobs settle the same on both servers", async () => {
    expect(jobs.length).toBeGreaterThan(50);
    const [a, b] = [await settle(mcpWorld.client, jobs), await settle(restWorld.client, jobs)];
    expect(normalise(a)).toEqual(normalise(b));
    expect(a.filter((s) => s.status === "ready").length).toBeGreaterThan(50);
  }, 120_000);

  test("list_packs and get_pack", async () => {
    const packs = ((await toolOk(mcpWorld.client, "list_packs")) as any).packs.map((p: any) => p.slug);
    // Slugs both worlds hold (a collided one has a random suffix in each, so it names a pack in one world only).
    const restPacks = (
      (await (await restWorld.ts.call("GET", "/v1/packs", { key: restWorld.restKey })).json()) as any
    ).packs.map((p: any) => p.slug);
    const shared = packs.filter((p: string) => restPacks.includes(p));
    expect(shared.length).toBeGreaterThan(3);
    const gets = [...shared, FOREIGN, "no-such-pack", "a b", "x".repeat(65)].map((pack) => ({ pack }));
    const results = [await compare("list_packs", [{}]), await compare("get_pack", gets)];
    expect(results.flatMap((r) => r.mismatches)).toEqual([]);
    expect(results[1].compared).toBe(gets.length);
  }, 30_000);

  test("list_assets, paging included, over a pack whose rows were made in call order", async () => {
    // A model adds its textures as rows when it finishes, at a moment neither world controls; so paging
    // is compared on a pack without models, where row order is the order of the calls.
    const made = await compare("create_pack", [{ name: "Listing" }]);
    expect(made.mismatches).toEqual([]);
    const fill: [string, Record<string, unknown>][] = [
      ["generate_texture", { ...GENERATION_DOMAINS.generate_texture.base, pack: "$pack" }],
      ["generate_icon", { ...GENERATION_DOMAINS.generate_icon.base }],
      ["generate_sound", { ...GENERATION_DOMAINS.generate_sound.base }],
      ["generate_texture", { ...GENERATION_DOMAINS.generate_texture.base, description: "basalt" }],
      ["generate_gui", { ...GENERATION_DOMAINS.generate_gui.base }],
      ["generate_hud", { ...GENERATION_DOMAINS.generate_hud.base }],
      ["generate_icon", { ...GENERATION_DOMAINS.generate_icon.base, name: "star" }],
    ];
    const before = jobs.length;
    for (const [tool, args] of fill) expect((await compare(tool, [args], "listing")).mismatches).toEqual([]);
    const filled = jobs.splice(before);
    expect(filled).toHaveLength(fill.length);
    await settle(mcpWorld.client, filled);
    await settle(restWorld.client, filled);
    const { mismatches, compared } = await compare("list_assets", casesFor(LIST_ASSETS, rngFrom(5), 40), "listing");
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(40);
  }, 30_000);

  test("list_assets over the big pack holds the same assets in both worlds (order aside)", async () => {
    const all = async (page: (cursor?: number) => Promise<any>) => {
      const out: any[] = [];
      let cursor: number | undefined;
      do {
        const r = await page(cursor);
        out.push(...r.assets);
        cursor = r.nextCursor ?? undefined;
      } while (cursor !== undefined);
      return normalise(out.sort((a, b) => (a.id < b.id ? -1 : 1)));
    };
    const viaTool = await all((cursor) =>
      toolOk(mcpWorld.client, "list_assets", { pack: PACK, limit: 200, ...(cursor === undefined ? {} : { cursor }) }),
    );
    const viaHttp = await all(async (cursor) => {
      const res = await restWorld.ts.call(
        "GET",
        `/v1/packs/${PACK}/assets?limit=200${cursor === undefined ? "" : `&cursor=${cursor}`}`,
        { key: restWorld.restKey },
      );
      return res.json();
    });
    expect((viaTool as any[]).length).toBeGreaterThan(jobs.length);
    expect(viaTool).toEqual(viaHttp);
  }, 30_000);

  test("export_pack: the size and file count it reports are those of the zip REST serves", async () => {
    const cases = [
      { pack: "$pack" },
      { pack: "$pack", optimize: true },
      { pack: "listing", optimize: false },
      { pack: "$pack", optimize: "yes" },
    ];
    cases.push({ pack: "$foreign" }, { pack: "no-such-pack" }, { pack: "x".repeat(65) });
    const { mismatches, compared } = await compare("export_pack", cases);
    expect(mismatches).toEqual([]);
    expect(compared).toBe(cases.length);
  }, 60_000);

  test("get_job over every handle and some that are not", async () => {
    const bad = [
      "nope",
      `${PACK}:texture:nope`,
      `${PACK}:shader:x`,
      "no-such:texture:x",
      `${FOREIGN}:texture:x`,
      `${PACK}:import`,
      "x".repeat(301),
    ];
    const { mismatches, compared } = await compare(
      "get_job",
      [...jobs, ...bad].map((job) => ({ job })),
    );
    expect(mismatches).toEqual([]);
    expect(compared).toBe(jobs.length + bad.length);
  }, 30_000);

  test("get_asset_file over every asset (bytes against content) and wrong names and kinds", async () => {
    const listed = await toolOk(mcpWorld.client, "list_assets", { pack: PACK, limit: 200 });
    let cursor = listed.nextCursor;
    const assets = [...listed.assets];
    while (cursor !== null) {
      const page = await toolOk(mcpWorld.client, "list_assets", { pack: PACK, limit: 200, cursor });
      assets.push(...page.assets);
      cursor = page.nextCursor;
    }
    const cases = assets.flatMap((a: any) => [
      { pack: "$pack", kind: a.kind, name: a.name },
      { pack: "$pack", kind: a.kind === "sound" ? "texture" : "sound", name: a.name },
    ]);
    cases.push(
      { pack: "$pack", kind: "texture", name: "x".repeat(201) },
      { pack: "$pack", kind: "shader", name: "x" },
      { pack: "$foreign", kind: "texture", name: "x" },
    );
    const { mismatches, compared } = await compare("get_asset_file", cases);
    expect(mismatches).toEqual([]);
    expect(compared).toBe(cases.length);
  }, 30_000);
});
