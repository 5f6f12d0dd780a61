/**
 * Cold start: from exec of the compiled binary to the first 200 on /healthz, against a compiled minimal
 * Bun.serve built in the same run (the runtime's own floor). Target (issue 17): <= 120 ms.
 *
 *   bun bench/start.ts [--runs 15] [--binary dist/packsmith]
 *
 * Builds dist/packsmith first unless --binary names one. Each run starts on a fresh, empty data folder
 * (the first start also bootstraps an account and prints keys, as a new self-hoster's does) and on one
 * that already holds a database.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseFlags } from "../src/config.ts";
import { median } from "./support/wrk.ts";

const { flags } = parseFlags(process.argv.slice(2));
const runs = Number(flags.runs ?? 15);
const root = join(import.meta.dir, "..");
const work = mkdtempSync(join(tmpdir(), "packsmith-start-"));

function build(args: string[], what: string) {
  const r = Bun.spawnSync(args, { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`building ${what} failed: ${r.stderr.toString()}`);
}

const binary = flags.binary ?? join(root, "dist/packsmith");
if (!flags.binary) build(["bun", "run", "build"], "dist/packsmith");
const bareSource = join(work, "bare.ts");
writeFileSync(
  bareSource,
  `Bun.serve({ port: Number(process.argv[2]), hostname: "127.0.0.1", fetch: () => new Response('{"status":"ok"}') });`,
);
const bare = join(work, "bare");
build(["bun", "build", "--compile", "--minify", "--bytecode", bareSource, "--outfile", bare], "the bare server");

/** A port nobody listens on now (the OS picks it; a moment later we hand it to the child). */
function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port as number;
  s.stop(true);
  return port;
}

/** ms from spawn to the first 200 on /healthz. */
async function coldStart(args: (port: number) => string[]): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = Bun.spawn(args(port), { stdout: "ignore", stderr: "pipe", env: { ...process.env } });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null)
        throw new Error(`exited ${child.exitCode}: ${await new Response(child.stderr).text()}`);
      if (performance.now() - started > 10_000) throw new Error("no 200 on /healthz within 10 s");
      await Bun.sleep(1);
    }
  } finally {
    child.kill();
    await child.exited;
  }
}

const cases: { label: string; args: (port: number) => string[] }[] = [
  { label: "compiled bare Bun.serve", args: (port) => [bare, String(port)] },
  {
    label: "packsmith, empty data folder",
    args: (port) => [binary, "serve", "--port", String(port), "--data", mkdtempSync(join(work, "data-"))],
  },
];
const existing = mkdtempSync(join(work, "existing-"));
await coldStart((port) => [binary, "serve", "--port", String(port), "--data", existing]); // makes the database
cases.push({
  label: "packsmith, existing data folder",
  args: (port) => [binary, "serve", "--port", String(port), "--data", existing],
});

try {
  const results = new Map<string, number[]>(cases.map((c) => [c.label, []]));
  // Interleaved, so load from elsewhere on the machine hits every case alike.
  for (let r = 0; r < runs; r++) for (const c of cases) results.get(c.label)?.push(await coldStart(c.args));
  const bareMs = median(results.get(cases[0].label) ?? []);
  console.log(`cold start to the first 200 on /healthz, median of ${runs} runs (target <= 120 ms)`);
  for (const [label, times] of results) {
    const ms = median(times);
    console.log(
      `${label.padEnd(34)}${ms.toFixed(0).padStart(5)} ms   ${(ms / bareMs).toFixed(1)}x bare` +
        (label.startsWith("packsmith") ? `   ${ms <= 120 ? "met" : "MISSED"}` : ""),
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
