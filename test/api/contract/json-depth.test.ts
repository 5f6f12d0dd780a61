/**
 * Deeply nested JSON is refused with 400 before anything walks it (a walk would overflow the stack and
 * answer 500): REST bodies, MCP requests and model files alike. The server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack } from "../../support/jobs.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "../../../src/pack/json-depth.ts";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("nester", { credits: 0 });
});
afterAll(async () => {
  await ts.close();
});

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("JSON nesting", () => {
  test("depth is counted outside strings only", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth(nested(100_000), 64)).toBe(65);
  });

  test("a REST body at the bound passes validation's door; one past it and 50,000 deep are 400", async () => {
    const post = (body: string) =>
      fetch(`${ts.url}/v1/packs`, {
        method: "POST",
        headers: { authorization: `Bearer ${me.key}`, "content-type": "application/json" },
        body,
      });
    // At the bound the body is read and then refused by the schema (name must be a string), not by depth.
    const atBound = await post(`{"name": ${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(atBound.status).toBe(400);
    expect(((await atBound.json()) as any).error.message).not.toContain("nests");
    for (const depth of [MAX_JSON_DEPTH, 50_000]) {
      const r = await post(`{"name": ${nested(depth)}}`);
      expect(r.status).toBe(400);
      const e = ((await r.json()) as any).error;
      expect(e.code).toBe("invalid_request");
      expect(e.message).toContain(`more than ${MAX_JSON_DEPTH} deep`);
    }
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    expect(((await await ts.svc.db.get("SELECT count(*) AS n FROM packs")) as any).n).toBe(0);
  });

  test("MCP requests too", async () => {
    const r = await fetch(`${ts.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${me.mcpKey}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_packs","arguments":${nested(50_000)}}}`,
    });
    expect(r.status).toBe(400);
  });

  test("an uploaded model JSON nested past the bound is invalid_request", async () => {
    const pack = await newPack(ts, me.key, "Models");
    const res = await ts.call("POST", `/v1/packs/${pack}/assets`, {
      key: me.key,
      body: { type: "model", name: "deep", file: { text: `{"elements": ${nested(200)}}` } },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toContain("nest at most");
  });
});
