/**
 * Origin check throughput over a 1,000,000-hash registry: the real server (Elysia routes, admit's
 * per-address rate limiter, TypeBox validation, JSON answers with cache-control) against a bare
 * Bun.serve that does the same registry work with nothing around it, both driven by wrk (a native
 * client, whose CPU is printed beside the server's). Target (issue 6): at least 0.3 of the bare server.
 * Run: bun bench/origin.ts [records] [seconds per case] [connections]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { startServer } from "../src/app.ts";
import { originRegistry } from "../src/origin/register.ts";
import { requireWrk, runWrk, withServerCpu, wrkRequestsScript } from "./support/wrk.ts";

requireWrk();

const RECORDS = Number(process.argv[2] ?? 1_000_000);
const SECONDS = Number(process.argv[3] ?? 3);
const CONNECTIONS = Number(process.argv[4] ?? 64);

const dir = mkdtempSync(join(tmpdir(), "packsmith-bench-origin-"));
const server = await startServer(loadConfig({ port: "0", data: dir, "rate-origin": "100000000", workers: "1" }, {}));
const registry = originRegistry(server.svc.db);

/** Deterministic hashes (xorshift32 words), so runs compare. */
function hashes(count: number, seed: number): string[] {
  let s = seed >>> 0 || 1;
  const out = new Array<string>(count);
  for (let n = 0; n < count; n++) {
    let h = "";
    while (h.length < 64) {
      (s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>>= 0);
      h += s.toString(16).padStart(8, "0");
    }
    out[n] = h;
  }
  return out;
}

const t = performance.now();
const held = hashes(RECORDS, 7);
for (let i = 0; i < held.length; i += 50_000) {
  await registry.register(
    held
      .slice(i, i + 50_000)
      .map((hash, j) => ({ hash, form: j % 3 ? "png" : "json", kind: j % 3 ? "texture" : "model" })),
  );
}
console.log(`registry of ${await registry.count()} records built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const bare = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=60" };
    if (req.method === "POST" && url.pathname === "/v1/origin/lookup") {
      const body = (await req.json()) as { hashes: string[] };
      return new Response(JSON.stringify(await registry.lookup(body.hashes)), { headers });
    }
    const m = /^\/v1\/origin\/range\/(.+)$/.exec(url.pathname);
    if (m) return new Response(JSON.stringify(await registry.range(m[1])), { headers });
    return new Response("no", { status: 404 });
  },
});

const misses = hashes(10_000, 99);
/** wrk cycles through these: lookups of 16 hashes (half held, half not), ranges of held prefixes. */
const REQUESTS = {
  lookup: Array.from({ length: 2000 }, (_, i) => {
    const list: string[] = [];
    for (let k = 0; k < 16; k++)
      list.push(k % 2 ? held[(i * 16 + k) % held.length] : misses[(i * 16 + k) % misses.length]);
    return {
      method: "POST",
      path: "/v1/origin/lookup",
      body: JSON.stringify({ hashes: list }),
      headers: { "content-type": "application/json" },
    };
  }),
  range: Array.from({ length: 2000 }, (_, i) => ({
    method: "GET",
    path: `/v1/origin/range/${held[(i * 7919) % held.length].slice(0, 5)}`,
  })),
};

const bareUrl = `http://127.0.0.1:${bare.port}`;
const pad = (x: string, n: number) => x.padEnd(n);
console.log(
  `${pad("case", 8)}${pad("bare req/s", 12)}${pad("packsmith req/s", 17)}${pad("ratio", 7)}${pad("server CPU µs/req bare / ours", 31)}wrk CPU µs/req (cores) bare / ours`,
);
for (const kind of ["lookup", "range"] as const) {
  const script = wrkRequestsScript(REQUESTS[kind]);
  const opts = { seconds: SECONDS, connections: CONNECTIONS, script: script.path };
  const measure = (base: string) =>
    withServerCpu(async () => {
      const r = await runWrk(base, opts);
      if (r.failures) throw new Error(`${kind}: ${r.failures} requests failed or did not answer 2xx`);
      return r;
    });
  try {
    await runWrk(bareUrl, { ...opts, seconds: 1 }); // warm-up both
    await runWrk(server.url, { ...opts, seconds: 1 });
    const base = await measure(bareUrl);
    const ours = await measure(server.url);
    const ratio = ours.rps / base.rps;
    console.log(
      `${pad(kind, 8)}${pad(base.rps.toFixed(0), 12)}${pad(ours.rps.toFixed(0), 17)}${pad(ratio.toFixed(2), 7)}` +
        `${pad(`${base.serverCpuUs.toFixed(1)} / ${ours.serverCpuUs.toFixed(1)}`, 31)}` +
        `${base.clientCpuUs.toFixed(1)} (${base.clientCores.toFixed(2)}) / ${ours.clientCpuUs.toFixed(1)} (${ours.clientCores.toFixed(2)})` +
        `   target >= 0.3: ${ratio >= 0.3 ? "met" : "MISSED"}`,
    );
  } finally {
    script.cleanup();
  }
}

bare.stop(true);
await server.stop();
rmSync(dir, { recursive: true, force: true });
