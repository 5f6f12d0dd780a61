/**
 * Small hardening (issue 27): `X-Content-Type-Options: nosniff` on every answer; MCP tool calls whose arguments
 * have the wrong JSON type answered -32602 with a sentence; raw request paths with dot segments or backslashes
 * refused with 400 before routing (sent over a raw socket, so no client tidies the path first).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { startTestServer, type TestServer } from "../../support/server.ts";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("hardened");
});
afterAll(() => ts.close());

const mcp = (body: unknown) =>
  fetch(`${ts.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${me.mcpKey}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify(body),
  });

describe("nosniff on every answer", () => {
  const cases: [string, () => Promise<Response>][] = [
    ["a REST answer", () => ts.call("GET", "/v1/packs", { key: me.key })],
    ["a REST error", () => ts.call("GET", "/v1/packs")],
    ["an unknown route", () => ts.call("GET", "/v1/nothing-here")],
    ["/mcp (POST)", () => mcp({ jsonrpc: "2.0", id: 1, method: "tools/list" })],
    ["/mcp (GET, 405)", () => fetch(`${ts.url}/mcp`)],
    ["the studio", () => fetch(`${ts.url}/`)],
    ["the docs page", () => fetch(`${ts.url}/docs`)],
    ["the OpenAPI document", () => fetch(`${ts.url}/openapi.json`)],
    ["/healthz", () => fetch(`${ts.url}/healthz`)],
    ["/metrics", () => fetch(`${ts.url}/metrics`)],
    ["a published build's 404", () => fetch(`${ts.url}/p/${"x".repeat(32)}.zip`)],
    ["a refused raw path", () => fetch(`${ts.url}/v1//packs`)],
  ];
  for (const [name, call] of cases)
    test(name, async () => {
      const res = await call();
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    });
});

describe("MCP arguments of the wrong JSON type", () => {
  for (const [what, args, got] of [
    ["a string", "x", "a string"],
    ["an array", [1], "an array"],
    ["null", null, "null"],
    ["a number", 5, "a number"],
  ] as const)
    test(`${what} → -32602 with a sentence, not -32603 with a schema dump`, async () => {
      const res = await mcp({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "list_packs", arguments: args },
      });
      const body = (await res.json()) as any;
      expect(body.id).toBe(7);
      expect(body.error.code).toBe(-32602);
      expect(body.error.message).toBe(
        `invalid_request: arguments must be a JSON object of the tool's arguments, got ${got}`,
      );
      expect(body.error.data).toEqual({ code: "invalid_request" });
    });

  test("a tool name that is not a string → -32602", async () => {
    const body = (await (
      await mcp({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: 3 } })
    ).json()) as any;
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain("params.name must be a tool's name");
  });

  test("a well-typed object with a wrong field stays a tool error with the REST message", async () => {
    const body = (await (
      await mcp({
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "create_pack", arguments: { name: 5 } },
      })
    ).json()) as any;
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent.error.code).toBe("invalid_request");
    const rest = (await (await ts.call("POST", "/v1/packs", { key: me.key, body: { name: 5 } })).json()) as any;
    expect(body.result.structuredContent.error.message).toBe(rest.error.message);
  });
});

/** One request over a raw socket: the path goes out byte for byte. Answers the status and the body. */
function raw(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(ts.port, "127.0.0.1", () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${me.key}\r\nConnection: close\r\n\r\n`,
      ),
    );
    let data = "";
    socket.on("data", (c) => (data += c));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") });
    });
  });
}

describe("raw paths with dot segments or backslashes are refused before routing", () => {
  for (const path of [
    "/v1/../healthz",
    "/v1/..\\healthz",
    "/v1/..%5chealthz",
    "/v1/..%5Chealthz",
    "/x/%2e%2e/healthz",
    "/x/%2E%2E/healthz",
    "/x/.%2e/healthz",
    "/healthz/.",
    "/v1/./packs",
    "/v1/%2e/packs",
    "/v1\\packs",
    "/v1//packs",
  ])
    test(`${path} → 400 invalid_request`, async () => {
      const r = await raw(path);
      expect(r.status).toBe(400);
      expect(r.body).toContain('"code":"invalid_request"');
    });

  test("ordinary paths are served as before: plain, a trailing slash, an encoded slash inside a name", async () => {
    expect((await raw("/healthz")).status).toBe(200);
    expect((await raw("/v1/packs")).status).toBe(200);
    expect((await raw("/v1/packs?limit=1")).status).toBe(200);
    expect((await raw("/")).status).toBe(200);
    // An asset name holding "a/b" sent encoded: an ordinary lookup (no such pack here), not a refusal.
    expect((await raw("/v1/packs/none/assets/texture/a%2Fb")).status).toBe(404);
  });
});
