import { hostname } from "node:os";
import type { SqlDriver } from "../store/sql.ts";

/**
 * Who runs a generation job. A runner (the embedded pool of `serve`, or a `packsmith worker` process) claims a
 * `generating` asset by writing its name and a lease expiry on the row, renews the lease while it works, and
 * completes or fails the job only while the lease is still its own (markReady and failJob take the owner: the
 * fence). A runner that dies stops renewing; once the lease has run out another runner claims the job, and the
 * first one, should it come back, finds the row no longer its own and changes nothing.
 */

/** A runner's name: host and pid (so a restart on the same host can tell its dead predecessors) plus a random tag. */
export function runnerName(): string {
  return `${hostname()}/${process.pid}/${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Takes the oldest claimable job (generating, with a stored task, and no lease or one that ran out) and leases it
 * to `owner` until now + leaseMs. One transaction: on PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED`, so
 * concurrent claimers each get a different row; on sqlite the transaction holds the write lock, and the UPDATE
 * re-checks the lease anyway. Answers the job's asset id, or null when nothing is claimable.
 */
export async function claimJob(db: SqlDriver, owner: string, leaseMs: number): Promise<number | null> {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const pick =
      "SELECT id FROM assets WHERE status = 'generating' AND request IS NOT NULL AND (lease_until IS NULL OR lease_until < ?) ORDER BY id LIMIT 1";
    const row = await tx.get<{ id: number }>(db.engine === "postgres" ? `${pick} FOR UPDATE SKIP LOCKED` : pick, [now]);
    if (!row) return null;
    const r = await tx.run(
      `UPDATE assets SET lease_owner = ?, lease_until = ?
       WHERE id = ? AND status = 'generating' AND (lease_until IS NULL OR lease_until < ?)`,
      [owner, now + leaseMs, row.id, now],
    );
    return r.changes ? Number(row.id) : null;
  });
}

/** Extends the lease; false when the job is no longer this runner's (taken over, finished, deleted). */
export async function renewLease(db: SqlDriver, assetId: number, owner: string, leaseMs: number): Promise<boolean> {
  const r = await db.run(
    "UPDATE assets SET lease_until = ? WHERE id = ? AND lease_owner = ? AND status = 'generating'",
    [Date.now() + leaseMs, assetId, owner],
  );
  return r.changes > 0;
}

/** Gives the job back (a runner stopping before it finished): claimable at once by anyone. */
export async function releaseLease(db: SqlDriver, assetId: number, owner: string): Promise<boolean> {
  const r = await db.run(
    "UPDATE assets SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ? AND status = 'generating'",
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
