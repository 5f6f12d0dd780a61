/**
 * The interpretation over the API: in the 202 answer and the job, the same through REST and MCP; a `spec`
 * accepted (and refused with invalid_request, nothing charged, when malformed); the vocabulary operation.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { connectMcp, toolErrorCode, toolOk } from "../../support/mcp.ts";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
let pack = "";
let client: Client;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("reader", { credits: 100 });
  pack = await newPack(ts, me.key, "Interpretations");
  client = await connectMcp(ts, me.mcpKey);
});
afterAll(async () => {
  await client.close();
  await ts.close();
});

const post = async (path: string, body: Record<string, unknown>) => {
  const res = await ts.call("POST", `/v1/packs/${pack}/${path}`, { key: me.key, body });
  return { status: res.status, body: (await res.json()) as any };
};

describe("interpretation in answers", () => {
  test("the 202 and the job carry it; unknown words are listed, an unknown subject says what was drawn", async () => {
    const a = await post("items", { prompt: "copper zorblax with a gold handle", seed: 4 });
    expect(a.status).toBe(202);
    expect(a.body.interpretation).toEqual({
      subject: "ingot",
      material: "copper",
      parts: [{ part: "handle", material: "gold" }],
      details: [],
      unmatched: ["zorblax"],
      fallback: "no item subject in the prompt: drawn as ingot",
    });
    const job = await waitJob(ts, me.key, a.body.job, 30_000);
    expect(job.interpretation).toEqual(a.body.interpretation);
  });

  test("REST and MCP give the same interpretation for the same body", async () => {
    const body = {
      prompt: "mossy cracked stone bricks with glowing runes",
      size: 16,
      mode: "custom",
      description: "wall",
      seed: 9,
    };
    const rest = await post("textures", { ...body, name: "wall rest" });
    const mcp = await toolOk(client, "generate_texture", { ...body, name: "wall mcp", pack });
    expect(mcp.interpretation).toEqual(rest.body.interpretation);
    expect(rest.body.interpretation).toMatchObject({
      subject: "bricks",
      material: "stone",
      // glowing runes are an overlay of their own (details); the glow is theirs, not the surface's
      wear: ["mossy", "cracked"],
      details: ["runes"],
      // The description is read too: a wall names what the texture is (a stone wall is bricks), so it is used.
      unmatched: [],
    });
  });

  test("words reached through the lexicon: the same `via` paths through REST and MCP, in the answer and the job", async () => {
    const body = { prompt: "scarlet clownfish with a lilac fin", seed: 5 };
    const rest = await post("items", { ...body, name: "fish rest" });
    const mcp = await toolOk(client, "generate_item", { ...body, name: "fish mcp", pack });
    expect(rest.status).toBe(202);
    expect(rest.body.interpretation).toMatchObject({
      subject: "tropical_fish",
      colours: ["red"],
      parts: [{ part: "fin", colour: "purple" }],
      via: [
        ["clownfish", "tropical_fish"],
        ["scarlet", "red"],
        ["lilac", "purple"],
      ],
    });
    expect(mcp.interpretation).toEqual(rest.body.interpretation);
    const job = await waitJob(ts, me.key, rest.body.job, 30_000);
    expect(job.interpretation).toEqual(rest.body.interpretation);
    // A thing no family draws is drawn as the nearest broad one, and the answer says which.
    const gizmo = await post("items", { prompt: "brass gizmo", seed: 5 });
    expect(gizmo.body.interpretation).toMatchObject({ subject: "wrench", via: [["gizmo", "device", "wrench"]] });
    expect(gizmo.body.interpretation.fallback).toContain("nearest family, wrench");
  });

  test("a spec wins over the prompt and is echoed in the interpretation", async () => {
    const a = await post("items", {
      prompt: "ruby sword",
      seed: 2,
      spec: { material: "diamond", parts: [{ part: "hilt", colour: "red" }] },
    });
    expect(a.status).toBe(202);
    expect(a.body.interpretation).toMatchObject({
      subject: "sword",
      material: "diamond",
      parts: [{ part: "hilt", colour: "red" }],
    });
  });

  test("a flavour said of a part is the part's, from the prompt or a spec part's effects (REST and MCP alike)", async () => {
    const a = await post("items", { prompt: "a sword with a rusty blade", seed: 3 });
    expect(a.status).toBe(202);
    expect(a.body.interpretation).toMatchObject({ subject: "sword", parts: [{ part: "blade", effects: ["rusty"] }] });
    expect(a.body.interpretation.wear).toBeUndefined();
    const body = { prompt: "iron sword", seed: 3, spec: { parts: [{ part: "grip", effects: ["frozen", "wobbly"] }] } };
    const rest = await post("items", { ...body, name: "grip rest" });
    const mcp = await toolOk(client, "generate_item", { ...body, name: "grip mcp", pack });
    expect(rest.body.interpretation.parts).toEqual([{ part: "grip", effects: ["frozen"] }]);
    expect(rest.body.interpretation.unmatched).toContain("wobbly");
    expect(mcp.interpretation).toEqual(rest.body.interpretation);
    const job = await waitJob(ts, me.key, rest.body.job, 30_000);
    expect(job.interpretation).toEqual(rest.body.interpretation);
    // At the bound (8 effect words on a part) it is accepted; nine are refused below.
    const eight = ["rusty", "worn", "bloody", "frozen", "shiny", "dusty", "burnt", "wet"];
    const atBound = await post("items", {
      prompt: "sword",
      seed: 1,
      spec: { parts: [{ part: "blade", effects: eight }] },
    });
    expect(atBound.status).toBe(202);
    expect(atBound.body.interpretation.parts[0].effects).toHaveLength(8);
  });

  test("a malformed spec is invalid_request and charges nothing", async () => {
    const before = await credits(ts, me.id);
    for (const spec of [
      { material: "Gold!" },
      { nonsense: true },
      { colours: Array.from({ length: 9 }, () => "red") },
      { tone: "grey" },
      { parts: [{ part: "hilt", colour: "red", extra: 1 }] },
      { parts: [{ part: "blade", effects: ["Rusty!"] }] },
      { parts: [{ part: "blade", effects: Array.from({ length: 9 }, () => "rusty") }] },
      "gold",
    ]) {
      const r = await post("items", { prompt: "sword", spec });
      expect({ spec, status: r.status, code: r.body.error?.code }).toEqual({
        spec,
        status: 400,
        code: "invalid_request",
      });
    }
    expect(await toolErrorCode(client, "generate_item", { pack, prompt: "sword", spec: { tone: "grey" } })).toBe(
      "invalid_request",
    );
    expect(await credits(ts, me.id)).toEqual(before);
  });
});

describe("the vocabulary", () => {
  test("REST lists every kind, or one; MCP answers the same", async () => {
    const all = (await (await ts.call("GET", "/v1/vocabulary", { key: me.key })).json()) as any;
    expect(Object.keys(all.kinds).sort()).toEqual(["gui", "hud", "icon", "item", "model", "sound", "texture"]);
    expect(all.kinds.item.parts).toContain("hilt");
    const items = (await (await ts.call("GET", "/v1/vocabulary?kind=item", { key: me.key })).json()) as any;
    expect(Object.keys(items.kinds)).toEqual(["item"]);
    expect(await toolOk(client, "get_vocabulary", { kind: "item" })).toEqual(items);
    expect((await ts.call("GET", "/v1/vocabulary?kind=weapon", { key: me.key })).status).toBe(400);
    expect((await ts.call("GET", "/v1/vocabulary")).status).toBe(401);
  });
});
