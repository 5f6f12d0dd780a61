import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { cliJson, makePack } from "../../support/cli.ts";
import { hashKey } from "../../../src/core/keys.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("authentication", () => {
  test("no Authorization header is missing_api_key (401)", async () => {
    const res = await ts.call("GET", "/v1/packs");
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("missing_api_key");
  });

  test("a non-Bearer or empty Authorization header is refused, never accepted", async () => {
    for (const h of ["Basic abc", "Bearer", "Bearer    ", "Token ps_rest_x"]) {
      const res = await ts.call("GET", "/v1/packs", { headers: { authorization: h } });
      expect(res.status).toBe(401);
      expect(["missing_api_key", "invalid_api_key"]).toContain(await errorCode(res));
    }
  });

  test("an unknown key is invalid_api_key (401)", async () => {
    const res = await ts.call("GET", "/v1/packs", { key: "ps_rest_not-a-real-key" });
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("invalid_api_key");
  });

  test("an MCP key on REST is wrong_key_kind (401)", async () => {
    const a = await ts.account("mcp-user");
    const res = await ts.call("GET", "/v1/packs", { key: a.mcpKey });
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("wrong_key_kind");
    // The REST key of the same account works.
    expect((await ts.call("GET", "/v1/packs", { key: a.key })).status).toBe(200);
  });

  test("a Starter account is plan_required (403) on reads and writes", async () => {
    const a = await ts.account("starter-user", { plan: "starter" });
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", { name: "x" }],
    ] as const) {
      const res = await ts.call(method, "/v1/packs", { key: a.key, body });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe("plan_required");
    }
  });

  test("a read-only key reads but writes are forbidden (403)", async () => {
    const a = await ts.account("reader");
    const ro = await ts.key(a.id, "rest", true);
    expect((await ts.call("GET", "/v1/packs", { key: ro })).status).toBe(200);
    const res = await ts.call("POST", "/v1/packs", { key: ro, body: { name: "Nope" } });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("forbidden");
    expect(await ts.svc.db.get("SELECT count(*) AS n FROM packs WHERE owner_id = ?", [a.id])).toEqual({ n: 0 });
  });

  test("auth is checked before the body: a bad body with no key is missing_api_key", async () => {
    const res = await ts.call("POST", "/v1/packs", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(await errorCode(res)).toBe("missing_api_key");
  });
});

describe("accounts see only their own and shared packs", () => {
  test("another account's pack answers not_found on every pack route, and is not listed", async () => {
    const owner = await ts.account("owner-1");
    const other = await ts.account("other-1");
    const pack = await makePack(ts, owner.key, "Private Pack");
    for (const path of [
      `/v1/packs/${pack.slug}`,
      `/v1/packs/${pack.slug}/assets`,
      `/v1/packs/${pack.slug}/assets/texture/stone`,
      `/v1/jobs/${pack.slug}:texture:stone`,
    ]) {
      const res = await ts.call("GET", path, { key: other.key });
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe("not_found");
    }
    const list = (await (await ts.call("GET", "/v1/packs", { key: other.key })).json()) as any;
    expect(list.packs).toEqual([]);
  });

  test("a pack shared with the CLI (separate process) is listed with role collaborator", async () => {
    const owner = await ts.account("owner-2");
    const friend = await ts.account("friend-2");
    const pack = await makePack(ts, owner.key, "Shared Pack");
    const before = await ts.call("GET", `/v1/packs/${pack.slug}`, { key: friend.key });
    expect(before.status).toBe(404);

    const shared = await cliJson(ts.dataDir, "packs", "share", pack.slug, "friend-2");
    expect(shared).toEqual({ pack: pack.slug, collaborator: "friend-2" });

    const list = (await (await ts.call("GET", "/v1/packs", { key: friend.key })).json()) as any;
    expect(list.packs.map((p: any) => [p.slug, p.role])).toEqual([[pack.slug, "collaborator"]]);
    const one = (await (await ts.call("GET", `/v1/packs/${pack.slug}`, { key: friend.key })).json()) as any;
    expect(one.pack.role).toBe("collaborator");
    const mine = (await (await ts.call("GET", `/v1/packs/${pack.slug}`, { key: owner.key })).json()) as any;
    expect(mine.pack.role).toBe("owner");
    expect((await ts.call("GET", `/v1/packs/${pack.slug}/assets`, { key: friend.key })).status).toBe(200);
  });

  test("a key revoked by the CLI in another process fails on its very next request", async () => {
    const a = await ts.account("revokee");
    const secret = await ts.key(a.id);
    const other = await ts.key(a.id);
    expect((await ts.call("GET", "/v1/packs", { key: secret })).status).toBe(200);
    const keys = (await cliJson(ts.dataDir, "keys", "list", "revokee")).keys as any[];
    const id = (await ts.svc.db.get("SELECT id FROM api_keys WHERE hash = ?", [hashKey(secret)])) as { id: string };
    expect(keys.map((k) => k.id)).toContain(id.id);

    const revoked = await cliJson(ts.dataDir, "keys", "revoke", id.id);
    expect(revoked.id).toBe(id.id);
    expect(typeof revoked.revokedAt).toBe("string");

    const res = await ts.call("GET", "/v1/packs", { key: secret });
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("invalid_api_key");
    // Only that key: the account's other key still works.
    expect((await ts.call("GET", "/v1/packs", { key: other })).status).toBe(200);
  });
});
