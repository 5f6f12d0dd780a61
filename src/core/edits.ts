/**
 * Edits of existing art as jobs (ops/edit-asset.ts). An edit runs on the asset's own row: the row goes
 * `generating` with the edit's task and charge, but keeps its file (`blob`) and remembers the request that
 * made it in `meta.edit`; readers keep serving the old file meanwhile (get_asset_file, export). Done: the new
 * file replaces it. Failed: the row is as it was (status, request, file) and the charge comes back; either way
 * `meta.lastEdit` says how the last edit ended.
 */
import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import type { AssetRow } from "./assets.ts";
import type { EditTask } from "../gen/task.ts";

export interface EditInFlight {
  /** The row's `request` before the edit (the generation that made it, or null for uploads and imports). */
  previousRequest: unknown;
  changes: string[];
  startedAt: string;
}

/** An asset with an edit under way still has its previous file, which readers serve. */
export const isBeingEdited = (a: AssetRow) => a.status === "generating" && !!a.meta.edit && !!a.blob;

/** Starts an edit on a ready row; call inside the transaction (its tx) that also takes the charge. */
export async function beginEdit(
  db: SqlDriver,
  a: AssetRow,
  task: EditTask,
  cost: number,
  accountId: number,
  changes: string[],
): Promise<void> {
  const edit: EditInFlight = { previousRequest: a.request, changes, startedAt: nowIso() };
  // The lease of the run that made the current file may not have run out yet: the edit is a new job, claimable
  // at once by any runner.
  const r = await db.run(
    "UPDATE assets SET status = 'generating', request = ?, meta = ?, cost = ?, charged_to = ?, touched_at = ?, lease_owner = NULL, lease_until = NULL, attempts = 0 WHERE id = ? AND status = 'ready'",
    [JSON.stringify(task), JSON.stringify({ ...a.meta, edit }), cost, accountId, Date.now(), a.id],
  );
  if (!r.changes) throw new Error(`asset ${a.id} changed while its edit was being accepted`);
}

/** Closes an edit on its row (inside the completing or failing transaction): request back, `lastEdit` set. */
export async function closeEdit(
  db: SqlDriver,
  a: AssetRow,
  outcome: { status: "ready" } | { status: "failed"; error: string },
): Promise<void> {
  const { edit, ...meta } = a.meta;
  const e = edit as EditInFlight;
  const lastEdit = { ...outcome, changes: e.changes, startedAt: e.startedAt, endedAt: nowIso() };
  const previous = e.previousRequest == null ? null : JSON.stringify(e.previousRequest);
  await db.run("UPDATE assets SET request = ?, meta = ? WHERE id = ?", [
    previous,
    JSON.stringify({ ...meta, lastEdit }),
    a.id,
  ]);
}
