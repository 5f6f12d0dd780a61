/**
 * What counting the rate budgets in PostgreSQL (shared by every API process) costs, beside the in-memory
 * count (one process) from the same run, on a throwaway cluster (test/support/postgres.ts, fsync off):
 *
 * - the limiter alone: takes per second in memory; in the database one at a time, 8 in flight over 100 keys,
 *   and 8 in flight on one key (its calls queue on the bucket's lock); a point read through the same driver
 *   is the round trip's baseline;
 * - over HTTP (wrk): a hot read (`GET /v1/jobs/{job}`, answered from the read cache) of one server on
 *   PostgreSQL with its shared limiter, then with the in-memory limiter swapped in, in paired rounds.
 *
 * Run once: bun bench/rate-budgets.ts [--takes 5000] [--seconds 3] [--rounds 2] [--connections 16]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, parseFlags } from "../src/config.ts";
import { MemoryRateLimiter, type RateLimiter, SharedRateLimiter } from "../src/http/rate-limit.ts";
import { openPostgres } from "../src/store/postgres-driver.ts";
import { pgMissing, startPostgres } from "../test/support/postgres.ts";
import { median, requireWrk, runWrk } from "./support/wrk.ts";
import { perSecond } from "./support/per-second.ts";

const { flags } = parseFlags(process.argv.slice(2));
const TAKES = Number(flags.takes ?? 5000);
const missing = pgMissing();
if (missing) {
  console.error(missing);
  process.exit(2);
}
requireWrk();

const cluster = await startPostgres();
const dataDir = mkdtempSync(join(tmpdir(), "packsmith-bench-rate-"));
try {
  console.log(
    `rate budgets bench: cluster ready in ${Math.round(cluster.startedInMs)} ms; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  const url = new URL(await cluster.createDatabase("bench"));
  const db = await openPostgres(url, { max: 8 });

  const huge = 1_000_000_000;
  const take = (l: RateLimiter, keys: number) => (i: number) => l.take(`read:k${i % keys}`, huge, "read");
  const memory = new MemoryRateLimiter(60_000);
  const shared = new SharedRateLimiter(db, 60_000);
  const rows: [string, number][] = [
    ["in memory (sqlite's), 1 in flight", await perSecond(TAKES * 20, 1, take(memory, 100))],
    [
      "PostgreSQL point read through the driver (the round trip)",
      await perSecond(TAKES, 1, (i) => db.get("SELECT ? AS n", [i])),
    ],
    ["shared, 1 in flight", await perSecond(TAKES, 1, take(shared, 100))],
    ["shared, 8 in flight over 100 keys", await perSecond(TAKES, 8, take(shared, 100))],
    ["shared, 8 in flight on one key", await perSecond(TAKES, 8, take(shared, 1))],
  ];
  console.log("limiter alone (takes/s, µs each at that rate):");
  for (const [what, rate] of rows)
    console.log(`  ${what.padEnd(60)}${rate.toFixed(0).padStart(10)}/s  ${(1e6 / rate).toFixed(1).padStart(8)} µs`);
  await db.close();

  // Over HTTP: the same server, the same hot read, each limiter in turn.
  const { startServer } = await import("../src/app.ts");
  const { createAccount } = await import("../src/core/accounts.ts");
  const { createKey } = await import("../src/core/keys.ts");
  const { createPack } = await import("../src/core/packs.ts");
  const { insertAsset } = await import("../src/core/assets.ts");
  const config = loadConfig(
    {
      port: "0",
      data: dataDir,
      database: url.href,
      "rate-reads": String(huge),
      "rate-writes": String(huge),
      workers: "1",
      bootstrap: "false",
    },
    {},
  );
  const server = await startServer(config);
  try {
    const account = await createAccount(server.svc.db, "bench", "pro", 0);
    const key = (await createKey(server.svc.db, account.id, "rest")).key;
    const pack = await createPack(server.svc.db, account, "Bench Pack", config.defaultVersion, 10);
    const blob = await server.svc.blobs.put(new Uint8Array(256).fill(7));
    await insertAsset(server.svc.db, {
      packId: pack.id,
      kind: "texture",
      name: "item:bench",
      type: "item",
      status: "ready",
      source: "uploaded",
      blob,
      sizeBytes: 256,
      displayName: "Bench item",
    });
    const target = `${server.url}/v1/jobs/${pack.slug}:texture:item:bench`;
    const opts = {
      seconds: Number(flags.seconds ?? 3),
      connections: Number(flags.connections ?? 16),
      threads: 2,
      headers: { authorization: `Bearer ${key}` },
    };
    const edge = server.svc as unknown as { limiter: RateLimiter };
    const sharedOne = edge.limiter;
    if (!(sharedOne instanceof SharedRateLimiter))
      throw new Error("the server on PostgreSQL should count in the database");
    const run = async (l: RateLimiter) => {
      edge.limiter = l;
      const r = await runWrk(target, opts);
      if (r.failures) throw new Error(`${r.failures} requests failed`);
      return r;
    };
    await run(sharedOne);
    await run(memory); // warm both
    const pairs: { mem: number; sh: number; memP99: number; shP99: number }[] = [];
    for (let i = 0; i < Number(flags.rounds ?? 2); i++) {
      const m = await run(memory);
      const s = await run(sharedOne);
      pairs.push({ mem: m.rps, sh: s.rps, memP99: m.p99Ms, shP99: s.p99Ms });
    }
    const med = (f: (p: (typeof pairs)[number]) => number) => median(pairs.map(f));
    console.log(
      `GET /v1/jobs/{job} (cached), ${opts.connections} connections: in-memory limiter ${med((p) => p.mem).toFixed(0)} req/s (p99 ${med((p) => p.memP99).toFixed(1)} ms); ` +
        `shared ${med((p) => p.sh).toFixed(0)} req/s (p99 ${med((p) => p.shP99).toFixed(1)} ms); ratio ${med((p) => p.sh / p.mem).toFixed(2)}; ` +
        `rounds: ${pairs.map((p) => `${p.mem.toFixed(0)}/${p.sh.toFixed(0)}`).join(", ")}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
