/**
 * The claim/lease/fencing rules (src/core/leases.ts, and the fenced markReady/failJob of src/core/jobs.ts) as one
 * suite any engine runs against its own driver: test/store/leases.test.ts on sqlite; PostgreSQL runs the same
 * function through usePostgres(). Jobs are real asset rows with a stored task and a charge in the ledger.
 */
import { describe, expect, test } from "bun:test";
import { hostname } from "node:os";
import type { SqlDriver } from "../../src/store/sql.ts";
import type { Services } from "../../src/services.ts";
import { changeCredits, createAccount, type Account } from "../../src/core/accounts.ts";
import { createPack, type PackRow } from "../../src/core/packs.ts";
import { insertAsset } from "../../src/core/assets.ts";
import { claimJob, claimJobs, releaseDeadLocalLeases, releaseLease, renewLease } from "../../src/core/leases.ts";
import { failJob, markReady } from "../../src/core/jobs.ts";

export function leaseSuite(engine: string, open: () => Promise<SqlDriver>): void {
  let db: SqlDriver;
  let account: Account;
  let pack: PackRow;
  let n = 0;
  /** What failJob needs of the services: the store, and somewhere to announce the job. */
  const svc = () => ({ db, jobEvents: new EventTarget() }) as unknown as Services;

  /** Accepts one job the way the API does: the generating row with its task, and its charge, in one transaction. */
  async function accept(): Promise<number> {
    return db.transaction(async (tx) => {
      const row = await insertAsset(tx, {
        packId: pack.id,
        kind: "texture",
        name: `stone_${n++}`,
        type: "block",
        status: "generating",
        source: "generated",
        request: { op: "texture", req: { prompt: "stone", size: 16 } },
        cost: 1,
        chargedTo: account.id,
      });
      await changeCredits(tx, account.id, -1, "generate texture", row.id);
      return row.id;
    });
  }

  const lease = (id: number) =>
    db.get<{ lease_owner: string | null; status: string }>("SELECT lease_owner, status FROM assets WHERE id = ?", [id]);
  const balance = async () => {
    const a = await db.get<{ credits: number }>("SELECT credits FROM accounts WHERE id = ?", [account.id]);
    const l = await db.get<{ s: number; n: number }>(
      "SELECT coalesce(sum(delta), 0) AS s, count(*) AS n FROM credit_ledger WHERE account_id = ?",
      [account.id],
    );
    return { balance: Number(a?.credits), ledger: Number(l?.s), rows: Number(l?.n) };
  };
  /** A fresh queue for each test: whatever an earlier test left generating is set aside. */
  const fresh = () => db.run("UPDATE assets SET status = 'error', error = 'set aside' WHERE status = 'generating'");
  const expire = (id: number) => db.run("UPDATE assets SET lease_until = ? WHERE id = ?", [Date.now() - 1, id]);

  describe(`${engine}: claiming jobs`, () => {
    test("the oldest claimable job goes to one runner; a leased job is claimable again once its lease ran out", async () => {
      db = await open();
      account = await createAccount(db, `leases_${engine}`, "pro", 100);
      pack = await createPack(db, account, "Leases", "1.21.11", 10);
      await fresh();
      const first = await accept();
      const second = await accept();
      expect(await claimJob(db, "a", 60_000)).toBe(first);
      expect(await claimJob(db, "b", 60_000)).toBe(second);
      expect(await claimJob(db, "c", 60_000)).toBeNull();
      expect((await lease(first))?.lease_owner).toBe("a");
      await expire(first);
      expect(await claimJob(db, "c", 60_000)).toBe(first);
      expect((await lease(first))?.lease_owner).toBe("c");
      // a's renewal is refused: the job is no longer its own.
      expect(await renewLease(db, first, "a", 60_000)).toBe(false);
      expect(await renewLease(db, first, "c", 60_000)).toBe(true);
    });

    test("20 concurrent claimers of 12 jobs: each job to exactly one, 8 find nothing", async () => {
      await fresh();
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push(await accept());
      const got = await Promise.all(Array.from({ length: 20 }, (_, i) => claimJob(db, `r${i}`, 60_000)));
      expect(got.filter((x): x is number => x !== null).sort((x, y) => x - y)).toEqual(ids);
      expect(got.filter((x) => x === null)).toHaveLength(8);
    });

    test("a released job is claimable at once; another runner cannot release it", async () => {
      await fresh();
      const id = await accept();
      expect(await claimJob(db, "a", 60_000)).toBe(id);
      expect(await releaseLease(db, id, "b")).toBe(false);
      expect(await claimJob(db, "b", 60_000)).toBeNull();
      expect(await releaseLease(db, id, "a")).toBe(true);
      expect(await claimJob(db, "b", 60_000)).toBe(id);
    });

    test("claims in batches: 4 claimers of up to 5 jobs each over 12 jobs take each job once, the oldest first", async () => {
      await fresh();
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push(await accept());
      const got = await Promise.all(Array.from({ length: 4 }, (_, i) => claimJobs(db, `b${i}`, 60_000, 5)));
      for (const claims of got) expect(claims.length).toBeLessThanOrEqual(5);
      const all = got.flat().map((c) => c.id);
      expect(all.sort((x, y) => x - y)).toEqual(ids);
      // Each claimer's rows are leased to it, and nothing more is claimable.
      for (const [i, claims] of got.entries())
        for (const c of claims) expect((await lease(c.id))?.lease_owner).toBe(`b${i}`);
      expect(await claimJobs(db, "late", 60_000, 5)).toEqual([]);
      // One claimer alone takes the oldest first.
      await fresh();
      const more = [await accept(), await accept(), await accept()];
      expect((await claimJobs(db, "one", 60_000, 2)).map((c) => c.id)).toEqual(more.slice(0, 2));
    });

    test("every claim is counted on the job; a lease given back on purpose is not", async () => {
      await fresh();
      const id = await accept();
      expect(await claimJobs(db, "a", 60_000, 1)).toEqual([{ id, attempts: 1 }]);
      await expire(id); // a's run was cut off: its lease ran out
      expect(await claimJobs(db, "b", 60_000, 1)).toEqual([{ id, attempts: 2 }]);
      expect(await releaseLease(db, id, "b")).toBe(true); // b stopped on purpose: not counted
      expect(await claimJobs(db, "c", 60_000, 1)).toEqual([{ id, attempts: 2 }]);
    });

    test("at start the leases of dead processes on this host are released; live ones and other hosts' kept", async () => {
      await fresh();
      const dead = await accept();
      const live = await accept();
      const remote = await accept();
      // 4194305 is past Linux's largest pid: no such process. The parent of this test process is alive.
      await claimJob(db, `${hostname()}/4194305/x`, 60_000);
      await claimJob(db, `${hostname()}/${process.ppid}/y`, 60_000);
      await claimJob(db, "elsewhere.example/1/z", 60_000);
      expect(await releaseDeadLocalLeases(db, `${hostname()}/${process.pid}/me`)).toBe(1);
      expect((await lease(dead))?.lease_owner).toBeNull();
      expect((await lease(live))?.lease_owner).toBe(`${hostname()}/${process.ppid}/y`);
      expect((await lease(remote))?.lease_owner).toBe("elsewhere.example/1/z");
    });
  });

  describe(`${engine}: fencing`, () => {
    test("a runner whose job was taken over neither completes nor fails it; the owner does, once", async () => {
      await fresh();
      const before = await balance();
      const id = await accept();
      expect(await claimJob(db, "old", 60_000)).toBe(id);
      await expire(id);
      expect(await claimJob(db, "new", 60_000)).toBe(id);
      expect(await markReady(db, id, "a".repeat(64), 3, undefined, "old")).toBe(false);
      expect(await failJob(svc(), id, "late failure", "old")).toBe(false);
      expect((await lease(id))?.status).toBe("generating");
      expect(await balance()).toEqual({
        balance: before.balance - 1,
        ledger: before.ledger - 1,
        rows: before.rows + 1,
      });
      expect(await failJob(svc(), id, "the run failed", "new")).toBe(true);
      expect(await failJob(svc(), id, "the run failed", "new")).toBe(false);
      expect(await markReady(db, id, "a".repeat(64), 3, undefined, "new")).toBe(false);
      // Charged once, refunded once.
      expect(await balance()).toEqual({ ...before, rows: before.rows + 2 });
    });

    test("the owner's completion is the one result; a second completion or a late failure changes nothing", async () => {
      await fresh();
      const before = await balance();
      const id = await accept();
      expect(await claimJob(db, "w", 60_000)).toBe(id);
      expect(await markReady(db, id, "b".repeat(64), 3, undefined, "w")).toBe(true);
      expect(await markReady(db, id, "c".repeat(64), 3, undefined, "w")).toBe(false);
      expect(await failJob(svc(), id, "too late", "w")).toBe(false);
      const row = await db.get<{ status: string; blob: string }>("SELECT status, blob FROM assets WHERE id = ?", [id]);
      expect(row).toEqual({ status: "ready", blob: "b".repeat(64) });
      expect(await claimJob(db, "x", 60_000)).toBeNull();
      expect(await balance()).toEqual({
        balance: before.balance - 1,
        ledger: before.ledger - 1,
        rows: before.rows + 1,
      });
    });
  });
}
