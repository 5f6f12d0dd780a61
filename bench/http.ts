/**
 * HTTP throughput of the real server against a bare Bun.serve, same run, same load.
 *
 *   bun bench/http.ts [--requests 20000] [--connections 64] [--clients 1] [--rounds 5]
 *
 * Measures GET /v1/jobs/{job} and GET /v1/packs/{pack}/assets (a full default page of 50 assets).
 * The bare server answers each path with the very bytes the real server gave for it, so the ratio
 * prices routing, auth, rate limiting, the store and serialisation, not body size. Load comes from
 * separate client processes so the client never competes with the server's JS thread. Target: the
 * real server reaches at least 0.5 of the bare one on both endpoints.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseFlags, loadConfig } from "../src/config.ts";

const { flags, rest } = parseFlags(process.argv.slice(2));

if (rest[0] === "client") await runClient();
else await runBench();

interface ClientReport {
  done: number;
  failed: number;
  startedAt: number;
  endedAt: number;
}

/** One client process: `connections` loops issuing `requests` GETs in all, each body read in full. */
async function runClient() {
  const [, url, requests, connections, key, startAt] = rest;
  const total = Number(requests);
  const headers = { authorization: `Bearer ${key}` };
  let issued = 0;
  let failed = 0;
  while (Date.now() < Number(startAt)) await Bun.sleep(1);
  const startedAt = Date.now();
  const loop = async () => {
    while (issued < total) {
      issued++;
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: Number(connections) }, loop));
  const report: ClientReport = { done: total, failed, startedAt, endedAt: Date.now() };
  console.log(JSON.stringify(report));
}

interface Run {
  /** Requests per second over the whole burst. */
  rps: number;
  /** Server CPU (this process: user + system) per request, in µs; steadier than rps on a busy machine. */
  cpuUs: number;
}

/** Drives `url` from `clients` processes at once. */
async function drive(url: string, key: string, requests: number, connections: number, clients: number): Promise<Run> {
  const startAt = Date.now() + 300;
  const procs = Array.from({ length: clients }, (_, i) => {
    const share = Math.floor(requests / clients) + (i < requests % clients ? 1 : 0);
    const conns = Math.max(1, Math.floor(connections / clients));
    return Bun.spawn(
      [process.execPath, import.meta.path, "client", url, String(share), String(conns), key, String(startAt)],
      {
        stdout: "pipe",
        stderr: "inherit",
      },
    );
  });
  while (Date.now() < startAt) await Bun.sleep(1);
  const cpu = process.cpuUsage();
  const reports = await Promise.all(
    procs.map(async (p) => {
      const out = await new Response(p.stdout).text();
      if ((await p.exited) !== 0) throw new Error(`client exited ${p.exitCode}`);
      return JSON.parse(out) as ClientReport;
    }),
  );
  const failed = reports.reduce((n, r) => n + r.failed, 0);
  if (failed) throw new Error(`${failed} requests to ${url} did not answer 200`);
  const used = process.cpuUsage(cpu);
  const done = reports.reduce((n, r) => n + r.done, 0);
  const ms = Math.max(...reports.map((r) => r.endedAt)) - Math.min(...reports.map((r) => r.startedAt));
  return { rps: (done / ms) * 1000, cpuUs: (used.user + used.system) / done };
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

async function runBench() {
  const requests = Number(flags.requests ?? 20_000);
  const connections = Number(flags.connections ?? 64);
  const clients = Number(flags.clients ?? 1);
  const rounds = Number(flags.rounds ?? 5);

  const { startServer } = await import("../src/app.ts");
  const { createAccount } = await import("../src/core/accounts.ts");
  const { createKey } = await import("../src/core/keys.ts");
  const { createPack } = await import("../src/core/packs.ts");
  const { insertAsset } = await import("../src/core/assets.ts");

  const dataDir = mkdtempSync(join(tmpdir(), "packsmith-bench-"));
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
    },
    {},
  );
  const server = await startServer(config);
  const db = server.svc.db;
  const account = createAccount(db, "bench", "pro", 0);
  const key = createKey(db, account.id, "rest").key;
  const pack = createPack(db, account, "Bench Pack", config.defaultVersion, 10);
  const blob = server.svc.blobs.put(new Uint8Array(256).fill(7));
  for (let i = 0; i < 50; i++)
    insertAsset(db, {
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
    { label: "GET /v1/jobs/{job}", path: `/v1/jobs/${pack.slug}:texture:item:bench_7` },
    { label: "GET /v1/packs/{pack}/assets", path: `/v1/packs/${pack.slug}/assets` },
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

  console.log(
    `packsmith HTTP bench: ${requests} requests per run, ${connections} connections from ${clients} client process(es), ${rounds} paired rounds; ` +
      `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`,
  );
  try {
    // Warm both servers (JIT, statement cache) before measuring.
    for (const e of endpoints) {
      await drive(server.url + e.path, key, 3000, connections, clients);
      await drive(bareUrl + e.path, key, 3000, connections, clients);
    }
    const results: {
      label: string;
      bare: number;
      real: number;
      ratio: number;
      bareCpu: number;
      realCpu: number;
      bytes: number;
    }[] = [];
    for (const e of endpoints) {
      const pairs: { bare: Run; real: Run }[] = [];
      // Each round runs the two servers back to back, so load from elsewhere on the machine hits both alike;
      // the reported ratio is the median of the rounds' ratios.
      for (let r = 0; r < rounds; r++)
        pairs.push({
          bare: await drive(bareUrl + e.path, key, requests, connections, clients),
          real: await drive(server.url + e.path, key, requests, connections, clients),
        });
      results.push({
        label: e.label,
        bare: median(pairs.map((p) => p.bare.rps)),
        real: median(pairs.map((p) => p.real.rps)),
        ratio: median(pairs.map((p) => p.real.rps / p.bare.rps)),
        bareCpu: median(pairs.map((p) => p.bare.cpuUs)),
        realCpu: median(pairs.map((p) => p.real.cpuUs)),
        bytes: bodies.get(new URL(server.url + e.path).pathname)!.length,
      });
    }
    const pad = (s: string, n: number) => s.padEnd(n);
    console.log(
      `${pad("endpoint", 30)}${pad("body", 9)}${pad("bare req/s", 12)}${pad("packsmith req/s", 17)}${pad("ratio", 7)}server CPU µs/req (bare / packsmith)`,
    );
    for (const r of results)
      console.log(
        `${pad(r.label, 30)}${pad(`${r.bytes} B`, 9)}${pad(r.bare.toFixed(0), 12)}${pad(r.real.toFixed(0), 17)}${pad(r.ratio.toFixed(2), 7)}` +
          `${r.bareCpu.toFixed(1)} / ${r.realCpu.toFixed(1)}${r.ratio < 0.5 ? "   below the 0.5 target" : ""}`,
      );
    process.exitCode = results.every((r) => r.ratio >= 0.5) ? 0 : 1;
  } finally {
    bare.stop(true);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
