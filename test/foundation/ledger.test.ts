import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/server.ts";
import { childEnv, REPO } from "./support.ts";
import { changeCredits, getAccount, ledgerSum } from "../../src/core/accounts.ts";
import { ApiError } from "../../src/core/errors.ts";

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
    const { id, key } = ts.account("spender", { credits: 20 });
    const processes = 4;
    const perProcess = 300;
    const dbPath = join(ts.dataDir, "packsmith.sqlite");
    const startAt = Date.now() + 700;
    const script = (seed: number) => `
      import { openDatabase } from ${JSON.stringify(join(REPO, "src/store/db.ts"))};
      import { changeCredits } from ${JSON.stringify(join(REPO, "src/core/accounts.ts"))};
      import { ApiError } from ${JSON.stringify(join(REPO, "src/core/errors.ts"))};
      const db = openDatabase(${JSON.stringify(dbPath)});
      const deltas = ${JSON.stringify(deltas(seed, perProcess))};
      const tally = { applied: 0, refused: 0 };
      while (Date.now() < ${startAt}) await Bun.sleep(1);
      for (const d of deltas) {
        try { changeCredits(db, ${id}, d, d < 0 ? "charge" : "refund"); tally.applied++; }
        catch (e) { if (e instanceof ApiError && e.errorCode === "insufficient_credits") tally.refused++; else throw e; }
      }
      console.log(JSON.stringify(tally));
      db.close();`;
    const procs = Array.from({ length: processes }, (_, p) => Bun.spawn(["bun", "-e", script(p + 1)], { cwd: REPO, env: childEnv(), stdout: "pipe", stderr: "pipe" }));

    while (Date.now() < startAt) await Bun.sleep(1);
    // In-process charges interleaved with HTTP writes and reads on the same server.
    const local: Tally = { applied: 0, refused: 0 };
    const http: Promise<number>[] = [];
    for (const [i, d] of deltas(99, perProcess).entries()) {
      try {
        changeCredits(ts.svc.db, id, d, d < 0 ? "charge" : "refund");
        local.applied++;
      } catch (e) {
        if (!(e instanceof ApiError) || e.errorCode !== "insufficient_credits") throw e;
        local.refused++;
      }
      if (i % 3 === 0) http.push(ts.call("POST", "/v1/packs", { key, body: { name: `Ledger ${i}` } }).then((r) => r.status));
      if (i % 3 === 1) http.push(ts.call("GET", "/v1/packs", { key }).then((r) => r.status));
      if (i % 10 === 0) await Bun.sleep(0);
    }
    const tallies = await Promise.all(
      procs.map(async (proc) => {
        const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
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
    const rows = db.query("SELECT delta, balance_after FROM credit_ledger WHERE account_id = ? ORDER BY id").all(id) as { delta: number; balance_after: number }[];
    // One row per applied change, plus the opening grant.
    expect(rows.length).toBe(1 + all.reduce((n, t) => n + t.applied, 0));
    // Each row's balance follows from the one before: no change was lost or applied twice.
    let running = 0;
    for (const r of rows) {
      running += r.delta;
      expect(r.balance_after).toBe(running);
      expect(r.balance_after).toBeGreaterThanOrEqual(0);
    }
    const balance = getAccount(db, id)!.credits;
    expect(balance).toBe(ledgerSum(db, id));
    expect(balance).toBe(running);
    expect(balance).toBeGreaterThanOrEqual(0);
  }, 60_000);

  test("a charge larger than the balance is refused with insufficient_credits and writes nothing", () => {
    const { id } = ts.account("poor", { credits: 2 });
    const rows = () => (ts.svc.db.query("SELECT count(*) AS n FROM credit_ledger WHERE account_id = ?").get(id) as { n: number }).n;
    expect(changeCredits(ts.svc.db, id, -2, "charge")).toBe(0);
    const before = rows();
    let caught: unknown;
    try {
      changeCredits(ts.svc.db, id, -1, "charge");
    } catch (e) {
      caught = e;
    }
    expect((caught as ApiError).errorCode).toBe("insufficient_credits");
    expect((caught as ApiError).status).toBe(402);
    expect(rows()).toBe(before);
    expect(getAccount(ts.svc.db, id)!.credits).toBe(0);
  });

  test("the store itself refuses a negative balance even if a caller skips the check", () => {
    const { id } = ts.account("guarded", { credits: 1 });
    expect(() => ts.svc.db.query("UPDATE accounts SET credits = -1 WHERE id = ?").run(id)).toThrow(/CHECK constraint/);
    expect(getAccount(ts.svc.db, id)!.credits).toBe(1);
  });
});
