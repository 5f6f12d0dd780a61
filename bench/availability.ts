/**
 * Does the server keep answering while it works hard? /healthz latency (wrk, one connection, its CPU printed)
 * on an idle server (the baseline of the same run), then while:
 *   A. an import of N 4096x4096 PNGs runs (issue 13: 200; default 40, --pngs 200 for the full size),
 *   B. 4 exports of 4,000-asset packs run at once,
 *   C. 30 large (2048x2048) PNGs are uploaded as icons, 3 at a time.
 *   D. 3 waves of 8 hostile previews (`?scale`) of an imported 4096² PNG (issue 27),
 *   E. 3 checks of a zip of 16 flat 4096² PNGs, with a 16² texture generation asked for meanwhile (issue 27).
 * Targets (issue 13): /healthz p99 < 50 ms and max < 200 ms in each; the import's 202 within 2 s; RSS < 400 MB.
 * `--cases hostile` runs the idle baseline and D and E only; `--before DIR` runs them first on a server from
 * another checkout (e.g. /work/main before a fix), so before and after come from the same run.
 *
 *   bun bench/availability.ts [--pngs 40] [--cases all|hostile] [--before DIR]
 */
import { zipSync } from "fflate";
import { parseFlags } from "../src/config.ts";
import { bigPackZip } from "../test/support/big-pack.ts";
import { detailedPng } from "../test/support/hostile.ts";
import { runWrk, requireWrk, type WrkRun } from "./support/wrk.ts";
import { healthWhile, startServerProcess, uploadZip, waitJob } from "./support/server-process.ts";
import { type HostileRow, hostileCases } from "./support/hostile-cases.ts";

/** D and E on a server from `root` (this checkout by default), beside that server's own idle baseline. */
async function hostileRun(label: string, root?: string): Promise<HostileRow[]> {
  const server = await startServerProcess(root);
  try {
    const idle = await runWrk(`${server.url}/healthz`, { threads: 1, connections: 1, seconds: 3 });
    const quiet: HostileRow = {
      name: "idle (baseline)",
      wrk: { ...idle, slices: 1 },
      probe: { p99Ms: Number.NaN, maxMs: Number.NaN, calls: 0 },
      notes: "",
    };
    return [quiet, ...(await hostileCases(server, server.key))].map((r) => ({ ...r, name: `${label}: ${r.name}` }));
  } finally {
    await server.close();
  }
}

const { flags } = parseFlags(process.argv.slice(2));
const pngCount = Number(flags.pngs ?? 40);
const onlyHostile = flags.cases === "hostile";
const before = typeof flags.before === "string" ? flags.before : undefined;
requireWrk();

const hostileRows: HostileRow[] = [];
if (before) hostileRows.push(...(await hostileRun(`before (${before})`, before)));
hostileRows.push(...(await hostileRun("this checkout")));
const hostileHead = [
  "/healthz while",
  "wrk p99 ms",
  "wrk max ms",
  "wrk cores",
  "probe p99 ms",
  "probe max ms",
  "notes",
];
const hostileTable = hostileRows.map((r) => [
  r.name,
  r.wrk.p99Ms.toFixed(2),
  r.wrk.maxMs.toFixed(1),
  r.wrk.clientCores.toFixed(2),
  r.probe.p99Ms.toFixed(1),
  r.probe.maxMs.toFixed(1),
  `${r.wrk.failures ? `${r.wrk.failures} wrk failures; ` : ""}${r.notes}`,
]);
const hostileWidths = hostileHead.map((h, i) => Math.max(h.length, ...hostileTable.map((r) => r[i].length)));
for (const r of [hostileHead, ...hostileTable]) console.log(r.map((c, i) => c.padEnd(hostileWidths[i])).join("  "));
if (onlyHostile) process.exit(0);

const bigPng = (edge: number, seed: number) => detailedPng(edge, seed);

let peakRss = 0;
let peakAnon = 0;
/** The peak since the last row was written: each row shows its own phase's peak. */
let phaseRss = 0;
let phaseAnon = 0;

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
