/**
 * Every real pack in the shared corpus through POST /v1/imports: the 202 answer equals the plan made
 * here from the same bytes, and the finished job stored exactly the planned files, byte for byte.
 * Small packs go inline (base64), the bigger ones through POST /uploads + PUT. The malformed pack
 * imports at the default version with a warning that names the problem.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync, zipSync } from "fflate";
import {
  accepted,
  checkLanded,
  corpusBytes,
  corpusPacks,
  dataDirState,
  hasCorpus,
  planOf,
  startEnv,
  type Env,
} from "../../support/imports.ts";

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.ts.close());

/** Packs over 1 MB come in through an upload, the rest inline. */
const UPLOAD_FROM = 1_000_000;

describe.if(hasCorpus)("corpus packs", () => {
  for (const file of corpusPacks()) {
    test(file, async () => {
      const bytes = await corpusBytes(`packs/${file}`);
      const via = bytes.length >= UPLOAD_FROM ? "upload" : "base64";
      const body = await accepted(env, bytes, { via });
      const { archive, plan } = planOf(env, bytes);
      expect(plan.items.length).toBeGreaterThan(0);
      expect(body.status).toBe("generating");
      expect(body.job).toBe(`${body.pack.slug}:import`);
      expect(body.planned).toEqual(plan.planned);
      expect(body.skipped).toEqual(plan.skipped);
      expect(body.warnings).toEqual(plan.warnings);
      expect(body.minecraftVersion).toBe(plan.minecraftVersion);
      expect(body.versionSource).toBe("pack.mcmeta");
      expect(body.pack.minecraftVersion).toBe(plan.minecraftVersion);
      expect(body.pack.role).toBe("owner");
      const job = await checkLanded(env, body.pack.slug, archive, plan);
      // Nothing in the corpus is broken: no planned file may fail (pack.png is not a planned item).
      expect(job.import.failed.filter((f: any) => f.path !== "pack.png")).toEqual([]);
      expect((await dataDirState(env)).strays).toEqual([]);
    }, 60_000);
  }

  test("a pack inside one top folder (a repository download) imports the same files", async () => {
    const flat = unzipSync(await corpusBytes("packs/vanilla-plus-hud.zip"));
    const nested = zipSync(Object.fromEntries(Object.entries(flat).map(([n, d]) => [`Vanilla-plus-HUD-main/${n}`, d])));
    const body = await accepted(env, nested);
    const { archive, plan } = planOf(env, nested);
    expect(plan.root).toBe("Vanilla-plus-HUD-main/");
    const direct = planOf(env, await corpusBytes("packs/vanilla-plus-hud.zip")).plan;
    expect(body.planned).toEqual(direct.planned);
    expect(body.planned.guis).toBe(69);
    const job = await checkLanded(env, body.pack.slug, archive, plan);
    expect(job.import.failed).toEqual([]);
  }, 30_000);

  test("the malformed pack.mcmeta: imported at the default version, with a warning naming the problem", async () => {
    const bytes = await corpusBytes("malformed/cloudiesmp-s10-broken-mcmeta.zip");
    const body = await accepted(env, bytes);
    const { archive, plan } = planOf(env, bytes);
    expect(body.versionSource).toBe("default");
    expect(body.minecraftVersion).toBe(env.ts.svc.config.defaultVersion);
    expect(body.pack.minecraftVersion).toBe(env.ts.svc.config.defaultVersion);
    const problem = body.warnings.find((w: string) => w.includes("pack.mcmeta"));
    expect(problem).toBeDefined();
    // The file is missing a comma after "max_format" on line 5; the parser sees it at line 6.
    expect(problem).toContain("not valid JSON");
    expect(problem).toContain("line 6");
    expect(problem).toContain("comma");
    expect(body.warnings.some((w: string) => w.includes("default"))).toBe(true);
    // The unreadable pack.mcmeta is kept as written (export writes its own: it cannot merge what it cannot read).
    expect(body.kept.some((g: any) => g.examples.includes("pack.mcmeta"))).toBe(true);
    expect(body.planned).toMatchObject({ textures: 0, models: 0, glyphs: 4, guis: 0, sounds: 0 });
    const job = await checkLanded(env, body.pack.slug, archive, plan);
    expect(job.import.failed).toEqual([]);
  }, 30_000);

  test("cloudie's 2048×2048 pack.png is reported as failed, never stored as the icon", async () => {
    const bytes = await corpusBytes("packs/cloudiesmp-s10.zip");
    const body = await accepted(env, bytes, { via: "upload" });
    const { archive, plan } = planOf(env, bytes);
    const job = await checkLanded(env, body.pack.slug, archive, plan, { step: 10 });
    expect(job.import.failed).toEqual([{ path: "pack.png", reason: expect.stringContaining("2048x2048") }]);
    const row = (await env.ts.svc.db.get("SELECT icon_blob FROM packs WHERE slug = ?", [body.pack.slug])) as any;
    expect(row.icon_blob).toBeNull();
  }, 60_000);

  test("a small pack.png becomes the pack icon", async () => {
    const bytes = await corpusBytes("packs/vanilla-plus-hud.zip");
    const body = await accepted(env, bytes);
    const { archive, plan } = planOf(env, bytes);
    await checkLanded(env, body.pack.slug, archive, plan, { step: 20 });
    const row = (await env.ts.svc.db.get("SELECT icon_blob FROM packs WHERE slug = ?", [body.pack.slug])) as any;
    expect(
      Buffer.from(await env.ts.svc.blobs.get(row.icon_blob)).equals(Buffer.from(unzipSync(bytes)["pack.png"])),
    ).toBe(true);
  }, 30_000);
});
