import type { Services } from "../services.ts";
import { WorkerPool } from "./pool.ts";
import type { Task, TaskResult } from "../gen/task.ts";
import { getAssetById, insertAsset, getAsset, type AssetRow } from "../core/assets.ts";
import { announceJob, failJob, markReady, sweepStale } from "../core/jobs.ts";
import { isStorageFull } from "../core/errors.ts";
import { nowIso } from "../store/db.ts";
import { modelTextureName } from "../pack/naming.ts";

/**
 * Connects accepted jobs to the worker pool: runs each asset's stored task, stores the bytes and flips
 * the row, or fails and refunds. On start it picks up rows a crash left `generating` (their charge was
 * already taken once; re-running charges nothing).
 */
export class Engine {
  readonly pool: WorkerPool;
  private sweeper: ReturnType<typeof setInterval>;
  private inFlight = new Set<number>();
  /** Set while shutting down: jobs cut off by the shutdown stay `generating` for the next start to resume. */
  private closing = false;

  constructor(private svc: Services) {
    const c = svc.config;
    this.pool = new WorkerPool(c.workers, c.provider, c.runTimeoutMs);
    svc.schedule = (id) => void this.schedule(id).catch((e) => console.error(`scheduling job ${id} failed:`, e));
    svc.offThread = (task, transfer, signal) => this.pool.run(task, transfer, signal);
    this.sweeper = setInterval(() => void this.safely("sweeping stale jobs", () => sweepStale(svc)), 60_000);
    this.sweeper.unref?.();
  }

  /** Re-queues every job left `generating` by a previous process. Returns how many. */
  async recover(): Promise<number> {
    const rows = await this.svc.db.all<{ id: number }>(
      "SELECT id FROM assets WHERE status = 'generating' AND request IS NOT NULL ORDER BY id",
    );
    for (const { id } of rows) await this.schedule(id);
    // A generating row with no stored task can never finish: fail and refund it.
    const orphans = await this.svc.db.all<{ id: number }>(
      "SELECT id FROM assets WHERE status = 'generating' AND request IS NULL",
    );
    for (const { id } of orphans) await this.fail(id, "the server restarted before this job could run");
    return rows.length;
  }

  async schedule(assetId: number): Promise<void> {
    if (this.inFlight.has(assetId)) return;
    const a = await getAssetById(this.svc.db, assetId);
    if (a?.status !== "generating" || !a.request) return;
    this.inFlight.add(assetId);
    this.pool
      .run(a.request as Task)
      .then(
        (result) => this.finish(a, result),
        (e: Error) => {
          if (!this.closing) void this.fail(a.id, e.message);
        },
      )
      .catch((e: Error) => {
        if (this.closing) return;
        void this.fail(
          a.id,
          isStorageFull(e) ? "storage full: the result could not be stored" : `storing the result failed: ${e.message}`,
        );
      })
      .finally(() => this.inFlight.delete(assetId));
  }

  /** Blobs first (content-addressed, harmless if orphaned), then one transaction for every row. */
  private async finish(a: AssetRow, result: TaskResult): Promise<void> {
    const { db, blobs } = this.svc;
    const main = blobs.put(result.main);
    const textures = Object.entries(result.textures ?? {}).map(([slot, png]) => ({ slot, png, hash: blobs.put(png) }));
    const task = a.request as Task;
    const prefix = "texturePrefix" in task ? task.texturePrefix : "";
    const done = await db.transaction(async (tx) => {
      // Deleted while it ran (its pack or the asset itself): the result is dropped, nothing comes back.
      if ((await getAssetById(tx, a.id))?.status !== "generating") return false;
      for (const t of textures) {
        const name = modelTextureName(a.name, t.slot);
        const [namespace, path] = (prefix + t.slot).split(":");
        const existing = await getAsset(tx, a.packId, "texture", name);
        if (existing) {
          await tx.run("UPDATE assets SET blob = ?, size_bytes = ?, status = 'ready', updated_at = ? WHERE id = ?", [
            t.hash,
            t.png.length,
            nowIso(),
            existing.id,
          ]);
          continue;
        }
        await insertAsset(tx, {
          packId: a.packId,
          kind: "texture",
          name,
          type: "model_texture",
          status: "ready",
          source: "generated",
          blob: t.hash,
          sizeBytes: t.png.length,
          meta: { model: a.id, slot: t.slot, namespace, path },
        });
      }
      return await markReady(tx, a.id, main, result.main.length, {
        ...(result.meta ?? {}),
        ...(textures.length ? { textureSlots: textures.map((t) => t.slot) } : {}),
      });
    });
    if (done) announceJob(this.svc, a.id);
  }

  /** Fails and refunds a job without ever throwing out of a callback (which would end the process). */
  private fail(assetId: number, reason: string): Promise<void> {
    return this.safely(`failing job ${assetId}`, () => failJob(this.svc, assetId, reason));
  }

  /**
   * Runs a write that must not take the process down. When the disk is full even the failure cannot be written:
   * the job stays `generating`, and the next start re-runs it (or the stale sweep refunds it) once there is space.
   */
  private async safely(what: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (e) {
      if (isStorageFull(e)) console.error(`${what}: storage full; left for the next start or sweep`);
      else console.error(`${what} failed:`, e);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    await this.pool.close();
  }
}
