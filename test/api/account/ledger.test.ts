import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { childEnv, cli, makePack, REPO } from "../../support/cli.ts";
import { changeCredits, getAccount, ledgerSum } from "../../../src/core/accounts.ts";
import { ApiError } from "../../../src/core/errors.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ "pack-limit-pro": "100000" });
});
afterAll(() => ts.close());

/** Deltas from a small LCG so every run makes the same mix of charges (often refused) and refunds. */
function deltas(seed: number, n: number): number[] {
  const out: number[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push([-3, -2, -1, -1, 1, 2][s % 6]);
  }
  return out;
}

interface Tally {
  applied: number;
  refused: number;
}

describe("credit ledger invariant under concurrency", () => {
  test("several processes, the server's own connection and HTTP traffic change credits at once: balance == ledger sum, never negative", async () => {
    const { id, key } = await ts.account("spender", { credits: 20 });
    const processes = 4;
    const perProcess = 300;
    const dbPath = join(ts.dataDir, "packsmith.sqlite");
    const startAt = Date.now() + 700;
    const script = (seed: number) => `
      import { openSqlite } from ${JSON.stringify(join(REPO, "src/store/sqlite-driver.ts"))};
      import { changeCredits } from ${JSON.stringify(join(REPO, "src/core/accounts.ts"))};
      import { ApiError } from ${JSON.stringify(join(REPO, "src/core/errors.ts"))};
      const db = openSqlite(${JSON.stringify(dbPath)});
      const deltas = ${JSON.stringify(deltas(seed, perProcess))};
      const tally = { applied: 0, refused: 0 };
      while (Date.now() < ${startAt}) await Bun.sleep(1);
      for (const d of deltas) {
        try { await changeCredits(db, ${id}, d, d < 0 ? "charge" : "refund"); tally.applied++; }
        catch (e) { if (e instanceof ApiError && e.errorCode === "insufficient_credits") tally.refused++; else throw e; }
      }
      console.log(JSON.stringify(tally));
      await db.close();`;
    const procs = Array.from({ length: processes }, (_, p) =>
      Bun.spawn(["bun", "-e", script(p + 1)], { cwd: REPO, env: childEnv(), stdout: "pipe", stderr: "pipe" }),
    );

    while (Date.now() < startAt) await Bun.sleep(1);
    // In-process charges interleaved with HTTP writes and reads on the same server.
    const local: Tally = { applied: 0, refused: 0 };
    const http: Promise<number>[] = [];
    for (const [i, d] of deltas(99, perProcess).entries()) {
      try {
        await changeCredits(ts.svc.db, id, d, d < 0 ? "charge" : "refund");
        local.applied++;
      } catch (e) {
        if (!(e instanceof ApiError) || e.errorCode !== "insufficient_credits") throw e;
        local.refused++;
      }
      if (i % 3 === 0)
        http.push(ts.call("POST", "/v1/packs", { key, body: { name: `Ledger ${i}` } }).then((r) => r.status));
      if (i % 3 === 1) http.push(ts.call("GET", "/v1/packs", { key }).then((r) => r.status));
      if (i % 10 === 0) await Bun.sleep(0);
    }
    const tallies = await Promise.all(
      procs.map(async (proc) => {
        const [out, err, code] = await Promise.all([
          new Response(proc.stdout).text(),
          new Response(proc.stderr).text(),
          proc.exited,
        ]);
        if (code !== 0) throw new Error(`charging process exited ${code}: ${err}`);
        return JSON.parse(out) as Tally;
      }),
    );
    const statuses = await Promise.all(http);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);

    const all = [...tallies, local];
    for (const t of all) expect(t.applied + t.refused).toBe(perProcess);
    // The mix leans negative, so the balance hits the floor and some charges must be refused.
    expect(all.reduce((n, t) => n + t.refused, 0)).toBeGreaterThan(0);

    const db = ts.svc.db;
    const rows = (await db.all("SELECT delta, balance_after FROM credit_ledger WHERE account_id = ? ORDER BY id", [
      id,
    ])) as { delta: number; balance_after: number }[];
    // One row per applied change, plus the opening grant.
    expect(rows.length).toBe(1 + all.reduce((n, t) => n + t.applied, 0));
    // Each row's balance follows from the one before: no change was lost or applied twice.
    let running = 0;
    for (const r of rows) {
      running += r.delta;
      expect(r.balance_after).toBe(running);
      expect(r.balance_after).toBeGreaterThanOrEqual(0);
    }
    const balance = (await getAccount(db, id))!.credits;
    expect(balance).toBe(await ledgerSum(db, id));
    expect(balance).toBe(running);
    expect(balance).toBeGreaterThanOrEqual(0);
  }, 60_000);

  test("concurrent generation requests and CLI grants: every accepted job charged once, refused ones charge nothing", async () => {
    const { id, key } = await ts.account("gen-spender", { credits: 4 });
    const pack = await makePack(ts, key, "Charged");
    const cost = ts.svc.config.costs.texture;
    expect(cost).toBe(1);
    // Two grants from other processes, landing while the requests arrive.
    let granted = 0;
    const grants = [1, 2].map(() =>
      cli(ts.dataDir, "credits", "grant", "gen-spender", "2").then((r) => (granted++, r)),
    );
    const responses: Response[] = [];
    // Keep requests coming until both grants have landed, then one wave more to spend them.
    for (let wave = 0, after = 0; after < 2 && wave < 200; wave++) {
      if (granted === 2) after++;
      const burst = Array.from({ length: 4 }, (_, i) =>
        ts.call("POST", `/v1/packs/${pack.slug}/textures`, {
          key,
          body: {
            prompt: "rough grey stone",
            size: 16,
            mode: "custom",
            description: `stone ${wave}-${i}`,
            seed: wave * 10 + i,
          },
        }),
      );
      responses.push(...(await Promise.all(burst)));
      await Bun.sleep(80);
    }
    for (const g of grants) expect((await g).code).toBe(0);

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 202 && s !== 402)).toEqual([]);
    const accepted = (await Promise.all(responses.filter((r) => r.status === 202).map((r) => r.json()))) as {
      job: string;
    }[];
    for (const r of responses.filter((r) => r.status === 402))
      expect(((await r.json()) as any).error.code).toBe("insufficient_credits");
    // 4 to start with and 4 granted in between: at least 8 jobs (more only if a failed one's refund freed a credit).
    expect(accepted.length).toBeGreaterThanOrEqual(8);

    // Let every accepted job finish (ready, or error and refunded).
    const deadline = Date.now() + 25_000;
    const final = new Map<string, string>();
    while (final.size < accepted.length && Date.now() < deadline) {
      for (const { job } of accepted) {
        if (final.has(job)) continue;
        const body = (await (await ts.call("GET", `/v1/jobs/${encodeURIComponent(job)}`, { key })).json()) as any;
        if (body.status !== "generating") final.set(job, body.status);
      }
      if (final.size < accepted.length) await Bun.sleep(100);
    }
    expect(final.size).toBe(accepted.length);

    const db = ts.svc.db;
    const assets = (await db.all("SELECT id, status FROM assets WHERE pack_id = ?", [pack.id])) as {
      id: number;
      status: string;
    }[];
    expect(assets.length).toBe(accepted.length);
    for (const a of assets) {
      const rows = (await db.all("SELECT delta FROM credit_ledger WHERE asset_id = ? ORDER BY id", [a.id])) as {
        delta: number;
      }[];
      expect(rows.map((r) => r.delta)).toEqual(a.status === "error" ? [-cost, cost] : [-cost]);
    }
    const ready = assets.filter((a) => a.status === "ready").length;
    expect(accepted.length - (assets.length - ready)).toBeLessThanOrEqual(8);
    const balance = (await getAccount(db, id))!.credits;
    expect(balance).toBe(4 + 4 - ready * cost);
    expect(balance).toBe(await ledgerSum(db, id));
    const ledgerRows = (await db.all(
      "SELECT delta, balance_after FROM credit_ledger WHERE account_id = ? ORDER BY id",
      [id],
    )) as { delta: number; balance_after: number }[];
    let running = 0;
    for (const r of ledgerRows) {
      running += r.delta;
      expect(r.balance_after).toBe(running);
      expect(r.balance_after).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);

  test("a charge larger than the balance is refused with insufficient_credits and writes nothing", async () => {
    const { id } = await ts.account("poor", { credits: 2 });
    const rows = async () =>
      ((await ts.svc.db.get("SELECT count(*) AS n FROM credit_ledger WHERE account_id = ?", [id])) as { n: number }).n;
    expect(await changeCredits(ts.svc.db, id, -2, "charge")).toBe(0);
    const before = await rows();
    let caught: unknown;
    try {
      await changeCredits(ts.svc.db, id, -1, "charge");
    } catch (e) {
      caught = e;
    }
    expect((caught as ApiError).errorCode).toBe("insufficient_credits");
    expect((caught as ApiError).status).toBe(402);
    expect(await rows()).toBe(before);
    expect((await getAccount(ts.svc.db, id))!.credits).toBe(0);
  });

  test("the store itself refuses a negative balance even if a caller skips the check", async () => {
    const { id } = await ts.account("guarded", { credits: 1 });
    await expect(ts.svc.db.run("UPDATE accounts SET credits = -1 WHERE id = ?", [id])).rejects.toThrow(
      /CHECK constraint/,
    );
    expect((await getAccount(ts.svc.db, id))!.credits).toBe(1);
  });
});
