import type { Services } from "../services.ts";
import { closeEdit, isBeingEdited } from "./edits.ts";
import { nowIso } from "../store/db.ts";
import type { SqlDriver } from "../store/sql.ts";
import { changeCredits } from "./accounts.ts";
import { getAssetById, type AssetRow } from "./assets.ts";

/**
 * The asset is the job. These are the only transitions out of `generating`, each one transaction:
 * ready (blob stored first), or error with the charge refunded. A guard on `status = 'generating'`
 * makes every transition happen at most once, so a late worker result can't refund or store twice.
 */

export function staleCutoffMs(svc: Services, a: Pick<AssetRow, "kind">): number {
  return (a.kind === "model" ? svc.config.staleMinutes.models : svc.config.staleMinutes.default) * 60_000;
}

/**
 * RFC 7396 JSON merge patch (what sqlite's json_patch did in SQL): objects merge key by key, a null value
 * removes its key, anything else replaces. Done here so the statement is the same on every engine.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target !== null && typeof target === "object" && !Array.isArray(target) ? { ...(target as object) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** Marks the job ready; returns false when it had already left `generating`. */
export async function completeJob(
  svc: Services,
  assetId: number,
  blob: string,
  sizeBytes: number,
  meta?: Record<string, unknown>,
): Promise<boolean> {
  const done = await markReady(svc.db, assetId, blob, sizeBytes, meta);
  if (done) announceJob(svc, assetId);
  return done;
}

/**
 * The row change of completeJob in a transaction of its own; the caller announces the job once it has committed.
 * It locks the rows it writes (the job's, then its pack's), so on PostgreSQL it does not wait for the lock that
 * serializes other transactions: completions of different jobs run side by side.
 */
export async function markReady(db: SqlDriver, ...args: ReadyArgs): Promise<boolean> {
  return db.transaction((tx) => markReadyIn(tx, ...args), { rowLocks: true });
}

/** The job, its result (blob, size, meta merged into the row's), and the runner it must still be leased to. */
type ReadyArgs = [assetId: number, blob: string, sizeBytes: number, meta?: Record<string, unknown>, owner?: string];

/**
 * markReady's statements inside the caller's open transaction (the engine stores a model's textures in the same
 * one). The job's row is read `FOR UPDATE` on PostgreSQL: nothing changes it between this read and the write.
 */
export async function markReadyIn(
  tx: SqlDriver,
  ...[assetId, blob, sizeBytes, meta, owner]: ReadyArgs
): Promise<boolean> {
  const row = await tx.get<{ meta: string; pack_id: number; lease_owner: string | null }>(
    `SELECT meta, pack_id, lease_owner FROM assets WHERE id = ? AND status = 'generating'${forUpdate(tx)}`,
    [assetId],
  );
  // Fencing: a runner whose lease another runner has taken over stores nothing.
  if (!row || (owner !== undefined && row.lease_owner !== owner)) return false;
  const merged = meta ? JSON.stringify(mergePatch(JSON.parse(row.meta), meta)) : row.meta;
  const r = await tx.run(
    `UPDATE assets SET status = 'ready', blob = ?, size_bytes = ?, error = NULL, updated_at = ?, touched_at = ?, meta = ?
       WHERE id = ? AND status = 'generating'${owner === undefined ? "" : " AND lease_owner = ?"}`,
    [blob, sizeBytes, nowIso(), Date.now(), merged, assetId, ...(owner === undefined ? [] : [owner])],
  );
  if (r.changes) await tx.run("UPDATE packs SET updated_at = ? WHERE id = ?", [nowIso(), row.pack_id]);
  return r.changes > 0;
}

/** ` FOR UPDATE` where the engine has row locks (PostgreSQL); sqlite's one writer needs none. */
export const forUpdate = (db: SqlDriver) => (db.engine === "postgres" ? " FOR UPDATE" : "");

/**
 * Marks the job failed and refunds its charge in the same transaction; false when already terminal, or (given
 * the runner's `owner`) when the job's lease is no longer that runner's.
 */
