import { hostname } from "node:os";
import type { SqlDriver } from "../store/sql.ts";

/**
 * Who runs a generation job. A runner (the embedded pool of `serve`, or a `packsmith worker` process) claims a
 * `generating` asset by writing its name and a lease expiry on the row, renews the lease while it works, and
 * completes or fails the job only while the lease is still its own (markReady and failJob take the owner: the
 * fence). A runner that dies stops renewing; once the lease has run out another runner claims the job, and the
 * first one, should it come back, finds the row no longer its own and changes nothing.
 *
 * Every claim is counted on the row (`attempts`). A job whose runs keep being cut off (its worker killed each
 * time, or a poison job that crashes whatever runs it) is not claimed forever: the runner that claims it past
 * `--max-attempts` fails and refunds it instead of running it (src/jobs/engine.ts). A lease given back on purpose
 * (releaseLease) does not count; a dead runner's lease, run out or released at a restart, does.
 */

/** A runner's name: host and pid (so a restart on the same host can tell its dead predecessors) plus a random tag. */
export function runnerName(): string {
  return `${hostname()}/${process.pid}/${crypto.randomUUID().slice(0, 8)}`;
}

/** A job a runner has just claimed, and how many times it has been claimed (this claim included). */
export interface Claim {
  id: number;
  attempts: number;
}

/**
 * Leases up to `limit` of the oldest claimable jobs (generating, with a stored task, and no lease or one that ran
 * out) to `owner` until now + leaseMs, and counts the claim on each (`attempts`). One statement, no transaction:
 * on PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so concurrent claimers each take different rows
 * without waiting for one another (nor for the lock that serializes the store's other transactions); on sqlite a
 * statement is atomic under the write lock. The outer WHERE re-checks the lease on the row as it is when locked.
 * Answers the claims in id order (empty when nothing is claimable). `peek`: look with a read first (an idle
 * runner's polls), so that finding nothing writes nothing.
 */
export async function claimJobs(
  db: SqlDriver,
  owner: string,
  leaseMs: number,
  limit: number,
  opts: { peek?: boolean } = {},
): Promise<Claim[]> {
  const now = Date.now();
  const claimable = "status = 'generating' AND (lease_until IS NULL OR lease_until < ?)";
  const pick = `SELECT id FROM assets WHERE ${claimable} AND request IS NOT NULL ORDER BY id LIMIT ?`;
  // An UPDATE is a write even when it matches nothing: on PostgreSQL its statement trigger tells every process's
  // read cache that something changed. An idle runner's polls look first with a read, which tells no one.
  if (opts.peek && !(await db.get(pick, [now, 1]))) return [];
  // PostgreSQL: `= ANY(ARRAY(…))` makes the pick an InitPlan run once; under `IN (…)` the planner may run it
  // again per row scanned, each run locking further rows, and claim more than `limit` (seen in the lease tests).
  const picked = db.engine === "postgres" ? `= ANY(ARRAY(${pick} FOR UPDATE SKIP LOCKED))` : `IN (${pick})`;
  const rows = await db.all<Claim>(
    `UPDATE assets SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
     WHERE id ${picked} AND ${claimable}
     RETURNING id, attempts`,
    [owner, now + leaseMs, now, limit, now],
  );
  return rows.map((r) => ({ id: Number(r.id), attempts: Number(r.attempts) })).sort((a, b) => a.id - b.id);
}

/** Claims the oldest claimable job (claimJobs with a limit of one): its asset id, or null when none is claimable. */
export async function claimJob(db: SqlDriver, owner: string, leaseMs: number): Promise<number | null> {
  return (await claimJobs(db, owner, leaseMs, 1))[0]?.id ?? null;
}

/** Extends the lease; false when the job is no longer this runner's (taken over, finished, deleted). */
export async function renewLease(db: SqlDriver, assetId: number, owner: string, leaseMs: number): Promise<boolean> {
  const r = await db.run(
    "UPDATE assets SET lease_until = ? WHERE id = ? AND lease_owner = ? AND status = 'generating'",
    [Date.now() + leaseMs, assetId, owner],
  );
  return r.changes > 0;
}

/**
 * Gives the job back (a runner stopping before it finished): claimable at once by anyone. A run given back was
 * stopped on purpose, not cut off, so its claim is not counted against the job's attempts.
 */
export async function releaseLease(db: SqlDriver, assetId: number, owner: string): Promise<boolean> {
  const r = await db.run(
    `UPDATE assets SET lease_owner = NULL, lease_until = NULL, attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END
     WHERE id = ? AND lease_owner = ? AND status = 'generating'`,
    [assetId, owner],
  );
  return r.changes > 0;
}

/**
 * Releases the leases of runners on this host whose process is gone (a crash or kill -9 of an earlier process),
 * so a restart resumes their jobs at once instead of after the lease runs out. Runners on other hosts are left
 * to their leases (`self` is the caller's own runner name). Returns how many jobs were released.
 */
export async function releaseDeadLocalLeases(db: SqlDriver, self: string): Promise<number> {
  const rows = await db.all<{ lease_owner: string }>(
    "SELECT DISTINCT lease_owner FROM assets WHERE status = 'generating' AND lease_owner IS NOT NULL AND lease_until >= ?",
    [Date.now()],
  );
  let n = 0;
  for (const { lease_owner } of rows) {
    const [host, pid] = lease_owner.split("/");
    if (lease_owner === self || host !== hostname()) continue;
    // The same pid under another tag is a predecessor (a container's pid 1 is every start's pid).
    if (Number(pid) !== process.pid && processAlive(Number(pid))) continue;
    const r = await db.run(
      "UPDATE assets SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? AND status = 'generating'",
      [lease_owner],
    );
    n += r.changes;
  }
  return n;
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
