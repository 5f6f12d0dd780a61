/**
 * Load from wrk, a native HTTP load generator, so benchmarks measure the server and not the client: a Bun
 * fetch loop tops out near 21,000 req/s on this machine, below what a bare Bun.serve answers. Every run
 * reports the client's CPU next to the server's, so a saturated client is visible in the output.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface WrkOptions {
  threads?: number;
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  /** A Lua script for wrk (e.g. one that varies the request); see wrkRequestsScript. */
  script?: string;
  /** wrk's per-request timeout (its default is 2 s; slower answers count as socket timeouts, not latency). */
  timeoutSeconds?: number;
}

export interface WrkRun {
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** The slowest response of the run. */
  maxMs: number;
  /** Responses outside 2xx/3xx plus socket errors; a benchmark treats any as a failed run. */
  failures: number;
  /** wrk's own CPU (user + system) per request, in µs. */
  clientCpuUs: number;
  /** wrk's CPU as a share of the wall time of the run (1.0 = one full core). */
  clientCores: number;
}

/** Exits the benchmark with a clear message when wrk is missing (never falls back to a slower client). */
export function requireWrk(): string {
  const path = Bun.which("wrk");
  if (!path) {
    console.error("this benchmark drives load with wrk, which is not installed: apt-get install -y wrk");
    process.exit(2);
  }
  return path;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyMs(out: string, pct: string): number {
  const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
  return m ? Number(m[1]) * UNIT_MS[m[2]] : Number.NaN;
}

/** The max column of wrk's "Latency avg stdev max +/-stdev" line. */
function maxLatencyMs(out: string): number {
  const m = /^\s*Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)\s/m.exec(out);
  return m ? Number(m[1]) * UNIT_MS[m[2]] : Number.NaN;
}

/** Runs wrk against `url` and parses its report. */
export async function runWrk(url: string, opts: WrkOptions = {}): Promise<WrkRun> {
  const wrk = requireWrk();
  const threads = opts.threads ?? 2;
  const connections = Math.max(opts.connections ?? 64, threads);
  const seconds = opts.seconds ?? 5;
  const args = [wrk, `-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}: ${v}`);
  if (opts.script) args.push("-s", opts.script);
  if (opts.timeoutSeconds) args.push("--timeout", `${opts.timeoutSeconds}s`);
  args.push(url);
  const started = performance.now();
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  if ((await proc.exited) !== 0) throw new Error(`wrk failed: ${err || out}`);
  const wallUs = (performance.now() - started) * 1000;
  const cpu = proc.resourceUsage()?.cpuTime;
  const cpuUs = cpu ? Number(cpu.user) + Number(cpu.system) : Number.NaN;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  return {
    rps,
    requests,
    p50Ms: latencyMs(out, "50"),
    p99Ms: latencyMs(out, "99"),
    maxMs: maxLatencyMs(out),
    failures: non2xx + socketErrors,
    clientCpuUs: requests ? cpuUs / requests : Number.NaN,
    clientCores: cpuUs / wallUs,
  };
}

/**
 * A wrk Lua script that cycles through the given requests (method, path, body), so a run can vary what it
 * asks (range prefixes, lookup bodies) without the client computing anything per request. Returns the
 * script's path and a cleanup function.
 */
export function wrkRequestsScript(
  requests: { method: string; path: string; body?: string; headers?: Record<string, string> }[],
): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "packsmith-wrk-"));
  const lua = (s: string) => JSON.stringify(s); // JSON string escapes are valid Lua string escapes for ASCII
  const rows = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([k, v]) => `[${lua(k)}]=${lua(v)}`)
      .join(",");
    return `wrk.format(${lua(r.method)}, ${lua(r.path)}, {${headers}}, ${r.body === undefined ? "nil" : lua(r.body)})`;
  });
  const script = [
    "local reqs = {}",
    "local n = 0",
    "init = function(args)",
    ...rows.map((row) => `  table.insert(reqs, ${row})`),
    "end",
    "request = function()",
    "  n = n % #reqs + 1",
    "  return reqs[n]",
    "end",
  ].join("\n");
  const path = join(dir, "requests.lua");
  writeFileSync(path, script);
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Server CPU per request (this process, user + system), around an async run. */
export async function withServerCpu<T extends { requests: number }>(
  run: () => Promise<T>,
): Promise<T & { serverCpuUs: number }> {
  const before = process.cpuUsage();
  const r = await run();
  const used = process.cpuUsage(before);
  return { ...r, serverCpuUs: r.requests ? (used.user + used.system) / r.requests : Number.NaN };
}

export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
