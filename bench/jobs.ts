/**
 * What leases cost. Run: `bun bench/jobs.ts [--jobs 300] [--engine postgres]`.
 *
 *  1. In one process, the same 16×16 texture jobs three ways: the worker pool alone (no store: the run itself),
 *     the engine as it was before leases (post each job to the pool, then one markReady transaction), and the
 *     lease path (claim, run, fenced completion). Overhead per job = path time minus the pool alone,
 *     per job; the lease path's is printed beside the old engine's.
 *     Before that, claims alone: 4 claimers at once, the claim as it was (a transaction) against claimJobs.
 *  2. Jobs/s with 1 and with 2 `packsmith worker` processes (one job at a time each) behind `serve --workers 0`
 *     on one data folder, beside the embedded pool with the same number of threads from step 1's server.
 *  3. How soon wait_for_job in the API process answers after a worker process finished the job (wakeLatency).
 *
 * Jobs are accepted through the real API first and held (engine paused, or a far-future lease), then let go at
 * once, so the timings cover running the queue, not accepting it. `--engine postgres` runs it all on a throwaway
 * PostgreSQL 15 cluster (blobs in the folder) instead of sqlite.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, parseFlags, SETTING_FLAGS } from "../src/config.ts";
import { startServer } from "../src/app.ts";
import { createAccount } from "../src/core/accounts.ts";
import { createKey } from "../src/core/keys.ts";
import { createPack } from "../src/core/packs.ts";
import { getAssetById } from "../src/core/assets.ts";
import { announceJob, markReady } from "../src/core/jobs.ts";
import { claimJobs } from "../src/core/leases.ts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Task } from "../src/gen/task.ts";
import { openSqlite } from "../src/store/db.ts";
import type { SqlDriver } from "../src/store/sql.ts";

const { flags } = parseFlags(process.argv.slice(2));
const N = Number(flags.jobs ?? 300);
const THREADS = 2;
const MAIN = join(import.meta.dir, "../src/main.ts");
const huge = "1000000000";
/**
 * Where a run keeps its store: settings for serve/worker (and the in-process server), and a connection to check
 * and steer the rows. sqlite in the data folder here; another engine adds its flags.
 */
const sqliteStore = {
  name: "one sqlite data folder",
  settings: async (_data: string): Promise<Record<string, string>> => ({}),
  open: async (data: string, _settings: Record<string, string>): Promise<SqlDriver> =>
    openSqlite(join(data, "packsmith.sqlite")),
};
/** `--engine postgres`: a throwaway PostgreSQL 15 cluster (test/support/postgres.ts), one database per run. */
async function postgresStore(): Promise<typeof sqliteStore> {
  if (!(SETTING_FLAGS as readonly string[]).includes("database")) {
    console.error("--engine postgres needs serve and worker to take --database (not in this build)");
    process.exit(2);
  }
  const { pgMissing, startPostgres } = await import("../test/support/postgres.ts");
  const { openPostgres } = await import("../src/store/postgres-driver.ts");
  const missing = pgMissing();
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
  const cluster = await startPostgres();
  let n = 0;
  return {
    name: "one PostgreSQL 15 database (fsync off)",
    settings: async () => ({ database: await cluster.createDatabase(`jobs${++n}`) }),
    open: async (_data, settings) => openPostgres(new URL(settings.database), { max: 2 }),
  };
}
const store = flags.engine === "postgres" ? await postgresStore() : sqliteStore;
const asFlags = (settings: Record<string, string>) => Object.entries(settings).flatMap(([k, v]) => [`--${k}`, v]);
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "packsmith-bench-jobs-"));
  dirs.push(d);
  return d;
};

