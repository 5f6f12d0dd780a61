/**
 * GET /v1/packs/{pack}/assets with `q` and `status` over real HTTP: what they find (checked against the
 * seeded rows), their bounds (q up to 100 characters; status one of generating, ready, error) with the
 * error code and a message that names the rule, and a stale run found as an error.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { fillPack, seededRow } from "../../support/asset-rows.ts";
import { SEARCH_MAX } from "../../../src/ops/schemas.ts";
import { connectMcp, toolErrorCode, toolOk } from "../../support/mcp.ts";

const N = 2000;
let ts: TestServer;
let key = "";
let mcpKey = "";
let slug = "";

beforeAll(async () => {
  ts = await startTestServer();
  const filled = await fillPack(ts.svc.db, N);
  slug = filled.slug;
  key = await ts.key(filled.ownerId);
  mcpKey = await ts.key(filled.ownerId, "mcp");
});
afterAll(() => ts.close());

async function names(query: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: number | null = null;
  do {
    const res = await ts.call(
      "GET",
      `/v1/packs/${slug}/assets?${query}&limit=200${cursor === null ? "" : `&cursor=${cursor}`}`,
      { key },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    out.push(...body.assets.map((a: any) => a.name));
    cursor = body.nextCursor;
  } while (cursor !== null);
  return out;
}

const seeded = (keep: (r: ReturnType<typeof seededRow>) => boolean) =>
  Array.from({ length: N }, (_, i) => seededRow(i))
    .filter(keep)
    .map((r) => r.name);

async function refusal(query: string): Promise<{ status: number; code: string; message: string }> {
  const res = await ts.call("GET", `/v1/packs/${slug}/assets?${query}`, { key });
  const body = (await res.json()) as any;
  return { status: res.status, code: body.error?.code, message: body.error?.message };
}

describe("finding assets over REST", () => {
  test("q: substring of the name, any case, URL-encoded wildcards taken literally", async () => {
    expect(await names("q=Diamond_SWORD")).toEqual(seeded((r) => r.name.includes("diamond_sword")));
    expect(await names(`q=${encodeURIComponent("100%_")}`)).toEqual(seeded((r) => r.name.includes("100%_")));
    expect(await names("q=")).toHaveLength(N);
  });

  test("status=error lists every failed asset, with a stale run among them", async () => {
    const stale = seeded((r) => r.status === "generating")[0];
    await ts.svc.db.run("UPDATE assets SET touched_at = 0 WHERE name = ?", [stale]);
    const errors = await names("status=error");
    expect(errors).toEqual(seeded((r) => r.status === "error" || r.name === stale));
    expect(await names("status=generating")).toEqual(seeded((r) => r.status === "generating" && r.name !== stale));
    expect(await names("status=error&kind=model&q=block")).toEqual(
      seeded((r) => (r.status === "error" || r.name === stale) && r.kind === "model"),
    );
  });

  test(`q at ${SEARCH_MAX} characters is taken, one more is refused and changes nothing`, async () => {
    expect(await names(`q=${"x".repeat(SEARCH_MAX)}`)).toEqual([]);
    const r = await refusal(`q=${"x".repeat(SEARCH_MAX + 1)}`);
    expect(r.status).toBe(400);
    expect(r.code).toBe("invalid_request");
    expect(r.message).toContain("q");
    expect(r.message).toContain(String(SEARCH_MAX));
  });

  test("an unknown status is refused with the list of statuses", async () => {
    for (const bad of ["failed", "READY", ""]) {
      const r = await refusal(`status=${bad}`);
      expect(r).toMatchObject({ status: 400, code: "invalid_request" });
      expect(r.message).toContain("generating, ready, error");
    }
  });

  test("MCP list_assets finds the same pages and refuses the same input (one operation definition)", async () => {
    const client = await connectMcp(ts, mcpKey);
    try {
      for (const args of [
        { q: "iron_ingot" },
        { q: "ITEM:RUBY", limit: 7 },
        { status: "error", kind: "model" },
        { status: "ready", q: "sfx.", cursor: 500, limit: 20 },
      ]) {
        const query = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
        const rest = (await (await ts.call("GET", `/v1/packs/${slug}/assets?${query}`, { key })).json()) as any;
        const tool = await toolOk(client, "list_assets", { pack: slug, ...args });
        expect(rest.assets.length).toBeGreaterThan(0);
        expect(tool).toEqual(rest);
      }
      expect(await toolErrorCode(client, "list_assets", { pack: slug, q: "x".repeat(SEARCH_MAX + 1) })).toBe(
        "invalid_request",
      );
      expect(await toolErrorCode(client, "list_assets", { pack: slug, status: "failed" })).toBe("invalid_request");
    } finally {
      await client.close();
    }
  });
});