export async function failJob(svc: Services, assetId: number, reason: string, owner?: string): Promise<boolean> {
  const done = await svc.db.transaction(async (tx) => {
    const a = await getAssetById(tx, assetId);
    if (a?.status !== "generating") return false;
    // A runner fails only a job still leased to it (fencing); the sweep and deletions pass no owner.
    const fence = owner === undefined ? "" : " AND lease_owner = ?";
    if (isBeingEdited(a)) {
      // A failed edit changes nothing: the asset is ready with its old file again (core/edits.ts).
      const back = await tx.run(
        `UPDATE assets SET status = 'ready', touched_at = ? WHERE id = ? AND status = 'generating'${fence}`,
        [Date.now(), assetId, ...(owner === undefined ? [] : [owner])],
      );
      if (!back.changes) return false;
      await closeEdit(tx, a, { status: "failed", error: reason.slice(0, 500) });
      if (a.cost > 0 && a.chargedTo !== null) await changeCredits(tx, a.chargedTo, a.cost, "refund edit", assetId);
      return true;
    }
    const r = await tx.run(
      `UPDATE assets SET status = 'error', error = ?, updated_at = ?, touched_at = ? WHERE id = ? AND status = 'generating'${fence}`,
      [reason.slice(0, 500), nowIso(), Date.now(), assetId, ...(owner === undefined ? [] : [owner])],
    );
    // Another process finished or failed it between the read and the guarded write: refund nothing.
    if (!r.changes) return false;
    if (a.cost > 0 && a.chargedTo !== null) await changeCredits(tx, a.chargedTo, a.cost, "refund", assetId);
    return true;
  });
  if (done) announceJob(svc, assetId);
  return done;
}

/**
 * Reads an asset as callers should see it: a run that recorded nothing past the stale cutoff is failed
 * (and refunded) now, so polling always terminates even if no sweeper ran.
 */
export async function readAsset(svc: Services, a: AssetRow): Promise<AssetRow> {
  if (a.status !== "generating") return a;
  if (Date.now() - a.touchedAt < staleCutoffMs(svc, a)) return a;
  await failJob(svc, a.id, `the run recorded nothing for ${staleCutoffMs(svc, a) / 60_000} minutes and was stopped`);
  return (await getAssetById(svc.db, a.id))!;
}

/** Fails every stale run; the engine calls this periodically. Returns how many were failed. */
export async function sweepStale(svc: Services): Promise<number> {
  const rows = await svc.db.all<{ id: number }>(
    "SELECT id FROM assets WHERE status = 'generating' AND touched_at < ?",
    [Date.now() - Math.min(svc.config.staleMinutes.default, svc.config.staleMinutes.models) * 60_000],
  );
  let n = 0;
  for (const { id } of rows) {
    const a = await getAssetById(svc.db, id);
    if (a && (await readAsset(svc, a)).status === "error") n++;
  }
  return n;
}

/** Wakes whoever waits on the job (wait_for_job), here and in other processes; call after the change has committed. */
export function announceJob(svc: Services, assetId: number) {
  announce(svc, `job:${assetId}`);
}

/** The event a process announces when it has queued jobs: idle runners in other processes claim at once. */
export const JOBS_QUEUED = "jobs:queued";

/**
 * Jobs were accepted (committed) and wait for a runner: this process's engine is handed them (svc.schedule), and
 * on PostgreSQL the other processes hear it (db.announce), so an idle `packsmith worker` claims now instead of at
 * its next poll. Lost or unheard (sqlite), the workers' polls find the jobs.
 */
export function jobsQueued(svc: Services, assetIds: number[]): void {
  for (const id of assetIds) svc.schedule?.(id);
  if (assetIds.length) svc.db.announce?.(JOBS_QUEUED).catch(() => {});
}

/**
 * Wakes whoever waits on `event` (`job:<assetId>`, `import:<packId>`, `merge:<id>`): in this process at once, in
 * the other processes on the same PostgreSQL through its NOTIFY (db.announce). Sent after the change committed,
 * without waiting: should it be lost (the process dies first, the database is down), a waiter elsewhere finds
 * the change on its next re-check, as it does on sqlite, which has no notifications between processes.
 */
export function announce(svc: Services, event: string): void {
  svc.jobEvents.dispatchEvent(new Event(event));
  svc.db.announce?.(event).catch(() => {});
}
