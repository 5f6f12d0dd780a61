/**
 * `sketch` over the API: accepted on items, icons and textures, the same bytes through REST and MCP; a malformed
 * grid is invalid_request with a message naming the fault, nothing written, nothing charged; the vocabulary
 * lists the materials a legend may use.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { connectMcp, toolErrorCode, toolOk } from "../../support/mcp.ts";
import { expectRefused, fileOf, generate } from "../../support/generation.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
let pack = "";
let client: Client;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("sketcher", { credits: 100 });
  pack = await newPack(ts, me.key, "Sketches");
  client = await connectMcp(ts, me.mcpKey);
});
afterAll(async () => {
  await client.close();
  await ts.close();
});

const DAGGER = {
  grid: ["....R", "...R.", "GGR..", ".H...", "H...."],
  legend: { R: { part: "blade", material: "ruby" }, G: { part: "guard", material: "gold" }, H: { colour: "brown" } },
};

describe("sketch", () => {
  test("items, icons and textures take a sketch; REST and MCP give the same bytes", async () => {
    const cases: [string, "items" | "icons" | "textures", Record<string, unknown>, string][] = [
      ["generate_item", "items", { prompt: "ruby dagger", size: 16 }, "item"],
      ["generate_icon", "icons", { prompt: "ruby dagger", height: 10 }, "font"],
      [
        "generate_texture",
        "textures",
        { prompt: "dagger tile", size: 16, mode: "custom", description: "tile" },
        "texture",
      ],
    ];
    for (const [tool, endpoint, body, kind] of cases) {
      const rest = await generate(ts, me.key, pack, endpoint, {
        ...body,
        name: `${endpoint} rest`,
        seed: 3,
        sketch: DAGGER,
      });
      expect(rest.status).toBe(202);
      const mcp = await toolOk(client, tool, { ...body, pack, name: `${endpoint} mcp`, seed: 3, sketch: DAGGER });
      await waitJob(ts, me.key, rest.body.job, 30_000);
      await waitJob(ts, me.key, mcp.job, 30_000);
      const a = await fileOf(ts, me.key, pack, kind === "item" ? "texture" : kind, rest.body.id);
      const b = await fileOf(ts, me.key, pack, kind === "item" ? "texture" : kind, mcp.id);
      expect({ tool, same: Buffer.from(a).equals(Buffer.from(b)) }).toEqual({ tool, same: true });
      const img = decodePng(a);
      expect(img.width).toBeGreaterThan(0);
    }
  });

  test("a malformed sketch is invalid_request with a clear message, and charges nothing", async () => {
    const before = await credits(ts, me.id);
    const bad: [unknown, RegExp][] = [
      [{ ...DAGGER, grid: ["RR", "R"] }, /row 2 is 1 characters wide but row 1 is 2/],
      [{ ...DAGGER, grid: Array(33).fill("R") }, /grid/],
      [{ ...DAGGER, grid: ["R".repeat(33)] }, /grid/],
      [{ ...DAGGER, grid: ["RQ"] }, /'Q', which the legend does not define/],
      [{ ...DAGGER, legend: { R: { material: "unobtainium" } } }, /unknown material 'unobtainium'/],
      [{ ...DAGGER, legend: { R: { colour: "blurple" } } }, /unknown colour 'blurple'/],
      [{ ...DAGGER, grid: [] }, /grid/],
      [{ grid: ["R"] }, /legend/],
    ];
    for (const [sketch, message] of bad) {
      expectRefused(await generate(ts, me.key, pack, "items", { prompt: "dagger", sketch }), message);
      expectRefused(
        await generate(ts, me.key, pack, "textures", {
          prompt: "t",
          size: 16,
          mode: "custom",
          description: "t",
          sketch,
        }),
        message,
      );
    }
    expect(
      await toolErrorCode(client, "generate_icon", {
        pack,
        prompt: "x",
        name: "x",
        sketch: { ...DAGGER, grid: ["RQ"] },
      }),
    ).toBe("invalid_request");
    expect(await credits(ts, me.id)).toEqual(before);
  });

  test("the vocabulary lists what a legend may use", async () => {
    const v = (await (await ts.call("GET", "/v1/vocabulary?kind=item", { key: me.key })).json()) as any;
    expect(v.sketch.materials).toContain("ruby");
    expect(v.sketch.materials).toContain("oak");
    expect(v.sketch.colours).toContain("brown");
    expect(v.sketch.maxSize).toBe(32);
  });
});
