import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { childEnv, makePack, putAsset, REPO } from "../../support/cli.ts";
import { FONT_BITMAP, oldestRelease } from "../../../src/pack/versions.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ "pack-limit-pro": "1000" });
});
afterAll(() => ts.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe("POST /packs and GET /packs", () => {
  test("creates a pack with the spec's fields and the server's default game version", async () => {
    const { key } = await ts.account("maker");
    const res = await ts.call("POST", "/v1/packs", { key, body: { name: "Crystal Caves!" } });
    expect(res.status).toBe(201);
    const { pack } = (await res.json()) as any;
    expect(pack).toMatchObject({
      slug: "crystal-caves",
      name: "Crystal Caves!",
      minecraftVersion: ts.svc.config.defaultVersion,
      role: "owner",
      assetCounts: { textures: 0, models: 0, icons: 0, sounds: 0 },
    });
    expect(pack.createdAt).toMatch(ISO);
    expect(pack.updatedAt).toMatch(ISO);
    expect("minVersion" in pack).toBe(false);

    const older = await ts.call("POST", "/v1/packs", { key, body: { name: "Old", minecraftVersion: "1.20.1" } });
    expect(((await older.json()) as any).pack.minecraftVersion).toBe("1.20.1");

    const list = (await (await ts.call("GET", "/v1/packs", { key })).json()) as any;
    expect(list.packs.map((p: any) => p.slug)).toEqual(["crystal-caves", "old"]);
    expect(list.packs.every((p: any) => !("minVersion" in p))).toBe(true);
  });

  test("equal names get distinct slugs; a name with nothing sluggable still gets one", async () => {
    const { key } = await ts.account("dup");
    const slugs: string[] = [];
    for (const name of ["Dup Name", "dup name", "DUP-NAME", "!!!", "???"]) {
      const { pack } = (await (await ts.call("POST", "/v1/packs", { key, body: { name } })).json()) as any;
      slugs.push(pack.slug);
    }
    expect(new Set(slugs).size).toBe(5);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugs[0]).toBe("dup-name");
  });

  test("asset counts follow the spec's four buckets (item/GUI sheets are textures, fonts are icons)", async () => {
    const { key } = await ts.account("counter");
    const pack = await makePack(ts, key, "Counted");
    await putAsset(ts, pack, { kind: "texture", name: "stone", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "item:sword", type: "item", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "gui:furnace", type: "gui", status: "error" });
    await putAsset(ts, pack, { kind: "model", name: "barrel", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "barrel_side", type: "model_texture", status: "generating" });
    await putAsset(ts, pack, { kind: "font", name: "heart", status: "generating" });
    await putAsset(ts, pack, { kind: "sound", name: "ding", status: "generating" });
    await putAsset(ts, pack, { kind: "sound", name: "dong", status: "generating" });
    const { pack: view } = (await (await ts.call("GET", `/v1/packs/${pack.slug}`, { key })).json()) as any;
    expect(view.assetCounts).toEqual({ textures: 3, models: 1, icons: 1, sounds: 2 });
  });
});

describe("GET /packs/{pack}", () => {
  test("minVersion comes from the contents, not from minecraftVersion", async () => {
    const { key } = await ts.account("versions");
    const pack = await makePack(ts, key, "Versioned");
    const get = async () => ((await (await ts.call("GET", `/v1/packs/${pack.slug}`, { key })).json()) as any).pack;
    const empty = await get();
    expect(empty.minecraftVersion).toBe(ts.svc.config.defaultVersion);
    expect(empty.minVersion).toBe(oldestRelease);
    // A failed asset puts nothing in the zip, so it raises nothing.
    await putAsset(ts, pack, { kind: "font", name: "broken", status: "error" });
    expect((await get()).minVersion).toBe(oldestRelease);
    // Font glyphs need the font provider files.
    await putAsset(ts, pack, { kind: "font", name: "heart", status: "generating" });
    const withIcon = await get();
    expect(withIcon.minVersion).toBe(FONT_BITMAP);
    expect(withIcon.minecraftVersion).toBe(ts.svc.config.defaultVersion);
    expect(withIcon.role).toBe("owner");
  });

  test("an unknown slug is not_found", async () => {
    const { key } = await ts.account("seeker");
    const res = await ts.call("GET", "/v1/packs/no-such-pack", { key });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe("not_found");
  });
});

describe("slug uniqueness under concurrent creation", () => {
  test("parallel POSTs and other processes creating the same name all get distinct slugs", async () => {
    const { key } = await ts.account("racer-http");
    const processes = 4;
    const perProcess = 40;
    const requests = 60;
    for (let p = 0; p < processes; p++) await ts.account(`racer-${p}`);

    const dbPath = join(ts.dataDir, "packsmith.sqlite");
    // Each process waits for a shared start time so they really overlap with each other and the HTTP burst.
    const startAt = Date.now() + 600;
    const script = (p: number) => `
      import { openSqlite } from ${JSON.stringify(join(REPO, "src/store/sqlite-driver.ts"))};
      import { findAccount } from ${JSON.stringify(join(REPO, "src/core/accounts.ts"))};
      import { createPack } from ${JSON.stringify(join(REPO, "src/core/packs.ts"))};
      const db = openSqlite(${JSON.stringify(dbPath)});
      const owner = await findAccount(db, "racer-${p}");
      while (Date.now() < ${startAt}) await Bun.sleep(1);
      const slugs = [];
      for (let i = 0; i < ${perProcess}; i++) slugs.push((await createPack(db, owner, "Race Pack", "1.21.11", 1000)).slug);
      console.log(JSON.stringify(slugs));
      await db.close();`;
    const procs = Array.from({ length: processes }, (_, p) =>
      Bun.spawn(["bun", "-e", script(p)], { cwd: REPO, env: childEnv(), stdout: "pipe", stderr: "pipe" }),
    );
    while (Date.now() < startAt) await Bun.sleep(1);
    const responses = await Promise.all(
      Array.from({ length: requests }, () => ts.call("POST", "/v1/packs", { key, body: { name: "Race Pack" } })),
    );
    const outputs = await Promise.all(
      procs.map(async (proc) => {
        const [out, err, code] = await Promise.all([
          new Response(proc.stdout).text(),
          new Response(proc.stderr).text(),
          proc.exited,
        ]);
        if (code !== 0) throw new Error(`racer exited ${code}: ${err}`);
        return JSON.parse(out) as string[];
      }),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(requests).fill(201));
    const httpSlugs = await Promise.all(responses.map(async (r) => ((await r.json()) as any).pack.slug as string));
    const all = [...httpSlugs, ...outputs.flat()];
    expect(all.length).toBe(requests + processes * perProcess);
    expect(new Set(all).size).toBe(all.length);
    for (const s of all) expect(s).toMatch(/^race-pack(-[a-z0-9]{6})?$/);
    const stored = (await ts.svc.db.get(
      "SELECT count(*) AS n, count(DISTINCT slug) AS d FROM packs WHERE name = 'Race Pack'",
    )) as { n: number; d: number };
    expect(stored).toEqual({ n: all.length, d: all.length });
  }, 60_000);
});
