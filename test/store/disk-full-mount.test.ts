/**
 * A really full disk, not an injected one: the data folder lives on a small tmpfs that a filler file takes to
 * 100%. The server, as an operator runs it (`bun src/main.ts serve` in its own process), answers writes with
 * 503 storage full and keeps serving reads; started again on the still-full disk it comes up and serves reads;
 * once space is freed, writes work. Mounting needs root (CI runs as root); elsewhere the test says why it skips.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, cli, MAIN, readUntil, REPO } from "../support/cli.ts";

const mountPoint = mkdtempSync(join(tmpdir(), "packsmith-fulldisk-"));
const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint], { stderr: "pipe" });
const skip =
  mounted.exitCode === 0 ? null : `cannot mount a tmpfs here (${mounted.stderr.toString().trim() || "not root"})`;
if (skip) console.warn(`real full-disk test skipped: ${skip}`);

const data = join(mountPoint, "data");
const filler = join(mountPoint, "filler");
let key = "";

afterAll(() => {
  if (!skip) Bun.spawnSync(["umount", "-l", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** `serve` as its own process, once its banner says where it listens. */
async function serve() {
  const proc = Bun.spawn(["bun", MAIN, "serve", "--port", "0", "--data", data, "--workers", "1"], {
    cwd: REPO,
    env: childEnv(),
    stdout: "pipe",
    stderr: "pipe",
  });
  const { text } = await readUntil(proc.stdout, (t) => (/serving (http:\S+)/.test(t) ? true : undefined), "banner");
  const url = /serving (http:\S+)/.exec(text)![1];
  const call = (method: string, path: string, body?: unknown) =>
    fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  return {
    call,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** Takes every free block: writes a filler file until the file system refuses. */
function fillDisk() {
  const chunk = new Uint8Array(64 * 1024);
  mkdirSync(mountPoint, { recursive: true });
  writeFileSync(filler, "");
  for (;;) {
    try {
      writeFileSync(filler, chunk, { flag: "a" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOSPC") break;
      throw e;
    }
  }
  // Small writes can still find a partial block: fill that too.
  for (let n = 4096; n >= 1; n >>= 1)
    try {
      writeFileSync(filler, new Uint8Array(n), { flag: "a" });
    } catch {}
  const fs = statfsSync(mountPoint);
  expect(fs.bfree).toBe(0);
}

function expectStorageFull(status: number, body: any) {
  expect({ status, code: body.error?.code }).toEqual({ status: 503, code: "unavailable" });
  expect(body.error.message).toMatch(/storage full/);
}

beforeAll(async () => {
  if (skip) return;
  const made = await cli(data, "accounts", "create", "full", "--plan", "pro", "--credits", "100", "--init");
  expect(made.code).toBe(0);
  key = (await cli(data, "keys", "create", "full")).stdout.trim();
});

describe.skipIf(!!skip)("a data folder on a full file system", () => {
  test("writes answer 503 storage full, reads keep working, a restart on the full disk serves, freeing space heals", async () => {
    let server = await serve();
    try {
      const first = await server.call("POST", "/v1/packs", { name: "Made before the disk filled" });
      expect(first.status).toBe(201);
      const slug = ((await first.json()) as any).pack.slug;

      fillDisk();
      // sqlite may still have free pages inside its file: every answer is 201 or 503 storage full, never a 500.
      let full: Response | null = null;
      for (let i = 0; i < 500 && !full; i++) {
        const res = await server.call("POST", "/v1/packs", { name: `Filler ${i} ${"x".repeat(80)}` });
        if (res.status !== 201) full = res;
      }
      expect(full).not.toBeNull();
      expectStorageFull(full!.status, await full!.json());
      expect((await server.call("GET", `/v1/packs/${slug}`)).status).toBe(200);
      expect((await server.call("GET", "/healthz")).status).toBe(200);
      await server.stop();

      // Started again with no free block at all: it comes up, serves reads and refuses writes the same way.
      fillDisk();
      server = await serve();
      expect((await server.call("GET", "/healthz")).status).toBe(200);
      const listed = (await (await server.call("GET", "/v1/packs?limit=200")).json()) as any;
      expect(listed.packs.map((p: any) => p.slug)).toContain(slug);
      let refused: Response | null = null;
      for (let i = 0; i < 500 && !refused; i++) {
        const res = await server.call("POST", "/v1/packs", { name: `After restart ${i} ${"y".repeat(80)}` });
        if (res.status !== 201) refused = res;
      }
      expectStorageFull(refused!.status, await refused!.json());

      // Space comes back: writes work at once, without a restart.
      rmSync(filler);
      const healed = await server.call("POST", "/v1/packs", { name: "Made after space was freed" });
      expect(healed.status).toBe(201);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
