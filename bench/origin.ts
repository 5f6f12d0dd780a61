/**
 * Origin check throughput over a 1,000,000-hash registry: the real server (Elysia routes, admit's
 * per-address rate limiter, TypeBox validation, JSON answers with cache-control) against a bare
 * Bun.serve that does the same registry work with nothing around it. Target (issue 6): at least 0.3
 * of the bare server's requests per second.
 * Run: bun bench/origin.ts [records] [seconds per case] [concurrency]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { startServer } from "../src/app.ts";
import { originRegistry } from "../src/origin/register.ts";

const RECORDS = Number(process.argv[2] ?? 1_000_000);
const SECONDS = Number(process.argv[3] ?? 3);
const CONCURRENCY = Number(process.argv[4] ?? 16);

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

let t = performance.now();
const held = hashes(RECORDS, 7);
for (let i = 0; i < held.length; i += 50_000) {
  registry.register(
    held
      .slice(i, i + 50_000)
      .map((hash, j) => ({ hash, form: j % 3 ? "png" : "json", kind: j % 3 ? "texture" : "model" })),
  );
}
console.log(`registry of ${registry.count()} records built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const bare = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=60" };
    if (req.method === "POST" && url.pathname === "/v1/origin/lookup") {
      const body = (await req.json()) as { hashes: string[] };
      return new Response(JSON.stringify(registry.lookup(body.hashes)), { headers });
    }
    const m = /^\/v1\/origin\/range\/(.+)$/.exec(url.pathname);
    if (m) return new Response(JSON.stringify(registry.range(m[1])), { headers });
    return new Response("no", { status: 404 });
  },
});

const misses = hashes(10_000, 99);
/** A lookup body: 16 hashes, half held, half not; a range prefix from a held hash. */
function lookupBody(i: number): string {
  const list: string[] = [];
  for (let k = 0; k < 16; k++)
    list.push(k % 2 ? held[(i * 16 + k) % held.length] : misses[(i * 16 + k) % misses.length]);
  return JSON.stringify({ hashes: list });
}
const prefix = (i: number) => held[(i * 7919) % held.length].slice(0, 5);

async function load(base: string, kind: "lookup" | "range"): Promise<number> {
  let done = 0;
  let i = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const n = i++;
      const res =
        kind === "lookup"
          ? await fetch(`${base}/v1/origin/lookup`, {
              method: "POST",
              body: lookupBody(n),
              headers: { "content-type": "application/json" },
            })
          : await fetch(`${base}/v1/origin/range/${prefix(n)}`);
      if (res.status !== 200) throw new Error(`${kind} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      done++;
    }
  };
  t = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - t) / 1000);
}

const bareUrl = `http://127.0.0.1:${bare.port}`;
for (const kind of ["lookup", "range"] as const) {
  await load(bareUrl, kind); // warm-up both
  await load(server.url, kind);
  const base = await load(bareUrl, kind);
  const ours = await load(server.url, kind);
  console.log(
    `${kind.padEnd(6)}  bare Bun.serve ${base.toFixed(0)} req/s  packsmith ${ours.toFixed(0)} req/s  ratio ${(ours / base).toFixed(2)} (target >= 0.3: ${ours / base >= 0.3 ? "met" : "MISSED"})`,
  );
}

bare.stop(true);
await server.stop();
rmSync(dir, { recursive: true, force: true });
