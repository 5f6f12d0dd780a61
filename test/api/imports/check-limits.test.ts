/**
 * A price and a stop for pack checks (POST /v1/check, MCP check_pack; issue 27): bounds on decoded pixels, files
 * and time, a per-key budget, cancellation when the caller goes away, and generations never stuck behind checks.
 * Real zips of real PNGs, made here; a flat 4096² PNG is ~75 KB of zip and ~0.6 s of decoding.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { detailedPng, healthWhile, mcmeta } from "../../support/hostile.ts";
import { newPack, waitJob } from "../../support/jobs.ts";
import { b64 } from "../../support/imports.ts";

const FLAT = detailedPng(4096, 1, true);
const SMALL = detailedPng(64, 2);

/** A pack zip of `n` PNGs (stored, as packs are), plus pack.mcmeta and `extra` files. */
function packOf(n: number, png: Uint8Array, extra = 0): Uint8Array {
  const files: Record<string, Uint8Array> = { "pack.mcmeta": mcmeta() };
  for (let i = 0; i < n; i++) files[`assets/minecraft/textures/block/p${i}.png`] = png;
  for (let i = 0; i < extra; i++) files[`assets/minecraft/lang/x${i}.json`] = new TextEncoder().encode("{}");
  return zipSync(files, { level: 0 });
}

