import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { serverOn, startTestServer, type TestServer } from "../../support/server.ts";
import { startFakeProvider, type FakeProvider } from "../../support/fake-provider.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { decodePng } from "../../../src/media/png-decode.ts";

let provider: FakeProvider;
beforeAll(() => {
  provider = startFakeProvider();
});
afterAll(() => provider.stop());

const providerSettings = (extra: Record<string, string> = {}) => ({
  provider: "openai-images",
  "provider-url": provider.url,
  ...extra,
});
const body = { prompt: "ruby ore", size: 16, mode: "custom", description: "ruby ore" };

async function generate(ts: TestServer, key: string, slug: string) {
  const res = await ts.call("POST", `/v1/packs/${slug}/textures`, { key, body });
  expect(res.status).toBe(202);
  return ((await res.json()) as any).job as string;
}

describe("the external image provider", () => {
  test("a working provider's picture becomes a 16x16 pack texture", async () => {
    provider.mode = "ok";
    const ts = await startTestServer(providerSettings());
    try {
      const a = await ts.account("a", { credits: 5 });
      const slug = await newPack(ts, a.key);
      const job = await waitJob(ts, a.key, await generate(ts, a.key, slug));
      expect(job.status).toBe("ready");
      const png = await ts.call("GET", `/v1/packs/${slug}/assets/texture/ruby_ore`, { key: a.key });
      const img = decodePng(new Uint8Array(await png.arrayBuffer()));
      expect([img.width, img.height]).toEqual([16, 16]);
      expect((await credits(ts, a.id)).balance).toBe(4);
    } finally {
      await ts.close();
    }
  });

  for (const [mode, reason] of [
    ["fail", /answered 500/],
    ["garbage", /PNG|image/i],
  ] as const) {
    test(`a provider that ${mode === "fail" ? "throws" : "answers junk"} fails the job and refunds in the same step`, async () => {
      provider.mode = mode;
      const ts = await startTestServer(providerSettings());
      try {
        const a = await ts.account("a", { credits: 5 });
        const slug = await newPack(ts, a.key);
        const job = await waitJob(ts, a.key, await generate(ts, a.key, slug));
        expect(job.status).toBe("error");
        expect(job.error).toMatch(reason);
        const c = await credits(ts, a.id);
        expect(c).toEqual({ balance: 5, ledger: 5, rows: 3 }); // grant, charge, refund
        const file = await ts.call("GET", `/v1/packs/${slug}/assets/texture/ruby_ore`, { key: a.key });
        expect(file.status).toBe(409);
        expect(((await file.json()) as any).error.code).toBe("generation_failed");
      } finally {
        await ts.close();
      }
    });
  }

  test("a slow provider call is cut off by the per-call limit, failed and refunded", async () => {
    provider.mode = "slow";
    provider.delayMs = 3000;
    const ts = await startTestServer(providerSettings({ "provider-timeout-ms": "200" }));
    try {
      const a = await ts.account("a", { credits: 5 });
      const slug = await newPack(ts, a.key);
      const job = await waitJob(ts, a.key, await generate(ts, a.key, slug));
      expect(job.status).toBe("error");
      expect(job.error).toMatch(/did not answer within 0.2 s/);
      expect((await credits(ts, a.id)).balance).toBe(5);
    } finally {
      await ts.close();
    }
  });

  test("a run past its time limit is stopped, failed and refunded; the pool keeps working", async () => {
    provider.mode = "slow";
    provider.delayMs = 3000;
    // 1 s: long enough for the next job (a HUD sheet, drawn here) on a loaded machine, far short of the 3 s call.
    const ts = await startTestServer(providerSettings({ "run-timeout-ms": "1000", workers: "1" }));
    try {
      const a = await ts.account("a", { credits: 5 });
      const slug = await newPack(ts, a.key);
      const job = await waitJob(ts, a.key, await generate(ts, a.key, slug));
      expect(job.status).toBe("error");
      expect(job.error).toMatch(/passed its 1 s limit/);
      expect((await credits(ts, a.id)).balance).toBe(5);
      provider.mode = "ok";
      const next = await ts.call("POST", `/v1/packs/${slug}/huds`, { key: a.key, body: { prompt: "gold" } });
      expect((await waitJob(ts, a.key, ((await next.json()) as any).job)).status).toBe("ready");
    } finally {
      await ts.close();
    }
  });

  test("a worker that dies mid-run fails its job and refunds; a new worker takes the next job", async () => {
    provider.mode = "slow";
    provider.delayMs = 5000;
    const ts = await startTestServer(providerSettings({ workers: "1" }));
    try {
      const a = await ts.account("a", { credits: 5 });
      const slug = await newPack(ts, a.key);
      const handle = await generate(ts, a.key, slug);
      // The job reaches the worker after the 202; on a loaded machine that can take a while, so wait for it
      // (bounded) rather than for a fixed time.
      let killed = false;
      for (const until = Date.now() + 4000; !killed && Date.now() < until; await Bun.sleep(20))
        killed = ts.engine.pool.killRunning();
      expect(killed).toBe(true);
      const job = await waitJob(ts, a.key, handle);
      expect(job.status).toBe("error");
      expect(job.error).toMatch(/worker died/);
      expect(await credits(ts, a.id)).toEqual({ balance: 5, ledger: 5, rows: 3 });
      const next = await ts.call("POST", `/v1/packs/${slug}/guis`, {
        key: a.key,
        body: { prompt: "oak", target: "furnace" },
      });
      expect((await waitJob(ts, a.key, ((await next.json()) as any).job)).status).toBe("ready");
    } finally {
      await ts.close();
    }
  });
});

describe("restart recovery", () => {
  test("jobs in flight when the server stops finish after the next start, charged exactly once", async () => {
    provider.mode = "slow";
    provider.delayMs = 10_000;
    const ts = await startTestServer(providerSettings({ workers: "1" }));
    const a = await ts.account("a", { credits: 10 });
    const slug = await newPack(ts, a.key);
    const handles = [await generate(ts, a.key, slug), await generate(ts, a.key, slug), await generate(ts, a.key, slug)];
    await Bun.sleep(100);
    // Stop without letting the jobs finish (data dir kept): a crash as far as the jobs can tell.
    await ts.stop();
    provider.mode = "ok";
    // The same engines and data (PostgreSQL + bucket under PACKSMITH_TEST_ENGINES=postgres), two workers this time.
    const again = await serverOn(ts.dataDir, { ...ts.settings, ...providerSettings(), workers: "2" });
    try {
      for (const h of handles) expect((await waitJob(again, a.key, h)).status).toBe("ready");
      const c = (await again.svc.db.get("SELECT credits FROM accounts WHERE id = ?", [a.id])) as any;
      const ledger = (await again.svc.db.get(
        "SELECT count(*) AS n, sum(delta) AS s FROM credit_ledger WHERE account_id = ?",
        [a.id],
      )) as any;
      expect(c.credits).toBe(7);
      expect(ledger).toEqual({ n: 4, s: 7 });
    } finally {
      await again.close();
    }
  });
});
