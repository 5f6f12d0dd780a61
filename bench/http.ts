/**
 * HTTP throughput of the real server against a bare Bun.serve, same run, same load, driven by wrk.
 *
 *   bun bench/http.ts [--seconds 5] [--connections 64] [--threads 2] [--rounds 3] [--engines postgres]
 *
 * --engines postgres runs the real server on a throwaway PostgreSQL 15 cluster (fsync off; test/support/postgres.ts)
 * instead of the sqlite file: hot reads per API process on each engine, each beside the same bare baseline.
 *
 * Measures GET /v1/jobs/{job} and GET /v1/packs/{pack}/assets (a full default page of 50 assets).
 * The bare server answers each path with the very bytes the real server gave for it, so the ratio
 * prices routing, auth, rate limiting, the store and serialisation, not body size. Load comes from wrk
 * (a native client; a Bun fetch loop saturates first), and wrk's own CPU is printed beside the server's
 * so a saturated client shows. Targets (issue 17): job poll >= 0.6 of bare, asset page >= 0.7.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseFlags, loadConfig } from "../src/config.ts";
import { median, requireWrk, runWrk, withServerCpu } from "./support/wrk.ts";

const { flags } = parseFlags(process.argv.slice(2));
requireWrk();
await runBench();

async function runBench() {
  const connections = Number(flags.connections ?? 64);
  const threads = Number(flags.threads ?? 2);
  const rounds = Number(flags.rounds ?? 3);

  const { startServer } = await import("../src/app.ts");
  const { createAccount } = await import("../src/core/accounts.ts");
  const { createKey } = await import("../src/core/keys.ts");
  const { createPack } = await import("../src/core/packs.ts");
  const { insertAsset } = await import("../src/core/assets.ts");

  const dataDir = mkdtempSync(join(tmpdir(), "packsmith-bench-"));
  const cluster =
    flags.engines === "postgres" ? await (await import("../test/support/postgres.ts")).startPostgres() : null;
  const database = cluster ? { database: await cluster.createDatabase("bench") } : {};
  const huge = "1000000000";
  const config = loadConfig(
    {
      port: "0",
      data: dataDir,
      "rate-reads": huge,
      "rate-writes": huge,
      "rate-origin": huge,
      workers: "1",
      bootstrap: "false",
      ...database,
    },
    {},
  );
  const server = await startServer(config);
  const db = server.svc.db;
  const account = await createAccount(db, "bench", "pro", 0);
  const key = (await createKey(db, account.id, "rest")).key;
  const pack = await createPack(db, account, "Bench Pack", config.defaultVersion, 10);
  const blob = await server.svc.blobs.put(new Uint8Array(256).fill(7));
  for (let i = 0; i < 50; i++)
    await insertAsset(db, {
      packId: pack.id,
      kind: "texture",
      name: `item:bench_${i}`,
      type: "item",
      status: "ready",
      source: "uploaded",
      blob,
      sizeBytes: 256,
      displayName: `Bench item ${i}`,
    });

  const endpoints = [
    { label: "GET /v1/jobs/{job}", path: `/v1/jobs/${pack.slug}:texture:item:bench_7`, target: 0.6 },
    { label: "GET /v1/packs/{pack}/assets", path: `/v1/packs/${pack.slug}/assets`, target: 0.7 },
  ];
  // The bare server returns, per path, the exact bytes the real one answered.
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const e of endpoints) {
    const res = await fetch(server.url + e.path, { headers: { authorization: `Bearer ${key}` } });
    if (res.status !== 200) throw new Error(`${e.label}: ${res.status} ${await res.text()}`);
    bodies.set(new URL(server.url + e.path).pathname, new Uint8Array(await res.arrayBuffer()));
  }
  const bare = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const body = bodies.get(new URL(req.url).pathname);
      return body
        ? new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } })
        : new Response('{"error":{"code":"not_found","message":"no"}}', { status: 404 });
    },
  });
  const bareUrl = `http://127.0.0.1:${bare.port}`;
  const seconds = Number(flags.seconds ?? 5);
  const opts = { seconds, connections, threads, headers: { authorization: `Bearer ${key}` } };
  const measure = (url: string) =>
    withServerCpu(async () => {
      const r = await runWrk(url, opts);
      if (r.failures) throw new Error(`${r.failures} requests to ${url} failed or did not answer 2xx`);
      return r;
    });

  console.log(
    `packsmith HTTP bench (wrk) on ${server.svc.db.engine}: ${seconds} s per run, ${connections} connections on ${threads} wrk threads, ${rounds} paired rounds; ` +
      `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  try {
    // Warm both servers (JIT, statement cache) before measuring.
    for (const e of endpoints) {
      await runWrk(server.url + e.path, { ...opts, seconds: 1 });
      await runWrk(bareUrl + e.path, { ...opts, seconds: 1 });
    }
    const pad = (x: string, n: number) => x.padEnd(n);
    console.log(
      `${pad("endpoint", 30)}${pad("body", 9)}${pad("bare req/s", 12)}${pad("packsmith req/s", 17)}${pad("ratio", 7)}${pad("target", 8)}` +
        `${pad("server CPU µs/req bare / ours", 31)}wrk CPU µs/req (cores) bare / ours`,
    );
    let met = true;
    for (const e of endpoints) {
      const pairs: { bare: Awaited<ReturnType<typeof measure>>; real: Awaited<ReturnType<typeof measure>> }[] = [];
      // Each round runs the two servers back to back, so load from elsewhere on the machine hits both alike;
      // the reported ratio is the median of the rounds' ratios.
      for (let r = 0; r < rounds; r++)
        pairs.push({ bare: await measure(bareUrl + e.path), real: await measure(server.url + e.path) });
      const ratio = median(pairs.map((p) => p.real.rps / p.bare.rps));
      const m = (f: (x: (typeof pairs)[number]) => number) => median(pairs.map(f));
      met &&= ratio >= e.target;
      console.log(
        `${pad(e.label, 30)}${pad(`${bodies.get(new URL(server.url + e.path).pathname)?.length} B`, 9)}` +
          `${pad(m((p) => p.bare.rps).toFixed(0), 12)}${pad(m((p) => p.real.rps).toFixed(0), 17)}${pad(ratio.toFixed(2), 7)}` +
          `${pad(`>= ${e.target}`, 8)}${pad(`${m((p) => p.bare.serverCpuUs).toFixed(1)} / ${m((p) => p.real.serverCpuUs).toFixed(1)}`, 31)}` +
          `${m((p) => p.bare.clientCpuUs).toFixed(1)} (${m((p) => p.bare.clientCores).toFixed(2)}) / ` +
          `${m((p) => p.real.clientCpuUs).toFixed(1)} (${m((p) => p.real.clientCores).toFixed(2)})` +
          `${ratio < e.target ? "   below target" : ""}`,
      );
    }
    process.exitCode = met ? 0 : 1;
  } finally {
    bare.stop(true);
    await server.stop();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