const check = (ts: TestServer, key: string, zip: Uint8Array, signal?: AbortSignal) =>
  fetch(`${ts.url}/v1/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ file: { base64: b64(zip) } }),
    signal,
  });

async function refusal(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as any;
  return { status: res.status, code: body.error?.code, message: body.error?.message };
}

describe("bounds", () => {
  let ts: TestServer;
  let key: string;
  beforeAll(async () => {
    ts = await startTestServer({
      "check-max-pixels": String(3 * 64 * 64),
      "check-max-files": "8",
      "rate-checks": "1000",
    });
    key = (await ts.account("checker")).key;
  });
  afterAll(() => ts.close());

  test("decoded pixels: at the bound checked, past it file_too_large naming the bound, before any decode", async () => {
    const at = await check(ts, key, packOf(3, SMALL));
    expect(at.status).toBe(200);
    expect(((await at.json()) as any).errors).toEqual([]);
    const past = await refusal(await check(ts, key, packOf(4, SMALL)));
    expect(past.status).toBe(413);
    expect(past.code).toBe("file_too_large");
    expect(past.message).toContain("16,384 pixels");
    expect(past.message).toContain("12,288");
    expect(past.message).toContain("check-max-pixels");
  });

  test("files: at the bound checked, past it file_too_large naming the bound", async () => {
    // pack.mcmeta + 3 PNGs + 4 others = 8 entries
    expect((await check(ts, key, packOf(3, SMALL, 4))).status).toBe(200);
    const past = await refusal(await check(ts, key, packOf(3, SMALL, 5)));
    expect(past).toMatchObject({ status: 413, code: "file_too_large" });
    expect(past.message).toContain("the limit is 8");
  });

  test("a broken PNG's data is still found (in its slice): texture.invalid-png", async () => {
    const broken = SMALL.slice();
    for (let i = 60; i < 90; i++) broken[i] ^= 0x55; // inside the compressed image data, past the header
    const zip = zipSync({ "pack.mcmeta": mcmeta(), "assets/minecraft/textures/block/bad.png": broken }, { level: 0 });
    const body = (await (await check(ts, key, zip)).json()) as any;
    expect(body.errors.map((f: any) => [f.rule, f.path])).toEqual([
      ["texture.invalid-png", "assets/minecraft/textures/block/bad.png"],
    ]);
  });
});

describe("time, budget, cancellation and fairness", () => {
  let ts: TestServer;
  let key: string;
  beforeAll(async () => {
    ts = await startTestServer({ "rate-checks": "1000", workers: "2" });
    key = (await ts.account("checker", { credits: 50 })).key;
  });
  afterAll(() => ts.close());

  /** Counts the check slices posted to the pool from now on. */
  function countSlices(): { count: () => number; stop: () => void } {
    const pool = ts.svc.offThread!;
    let n = 0;
    ts.svc.offThread = (task, transfer, signal) => {
      if (task.op === "call" && task.fn === "check-textures") n++;
      return pool(task, transfer, signal);
    };
    return { count: () => n, stop: () => (ts.svc.offThread = pool) };
  }

  test("a check whose caller went away is stopped: no slice starts after the disconnect", async () => {
    const slices = countSlices();
    try {
      const abort = new AbortController();
      const pending = check(ts, key, packOf(12, FLAT), abort.signal).catch(() => null);
      for (let i = 0; slices.count() === 0 && i < 600; i++) await Bun.sleep(10);
      expect(slices.count()).toBeGreaterThan(0);
      abort.abort();
      await pending;
      const atAbort = slices.count();
      await Bun.sleep(2500); // several slices' time: an unstopped check would have posted more
      expect(slices.count()).toBeLessThanOrEqual(atAbort + 1);
      expect(slices.count()).toBeLessThan(12);
    } finally {
      slices.stop();
    }
  });

  test("a generation waits behind one slice, not behind three queued checks; /healthz measured meanwhile", async () => {
    const pack = await newPack(ts, key, "Fair");
    const zip = packOf(4, FLAT);
    let firstCheckDone = Number.POSITIVE_INFINITY;
    const t0 = performance.now();
    const checks = Promise.all(
      [0, 1, 2].map(async () => {
        const res = await check(ts, key, zip);
        firstCheckDone = Math.min(firstCheckDone, performance.now() - t0);
        return res.status;
      }),
    );
    await Bun.sleep(300); // the checks are queued and running
    const generation = (async () => {
      const asked = performance.now();
      const res = await ts.call("POST", `/v1/packs/${pack}/textures`, {
        key,
        body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", name: "fair", seed: 1 },
      });
      expect(res.status).toBe(202);
      const job = await waitJob(ts, key, ((await res.json()) as any).job, 120_000);
      expect(job.status).toBe("ready");
      return { waited: performance.now() - asked, done: performance.now() - t0 };
    })();
    const health = await healthWhile(ts.url, Promise.all([checks, generation]));
    const gen = await generation;
    expect(await checks).toEqual([200, 200, 200]);
    console.log(
      `3 checks of 4 flat 4096² PNGs: first answered at ${firstCheckDone.toFixed(0)} ms; a 16² texture generation waited ${gen.waited.toFixed(0)} ms; /healthz max ${health.max.toFixed(1)} ms over ${health.times.length} calls`,
    );
    // Before issue 27 the checks went ahead of every generation: it ran only once two checks had finished.
    expect(gen.done).toBeLessThan(firstCheckDone);
  });

  test("a check past its time bound is stopped between slices: file_too_large naming check-timeout-ms", async () => {
    const quick = await startTestServer({ "check-timeout-ms": "1", "rate-checks": "1000" });
    try {
      const r = await refusal(await check(quick, (await quick.account("t")).key, packOf(3, FLAT)));
      expect(r).toMatchObject({ status: 413, code: "file_too_large" });
      expect(r.message).toContain("check-timeout-ms");
    } finally {
      await quick.close();
    }
  });

  test("the per-key check budget (rate-checks): at the budget checked, past it 429 rate_limited with Retry-After", async () => {
    const limited = await startTestServer({ "rate-checks": "2" });
    try {
      const k = (await limited.account("budget")).key;
      const zip = packOf(1, SMALL);
      expect((await check(limited, k, zip)).status).toBe(200);
      expect((await check(limited, k, zip)).status).toBe(200);
      const past = await check(limited, k, zip);
      expect(past.headers.get("retry-after")).toMatch(/^\d+$/);
      const r = await refusal(past);
      expect(r).toMatchObject({ status: 429, code: "rate_limited" });
      expect(r.message).toContain("pack check budget of 2");
      // Other reads are not spent by it.
      expect((await limited.call("GET", "/v1/packs", { key: k })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("imports stop when a limit is met, not after", () => {
  /** 300² PNGs: over 256², so each is checked in the worker pool, where the tasks can be counted. */
  const tiles = (n: number) => {
    const files: Record<string, Uint8Array> = { "pack.mcmeta": mcmeta() };
    for (let i = 0; i < n; i++) files[`assets/minecraft/textures/block/t${i}.png`] = detailedPng(300, i + 1);
    return zipSync(files, { level: 0 });
  };

  /** Imports `zip`, counting the files checked in the pool; with `hold`, checks wait until `release` is called. */
  async function importCounting(settings: Record<string, string>, zip: Uint8Array, hold = false) {
    const ts = await startTestServer(settings);
    const key = (await ts.account("importer")).key;
    const pool = ts.svc.offThread!;
    let checks = 0;
    let release = () => {};
    const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    ts.svc.offThread = async (task, transfer, signal) => {
      if (task.op === "call" && task.fn === "check-import") {
        checks++;
        await gate;
      }
      return pool(task, transfer, signal);
    };
    const res = await ts.call("POST", "/v1/imports", { key, body: { file: { base64: b64(zip) } } });
    const body = (await res.json()) as any;
    return { ts, key, body, checks: () => checks, release };
  }

  test("at the asset limit the rest are refused unread: 3 checks for a limit of 3, the other 5 reported", async () => {
    const { ts, key, body, checks } = await importCounting({ "asset-limit": "3" }, tiles(8));
    try {
      const job = await waitJob(ts, key, body.job, 60_000);
      expect(job.status).toBe("ready");
      expect(checks()).toBe(3);
      expect(job.import.failed.map((f: any) => f.reason)).toEqual(
        Array(5).fill("the pack reached its asset limit of 3"),
      );
    } finally {
      await ts.close();
    }
  });

  test("a pack deleted while it imports stops the import: no file is checked after", async () => {
    const { ts, key, body, checks, release } = await importCounting({}, tiles(12), true);
    try {
      for (let i = 0; checks() === 0 && i < 600; i++) await Bun.sleep(10);
      expect((await ts.call("DELETE", `/v1/packs/${body.pack.slug}`, { key })).status).toBe(200);
      release();
      await Bun.sleep(1500);
      // The files already in flight when it went (4 at a time) finish their checks; none starts after.
      expect(checks()).toBeLessThanOrEqual(4);
      expect(await ts.svc.db.get("SELECT count(*) AS n FROM assets")).toEqual({ n: 0 });
    } finally {
      await ts.close();
    }
  });
});
