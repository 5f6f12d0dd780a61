/**
 * The commands on the engines `--database` / `--blobs` name, run as an operator runs them (child processes):
 * a wrong or unreachable engine stops the start with one line and exit 2; the admin commands, serve (two
 * processes on one data folder, which the folder lock allows only on PostgreSQL) and backup work on
 * PostgreSQL + Swift, and the start-up line names the engines without the password.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, cli, cliWithEnv, MAIN, REPO, readUntil, refusedWith } from "../support/cli.ts";
import { freePort } from "../support/engines.ts";
import { engineSettings, pairMissing, stopSharedEngines } from "../support/engine-pair.ts";

// The shared PostgreSQL and Swift stop with this file (a killed run is left to the harnesses' watchdog).
afterAll(stopSharedEngines, 60_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "packsmith-engines-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("engine settings checked at start", () => {
  test("a --database that is not a postgres URL: one line, exit 2", async () => {
    refusedWith(await cli(dir, "serve", "--port", "0", "--database", "mysql://h/db"), /--database must be a postgres/);
  });
  test("PACKSMITH_DATABASE_URL is checked the same way and named", async () => {
    const r = await cliWithEnv(dir, { PACKSMITH_DATABASE_URL: "postgres://h" }, "accounts", "list");
    refusedWith(r, /PACKSMITH_DATABASE_URL: --database URL names no database/);
  });
  test("a --blobs bucket S3 would refuse: one line, exit 2", async () => {
    refusedWith(await cli(dir, "accounts", "list", "--blobs", "s3://Bad_Bucket"), /not a valid S3 bucket name/);
  });
  test("a PostgreSQL nobody listens on: one line naming it (no password), exit 2", async () => {
    const port = await freePort();
    const r = await cli(dir, "serve", "--port", "0", "--database", `postgres://u:sekret@127.0.0.1:${port}/db`);
    refusedWith(r, /PostgreSQL at .*127\.0\.0\.1.* is unreachable/);
    expect(r.stderr).not.toContain("sekret");
  });
});

const missing = pairMissing("postgres");
describe.skipIf(missing !== null)(`on PostgreSQL + Swift${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let engines: Record<string, string>;
  const on = () => ["--database", engines.database, "--blobs", engines.blobs];
  beforeAll(async () => {
    engines = await engineSettings("postgres");
    // A password in the URL (trust auth ignores it) that no line may repeat.
    engines.database = engines.database.replace("postgres://postgres@", "postgres://postgres:sekret@");
  }, 400_000);

  test("admin commands run on the database: accounts, keys, credits; no sqlite file is made", async () => {
    const data = join(dir, "admin");
    expect((await cli(data, "accounts", "create", "alice", "--plan", "pro", ...on())).code).toBe(0);
    const key = await cli(data, "keys", "create", "alice", ...on(), "--json");
    expect(key.code).toBe(0);
    expect(JSON.parse(key.stdout).key).toMatch(/^ps_/);
    const grant = await cli(data, "credits", "grant", "alice", "7", ...on(), "--json");
    expect(JSON.parse(grant.stdout).granted).toBe(7);
    const list = await cli(data, "accounts", "list", ...on(), "--json");
    expect(JSON.stringify(JSON.parse(list.stdout))).toContain("alice");
    expect(existsSync(join(data, "packsmith.sqlite"))).toBe(false);
  }, 60_000);

  test("two servers on one data folder start on PostgreSQL (no folder lock) and name their engines, no password", async () => {
    const data = join(dir, "serve");
    const procs = [0, 1].map(() =>
      Bun.spawn(["bun", MAIN, "serve", "--port", "0", "--data", data, ...on()], {
        cwd: REPO,
        env: childEnv(),
        stdout: "pipe",
        stderr: "pipe",
      }),
    );
    try {
      for (const p of procs) {
        const { text } = await readUntil(p.stdout, (t) => (/serving (http:\S+)/.test(t) ? true : undefined), "banner");
        expect(text).toMatch(/database: PostgreSQL at 127\.0\.0\.1:\d+\/\S+; blobs: S3 s3:\/\/packsmith-/);
        expect(text).not.toContain("sekret");
        const url = /serving (http:\S+)/.exec(text)![1];
        const health = await fetch(`${url}/healthz`);
        expect(await health.json()).toEqual({ status: "ok", engines: { postgres: "ok", s3: "ok" } });
      }
    } finally {
      for (const p of procs) p.kill();
      await Promise.all(procs.map((p) => p.exited));
    }
  }, 120_000);

  test("backup on PostgreSQL: pg_dump of the database and the blobs it names", async () => {
    const dest = join(dir, "backup");
    const r = await cli(join(dir, "admin"), "backup", dest, ...on(), "--json");
    expect(r.code).toBe(0);
    expect(existsSync(join(dest, "packsmith.pgdump"))).toBe(true);
  }, 120_000);
});