/** Accepts `n` custom 16×16 textures through the API, each named with `tag`. */
async function accept(url: string, key: string, slug: string, n: number, tag: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/v1/packs/${slug}/textures`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "cobblestone", size: 16, mode: "custom", description: `stone ${tag} ${i}` }),
    });
    if (res.status !== 202) throw new Error(`accept: ${res.status} ${await res.text()}`);
  }
}

// ---- 1. one process: pool alone, the engine as it was, the lease path ----
const firstData = tmp();
const server = await startServer(
  loadConfig(
    {
      port: "0",
      data: firstData,
      workers: String(THREADS),
      "rate-writes": huge,
      "rate-reads": huge,
      ...(await store.settings(firstData)),
    },
    {},
  ),
);
const { svc, engine } = server;
engine.pause();
const account = await createAccount(svc.db, "bench", "pro", 1_000_000);
const key = (await createKey(svc.db, account.id, "rest")).key;
const pack = await createPack(svc.db, account, "Bench", svc.config.defaultVersion, 10);

const idsOf = async (tag: string) =>
  (
    await svc.db.all<{ id: number }>("SELECT id FROM assets WHERE status = 'generating' AND name LIKE ? ORDER BY id", [
      `%${tag}%`,
    ])
  ).map((r) => r.id);

/** Runs `work` for every id with at most THREADS at once; answers the wall time in ms. */
async function timed(ids: number[], work: (id: number) => Promise<void>): Promise<number> {
  const queue = [...ids];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: THREADS }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await work(id);
    }),
  );
  return performance.now() - t0;
}

await accept(server.url, key, pack.slug, N, "old");
await accept(server.url, key, pack.slug, N, "lease");
const oldIds = await idsOf("old");
const leaseIds = await idsOf("lease");
const tasks = new Map<number, Task>();
for (const id of oldIds) tasks.set(id, (await getAssetById(svc.db, id))!.request as Task);

// Claims alone, CLAIMERS at once over the 2N waiting jobs: the claim as it was (a transaction: on PostgreSQL the
// lock that serializes transactions, a SELECT … FOR UPDATE SKIP LOCKED, an UPDATE), against claimJobs (one
// UPDATE whose pick skips locked rows, no transaction lock), one job per claim and then two per claim.
const CLAIMERS = 4;
const unclaim = () =>
  svc.db.run("UPDATE assets SET lease_owner = NULL, lease_until = NULL, attempts = 0 WHERE status = 'generating'");
async function claimTransaction(owner: string): Promise<number> {
  const now = Date.now();
  return svc.db.transaction(async (tx) => {
    const pick =
      "SELECT id FROM assets WHERE status = 'generating' AND request IS NOT NULL AND (lease_until IS NULL OR lease_until < ?) ORDER BY id LIMIT 1";
    const row = await tx.get<{ id: number }>(svc.db.engine === "postgres" ? `${pick} FOR UPDATE SKIP LOCKED` : pick, [
      now,
    ]);
    if (!row) return 0;
    const r = await tx.run(
      "UPDATE assets SET lease_owner = ?, lease_until = ? WHERE id = ? AND status = 'generating'",
      [owner, now + 60_000, row.id],
    );
    return r.changes;
  });
}
async function claimsPerSecond(claim: (owner: string) => Promise<number>): Promise<number> {
  await unclaim();
  let claimed = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CLAIMERS }, async (_, i) => {
      for (let n = await claim(`c${i}`); n > 0; n = await claim(`c${i}`)) claimed += n;
    }),
  );
  const ms = performance.now() - t;
  if (claimed !== 2 * N) throw new Error(`claimed ${claimed} of ${2 * N} jobs`);
  return (claimed * 1000) / ms;
}
const claimsOld = await claimsPerSecond(claimTransaction);
const claimsOne = await claimsPerSecond(async (o) => (await claimJobs(svc.db, o, 60_000, 1)).length);
const claimsTwo = await claimsPerSecond(async (o) => (await claimJobs(svc.db, o, 60_000, 2)).length);
await unclaim();
console.log(`claims of ${2 * N} jobs, ${CLAIMERS} claimers at once, ${store.name}`);
console.log(`  a transaction per claim (as it was)   ${claimsOld.toFixed(0)} jobs/s (baseline)`);
console.log(
  `  one statement, one job per claim      ${claimsOne.toFixed(0)} jobs/s = ${(claimsOne / claimsOld).toFixed(2)}×`,
);
console.log(
  `  one statement, two jobs per claim     ${claimsTwo.toFixed(0)} jobs/s = ${(claimsTwo / claimsOld).toFixed(2)}×`,
);

// The pool alone: the same tasks, no store.
for (const id of oldIds.slice(0, 20)) await engine.pool.run(tasks.get(id)!); // warm the workers
const poolMs = await timed(oldIds, async (id) => void (await engine.pool.run(tasks.get(id)!)));

// The engine as it was: read the row, post to the pool, store the blob, one markReady transaction, announce.
const oldMs = await timed(oldIds, async (id) => {
  const a = await getAssetById(svc.db, id);
  const result = await engine.pool.run(a!.request as Task);
  if (await markReady(svc.db, id, await svc.blobs.put(result.main), result.main.length)) announceJob(svc, id);
});

// The lease path: the engine claims, runs, renews and completes fenced by its lease.
const leaseDone = new Promise<void>((resolve) => {
  let left = leaseIds.length;
  for (const id of leaseIds)
    svc.jobEvents.addEventListener(`job:${id}`, () => void (--left === 0 && resolve()), { once: true });
});
const t0 = performance.now();
await engine.resume();
await leaseDone;
const leaseMs = performance.now() - t0;
await server.stop();

const per = (ms: number) => ms / N;
const overhead = (ms: number) => (ms - poolMs) / N;
console.log(`${N} jobs of a 16×16 texture, ${THREADS} worker threads, one process, ${store.name}`);
console.log(
  `  pool alone (no store)     ${per(poolMs).toFixed(3)} ms/job   ${((N * 1000) / poolMs).toFixed(0)} jobs/s`,
);
console.log(
  `  engine as it was          ${per(oldMs).toFixed(3)} ms/job   ${((N * 1000) / oldMs).toFixed(0)} jobs/s   overhead ${overhead(oldMs).toFixed(3)} ms/job (baseline)`,
);
console.log(
  `  lease path (claim+fence)  ${per(leaseMs).toFixed(3)} ms/job   ${((N * 1000) / leaseMs).toFixed(0)} jobs/s   overhead ${overhead(leaseMs).toFixed(3)} ms/job = ${(overhead(leaseMs) / overhead(oldMs)).toFixed(2)}× the old engine's; wall ${(leaseMs / oldMs).toFixed(2)}×`,
);
const embeddedJobsPerS = (N * 1000) / leaseMs;

