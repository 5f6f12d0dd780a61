/**
 * Does the server keep answering while it works hard? /healthz latency (wrk, one connection, its CPU printed)
 * on an idle server (the baseline of the same run), then while:
 *   A. an import of N 4096x4096 PNGs runs (issue 13: 200; default 40, --pngs 200 for the full size),
 *   B. 4 exports of 4,000-asset packs run at once,
 *   C. 30 large (2048x2048) PNGs are uploaded as icons, 3 at a time.
 * Targets (issue 13): /healthz p99 < 50 ms and max < 200 ms in each; the import's 202 within 2 s; RSS < 400 MB.
 *
 *   bun bench/availability.ts [--pngs 40]
 */
import { zipSync } from "fflate";
import { parseFlags } from "../src/config.ts";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bigPackZip } from "../test/support/big-pack.ts";
import { detailedPng } from "../test/support/hostile.ts";
import { runWrk, requireWrk, type WrkRun } from "./support/wrk.ts";

const { flags } = parseFlags(process.argv.slice(2));
const pngCount = Number(flags.pngs ?? 40);
requireWrk();

const bigPng = (edge: number, seed: number) => detailedPng(edge, seed);

/**
 * The server runs as its own process (`bun src/main.ts serve`), so its resident memory is measured alone:
 * VmRSS from /proc, workers included (they are threads of the same process).
 */
interface Server {
  url: string;
  call(method: string, path: string, opts?: { key?: string; body?: unknown }): Promise<Response>;
  /** Resident memory: all of it (VmRSS), and the anonymous part (RssAnon: heaps and buffers, not file pages). */
  rss(): { total: number; anon: number };
  close(): Promise<void>;
}

