import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, REPO } from "../support/cli.ts";
import { openSqlite } from "../../src/store/sqlite-driver.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("store", () => {
  test("several processes opening one fresh data dir at once all succeed and apply each migration once", async () => {
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), "packsmith-open-"));
      dirs.push(dir);
      const path = join(dir, "packsmith.sqlite");
      const startAt = Date.now() + 500;
      const script = `
        import { openSqlite } from ${JSON.stringify(join(REPO, "src/store/sqlite-driver.ts"))};
        while (Date.now() < ${startAt}) {}
        const db = openSqlite(${JSON.stringify(path)});
        console.log((await db.get("PRAGMA user_version")).user_version);
        await db.close();`;
      const procs = Array.from({ length: 6 }, () =>
        Bun.spawn(["bun", "-e", script], { cwd: REPO, env: childEnv(), stdout: "pipe", stderr: "pipe" }),
      );
      const results = await Promise.all(
        procs.map(async (p) => ({
          out: await new Response(p.stdout).text(),
          err: await new Response(p.stderr).text(),
          code: await p.exited,
        })),
      );
      for (const r of results) {
        expect(r.err).toBe("");
        expect(r.code).toBe(0);
        expect(Number(r.out)).toBe(MIGRATIONS.at(-1)!.version);
      }
      const db = openSqlite(path);
      try {
        expect(
          await db.get("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'accounts'"),
        ).toEqual({ n: 1 });
        expect(await db.get("PRAGMA journal_mode")).toEqual({ journal_mode: "wal" });
      } finally {
        await db.close();
      }
    }
  }, 60_000);
});
