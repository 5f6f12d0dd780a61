/** get_asset_file's scale: images enlarged pixel for pixel on REST and MCP alike; bounded; other kinds as stored. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack, waitJob } from "../../support/jobs.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { callTool, connectMcp } from "../../support/mcp.ts";

let ts: TestServer;
let me: { key: string; mcpKey: string };
let pack: string;
let name: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("scaler", { credits: 10 });
  pack = await newPack(ts, me.key, "Scaled");
  const res = await ts.call("POST", `/v1/packs/${pack}/items`, {
    key: me.key,
    body: { prompt: "ruby gem", name: "ruby", seed: 1 },
  });
  const job = ((await res.json()) as any).job;
  await waitJob(ts, me.key, job);
  name = "item:ruby";
});
afterAll(() => ts.close());

const get = (q = "") =>
  ts.call("GET", `/v1/packs/${pack}/assets/texture/${encodeURIComponent(name)}${q}`, { key: me.key });

test("scale 8 gives 128x128 with every source pixel an 8x8 block", async () => {
  const one = decodePng(new Uint8Array(await (await get()).arrayBuffer()));
  const big = decodePng(new Uint8Array(await (await get("?scale=8")).arrayBuffer()));
  expect([one.width, big.width, big.height]).toEqual([16, 128, 128]);
  for (const [x, y] of [
    [0, 0],
    [7, 9],
    [15, 15],
  ]) {
    const src = one.data.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4);
    for (const [dx, dy] of [
      [0, 0],
      [7, 7],
    ]) {
      const o = ((y * 8 + dy) * 128 + x * 8 + dx) * 4;
      expect([...big.data.subarray(o, o + 4)]).toEqual([...src]);
    }
  }
});

test("past the bounds: scale 0 or 17 are invalid_request (the 2048 px edge bound: test/api/assets/previews.test.ts)", async () => {
  expect(((await (await get("?scale=17")).json()) as any).error.code).toBe("invalid_request");
  expect(((await (await get("?scale=0")).json()) as any).error.code).toBe("invalid_request");
});

test("MCP get_asset_file with scale answers the enlarged image", async () => {
  const client = await connectMcp(ts, me.mcpKey);
  try {
    const r = (await callTool(client, "get_asset_file", { pack, kind: "texture", name, scale: 4 })) as any;
    const img = decodePng(new Uint8Array(Buffer.from(r.content[0].data, "base64")));
    expect([img.width, img.height]).toEqual([64, 64]);
  } finally {
    await client.close();
  }
});