async function startServerProcess(): Promise<Server & { key: string }> {
  const data = mkdtempSync(join(tmpdir(), "packsmith-availability-"));
  const main = join(import.meta.dir, "..", "src", "main.ts");
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
    { stdout: "ignore", stderr: "inherit" },
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

let peakRss = 0;
let peakAnon = 0;
/** The peak since the last row was written: each row shows its own phase's peak. */
let phaseRss = 0;
let phaseAnon = 0;

/** /healthz under wrk in 2 s slices until `busy` settles; the worst slice's p99 and max, the median p50. */
async function healthWhile(ts: Server, busy: Promise<unknown>): Promise<WrkRun & { slices: number }> {
  let done = false;
  void busy.finally(() => {
    done = true;
  });
  const runs: WrkRun[] = [];
  do runs.push(await runWrk(`${ts.url}/healthz`, { threads: 1, connections: 1, seconds: 2 }));
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

async function waitJob(ts: Server, key: string, job: string): Promise<void> {
  for (;;) {
    const j = (await (await ts.call("GET", `/v1/jobs/${encodeURIComponent(job)}`, { key })).json()) as any;
    if (j.status === "ready") return;
    if (j.status !== "generating") throw new Error(`job ${job} ended ${j.status}: ${j.error}`);
    await Bun.sleep(50);
  }
}

async function uploadZip(ts: Server, key: string, zip: Uint8Array): Promise<string> {
  const up = (await (await ts.call("POST", "/v1/uploads", { key, body: { fileName: "pack.zip" } })).json()) as any;
  const put = await fetch(up.url, {
    method: "PUT",
    body: new Blob([zip as Uint8Array<ArrayBuffer>]),
    headers: { authorization: `Bearer ${key}` },
  });
  if (put.status !== 200) throw new Error(`PUT ${put.status}`);
  return up.upload;
}

const rows: string[][] = [];
const row = (name: string, r: WrkRun & { slices?: number }, extra = "") => {
  const ok = r.p99Ms < 50 && r.maxMs < 200 && r.failures === 0;
  rows.push([
    name,
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    r.maxMs.toFixed(1),
    r.clientCores.toFixed(2),
    ok ? "yes" : "NO",
    `${(phaseRss / 1024 / 1024).toFixed(0)} / ${(phaseAnon / 1024 / 1024).toFixed(0)}`,
    extra,
  ]);
  phaseRss = 0;
  phaseAnon = 0;
};

const ts = await startServerProcess();
const rssTimer = setInterval(() => {
  const now = ts.rss();
  peakRss = Math.max(peakRss, now.total);
  phaseRss = Math.max(phaseRss, now.total);
  peakAnon = Math.max(peakAnon, now.anon);
  phaseAnon = Math.max(phaseAnon, now.anon);
}, 50);
try {
  const key = ts.key;
  row("idle (baseline)", await runWrk(`${ts.url}/healthz`, { threads: 1, connections: 1, seconds: 3 }));

  // A. The import of large PNGs.
  const png = bigPng(4096, 7);
  const files: Record<string, Uint8Array> = {
    "pack.mcmeta": new TextEncoder().encode(JSON.stringify({ pack: { pack_format: 34, description: "big" } })),
  };
  for (let i = 0; i < pngCount; i++) files[`assets/minecraft/textures/block/big_${i}.png`] = png;
  const bigZip = zipSync(files, { level: 0 });
  const upload = await uploadZip(ts, key, bigZip);
  const importing = (async () => {
    const t = performance.now();
    const res = await ts.call("POST", "/v1/imports", { key, body: { file: { upload } } });
    const accepted = performance.now() - t;
    const body = (await res.json()) as any;
    if (res.status !== 202) throw new Error(`import ${res.status} ${JSON.stringify(body)}`);
    await waitJob(ts, key, body.job);
    return { accepted, total: performance.now() - t };
  })();
  const a = await healthWhile(ts, importing);
  const times = await importing;
  row(
    `A: import ${pngCount} x 4096² PNG`,
    a,
    `202 in ${times.accepted.toFixed(0)} ms${times.accepted < 2000 ? "" : " (target 2 s: NO)"}; done in ${(times.total / 1000).toFixed(1)} s`,
  );

  // B. Four exports of 4,000-asset packs at once (the packs are imported first, untimed).
  const slugs: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await ts.call("POST", "/v1/imports", {
      key,
      body: { file: { upload: await uploadZip(ts, key, await bigPackZip(4000 + i)) } },
    });
    const body = (await res.json()) as any;
    await waitJob(ts, key, body.job);
    slugs.push(body.pack.slug);
  }
  const importsRss = phaseRss;
  phaseRss = 0;
  const exporting = Promise.all(
    slugs.map(async (s) => {
      const res = await ts.call("GET", `/v1/packs/${s}/export`, { key });
      return (await res.arrayBuffer()).byteLength;
    }),
  );
  const b = await healthWhile(ts, exporting);
  row(
    "B: 4 exports x 4,000 assets",
    b,
    `${((await exporting).reduce((x, y) => x + y, 0) / 1e6).toFixed(1)} MB; the 4 imports before: peak RSS ${(importsRss / 1024 / 1024).toFixed(0)} MB`,
  );

  // C. Large icons.
  const iconPack = slugs[0];
  const icon = Buffer.from(bigPng(2048, 3)).toString("base64");
  let next = 0;
  const uploading = Promise.all(
    [0, 1, 2].map(async () => {
      while (next < 30) {
        const i = next++;
        const res = await ts.call("POST", `/v1/packs/${iconPack}/assets`, {
          key,
          body: { type: "icon", name: `big icon ${i}`, file: { base64: icon } },
        });
        if (res.status !== 201) throw new Error(`icon ${res.status} ${await res.text()}`);
      }
    }),
  );
  row("C: 30 icons of 2048² (3 at a time)", await healthWhile(ts, uploading));
} finally {
  clearInterval(rssTimer);
  await ts.close();
}

const head = [
  "/healthz while",
  "p50 ms",
  "p99 ms",
  "max ms",
  "wrk cores",
  "p99<50 & max<200",
  "peak RSS / anon MB",
  "notes",
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i])).join("  "));
console.log(
  `peak RSS of the server process (its own, workers included): ${(peakRss / 1024 / 1024).toFixed(0)} MB, of it anonymous (heaps, buffers; not the pages of mapped pack zips, which the page cache may drop) ${(peakAnon / 1024 / 1024).toFixed(0)} MB (target < 400 MB)`,
);
