/**
 * 401s say how to authenticate (WWW-Authenticate: Bearer, RFC 6750) and why, on REST and /mcp, so MCP
 * clients show the server's message rather than an OAuth failure; and the OpenAPI server URL joined with a
 * path is the real address.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("challenged");
});
afterAll(async () => {
  await ts.close();
});

const mcp = (key?: string) =>
  fetch(`${ts.url}/mcp`, {
    method: "POST",
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });

describe("401 challenges", () => {
  test("REST: no key asks for a bearer token; a wrong one says why", async () => {
    const none = await fetch(`${ts.url}/v1/packs`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="packsmith"');
    const wrong = await fetch(`${ts.url}/v1/packs`, { headers: { authorization: "Bearer ps_rest_nope" } });
    expect(wrong.headers.get("www-authenticate")).toMatch(
      /^Bearer realm="packsmith", error="invalid_token", error_description="this API key is unknown or was revoked"$/,
    );
    const kind = await fetch(`${ts.url}/v1/packs`, { headers: { authorization: `Bearer ${me.mcpKey}` } });
    expect(kind.status).toBe(401);
    expect(kind.headers.get("www-authenticate")).toContain("MCP key");
  });

  test("MCP: the same header on its 401s; other errors carry none", async () => {
    const wrong = await mcp(me.key);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(((await wrong.json()) as any).error.code).toBe("wrong_key_kind");
    expect((await mcp()).headers.get("www-authenticate")).toBe('Bearer realm="packsmith"');
    const ok = await mcp(me.mcpKey);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("www-authenticate")).toBeNull();
  });

  test("OpenAPI: servers[0].url + a path is an address that answers", async () => {
    const doc = (await (await fetch(`${ts.url}/openapi.json`)).json()) as any;
    const res = await fetch(`${doc.servers[0].url}/v1/packs`, { headers: { authorization: `Bearer ${me.key}` } });
    expect(res.status).toBe(200);
  });
});
