/**
 * The availability benchmarks' server: Packsmith as its own process (from this checkout, or another one given by
 * its folder, to measure a "before" in the same run), /healthz watched under wrk while work runs, and the few
 * calls the cases make.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runWrk, type WrkRun } from "./wrk.ts";
export { uploadZip } from "./import-pack.ts";

/**
 * The server runs as its own process (`bun src/main.ts serve`), so its resident memory is measured alone:
 * VmRSS from /proc, workers included (they are threads of the same process).
 */
export interface Server {
  url: string;
  call(method: string, path: string, opts?: { key?: string; body?: unknown }): Promise<Response>;
  /** Resident memory: all of it (VmRSS), and the anonymous part (RssAnon: heaps and buffers, not file pages). */
  rss(): { total: number; anon: number };
  close(): Promise<void>;
}

export async function startServerProcess(root = join(import.meta.dir, "..", "..")): Promise<Server & { key: string }> {
  const data = mkdtempSync(join(tmpdir(), "packsmith-availability-"));
  const main = join(root, "src", "main.ts");
  const run = (...args: string[]) => {
    const r = Bun.spawnSync(["bun", main, ...args, "--data", data], { stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`${args.join(" ")}: ${r.stderr.toString()}`);
    return r.stdout.toString().trim();
  };
  run("accounts", "create", "bench", "--plan", "pro", "--credits", "1000", "--init");
  const key = run("keys", "create", "bench");
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  const child = Bun.spawn(
    [
      "bun",
      main,
      "serve",
      "--data",
      data,
      "--port",
      String(port),
      "--workers",
      "2",
      "--rate-reads",
      "1000000",
      "--rate-writes",
      "1000000",
      "--bootstrap",
      "false",
    ],
    // rate-checks as an env setting: a server from before it existed ignores it.
    { stdout: "ignore", stderr: "inherit", env: { ...process.env, PACKSMITH_RATE_CHECKS: "1000000" } },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (i > 200) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  return {
    url,
    key,
    call: (method, path, opts = {}) =>
      fetch(url + path, {
        method,
        headers: {
          ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
          ...(opts.body ? { "content-type": "application/json" } : {}),
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
      }),
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
      return { total: kb("VmRSS"), anon: kb("RssAnon") };
    },
    close: async () => {
      child.kill();
      await child.exited;
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** /healthz under wrk in 2 s slices until `busy` settles; the worst slice's p99 and max, the median p50. */
export async function healthWhile(ts: Server, busy: Promise<unknown>): Promise<WrkRun & { slices: number }> {
  let done = false;
  void busy.finally(() => {
    done = true;
  });
  const runs: WrkRun[] = [];
  // A long timeout: a stalled server shows as a long latency, not as a dropped request.
  do runs.push(await runWrk(`${ts.url}/healthz`, { threads: 1, connections: 1, seconds: 2, timeoutSeconds: 60 }));
  while (!done);
  await busy;
  const p50s = runs.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    ...runs[0],
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    maxMs: Math.max(...runs.map((r) => r.maxMs)),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    clientCores: Math.max(...runs.map((r) => r.clientCores)),
    slices: runs.length,
  };
}

export async function waitJob(ts: Server, key: string, job: string): Promise<void> {
  for (;;) {
    const j = (await (await ts.call("GET", `/v1/jobs/${encodeURIComponent(job)}`, { key })).json()) as any;
    if (j.status === "ready") return;
    if (j.status !== "generating") throw new Error(`job ${job} ended ${j.status}: ${j.error}`);
    await Bun.sleep(50);
  }
}
