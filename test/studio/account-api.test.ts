import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../support/server.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("account operations", () => {
  test("GET /v1/account answers name, plan and balance", async () => {
    const a = await ts.account("acct-view", { plan: "creator", credits: 42 });
    const res = await ts.call("GET", "/v1/account", { key: a.key });
    expect(res.status).toBe(200);
    const { account } = (await res.json()) as any;
    expect(account).toMatchObject({ name: "acct-view", plan: "creator", credits: 42 });
    expect(Date.parse(account.createdAt)).toBeGreaterThan(0);
  });

  test("the ledger lists grants and generation charges newest first, with the asset handle", async () => {
    const a = await ts.account("acct-ledger", { credits: 50 });
    const pack = (
      (await (await ts.call("POST", "/v1/packs", { key: a.key, body: { name: "Ledger pack" } })).json()) as any
    ).pack;
    const gen = await ts.call("POST", `/v1/packs/${pack.slug}/textures`, {
      key: a.key,
      body: { prompt: "mossy stone", size: 16, mode: "custom", description: "moss", seed: 1 },
    });
    expect(gen.status).toBe(202);
    const job = ((await gen.json()) as any).job;
    const res = await ts.call("GET", "/v1/account/ledger", { key: a.key });
    const body = (await res.json()) as any;
    expect(body.entries.length).toBe(2);
    const [charge, grant] = body.entries;
    expect(grant).toMatchObject({ delta: 50, reason: "grant", balanceAfter: 50, asset: null });
    expect(charge.delta).toBeLessThan(0);
    expect(charge.asset).toBe(job);
    expect(charge.balanceAfter).toBe(50 + charge.delta);
    expect(body.credits).toBe(charge.balanceAfter);
    const one = (await (await ts.call("GET", "/v1/account/ledger?limit=1", { key: a.key })).json()) as any;
    expect(one.entries).toEqual([charge]);
    expect(await errorCode(await ts.call("GET", "/v1/account/ledger?limit=0", { key: a.key }))).toBe("invalid_request");
  });

  test("create a key (secret shown once, works at once), list it, revoke it", async () => {
    const a = await ts.account("acct-keys");
    const created = await ts.call("POST", "/v1/account/keys", { key: a.key, body: { kind: "rest", readOnly: true } });
    expect(created.status).toBe(201);
    const { key, info } = (await created.json()) as any;
    expect(key).toMatch(/^ps_rest_/);
    expect(info).toMatchObject({ kind: "rest", readOnly: true, revokedAt: null, current: false });
    // The new read-only key reads but cannot write.
    expect((await ts.call("GET", "/v1/packs", { key })).status).toBe(200);
    expect(await errorCode(await ts.call("POST", "/v1/packs", { key, body: { name: "x" } }))).toBe("forbidden");

    const list = (await (await ts.call("GET", "/v1/account/keys", { key: a.key })).json()) as any;
    expect(list.keys.map((k: any) => k.id)).toContain(info.id);
    expect(list.keys.filter((k: any) => k.current).length).toBe(1);
    expect(JSON.stringify(list)).not.toContain(key);

    const revoked = await ts.call("DELETE", `/v1/account/keys/${info.id}`, { key: a.key });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as any).key.revokedAt).toBeString();
    expect(await errorCode(await ts.call("GET", "/v1/packs", { key }))).toBe("invalid_api_key");
  });

  test("mcp keys can be created; a bad kind is refused", async () => {
    const a = await ts.account("acct-mcp");
    const created = (await (
      await ts.call("POST", "/v1/account/keys", { key: a.key, body: { kind: "mcp" } })
    ).json()) as any;
    expect(created.key).toMatch(/^ps_mcp_/);
    expect(created.info.readOnly).toBe(false);
    expect(await errorCode(await ts.call("POST", "/v1/account/keys", { key: a.key, body: { kind: "admin" } }))).toBe(
      "invalid_request",
    );
  });

  test("a read-only key cannot list, create or revoke keys", async () => {
    const a = await ts.account("acct-ro");
    const ro = await ts.key(a.id, "rest", true);
    expect(await errorCode(await ts.call("GET", "/v1/account/keys", { key: ro }))).toBe("forbidden");
    expect(await errorCode(await ts.call("POST", "/v1/account/keys", { key: ro, body: { kind: "rest" } }))).toBe(
      "forbidden",
    );
    const victim = (await (await ts.call("GET", "/v1/account/keys", { key: a.key })).json()) as any;
    expect(await errorCode(await ts.call("DELETE", `/v1/account/keys/${victim.keys[0].id}`, { key: ro }))).toBe(
      "forbidden",
    );
    // It can still read its balance.
    expect((await ts.call("GET", "/v1/account", { key: ro })).status).toBe(200);
  });

  test("another account's key id is not_found and stays usable", async () => {
    const a = await ts.account("acct-a");
    const b = await ts.account("acct-b");
    const bKeys = (await (await ts.call("GET", "/v1/account/keys", { key: b.key })).json()) as any;
    const id = bKeys.keys.find((k: any) => k.current).id;
    expect(await errorCode(await ts.call("DELETE", `/v1/account/keys/${id}`, { key: a.key }))).toBe("not_found");
    expect((await ts.call("GET", "/v1/account", { key: b.key })).status).toBe(200);
  });

  test("the operations are in OpenAPI; only get_account is an MCP tool", async () => {
    const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
    expect(Object.keys(doc.paths["/v1/account/keys"]).sort()).toEqual(["get", "post"]);
    expect(doc.paths["/v1/account/keys/{id}"].delete.operationId).toBe("revoke_key");
    expect(doc.paths["/v1/account/ledger"].get.parameters[0].name).toBe("limit");
    expect(
      doc.paths["/v1/packs/{pack}/references"].post.requestBody.content["application/json"].schema.required,
    ).toEqual(["file"]);
    const a = await ts.account("acct-tools");
    const res = await ts.call("POST", "/mcp", {
      key: a.mcpKey,
      body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      headers: { accept: "application/json, text/event-stream" },
    });
    const text = await res.text();
    for (const name of ["get_ledger", "list_keys", "create_key", "revoke_key", "upload_reference"])
      expect(text).not.toContain(`"${name}"`);
    // get_account is a tool: agents ask it for their balance, limits and costs.
    expect(text).toContain('"get_account"');
    expect(text).toContain('"create_pack"');
  });
});
