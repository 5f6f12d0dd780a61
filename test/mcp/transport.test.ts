import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { errorCode, startTestServer, type TestServer } from "../support/server.ts";
import { revokeKey, listKeys } from "../../src/core/keys.ts";
import { ledger } from "../../src/core/accounts.ts";
import { INITIALIZE, callTool, connectMcp, credits, errorOf, rawMcp, toolErrorCode, toolOk } from "../support/mcp.ts";

/** The HTTP face of /mcp: stateless streamable HTTP, 405s, the DNS-rebinding guard, keys, budgets and credits. */

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("streamable HTTP, stateless", () => {
  test("the SDK client initializes and sees the server's name and tool capability", async () => {
    const { mcpKey } = await ts.account("init");
    const client = await connectMcp(ts, mcpKey);
    expect(client.getServerVersion()?.name).toBe("packsmith");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await client.close();
  });

  test("initialize hands out no session, and a lone tools/list without initialize is answered", async () => {
    const { mcpKey } = await ts.account("stateless");
    const init = await rawMcp(ts, { key: mcpKey });
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    expect(((await init.json()) as any).result.serverInfo.name).toBe("packsmith");
    const list = await rawMcp(ts, { key: mcpKey, body: { jsonrpc: "2.0", id: 7, method: "tools/list" } });
    expect(list.status).toBe(200);
    const body = (await list.json()) as any;
    expect(body.id).toBe(7);
    expect(body.result.tools.map((t: any) => t.name)).toContain("list_packs");
  });

  test("two clients with different keys interleave without seeing each other's packs", async () => {
    const a = await ts.account("inter-a");
    const b = await ts.account("inter-b");
    const ca = await connectMcp(ts, a.mcpKey);
    const cb = await connectMcp(ts, b.mcpKey);
    const made = await toolOk(ca, "create_pack", { name: "Only A" });
    expect((await toolOk(cb, "list_packs")).packs).toEqual([]);
    expect((await toolOk(ca, "list_packs")).packs.map((p: any) => p.slug)).toEqual([made.pack.slug]);
    expect(await toolErrorCode(cb, "get_pack", { pack: made.pack.slug })).toBe("not_found");
    await Promise.all([ca.close(), cb.close()]);
  });

  test("GET and DELETE answer 405 with Allow: POST", async () => {
    const { mcpKey } = await ts.account("methods");
    for (const method of ["GET", "DELETE"]) {
      const res = await rawMcp(ts, { method, key: mcpKey });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await errorCode(res)).toBe("method_not_allowed");
    }
  });

  test("a body that is not JSON is invalid_json", async () => {
    const { mcpKey } = await ts.account("badjson");
    const res = await fetch(ts.url + "/mcp", {
      method: "POST",
      headers: {
        authorization: `Bearer ${mcpKey}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("invalid_json");
  });

  test("the body limit is max-json-bytes counted in bytes, as on REST", async () => {
    const small = await startTestServer({ "max-json-bytes": "1000" });
    try {
      const a = await small.account("limit");
      const call = (name: string) => ({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_pack", arguments: { name } },
      });
      const overhead = Buffer.byteLength(JSON.stringify(call("")));
      // Two-byte characters: under the limit in characters, over it in bytes.
      const over = call("\u00e9".repeat(Math.ceil((1001 - overhead) / 2)));
      expect(JSON.stringify(over).length).toBeLessThan(1000);
      const refused = await rawMcp(small, { key: a.mcpKey, body: over });
      expect(refused.status).toBe(413);
      expect(await errorCode(refused)).toBe("file_too_large");
      const atLimit = call("n".repeat(1000 - overhead));
      expect(Buffer.byteLength(JSON.stringify(atLimit))).toBe(1000);
      const taken = await rawMcp(small, { key: a.mcpKey, body: atLimit });
      expect(taken.status).toBe(200);
      expect(((await taken.json()) as any).result.structuredContent.error.code).toBe("invalid_request"); // the name is over 100 characters
      // REST counts the same way: 506 characters, 1001 bytes.
      const restBody = JSON.stringify({ name: "\u00e9".repeat(495) });
      expect(Buffer.byteLength(restBody)).toBeGreaterThan(1000);
      const rest = await small.call("POST", "/v1/packs", {
        key: a.key,
        raw: restBody,
        headers: { "content-type": "application/json" },
      });
      expect(await errorCode(rest)).toBe("file_too_large");
    } finally {
      await small.close();
    }
  });

  test("an unknown tool is a tool error, not a transport failure", async () => {
    const { mcpKey } = await ts.account("unknown-tool");
    const client = await connectMcp(ts, mcpKey);
    const err = errorOf(await callTool(client, "delete_everything", {}));
    expect(err.code).toBe("invalid_request");
    expect(err.message).toContain("delete_everything");
    await client.close();
  });
});

describe("keys", () => {
  test("missing, unknown, revoked, wrong-kind keys and the Starter plan are refused as on REST", async () => {
    const a = await ts.account("keys-main");
    const starter = await ts.account("keys-starter", { plan: "starter" });
    expect((await rawMcp(ts)).status).toBe(401);
    expect(await errorCode(await rawMcp(ts))).toBe("missing_api_key");
    expect(await errorCode(await rawMcp(ts, { key: "ps_mcp_nonsense" }))).toBe("invalid_api_key");
    const rest = await rawMcp(ts, { key: a.key });
    expect(rest.status).toBe(401);
    expect(await errorCode(rest)).toBe("wrong_key_kind");
    const plan = await rawMcp(ts, { key: starter.mcpKey });
    expect(plan.status).toBe(403);
    expect(await errorCode(plan)).toBe("plan_required");
    // The REST face answers the same codes for the mirrored cases.
    const mcpOnRest = await ts.call("GET", "/v1/packs", { key: a.mcpKey });
    expect(mcpOnRest.status).toBe(401);
    expect(await errorCode(mcpOnRest)).toBe("wrong_key_kind");
    expect(await errorCode(await ts.call("GET", "/v1/packs", { key: starter.key }))).toBe("plan_required");
  });

  test("a revoked MCP key fails on its very next request", async () => {
    const a = await ts.account("keys-revoked");
    const client = await connectMcp(ts, a.mcpKey);
    expect((await toolOk(client, "list_packs")).packs).toEqual([]);
    await revokeKey(ts.svc.db, (await listKeys(ts.svc.db, a.id)).find((k) => k.kind === "mcp")!.id);
    await expect(callTool(client, "list_packs")).rejects.toThrow(/invalid_api_key/);
  });

  test("the SDK client's connect fails with the code when the key is of the wrong kind", async () => {
    const a = await ts.account("keys-sdk");
    await expect(connectMcp(ts, a.key)).rejects.toThrow(/wrong_key_kind/);
  });

  test("a read-only MCP key reads but may not write", async () => {
    const a = await ts.account("keys-readonly");
    const client = await connectMcp(ts, await ts.key(a.id, "mcp", true));
    expect((await toolOk(client, "list_packs")).packs).toEqual([]);
    expect(await toolErrorCode(client, "create_pack", { name: "Nope" })).toBe("forbidden");
    await client.close();
  });
});

describe("DNS-rebinding guard", () => {
  test("a foreign Host or Origin is forbidden; the server's own names pass", async () => {
    const { mcpKey } = await ts.account("guard");
    const evilHost = await rawMcp(ts, { key: mcpKey, headers: { host: "evil.example" } });
    expect(evilHost.status).toBe(403);
    expect(await errorCode(evilHost)).toBe("forbidden");
    const evilOrigin = await rawMcp(ts, { key: mcpKey, headers: { origin: "http://evil.example" } });
    expect(evilOrigin.status).toBe(403);
    // The rebinding trick: a foreign name that resolves to loopback still carries its own Host.
    expect((await rawMcp(ts, { key: mcpKey, headers: { host: `attacker.localhost.evil:${ts.port}` } })).status).toBe(
      403,
    );
    expect((await rawMcp(ts, { key: mcpKey, headers: { origin: `http://localhost:${ts.port}` } })).status).toBe(200);
    expect((await rawMcp(ts, { key: mcpKey, headers: { host: `localhost:${ts.port}` } })).status).toBe(200);
    expect((await rawMcp(ts, { key: mcpKey, headers: { host: `[::1]:${ts.port}` } })).status).toBe(200);
  });

  test("the guard runs before the key check, so a rebinding page learns nothing about keys", async () => {
    const res = await rawMcp(ts, { headers: { host: "evil.example" } });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("forbidden");
  });

  test("the host in public-url is allowed without listing it again", async () => {
    const named = await startTestServer({ "public-url": "https://packs.example.org" });
    try {
      const k = (await named.account("named")).mcpKey;
      expect(
        (await rawMcp(named, { key: k, headers: { host: "packs.example.org", origin: "https://packs.example.org" } }))
          .status,
      ).toBe(200);
      expect((await rawMcp(named, { key: k })).status).toBe(200); // the defaults still hold
      expect((await rawMcp(named, { key: k, headers: { host: "other.example.org" } })).status).toBe(403);
    } finally {
      await named.close();
    }
  });

  test("mcp-allowed-hosts names LAN hosts (any letter case), and * switches the guard off", async () => {
    const lan = await startTestServer({ "mcp-allowed-hosts": "PackSmith.lan,192.168.1.20" });
    const open = await startTestServer({ "mcp-allowed-hosts": "*" });
    try {
      const k1 = (await lan.account("lan")).mcpKey;
      expect((await rawMcp(lan, { key: k1, headers: { host: "packsmith.lan:8080" } })).status).toBe(200);
      expect((await rawMcp(lan, { key: k1, headers: { host: "PACKSMITH.LAN" } })).status).toBe(200);
      expect(
        (await rawMcp(lan, { key: k1, headers: { host: "192.168.1.20:8080", origin: "http://packsmith.lan:8080" } }))
          .status,
      ).toBe(200);
      // localhost is no longer listed (127.0.0.1 still passes: it is the address the server listens on).
      expect((await rawMcp(lan, { key: k1, headers: { host: `localhost:${lan.port}` } })).status).toBe(403);
      expect((await rawMcp(lan, { key: k1 })).status).toBe(200);
      const k2 = (await open.account("open")).mcpKey;
      expect(
        (await rawMcp(open, { key: k2, headers: { host: "anything.example", origin: "http://other.example" } })).status,
      ).toBe(200);
    } finally {
      await Promise.all([lan.close(), open.close()]);
    }
  });
});

describe("budgets and credits are the REST ones", () => {
  test("an MCP key has the REST read and write budgets; going over is a rate_limited tool error", async () => {
    const small = await startTestServer({ "rate-reads": "3", "rate-writes": "2" });
    try {
      const a = await small.account("budget");
      const client = await connectMcp(small, a.mcpKey);
      for (let i = 0; i < 3; i++) await toolOk(client, "list_packs");
      const read = errorOf(await callTool(client, "get_pack", { pack: "whatever" }));
      expect(read.code).toBe("rate_limited");
      expect(read.message).toMatch(/retry in \d+ s/);
      await toolOk(client, "create_pack", { name: "One" });
      await toolOk(client, "create_pack", { name: "Two" });
      expect(await toolErrorCode(client, "create_pack", { name: "Three" })).toBe("rate_limited");
      // wait_for_job is a read too: the spent budget refuses it as well.
      expect(await toolErrorCode(client, "wait_for_job", { jobs: ["one:texture:x"] })).toBe("rate_limited");
      // The REST face of the same server has the same numbers.
      for (let i = 0; i < 3; i++) expect((await small.call("GET", "/v1/packs", { key: a.key })).status).toBe(200);
      expect(await errorCode(await small.call("GET", "/v1/packs", { key: a.key }))).toBe("rate_limited");
      await client.close();
    } finally {
      await small.close();
    }
  });

  test("generation through MCP spends the account's credits; REST then sees them gone", async () => {
    const a = await ts.account("credits", { credits: 1 });
    const client = await connectMcp(ts, a.mcpKey);
    const pack = (await toolOk(client, "create_pack", { name: "Credit Pack" })).pack.slug;
    const accepted = await toolOk(client, "generate_texture", {
      pack,
      prompt: "sand",
      size: 16,
      mode: "custom",
      description: "sand",
      seed: 1,
    });
    expect(accepted.status).toBe("generating");
    expect(await credits(ts, a.id)).toBe(0);
    expect((await ledger(ts.svc.db, a.id)).some((e: any) => e.delta === -1)).toBe(true);
    const rest = await ts.call("POST", `/v1/packs/${pack}/textures`, {
      key: a.key,
      body: { prompt: "sand", size: 16, mode: "custom", description: "sand" },
    });
    expect(rest.status).toBe(402);
    expect(await errorCode(rest)).toBe("insufficient_credits");
    expect(await toolErrorCode(client, "generate_icon", { pack, prompt: "heart", name: "heart" })).toBe(
      "insufficient_credits",
    );
    await client.close();
  });

  test("initialize itself spends no budget", async () => {
    const small = await startTestServer({ "rate-reads": "1" });
    try {
      const a = await small.account("init-budget");
      for (let i = 0; i < 3; i++) expect((await rawMcp(small, { key: a.mcpKey, body: INITIALIZE })).status).toBe(200);
      const client = await connectMcp(small, a.mcpKey);
      await toolOk(client, "list_packs");
      expect(await toolErrorCode(client, "list_packs")).toBe("rate_limited");
      await client.close();
    } finally {
      await small.close();
    }
  });
});
