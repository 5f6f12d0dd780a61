/**
 * Names (issue 27): control characters and bidirectional overrides refused in every user-given name and display
 * name, never carried into pack.mcmeta; text limits counted in characters (code points); a slug collision answers
 * the same shape whoever holds the colliding pack.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { callTool, connectMcp, errorOf } from "../../support/mcp.ts";
import { b64 } from "../../support/imports.ts";
import { waitJob } from "../../support/jobs.ts";
import { mcmeta } from "../../support/hostile.ts";
import { encodePng } from "../../../src/media/png.ts";

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
let slug = "";
beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("namer", { credits: 50 });
  slug = ((await (await ts.call("POST", "/v1/packs", { key: me.key, body: { name: "Names" } })).json()) as any).pack
    .slug;
});
afterAll(() => ts.close());

const packCount = async () => (await ts.svc.db.get<{ n: number }>("SELECT count(*) AS n FROM packs"))!.n;
const assetCount = async () => (await ts.svc.db.get<{ n: number }>("SELECT count(*) AS n FROM assets"))!.n;
const png16 = b64(encodePng({ width: 16, height: 16, data: new Uint8Array(16 * 16 * 4).fill(200) }));

const UNSAFE: [string, string][] = [
  ["NUL", "\u0000"],
  ["a line feed", "\n"],
  ["U+001F", "\u001f"],
  ["DEL", "\u007f"],
  ["a C1 control (U+0085)", "\u0085"],
  ["U+009F", "\u009f"],
  ["a right-to-left override (U+202E)", "\u202e"],
  ["a left-to-right embedding (U+202A)", "\u202a"],
  ["a first-strong isolate (U+2068)", "\u2068"],
  ["a pop isolate (U+2069)", "\u2069"],
];

async function refused(method: string, path: string, body: unknown): Promise<string> {
  const res = await ts.call(method, path, { key: me.key, body });
  const answer = (await res.json()) as any;
  expect(res.status).toBe(400);
  expect(answer.error.code).toBe("invalid_request");
  return answer.error.message;
}

describe("control and bidi characters are refused in every name, changing nothing", () => {
  for (const [what, ch] of UNSAFE)
    test(`${what}`, async () => {
      const name = `evil${ch}name`;
      const packs = await packCount();
      const assets = await assetCount();
      const message = await refused("POST", "/v1/packs", { name });
      expect(message).toContain("name must not hold control characters");
      await refused("PATCH", `/v1/packs/${slug}`, { name });
      await refused("POST", "/v1/imports", { name, file: { base64: "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==" } });
      await refused("POST", `/v1/packs/${slug}/textures`, {
        prompt: "stone",
        size: 16,
        mode: "custom",
        description: "stone",
        name,
      });
      await refused("POST", `/v1/packs/${slug}/icons`, { prompt: "heart", name });
      await refused("POST", `/v1/packs/${slug}/assets`, { type: "block", name, file: { base64: png16 } });
      expect(await packCount()).toBe(packs);
      expect(await assetCount()).toBe(assets);
      expect(((await (await ts.call("GET", `/v1/packs/${slug}`, { key: me.key })).json()) as any).pack.name).toBe(
        "Names",
      );
    });

  test("MCP create_pack: the same refusal as a tool error", async () => {
    const client = await connectMcp(ts, me.mcpKey);
    try {
      const e = errorOf(await callTool(client, "create_pack", { name: "tool\u202ename" }));
      expect(e.code).toBe("invalid_request");
      expect(e.message).toContain("bidirectional overrides");
    } finally {
      await client.close();
    }
  });

  test("ordinary Unicode is fine: accents, CJK, emoji, a no-break space", async () => {
    const res = await ts.call("POST", "/v1/packs", { key: me.key, body: { name: "Café 城堡 🏰\u00a0pack" } });
    expect(res.status).toBe(201);
  });
});

describe("lengths count characters (code points)", () => {
  test("100 emoji (200 UTF-16 units) pass as a pack name; 101 are refused naming the limit", async () => {
    const ok = await ts.call("POST", "/v1/packs", { key: me.key, body: { name: "😀".repeat(100) } });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as any).pack.name).toBe("😀".repeat(100));
    const message = await refused("POST", "/v1/packs", { name: "😀".repeat(101) });
    expect(message).toBe("name must be at most 100 characters");
  });

  test("100 plain characters pass, 101 are refused (the bound in both counts)", async () => {
    expect((await ts.call("POST", "/v1/packs", { key: me.key, body: { name: "n".repeat(100) } })).status).toBe(201);
    expect(await refused("POST", "/v1/packs", { name: "n".repeat(101) })).toBe("name must be at most 100 characters");
  });

  test("other text limits count the same way: a 1000-character prompt of emoji passes, 1001 do not", async () => {
    const body = (prompt: string) => ({ prompt, size: 16, mode: "custom", description: "x", seed: 1 });
    const ok = await ts.call("POST", `/v1/packs/${slug}/textures`, { key: me.key, body: body("🪨".repeat(1000)) });
    expect(ok.status).toBe(202);
    expect(await refused("POST", `/v1/packs/${slug}/textures`, body("🪨".repeat(1001)))).toContain(
      "prompt must be at most 1000 characters",
    );
  });
});

describe("derived names and pack.mcmeta", () => {
  test("an import named after its zip file loses the zip name's control and bidi characters", async () => {
    const zip = zipSync({
      "pack.mcmeta": mcmeta(),
      "assets/minecraft/textures/block/stone.png": Buffer.from(png16, "base64"),
    });
    const up = (await (
      await ts.call("POST", "/v1/uploads", { key: me.key, body: { fileName: "Bad\u202eName\u0007.zip" } })
    ).json()) as any;
    await fetch(up.url, { method: "PUT", body: zip, headers: { authorization: `Bearer ${me.key}` } });
    const res = await ts.call("POST", "/v1/imports", { key: me.key, body: { file: { upload: up.upload } } });
    const body = (await res.json()) as any;
    expect(res.status).toBe(202);
    expect(body.pack.name).toBe("BadName");
    await waitJob(ts, me.key, body.job, 60_000);
  });

  test("a pack row from before the check (control characters in its name) exports a clean pack.mcmeta", async () => {
    const made = (await (await ts.call("POST", "/v1/packs", { key: me.key, body: { name: "Old Row" } })).json()) as any;
    await ts.svc.db.run("UPDATE packs SET name = ? WHERE slug = ?", ["Old\u0000\u202eRow\n", made.pack.slug]);
    const zip = unzipSync(
      new Uint8Array(await (await ts.call("GET", `/v1/packs/${made.pack.slug}/export`, { key: me.key })).arrayBuffer()),
    );
    const meta = JSON.parse(new TextDecoder().decode(zip["pack.mcmeta"]));
    expect(meta.pack.description).toBe("OldRow");
  });
});

describe("slug collisions tell nothing about other accounts", () => {
  const shape = (slug: string, base: string) => new RegExp(`^${base}-[a-z0-9]{6}$`).test(slug);

  test("a name colliding with one's own pack and one colliding with another account's get the same form", async () => {
    const other = await ts.account("other-owner");
    const mine = await ts.account("collider");
    const create = async (key: string, name: string) => {
      const res = await ts.call("POST", "/v1/packs", { key, body: { name } });
      const body = (await res.json()) as any;
      return { status: res.status, keys: Object.keys(body.pack).sort(), slug: body.pack.slug as string };
    };
    expect((await create(other.key, "Hidden Castle")).slug).toBe("hidden-castle");
    expect((await create(mine.key, "Own Castle")).slug).toBe("own-castle");
    const againstOther = await create(mine.key, "Hidden Castle");
    const againstOwn = await create(mine.key, "Own Castle");
    expect(againstOther.status).toBe(againstOwn.status);
    expect(againstOther.keys).toEqual(againstOwn.keys);
    expect(shape(againstOther.slug, "hidden-castle")).toBe(true);
    expect(shape(againstOwn.slug, "own-castle")).toBe(true);
    // No counter to read: a third collision is random too, not "-3".
    const third = await create(mine.key, "Hidden Castle");
    expect(shape(third.slug, "hidden-castle")).toBe(true);
    expect(third.slug).not.toBe(againstOther.slug);
  });

  test("a 48-character base keeps the slug within 48 characters with its suffix", async () => {
    const name = "a".repeat(60);
    await ts.call("POST", "/v1/packs", { key: me.key, body: { name } });
    const second = ((await (await ts.call("POST", "/v1/packs", { key: me.key, body: { name } })).json()) as any).pack
      .slug as string;
    expect(second.length).toBeLessThanOrEqual(48);
    expect(second).toMatch(/^a+-[a-z0-9]{6}$/);
  });
});
