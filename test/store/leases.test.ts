import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { credits, newPack } from "../support/jobs.ts";
import { claimJob, releaseDeadLocalLeases, releaseLease, renewLease } from "../../src/core/leases.ts";
import { failJob, markReady } from "../../src/core/jobs.ts";
import { hostname } from "node:os";

/**
 * The claim/lease/fencing rules on the real store, with jobs accepted through the API while the server's own
 * engine is paused (so only these tests claim them).
 */
let ts: TestServer;
let account: { id: number; key: string };
let slug: string;

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  ts.engine.pause();
  account = await ts.account("leases", { credits: 100 });
  slug = await newPack(ts, account.key);
});
afterAll(() => ts.close());

let n = 0;
/** Accepts one texture job (charged 1 credit) and answers its asset id. */
async function accept(): Promise<number> {
  const res = await ts.call("POST", `/v1/packs/${slug}/textures`, {
    key: account.key,
    body: { prompt: "stone", size: 16, mode: "custom", description: `stone ${n++}` },
  });
  expect(res.status).toBe(202);
  const row = await ts.svc.db.get<{ id: number }>("SELECT max(id) AS id FROM assets");
  return row!.id;
}

const lease = (id: number) =>
  ts.svc.db.get<{ lease_owner: string | null; lease_until: number | null; status: string }>(
    "SELECT lease_owner, lease_until, status FROM assets WHERE id = ?",
    [id],
  );

/** Every generating job claimed by nobody, so each test starts from a clean queue. */
async function drainQueue() {
  await ts.svc.db.run("UPDATE assets SET status = 'error', error = 'test reset' WHERE status = 'generating'");
}

describe("claiming", () => {
  test("the oldest claimable job goes to one runner; a leased job is not claimable until its lease runs out", async () => {
    await drainQueue();
    const first = await accept();
    const second = await accept();
    expect(await claimJob(ts.svc.db, "a", 60_000)).toBe(first);
    expect(await claimJob(ts.svc.db, "b", 60_000)).toBe(second);
    expect(await claimJob(ts.svc.db, "c", 60_000)).toBeNull();
    expect((await lease(first))?.lease_owner).toBe("a");
    // Lease of "a" ran out: c takes the job over.
    await ts.svc.db.run("UPDATE assets SET lease_until = ? WHERE id = ?", [Date.now() - 1, first]);
    expect(await claimJob(ts.svc.db, "c", 60_000)).toBe(first);
    expect((await lease(first))?.lease_owner).toBe("c");
    // a's renewal is refused: the job is no longer its own.
    expect(await renewLease(ts.svc.db, first, "a", 60_000)).toBe(false);
    expect(await renewLease(ts.svc.db, first, "c", 60_000)).toBe(true);
  });

  test("many concurrent claimers never get the same job", async () => {
    await drainQueue();
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await accept());
    const got = await Promise.all(Array.from({ length: 20 }, (_, i) => claimJob(ts.svc.db, `r${i}`, 60_000)));
    const claimed = got.filter((x): x is number => x !== null);
    expect(claimed.sort((x, y) => x - y)).toEqual(ids);
    expect(got.filter((x) => x === null)).toHaveLength(8);
  });

  test("a released job is claimable at once; a stranger cannot release it", async () => {
    await drainQueue();
    const id = await accept();
    expect(await claimJob(ts.svc.db, "a", 60_000)).toBe(id);
    expect(await releaseLease(ts.svc.db, id, "b")).toBe(false);
    expect(await claimJob(ts.svc.db, "b", 60_000)).toBeNull();
    expect(await releaseLease(ts.svc.db, id, "a")).toBe(true);
    expect(await claimJob(ts.svc.db, "b", 60_000)).toBe(id);
  });

  test("leases of dead processes on this host are released at start; live ones and other hosts' are kept", async () => {
    await drainQueue();
    const dead = await accept();
    const live = await accept();
    const remote = await accept();
    const self = `${hostname()}/${process.pid}/mine`;
    // pid 2^22+1 is past Linux's pid_max: no such process.
    await claimJob(ts.svc.db, `${hostname()}/4194305/x`, 60_000);
    await claimJob(ts.svc.db, `${hostname()}/${process.ppid}/y`, 60_000);
    await claimJob(ts.svc.db, "elsewhere.example/1/z", 60_000);
    expect(await releaseDeadLocalLeases(ts.svc.db, self)).toBe(1);
    expect((await lease(dead))?.lease_owner).toBeNull();
    expect((await lease(live))?.lease_owner).toBe(`${hostname()}/${process.ppid}/y`);
    expect((await lease(remote))?.lease_owner).toBe("elsewhere.example/1/z");
  });
});

describe("fencing", () => {
  test("a runner whose job was taken over neither completes nor fails it; the owner does, once", async () => {
    await drainQueue();
    const before = await credits(ts, account.id);
    const id = await accept();
    expect(await claimJob(ts.svc.db, "old", 60_000)).toBe(id);
    await ts.svc.db.run("UPDATE assets SET lease_until = ? WHERE id = ?", [Date.now() - 1, id]);
    expect(await claimJob(ts.svc.db, "new", 60_000)).toBe(id);

    const blob = await ts.svc.blobs.put(new Uint8Array([1, 2, 3]));
    expect(await markReady(ts.svc.db, id, blob, 3, undefined, "old")).toBe(false);
    expect(await failJob(ts.svc, id, "late failure", "old")).toBe(false);
    expect((await lease(id))?.status).toBe("generating");
    expect(await credits(ts, account.id)).toEqual({
      ...before,
      balance: before.balance - 1,
      ledger: before.ledger - 1,
      rows: before.rows + 1,
    });

    expect(await failJob(ts.svc, id, "the run failed", "new")).toBe(true);
    expect(await failJob(ts.svc, id, "the run failed", "new")).toBe(false);
    expect(await markReady(ts.svc.db, id, blob, 3, undefined, "new")).toBe(false);
    // Charged once, refunded once.
    expect(await credits(ts, account.id)).toEqual({ ...before, rows: before.rows + 2 });
  });

  test("completion by the owner is one result; a second completion changes nothing", async () => {
    await drainQueue();
    const id = await accept();
    expect(await claimJob(ts.svc.db, "w", 60_000)).toBe(id);
    const blob = await ts.svc.blobs.put(new Uint8Array([4, 5, 6]));
    expect(await markReady(ts.svc.db, id, blob, 3, undefined, "w")).toBe(true);
    expect(await markReady(ts.svc.db, id, blob, 3, undefined, "w")).toBe(false);
    expect(await failJob(ts.svc, id, "too late", "w")).toBe(false);
    expect((await lease(id))?.status).toBe("ready");
    expect(await claimJob(ts.svc.db, "x", 60_000)).toBeNull();
  });
});
