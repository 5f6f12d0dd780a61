/**
 * What an agent needs to plan spending: get_account (balance, plan, limits, costs), the cost of each
 * generation in its tool description from the live settings, and `charged` in every acceptance.
 * Delete tools are marked destructive.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startTestServer, type TestServer } from "../support/server.ts";
import { newPack } from "../support/jobs.ts";
import { connectMcp, toolOk } from "../support/mcp.ts";

let ts: TestServer;
let client: Client;
let me: { id: number; key: string; mcpKey: string };
beforeAll(async () => {
  ts = await startTestServer({ "cost-texture": "3", "cost-model": "7", "pack-limit-creator": "4" });
  me = await ts.account("agent", { plan: "creator", credits: 40 });
  client = await connectMcp(ts, me.mcpKey);
});
afterAll(async () => {
  await client.close();
  await ts.close();
});

describe("costs and balance for agents", () => {
  test("get_account: balance, plan, limits and costs from this server's settings", async () => {
    const a = await toolOk(client, "get_account");
    expect(a.account).toMatchObject({ name: "agent", plan: "creator", credits: 40 });
    expect(a.limits).toMatchObject({ packs: 4, assetsPerPack: ts.svc.config.assetLimit });
    expect(a.costs).toMatchObject({ texture: 3, model: 7, item: 1 });
  });

  test("each generation tool's description states its cost on this server", async () => {
    const tools = (await client.listTools()).tools;
    const desc = (n: string) => tools.find((t) => t.name === n)!.description!;
    expect(desc("generate_texture")).toContain("costs 3 credits");
    expect(desc("generate_model")).toContain("costs 7 credits");
    expect(desc("generate_icon")).toContain("costs 1 credit;");
    for (const t of tools)
      expect({ name: t.name, d: t.annotations?.destructiveHint }).toEqual({
        name: t.name,
        d: t.name.startsWith("delete_") || t.name === "unpublish_build" || t.name === "revoke_polymath_token",
      });
  });

  test("the acceptance says what was charged", async () => {
    const pack = await newPack(ts, me.key, "Costs");
    const r = await toolOk(client, "generate_texture", {
      pack,
      prompt: "stone",
      size: 16,
      mode: "custom",
      description: "stone",
    });
    expect(r.charged).toBe(3);
    expect((await toolOk(client, "get_account")).account.credits).toBe(37);
  });
});
