/**
 * The two hostile reads of issue 27, for bench/availability.ts:
 *   D. 8 previews at once (`?scale=2…5`) of an imported 4096² PNG, three waves: before the fix each decoded
 *      64 MB of pixels on the API thread and stalled /healthz for seconds;
 *   E. 3 checks at once of a zip of 16 flat 4096² PNGs (the pixel bound's worth; ~0.6 s of decoding each), and
 *      a 16² texture generation asked for while they run: its wait shows whether checks share the pool fairly.
 * /healthz is watched under wrk (whose requests that outlast a 2 s slice are not counted) and by a probe of its
 * own, one request at a time from this process, which sees a stall whole.
 */
import { zipSync } from "fflate";
import { detailedPng, mcmeta } from "../../test/support/hostile.ts";
import { healthWhile, type Server, uploadZip, waitJob } from "./server-process.ts";
import type { WrkRun } from "./wrk.ts";

export interface HostileRow {
  name: string;
  wrk: WrkRun & { slices: number };
  probe: { p99Ms: number; maxMs: number; calls: number };
  notes: string;
}

/** Sequential /healthz round trips (a few ms apart) until `busy` settles. */
async function probeWhile(url: string, busy: Promise<unknown>): Promise<HostileRow["probe"]> {
  let done = false;
  void busy.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    times.push(performance.now() - t);
    await Bun.sleep(5);
  }
  times.sort((a, b) => a - b);
  return { p99Ms: times[Math.floor(times.length * 0.99)] ?? 0, maxMs: times.at(-1) ?? 0, calls: times.length };
}

async function watched<T>(ts: Server, work: Promise<T>) {
  const [wrk, probe] = await Promise.all([healthWhile(ts, work), probeWhile(ts.url, work)]);
  return { wrk, probe, result: await work };
}

export async function hostileCases(ts: Server, key: string): Promise<HostileRow[]> {
  const rows: HostileRow[] = [];

  // D. Previews of an imported 4096² PNG.
  const zip = zipSync({ "pack.mcmeta": mcmeta(), "assets/minecraft/textures/block/big.png": detailedPng(4096, 7) });
  const upload = await uploadZip(ts, key, zip);
  const imported = (await (await ts.call("POST", "/v1/imports", { key, body: { file: { upload } } })).json()) as any;
  await waitJob(ts, key, imported.job);
  const slug = imported.pack.slug;
  const assets = (await (await ts.call("GET", `/v1/packs/${slug}/assets?kind=texture`, { key })).json()) as any;
  const big = assets.assets.find((a: any) => a.name.endsWith("big")).name;
  const waves = (async () => {
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (let wave = 0; wave < 3; wave++)
      await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const res = await ts.call("GET", `/v1/packs/${slug}/assets/texture/${big}?scale=${2 + (i % 4)}`, { key });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
    return { statuses, ms: performance.now() - started };
  })();
  const d = await watched(ts, waves);
  rows.push({
    name: "D: 3 waves of 8 previews of a 4096² PNG",
    wrk: d.wrk,
    probe: d.probe,
    notes: `answers ${[...d.result.statuses].map(([s, n]) => `${n}x${s}`).join(", ")} in ${(d.result.ms / 1000).toFixed(1)} s`,
  });

  // E. Checks of flat 4096² PNGs, and a small generation meanwhile.
  const files: Record<string, Uint8Array> = { "pack.mcmeta": mcmeta() };
  const flat = detailedPng(4096, 1, true);
  for (let i = 0; i < 16; i++) files[`assets/minecraft/textures/block/flat_${i}.png`] = flat;
  const checkUpload = await uploadZip(ts, key, zipSync(files, { level: 0 }));
  const pack = (await (await ts.call("POST", "/v1/packs", { key, body: { name: "fairness" } })).json()) as any;
  const work = (async () => {
    const t0 = performance.now();
    const checks = Promise.all(
      [0, 1, 2].map(async () => {
        const res = await ts.call("POST", "/v1/check", { key, body: { file: { upload: checkUpload } } });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - t0 };
      }),
    );
    await Bun.sleep(500);
    const asked = performance.now();
    const res = await ts.call("POST", `/v1/packs/${pack.pack.slug}/textures`, {
      key,
      body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 1 },
    });
    await waitJob(ts, key, ((await res.json()) as any).job);
    const generation = performance.now() - asked;
    return { checks: await checks, generation };
  })();
  const e = await watched(ts, work);
  rows.push({
    name: "E: 3 checks of 16 flat 4096² PNGs",
    wrk: e.wrk,
    probe: e.probe,
    notes: `checks ${e.result.checks.map((c) => `${c.status} in ${(c.ms / 1000).toFixed(1)} s`).join(", ")}; a 16² texture asked 0.5 s in waited ${(e.result.generation / 1000).toFixed(1)} s`,
  });
  return rows;
}
