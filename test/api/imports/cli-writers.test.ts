/**
 * Admin commands are documented as safe while the server runs. Here three CLI processes keep writing the ledger
 * (`credits grant`) while imports and generations write packs: every write transaction begins IMMEDIATE and
 * waits on the busy timeout, so nothing ends "database is locked", no import is left half done, and the
 * ledger adds up exactly.
 */
import { afterAll, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { encodePng } from "../../../src/media/png.ts";
import { cli } from "../../support/cli.ts";
import { credits, newPack } from "../../support/jobs.ts";
import { accepted, checkLanded, finished, planOf, startEnv, type Env } from "../../support/imports.ts";

let env: Env;
const GRANTS = 8;
const IMPORTS = 6;
afterAll(() => env?.ts.close());

function pack(seed: number, files: number): Uint8Array {
  const entries: Record<string, Uint8Array> = {
    "pack.mcmeta": new TextEncoder().encode(
      JSON.stringify({ pack: { pack_format: 34, description: `writers ${seed}` } }),
    ),
  };
  for (let i = 0; i < files; i++) {
    const data = new Uint8Array(16 * 16 * 4);
    for (let p = 0; p < data.length; p += 4)
      data.set([(p * 7 + i * 13 + seed) & 255, (p + seed) & 255, i & 255, 255], p);
    entries[`assets/minecraft/textures/block/w${seed}_${i}.png`] = encodePng({ width: 16, height: 16, data });
  }
  return zipSync(entries, { level: 1 });
}

const balance = async (env: Env) => (await credits(env.ts, env.accountId)).balance;

test("credits grant from three CLI processes during imports and generations: no failures, exact ledger", async () => {
  env = await startEnv({ workers: "2" });
  const name = (
    (await env.ts.svc.db.get("SELECT name FROM accounts WHERE id = ?", [env.accountId])) as { name: string }
  ).name;
  const before = await balance(env);

  const grants = Promise.all(
    [0, 1, 2].map(async () => {
      const codes: string[] = [];
      for (let i = 0; i < GRANTS; i++) {
        const r = await cli(env.ts.dataDir, "credits", "grant", name, "1");
        codes.push(r.code === 0 ? "ok" : `${r.code}: ${r.stderr.trim()}`);
      }
      return codes;
    }),
  );
  const genPack = newPack(env.ts, env.key, "Generated While Writing");
  const zips = Array.from({ length: IMPORTS }, (_, i) => i + 1).map((seed) => pack(seed, 150));
  const imports = Promise.all(
    zips.map(async (bytes) => (await accepted(env, bytes)) as { job: string; pack: { slug: string } }),
  );
  const gens = Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const slug = await genPack;
      const res = await env.ts.call("POST", `/v1/packs/${slug}/textures`, {
        key: env.key,
        body: { prompt: `mossy stone ${i}`, size: 16, mode: "custom", description: `stone ${i}`, seed: i },
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { job: string }).job;
    }),
  );

  const importAnswers = await imports;
  const genJobs = await gens;
  const [cliCodes, importsDone, gensDone] = await Promise.all([
    grants,
    Promise.all(importAnswers.map((a) => finished(env, a.job))),
    Promise.all(genJobs.map((j) => finished(env, j, 60_000))),
  ]);

  expect(cliCodes.flat()).toEqual(new Array(3 * GRANTS).fill("ok"));
  for (const job of importsDone) {
    expect(job.status).toBe("ready");
    expect(job.import.failed).toEqual([]);
  }
  // What landed is exactly the plan, byte for byte, for every import.
  for (const [i, a] of importAnswers.entries()) {
    const { archive, plan } = planOf(env, zips[i]);
    await checkLanded(env, a.pack.slug, archive, plan);
  }
  for (const job of gensDone) expect(job.status).toBe("ready");
  const charged = genJobs.length * env.ts.svc.config.costs.texture;
  expect(await balance(env)).toBe(before + 3 * GRANTS - charged);
}, 120_000);
