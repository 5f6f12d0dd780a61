/** GET /v1/vanilla-names (MCP list_vanilla_names): the game's names per release, searched, with near misses. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";

let ts: TestServer;
let key: string;
beforeAll(async () => {
  ts = await startTestServer();
  ({ key } = await ts.account("names"));
});
afterAll(() => ts.close());

const names = async (q: string) => {
  const res = await ts.call("GET", `/v1/vanilla-names?${q}`, { key });
  return { status: res.status, body: (await res.json()) as any };
};

test("search within a kind, per release; the flattened name finds a pre-1.13 texture", async () => {
  const oak = await names("kind=block-texture&search=oak_log");
  expect(oak.body.names).toEqual(expect.arrayContaining(["oak_log", "oak_log_top", "stripped_oak_log"]));
  expect(oak.body.near).toBe(false);
  const old = await names("kind=block-texture&search=oak_log&minecraftVersion=1.12.2");
  expect(old.body.names).toEqual(["log_oak"]);
  const screens = await names("kind=gui-container");
  expect(screens.body.names).toEqual(expect.arrayContaining(["furnace", "generic_54"]));
  const two = await names("kind=block&search=log&limit=2");
  expect(two.body.names).toHaveLength(2);
  expect(two.body.total).toBeGreaterThan(2);
});

test("a typo answers the nearest names, marked near", async () => {
  const r = await names("kind=sound-event&search=hurtt&limit=200");
  expect(r.body.near).toBe(true);
  expect(r.body.names).toContain("entity.player.hurt");
});

test("a bad kind, version or limit is invalid_request", async () => {
  for (const q of ["kind=nope", "kind=block&minecraftVersion=2.0", "kind=block&limit=201", ""])
    expect((await names(q)).body.error.code).toBe("invalid_request");
});
