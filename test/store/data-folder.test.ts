/**
 * The data folder has one owner: a second server on it is refused (naming the first), a lock left by a
 * killed process is taken over, the blob temp folder is swept at start, admin commands still work while a
 * server runs, and a folder written by a newer schema is refused by serve and admin commands alike.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { childEnv, cli, MAIN, readUntil, REPO } from "../support/cli.ts";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/app.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";
import { lockPresent, readLock } from "../../src/store/lock.ts";

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), "packsmith-folder-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const config = (data: string) => loadConfig({ port: "0", data, workers: "1", bootstrap: "false" }, {});

/** `serve` as a child process; resolves with its banner's URL once it listens. */
async function serveChild(data: string) {
  const proc = Bun.spawn(["bun", MAIN, "serve", "--port", "0", "--data", data, "--bootstrap", "false"], {
    cwd: REPO,
    env: childEnv(),
    stdout: "pipe",
    stderr: "pipe",
  });
  const { text } = await readUntil(proc.stdout, (t) => (/serving (http:\S+)/.test(t) ? true : undefined), "banner");
  return { proc, url: /serving (http:\S+)/.exec(text)![1] };
}

describe("one server per data folder", () => {
  test("a second server is refused with the first one's address; after stop the folder is free", async () => {
    const data = fresh();
    const first = await startServer(config(data));
    try {
      expect(readLock(data)).toMatchObject({ pid: process.pid, port: first.port });
      await expect(startServer(config(data))).rejects.toThrow(`:${first.port}) already serves`);
      // Admin commands are not servers: they still work on the folder.
      const made = await cli(data, "accounts", "create", "while-serving");
      expect(made.code).toBe(0);
    } finally {
      await first.stop();
    }
    expect(lockPresent(data)).toBe(false);
    const again = await startServer(config(data));
    await again.stop();
  });

  test("serve as a command: one clear line and exit 2 for the second; a killed server's lock is taken over", async () => {
    const data = fresh();
    const { proc, url } = await serveChild(data);
    try {
      const second = Bun.spawn(["bun", MAIN, "serve", "--port", "0", "--data", data], {
        cwd: REPO,
        env: childEnv(),
        stderr: "pipe",
        stdout: "pipe",
      });
      expect(await second.exited).toBe(2);
      const err = await new Response(second.stderr).text();
      expect(err.trim().split("\n")).toHaveLength(1);
      expect(err).toContain(`already serves`);
      expect(err).toContain(url.replace(/\/$/, ""));
    } finally {
      proc.kill("SIGKILL");
      await proc.exited;
    }
    // kill -9 left the lock behind; its pid is gone, so the next start takes it over.
    expect(lockPresent(data)).toBe(true);
    const next = await startServer(config(data));
    await next.stop();
  });

  test("leftover temp files from a crash are swept at start", async () => {
    const data = fresh();
    mkdirSync(join(data, "blobs", "tmp"), { recursive: true });
    writeFileSync(join(data, "blobs", "tmp", "1795484503000-ea1f79ae3c827ddb"), "half a blob");
    const server = await startServer(config(data));
    try {
      expect(existsSync(join(data, "blobs", "tmp", "1795484503000-ea1f79ae3c827ddb"))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe("a newer schema", () => {
  test("serve and admin commands refuse a folder written by a newer Packsmith, and change nothing", async () => {
    const data = fresh();
    await (await startServer(config(data))).stop();
    const newer = MIGRATIONS[MIGRATIONS.length - 1].version + 1;
    const db = new Database(join(data, "packsmith.sqlite"));
    db.exec(`PRAGMA user_version = ${newer}`);
    db.close();
    await expect(startServer(config(data))).rejects.toThrow("written by a newer Packsmith");
    expect(lockPresent(data)).toBe(false);
    const serve = Bun.spawn(["bun", MAIN, "serve", "--port", "0", "--data", data], {
      cwd: REPO,
      env: childEnv(),
      stderr: "pipe",
      stdout: "pipe",
    });
    expect(await serve.exited).toBe(2);
    expect(await new Response(serve.stderr).text()).toContain(`schema ${newer}`);
    const admin = await cli(data, "accounts", "list");
    expect(admin.code).toBe(2);
    expect(admin.stderr).toContain("newer Packsmith");
    const check = new Database(join(data, "packsmith.sqlite"));
    expect((check.query("PRAGMA user_version").get() as any).user_version).toBe(newer);
    check.close();
  });
});
