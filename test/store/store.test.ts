import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, REPO } from "../support/cli.ts";
import { openDatabase } from "../../src/store/db.ts";
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
        import { openDatabase } from ${JSON.stringify(join(REPO, "src/store/db.ts"))};
        while (Date.now() < ${startAt}) {}
        const db = openDatabase(${JSON.stringify(path)});
        console.log(db.query("PRAGMA user_version").get().user_version);
        db.close();`;
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
      const db = openDatabase(path);
      try {
        expect(
          db.query("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'accounts'").get(),
        ).toEqual({ n: 1 });
        expect(db.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      } finally {
        db.close();
      }
    }
  }, 60_000);
});
