import type { Services } from "../services.ts";
import { WorkerPool } from "./pool.ts";
import type { JobTask, TaskResult } from "../gen/task.ts";
import { getAssetById, insertAsset, getAsset, type AssetRow } from "../core/assets.ts";
import { announceJob, failJob, JOBS_QUEUED, markReady, markReadyIn, sweepStale } from "../core/jobs.ts";
import type { SqlDriver } from "../store/sql.ts";
import { claimJobs, releaseDeadLocalLeases, releaseLease, renewLease, runnerName } from "../core/leases.ts";
import { isStorageFull } from "../core/errors.ts";
import { nowIso } from "../store/db.ts";
import { modelTextureName } from "../pack/naming.ts";
import { closeEdit, isBeingEdited } from "../core/edits.ts";

/**
 * Runs accepted generation jobs: claims one (a lease on its row, src/core/leases.ts), runs its stored task in the
 * worker pool while renewing the lease, then stores the bytes and flips the row, or fails and refunds, fenced by
 * the lease so a job another runner took over is never completed or refunded twice. The same engine runs inside
 * `serve` (the embedded pool, woken by each accepted job) and in `packsmith worker` processes (woken by polling).
 * `capacity` is how many jobs it holds at once: 0 makes an API process that only keeps the pool for file checks.
 */
export class Engine {
  readonly pool: WorkerPool;
  /** This runner's name on the leases it takes. */
  readonly owner = runnerName();
  private sweeper: ReturnType<typeof setInterval>;
  private poller: ReturnType<typeof setInterval> | undefined;
  /** Jobs this runner holds a lease on, with the run's promise (to wait for on a graceful stop). */
  private running = new Map<number, Promise<void>>();
  /** Set while shutting down: no new claims; jobs cut off are released for another runner (or the next start). */
  private closing = false;
  private paused = false;
  private pumping: Promise<void> | null = null;
  private again = false;
  /** The last claim found nothing: the next one (a poll, most likely) looks with a read before it writes. */
  private idle = false;
  private readonly capacity: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;

  constructor(
    private svc: Services,
    opts: { threads?: number; capacity?: number; pollMs?: number } = {},
  ) {
    const c = svc.config;
    this.capacity = opts.capacity ?? c.workers;
    this.leaseMs = c.leaseMs;
    this.maxAttempts = c.maxAttempts;
    this.pool = new WorkerPool(Math.max(1, opts.threads ?? c.workers), c.provider, c.runTimeoutMs);
    svc.offThread = (task, transfer, signal) => this.pool.run(task, transfer, signal);
    if (this.capacity > 0) {
      svc.schedule = () => this.wake();
      // Jobs queued by another process (an API process with --workers 0), on PostgreSQL: claimed now, not at the poll.
      svc.jobEvents.addEventListener(JOBS_QUEUED, this.onQueued);
      // Jobs released by a stopping runner, or whose runner died and whose lease ran out, are found by polling.
      this.poller = setInterval(() => this.wake(), opts.pollMs ?? Math.min(5_000, this.leaseMs));
      this.poller.unref?.();
    }
    this.sweeper = setInterval(() => void this.safely("sweeping stale jobs", () => sweepStale(svc)), 60_000);
    this.sweeper.unref?.();
  }

  /**
   * At start: releases leases held by dead processes on this host (a crash), fails generating rows with no stored
   * task (they can never run), and claims what is waiting. Returns how many jobs were waiting to run.
   */
  async recover(): Promise<number> {
    await releaseDeadLocalLeases(this.svc.db, this.owner);
    const orphans = await this.svc.db.all<{ id: number }>(
      "SELECT id FROM assets WHERE status = 'generating' AND request IS NULL",
    );
    for (const { id } of orphans)
      await this.safely(`failing job ${id}`, () =>
        failJob(this.svc, id, "the server restarted before this job could run"),
      );
    const waiting = await this.svc.db.get<{ n: number }>(
      "SELECT count(*) AS n FROM assets WHERE status = 'generating' AND request IS NOT NULL",
    );
    await this.wake();
    return Number(waiting?.n ?? 0);
  }

  /** Holds new claims (jobs already running go on); resume() claims again. */
  pause(): void {
    this.paused = true;
  }

  resume(): Promise<void> {
    this.paused = false;
    return this.wake();
  }

