import type { Services } from "../services.ts";
import { nowIso } from "../store/db.ts";
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

/** Marks the job ready; returns false when it had already left `generating`. */
export function completeJob(
  svc: Services,
  assetId: number,
  blob: string,
  sizeBytes: number,
  meta?: Record<string, unknown>,
): boolean {
  const db = svc.db;
  const done = db
    .transaction(() => {
      const r = db
        .query(
          `UPDATE assets SET status = 'ready', blob = ?, size_bytes = ?, error = NULL, updated_at = ?, touched_at = ?,
         meta = CASE WHEN ? IS NULL THEN meta ELSE json_patch(meta, ?) END
         WHERE id = ? AND status = 'generating'`,
        )
        .run(blob, sizeBytes, nowIso(), Date.now(), meta ? 1 : null, meta ? JSON.stringify(meta) : null, assetId);
      if (r.changes)
        db.query("UPDATE packs SET updated_at = ? WHERE id = (SELECT pack_id FROM assets WHERE id = ?)").run(
          nowIso(),
          assetId,
        );
      return r.changes > 0;
    })
    .immediate();
  if (done) announce(svc, assetId);
  return done;
}

/** Marks the job failed and refunds its charge in the same transaction; false when already terminal. */
export function failJob(svc: Services, assetId: number, reason: string): boolean {
  const db = svc.db;
  const done = db
    .transaction(() => {
      const a = getAssetById(db, assetId);
      if (a?.status !== "generating") return false;
      db.query(
        "UPDATE assets SET status = 'error', error = ?, updated_at = ?, touched_at = ? WHERE id = ? AND status = 'generating'",
      ).run(reason.slice(0, 500), nowIso(), Date.now(), assetId);
      if (a.cost > 0 && a.chargedTo !== null) changeCredits(db, a.chargedTo, a.cost, "refund", assetId);
      return true;
    })
    .immediate(); // reads then writes: deferred would fail with SQLITE_BUSY if the CLI wrote in between
  if (done) announce(svc, assetId);
  return done;
}

/**
 * Reads an asset as callers should see it: a run that recorded nothing past the stale cutoff is failed
 * (and refunded) now, so polling always terminates even if no sweeper ran.
 */
export function readAsset(svc: Services, a: AssetRow): AssetRow {
  if (a.status !== "generating") return a;
  if (Date.now() - a.touchedAt < staleCutoffMs(svc, a)) return a;
  failJob(svc, a.id, `the run recorded nothing for ${staleCutoffMs(svc, a) / 60_000} minutes and was stopped`);
  return getAssetById(svc.db, a.id)!;
}

/** Fails every stale run; the engine calls this periodically. Returns how many were failed. */
export function sweepStale(svc: Services): number {
  const rows = svc.db
    .query("SELECT id FROM assets WHERE status = 'generating' AND touched_at < ?")
    .all(Date.now() - Math.min(svc.config.staleMinutes.default, svc.config.staleMinutes.models) * 60_000) as {
    id: number;
  }[];
  let n = 0;
  for (const { id } of rows) {
    const a = getAssetById(svc.db, id)!;
    if (readAsset(svc, a).status === "error") n++;
  }
  return n;
}

function announce(svc: Services, assetId: number) {
  svc.jobEvents.dispatchEvent(new Event(`job:${assetId}`));
}