// ---- 2. processes: serve --workers 0 and 1 or 2 packsmith worker processes ----
const procs: ReturnType<typeof Bun.spawn>[] = [];
async function spawn(args: string[]): Promise<any> {
  const p = Bun.spawn(["bun", MAIN, ...args, "--json"], { stdout: "pipe", stderr: "inherit" });
  procs.push(p);
  const reader = p.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) text += new TextDecoder().decode((await reader.read()).value);
  reader.releaseLock();
  return JSON.parse(text.split("\n")[0]);
}

/** `serve --workers 0` on a fresh store, with a pack: its banner, the store's settings and the pack's slug. */
async function apiOnly() {
  const data = tmp();
  const settings = await store.settings(data);
  const on = asFlags(settings);
  const api = await spawn(
    ["serve", "--data", data, ...on, "--port", "0", "--workers", "0", "--bootstrap", "true"].concat(
      asFlags({ "rate-writes": huge, "rate-reads": huge }),
    ),
  );
  const made = await fetch(`${api.url}/v1/packs`, {
    method: "POST",
    headers: { authorization: `Bearer ${api.keys.rest}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench" }),
  }).then((r) => r.json() as any);
  return { api, data, settings, on, slug: made.pack.slug as string };
}

const stopAll = async () => {
  for (const p of procs.splice(0)) {
    p.kill("SIGTERM");
    await p.exited;
  }
};

async function workersRun(count: number): Promise<number> {
  const { api, data, settings, on, slug } = await apiOnly();
  // The bootstrap account has 1000 credits: enough for N ≤ 1000.
  await accept(api.url, api.keys.rest, slug, N, `w${count}`);
  const db = await store.open(data, settings);
  // Held under a far-future lease while the workers start, then let go at once.
  await db.run("UPDATE assets SET lease_owner = 'bench-hold', lease_until = ? WHERE status = 'generating'", [
    Date.now() + 3_600_000,
  ]);
  for (let i = 0; i < count; i++) await spawn(["worker", "--data", data, ...on, "--concurrency", "1"]);
  const left = async () =>
    Number((await db.get<{ n: number }>("SELECT count(*) AS n FROM assets WHERE status = 'generating'"))?.n);
  const t = performance.now();
  await db.run("UPDATE assets SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = 'bench-hold'");
  while ((await left()) > 0) await Bun.sleep(5);
  const ms = performance.now() - t;
  await db.close();
  await stopAll();
  return (N * 1000) / ms;
}

/**
 * 3. How soon a wait_for_job in the API process answers once a worker process has committed the job: each job is
 * held (a far-future lease) while the wait starts, then let go; the worker claims it, runs it, commits, and the
 * latency is the answer's time minus the row's updated_at. Beside it: the same call on a finished job (the floor:
 * an MCP round trip) and the wait's re-check interval (what it would take with no wake-up across processes).
 */
async function wakeLatency(samples: number) {
  const { api, data, settings, on, slug } = await apiOnly();
  await spawn(["worker", "--data", data, ...on, "--concurrency", "1"]);
  const db = await store.open(data, settings);
  const client = new Client({ name: "bench-jobs", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${api.keys.mcp}` } },
    }),
  );
  const wait = (job: string) =>
    client.callTool({ name: "wait_for_job", arguments: { jobs: [job], timeoutSeconds: 30 } });
  const latencies: number[] = [];
  let job = "";
  for (let i = 0; latencies.length < samples && i < samples * 3; i++) {
    const res = await fetch(`${api.url}/v1/packs/${slug}/textures`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.keys.rest}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "cobblestone", size: 16, mode: "custom", description: `stone wake ${i}` }),
    });
    job = ((await res.json()) as any).job;
    const held = await db.run(
      "UPDATE assets SET lease_owner = 'bench-hold', lease_until = ? WHERE status = 'generating' AND lease_owner IS NULL",
      [Date.now() + 3_600_000],
    );
    const waiting = wait(job);
    if (held.changes !== 1) {
      await waiting; // the worker took it before the hold: not a sample
      continue;
    }
    await Bun.sleep(300); // the wait is in place
    await db.run("UPDATE assets SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = 'bench-hold'");
    const answer = (await waiting) as any;
    const answered = Date.now();
    if (!answer.structuredContent?.done) throw new Error(`wait_for_job did not see ${job} done`);
    const row = await db.get<{ updated_at: string }>(
      "SELECT updated_at FROM assets WHERE status = 'ready' ORDER BY updated_at DESC LIMIT 1",
    );
    latencies.push(answered - Date.parse(row!.updated_at));
  }
  const t = performance.now();
  for (let i = 0; i < 10; i++) await wait(job);
  const floor = (performance.now() - t) / 10;
  await client.close();
  await db.close();
  await stopAll();
  latencies.sort((a, b) => a - b);
  return { latencies, floor };
}

const wake = await wakeLatency(10);
const one = await workersRun(1);
const two = await workersRun(2);
console.log(`worker processes (one job at a time each) behind serve --workers 0, ${store.name}`);
console.log(`  1 worker   ${one.toFixed(0)} jobs/s`);
console.log(
  `  2 workers  ${two.toFixed(0)} jobs/s = ${(two / one).toFixed(2)}× one worker; ${(two / embeddedJobsPerS).toFixed(2)}× the embedded pool's ${embeddedJobsPerS.toFixed(0)} jobs/s with ${THREADS} threads`,
);
const median = wake.latencies[Math.floor(wake.latencies.length / 2)];
console.log(`wait_for_job in serve --workers 0, the job finished by a worker process, ${store.name}`);
console.log(
  `  commit → answer  median ${median} ms, max ${wake.latencies.at(-1)} ms over ${wake.latencies.length} jobs; a wait on a finished job answers in ${wake.floor.toFixed(1)} ms (the floor); with no wake-up it waits for the re-check, every 5 s`,
);
for (const d of dirs) rmSync(d, { recursive: true, force: true });
process.exit(0);