  /** Claims jobs until it holds `capacity` of them or none is claimable; one claim loop at a time. */
  wake(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        while (!this.closing && !this.paused && this.running.size < this.capacity) {
          // Every free slot in one claim (one statement, whatever the count).
          const claims = await claimJobs(this.svc.db, this.owner, this.leaseMs, this.capacity - this.running.size, {
            peek: this.idle,
          });
          this.idle = !claims.length;
          if (!claims.length) break;
          for (const { id, attempts } of claims) {
            const run = attempts > this.maxAttempts ? this.giveUp(id, attempts - 1) : this.runClaimed(id);
            this.running.set(
              id,
              // A run's own failures are written as the job's error; what escapes is the store itself failing
              // (an engine unreachable, or closed under a stopping server): logged, never an unhandled rejection
              // that takes the process down. The lease runs out and another runner takes the job.
              run
                .catch((e) => {
                  if (!this.closing) console.error(`running job ${id} failed:`, e);
                })
                .finally(() => {
                  this.running.delete(id);
                  void this.wake();
                }),
            );
          }
        }
      } while (this.again && !this.closing);
    })()
      .catch((e) => {
        if (!this.closing) console.error("claiming jobs failed:", e);
      })
      .finally(() => {
        this.pumping = null;
      });
    return this.pumping;
  }

  /**
   * A job claimed once more after `cutOff` runs that all ended without a result (each runner killed or crashed
   * mid-run, its lease run out or released at a restart): it is failed and refunded rather than run again, since
   * a job that takes its runner down would otherwise do so forever.
   */
  private giveUp(assetId: number, cutOff: number): Promise<void> {
    return this.fail(
      assetId,
      `the job was stopped ${cutOff} times before it finished (the process running it was killed or crashed each time); it is not run again (max-attempts ${this.maxAttempts}) and its charge is refunded`,
    );
  }

  /** Runs a job this runner has claimed, renewing its lease every third of the lease while it runs. */
  private async runClaimed(assetId: number): Promise<void> {
    const { db } = this.svc;
    const renew = setInterval(
      () => void renewLease(db, assetId, this.owner, this.leaseMs).catch(() => {}),
      Math.max(100, this.leaseMs / 3),
    );
    try {
      const a = await getAssetById(db, assetId);
      if (a?.status !== "generating" || !a.request) return;
      let result: TaskResult;
      try {
        result = await this.pool.run(await this.withBytes(a.request as JobTask));
      } catch (e) {
        if (!this.closing) await this.fail(a.id, (e as Error).message);
        return;
      }
      try {
        await this.finish(a, result);
      } catch (e) {
        if (this.closing) return;
        const err = e as Error;
        await this.fail(
          a.id,
          isStorageFull(err)
            ? "storage full: the result could not be stored"
            : `storing the result failed: ${err.message}`,
        );
      }
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * A task that reads a stored picture travels with its bytes (a copy: the blob store's cached bytes are
   * shared); the worker decodes them. A reference steering a generation, or the picture an edit starts from.
   * A blob that is gone fails the job (and refunds it; a failed edit leaves its asset as it was).
   */
  private async withBytes(task: JobTask): Promise<JobTask> {
    const { blobs } = this.svc;
    if (task.op === "edit") {
      if (!(await blobs.has(task.source.blob))) throw new Error("the picture to edit is no longer stored");
      return { ...task, source: { ...task.source, png: new Uint8Array(await blobs.get(task.source.blob)) } };
    }
    if (!("reference" in task) || !task.reference) return task;
    if (!(await blobs.has(task.reference.blob)))
      throw new Error(`reference image '${task.reference.id}' is no longer stored: generate again without it`);
    const png = new Uint8Array(await blobs.get(task.reference.blob));
    return { ...task, reference: { ...task.reference, png } };
  }

  /** Blobs first (content-addressed, harmless if orphaned), then one transaction for every row. */
  private async finish(a: AssetRow, result: TaskResult): Promise<void> {
    const { db, blobs } = this.svc;
    const main = await blobs.put(result.main);
    const textures = await Promise.all(
      Object.entries(result.textures ?? {}).map(async ([slot, png]) => ({ slot, png, hash: await blobs.put(png) })),
    );
    const task = a.request as JobTask;
    const prefix = "texturePrefix" in task ? task.texturePrefix : "";
    const meta = {
      ...(result.meta ?? {}),
      ...(textures.length ? { textureSlots: textures.map((t) => t.slot) } : {}),
    };
    // A plain result (no model textures, no edit to close) is one row: markReady locks it and its pack, and on
    // PostgreSQL skips the lock that serializes other transactions, so completions of different jobs overlap.
    const plain = !textures.length && !isBeingEdited(a);
    const done = plain
      ? await markReady(db, a.id, main, result.main.length, meta, this.owner)
      : await db.transaction(async (tx) => {
          // Deleted while it ran (its pack or the asset itself), or no longer this runner's (its lease ran out and
          // another runner took it over): the result is dropped, nothing comes back.
          const row = await tx.get<{ status: string; lease_owner: string | null }>(
            "SELECT status, lease_owner FROM assets WHERE id = ?",
            [a.id],
          );
          if (row?.status !== "generating" || row.lease_owner !== this.owner) return false;
          const now = await getAssetById(tx, a.id);
          if (now && isBeingEdited(now)) await closeEdit(tx, now, { status: "ready" });
          for (const t of textures) await this.storeTexture(tx, a, prefix, t);
          return await markReadyIn(tx, a.id, main, result.main.length, meta, this.owner);
        });
    if (done) announceJob(this.svc, a.id);
  }

  /** A model's texture into its slot's asset: the existing one's file replaced, or a new asset. */
  private async storeTexture(
    tx: SqlDriver,
    a: AssetRow,
    prefix: string,
    t: { slot: string; png: Uint8Array; hash: string },
  ): Promise<void> {
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
      return;
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

  /** Fails and refunds a job without ever throwing out of a callback (which would end the process). */
  private fail(assetId: number, reason: string): Promise<void> {
    return this.safely(`failing job ${assetId}`, () => failJob(this.svc, assetId, reason, this.owner));
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

  /**
   * Stops claiming; waits up to `drainMs` for the jobs it runs to finish, then gives the rest back (their leases
   * released, so another runner or the next start takes them at once) and stops the pool.
   */
  private readonly onQueued = () => void this.wake();

  async close(drainMs = 0): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.poller);
    this.svc.jobEvents.removeEventListener(JOBS_QUEUED, this.onQueued);
    this.paused = true;
    if (drainMs > 0 && this.running.size)
      await Promise.race([Promise.allSettled([...this.running.values()]), Bun.sleep(drainMs)]);
    this.closing = true;
    const given = [...this.running.keys()];
    for (const id of given) await this.safely(`releasing job ${id}`, () => releaseLease(this.svc.db, id, this.owner));
    // What it gave back is claimable at once: runners in other processes hear it (PostgreSQL), or find it by polling.
    if (given.length) await this.svc.db.announce?.(JOBS_QUEUED).catch(() => {});
    await this.pool.close();
  }

  /** Jobs this runner holds right now. */
  get holding(): number {
    return this.running.size;
  }
}
