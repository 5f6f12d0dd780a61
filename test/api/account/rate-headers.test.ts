/**
 * RateLimit-Limit, -Remaining, -Reset and -Policy (IETF draft ratelimit-headers) on every answer to a keyed
 * call, REST and MCP, success, refusal, 304 and 429 alike, counting the budget the call was charged to;
 * none on answers to calls without a (valid) key; and the one shared definition in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ "rate-reads": "120", "rate-writes": "30" });
});
afterAll(() => ts.close());

const fields = (res: Response) => ({
  limit: res.headers.get("ratelimit-limit"),
  remaining: res.headers.get("ratelimit-remaining"),
  reset: Number(res.headers.get("ratelimit-reset")),
  policy: res.headers.get("ratelimit-policy"),
});

describe("RateLimit-* answer fields", () => {
  test("reads count down from 120 per 60 s; the reset is within the window", async () => {
    const { key } = await ts.account("counted");
    const first = fields(await ts.call("GET", "/v1/packs", { key }));
    expect(first).toMatchObject({ limit: "120", remaining: "119", policy: "120;w=60" });
    expect(first.reset).toBeGreaterThanOrEqual(1);
    expect(first.reset).toBeLessThanOrEqual(60);
    // A refusal past the key check is counted and says so too.
    const missing = await ts.call("GET", "/v1/packs/no-such-pack", { key });
    expect(missing.status).toBe(404);
    expect(fields(missing)).toMatchObject({ limit: "120", remaining: "118" });
  });

  test("a write answers the write budget; the 31st write is 429 with remaining 0", async () => {
    const { key } = await ts.account("writer");
    const made = await ts.call("POST", "/v1/packs", { key, body: { name: "Headers" } });
    expect(made.status).toBe(201);
    expect(fields(made)).toMatchObject({ limit: "30", remaining: "29", policy: "30;w=60" });
    for (let i = 0; i < 29; i++) await ts.call("POST", "/v1/packs", { key, body: { name: `H ${i}` } });
    const refused = await ts.call("POST", "/v1/packs", { key, body: { name: "one too many" } });
    expect(refused.status).toBe(429);
    const f = fields(refused);
    expect(f).toMatchObject({ limit: "30", remaining: "0" });
    expect(f.reset).toBe(Number(refused.headers.get("retry-after")));
    // Reads keep their own budget and say so.
    expect(fields(await ts.call("GET", "/v1/packs", { key }))).toMatchObject({ limit: "120", remaining: "119" });
  });

  test("a 304 carries them; a call without a valid key carries none", async () => {
    const { key } = await ts.account("etags");
    const slug = ((await (await ts.call("POST", "/v1/packs", { key, body: { name: "Empty" } })).json()) as any).pack
      .slug;
    const etag = (await ts.call("GET", `/v1/packs/${slug}/thumbnails`, { key })).headers.get("etag")!;
    const again = await ts.call("GET", `/v1/packs/${slug}/thumbnails`, { key, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(fields(again)).toMatchObject({ limit: "120", remaining: "118" });
    for (const res of [
      await ts.call("GET", "/v1/packs", { key: "ps_rest_wrong" }),
      await ts.call("GET", "/v1/packs"),
      await ts.call("POST", "/v1/origin/lookup", { body: { hashes: [] } }),
    ])
      expect(res.headers.get("ratelimit-limit")).toBeNull();
  });

  test("MCP: a tool call's answer carries the budget it was charged to", async () => {
    const me = await ts.account("agent");
    const res = await fetch(`${ts.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${me.mcpKey}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "list_packs", arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).result.isError).toBeFalsy();
    expect(fields(res)).toMatchObject({ limit: "120", remaining: "119", policy: "120;w=60" });
    // A request that calls no tool spends nothing and shows the budget as it stands.
    const listed = await fetch(`${ts.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${me.mcpKey}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(listed.status).toBe(200);
    expect(fields(listed)).toMatchObject({ limit: "120", remaining: "119" });
  });

  test("OpenAPI: one shared definition, referenced by every response of every keyed operation but 401", async () => {
    const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
    expect(Object.keys(doc.components.headers).sort()).toEqual([
      "RateLimit-Limit",
      "RateLimit-Policy",
      "RateLimit-Remaining",
      "RateLimit-Reset",
    ]);
    let keyed = 0;
    for (const methods of Object.values(doc.paths) as any[])
      for (const op of Object.values(methods) as any[]) {
        const isKeyed = op.security.some((s: any) => "bearer" in s);
        for (const [status, r] of Object.entries(op.responses) as [string, any][]) {
          if (!isKeyed || status === "401") expect(r.headers).toBeUndefined();
          else expect(r.headers["RateLimit-Remaining"]).toEqual({ $ref: "#/components/headers/RateLimit-Remaining" });
        }
        if (isKeyed) keyed++;
      }
    expect(keyed).toBeGreaterThan(20);
  });
});
