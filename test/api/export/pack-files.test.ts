/**
 * Pack files over HTTP and MCP: an imported pack's kept files are listed (paged), written back on export,
 * and deletable by the owner and collaborators, not by read-only keys or other accounts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { importReady } from "../../support/imports.ts";
import { CORPUS } from "../../support/corpus.ts";
import { connectMcp, toolErrorCode, toolOk } from "../../support/mcp.ts";
import { sharePack } from "../../../src/core/packs.ts";

const ZIP = join(CORPUS, "packs/ak1089-example-resource-pack.zip");
const have = existsSync(ZIP);

let ts: TestServer;
let owner: { id: number; key: string; mcpKey: string };
let slug = "";

beforeAll(async () => {
  if (!have) return;
  ts = await startTestServer({ workers: "1" });
  owner = await ts.account("keeper", { plan: "pro", credits: 0 });
  const { accepted: body } = await importReady({ ts, key: owner.key }, new Uint8Array(readFileSync(ZIP)));
  expect(body.planned.files).toBeGreaterThan(0);
  expect(body.kept.length).toBeGreaterThan(0);
  slug = body.pack.slug;
});
afterAll(async () => {
  await ts?.close();
});

const list = async (key: string, query = "") => {
  const res = await ts.call("GET", `/v1/packs/${slug}/files${query}`, { key });
  return { status: res.status, body: (await res.json()) as any };
};
const exported = async () =>
  unzipSync(new Uint8Array(await (await ts.call("GET", `/v1/packs/${slug}/export`, { key: owner.key })).arrayBuffer()));

describe.skipIf(!have)("pack files", () => {
  test("listed with path, size and reason, paged by cursor; each is in the export at its path", async () => {
    const all = await list(owner.key, "?limit=200");
    expect(all.status).toBe(200);
    const paths = all.body.files.map((f: any) => f.path);
    expect(paths).toContain("assets/minecraft/font/courier.ttf");
    expect(paths).toContain("assets/minecraft/textures/entity/zombie/zombie.png");
    for (const f of all.body.files) {
      expect(f.sizeBytes).toBeGreaterThan(0);
      expect(typeof f.reason).toBe("string");
    }
    // Paging: one at a time until nextCursor is null gives the same list.
    const paged: string[] = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const page = await list(owner.key, `?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.body.files.length).toBeLessThanOrEqual(1);
      paged.push(...page.body.files.map((f: any) => f.path));
      cursor = page.body.nextCursor;
    }
    expect(paged).toEqual(paths);
    const zip = await exported();
    const original = unzipSync(new Uint8Array(readFileSync(ZIP)));
    expect(
      Buffer.compare(
        Buffer.from(zip["assets/minecraft/font/courier.ttf"]),
        Buffer.from(original["assets/minecraft/font/courier.ttf"]),
      ),
    ).toBe(0);
    expect((await list(owner.key, "?limit=201")).status).toBe(400);
    expect((await list(owner.key, "?limit=0")).status).toBe(400);
  });

  test("delete: owner and collaborator may, read-only keys and strangers may not; the export leaves it out", async () => {
    const path = "assets/minecraft/textures/entity/zombie/zombie.png";
    const readOnly = await ts.key(owner.id, "rest", true);
    const ro = await ts.call("DELETE", `/v1/packs/${slug}/files/${path}`, { key: readOnly });
    expect(ro.status).toBe(403);
    const stranger = await ts.account("stranger", { plan: "pro", credits: 0 });
    expect((await ts.call("DELETE", `/v1/packs/${slug}/files/${path}`, { key: stranger.key })).status).toBe(404);
    expect((await exported())[path]).toBeDefined();

    const done = await ts.call("DELETE", `/v1/packs/${slug}/files/${path}`, { key: owner.key });
    expect(done.status).toBe(200);
    expect(((await done.json()) as any).deleted.path).toBe(path);
    expect((await exported())[path]).toBeUndefined();
    expect((await ts.call("DELETE", `/v1/packs/${slug}/files/${path}`, { key: owner.key })).status).toBe(404);

    // A collaborator deletes through MCP.
    const helper = await ts.account("helper", { plan: "pro", credits: 0 });
    await sharePack(ts.svc.db, slug, helper.id);
    const client = await connectMcp(ts, helper.mcpKey);
    try {
      const listed = await toolOk(client, "list_pack_files", { pack: slug, limit: 200 });
      expect(listed.files.map((f: any) => f.path)).not.toContain(path);
      const painting = "assets/minecraft/textures/painting/skull_and_roses.png";
      expect((await toolOk(client, "delete_pack_file", { pack: slug, path: painting })).deleted.path).toBe(painting);
      expect(await toolErrorCode(client, "delete_pack_file", { pack: slug, path: painting })).toBe("not_found");
    } finally {
      await client.close();
    }
  });
});
