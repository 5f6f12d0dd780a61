import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, readUntil, REPO } from "../support/cli.ts";

const work = mkdtempSync(join(tmpdir(), "packsmith-binary-"));
const started: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  // Never leave a server behind, whatever failed.
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

async function run(cmd: string[], cwd = REPO) {
  const proc = Bun.spawn(cmd, { cwd, env: childEnv(), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** Set by the build test; null when `bun run build` failed (the start test then builds src/main.ts alone). */
let built: string | null = null;

describe("compiled binary", () => {
  test("bun run build writes dist/packsmith", async () => {
    const build = await run(["bun", "run", "build"]);
    if (build.code !== 0) throw new Error(`bun run build failed:\n${build.stderr.trim()}\n${build.stdout.trim()}`);
    const out = join(REPO, "dist/packsmith");
    expect(statSync(out).size).toBeGreaterThan(10_000_000);
    built = out;
  }, 240_000);

  test("copied alone into an empty folder, it serves, bootstraps a key, and lists packs with it", async () => {
    let binary = built;
    if (!binary) {
      // The build contract is checked (and reported) above; still check that the server itself starts compiled.
      binary = join(work, "build", "packsmith");
      const alone = await run(["bun", "build", "--compile", "--minify", "src/main.ts", "--outfile", binary]);
      if (alone.code !== 0) throw new Error(`bun build src/main.ts failed:\n${alone.stderr}\n${alone.stdout}`);
    }
    const folder = join(work, "empty");
    const data = join(folder, "data");
    mkdirSync(folder);
    const copy = join(folder, "packsmith");
    copyFileSync(binary, copy);
    chmodSync(copy, 0o755);
    expect(readdirSync(folder)).toEqual(["packsmith"]);

    const port = freePort();
    const proc = Bun.spawn([copy, "serve", "--port", String(port), "--data", data], {
      cwd: folder,
      env: childEnv(),
      stdout: "pipe",
      stderr: "pipe",
    });
    started.push(proc);
    const stderr = new Response(proc.stderr).text();
    const { text } = await readUntil(
      proc.stdout,
      (t) => (/MCP key:\s+\S+\n/.test(t) ? true : undefined),
      "the first-start keys",
    );
    expect(text).toContain(`http://127.0.0.1:${port}`);
    const key = /REST key:\s+(ps_rest_\S+)/.exec(text)![1];

    const health = await run(["curl", "-sS", "-f", `http://127.0.0.1:${port}/healthz`], folder);
    expect(health.code).toBe(0);
    expect(JSON.parse(health.stdout)).toEqual({ status: "ok", engines: { sqlite: "ok", folder: "ok" } });
    const packs = await run(
      ["curl", "-sS", "-f", "-H", `Authorization: Bearer ${key}`, `http://127.0.0.1:${port}/v1/packs`],
      folder,
    );
    expect(packs.code).toBe(0);
    expect(JSON.parse(packs.stdout)).toEqual({ packs: [] });
    const created = await run(
      [
        "curl",
        "-sS",
        "-f",
        "-H",
        `Authorization: Bearer ${key}`,
        "-H",
        "content-type: application/json",
        "-d",
        '{"name":"From Binary"}',
        `http://127.0.0.1:${port}/v1/packs`,
      ],
      folder,
    );
    expect(JSON.parse(created.stdout).pack.slug).toBe("from-binary");
    expect(existsSync(join(data, "packsmith.sqlite"))).toBe(true);

    // Let the worker pool start (a worker that cannot be found crashes within a second), then stop.
    await Bun.sleep(1500);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    // The real build carries the worker entrypoint: no worker may have failed to load.
    if (built) expect(await stderr).not.toMatch(/crashed|ModuleNotFound/);
    // Nothing still listens: the port is free again.
    expect(
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => "open",
        () => "closed",
      ),
    ).toBe("closed");
  }, 240_000);
});
