import type { Config } from "../config.ts";
import { openServices } from "../services.ts";
import { Engine } from "./engine.ts";

/**
 * `packsmith worker`: no HTTP. Claims accepted generation jobs from the shared store (leases: a job whose runner
 * died is taken over once its lease runs out), runs `concurrency` of them at once in its own worker threads,
 * and completes or fails+refunds each in one transaction fenced by its lease. Imports, checks and exports are
 * not queued jobs: the API process that accepted them runs them.
 */
export interface RunningWorker {
  engine: Engine;
  /** Stops claiming, lets running jobs finish for up to `drainMs`, releases the rest, closes the store. */
  stop(drainMs?: number): Promise<void>;
}

/**
 * How often an idle worker looks for work. Busy workers claim the next job as soon as one finishes; this is the
 * wait of a job accepted while every worker is idle (a claim that finds nothing is one short transaction).
 */
const WORKER_POLL_MS = 250;

export async function startWorker(config: Config, opts: { pollMs?: number } = {}): Promise<RunningWorker> {
  const svc = await openServices(config);
  const engine = new Engine(svc, {
    threads: config.concurrency,
    capacity: config.concurrency,
    pollMs: opts.pollMs ?? WORKER_POLL_MS,
  });
  await engine.recover();
  let stopped: Promise<void> | null = null;
  return {
    engine,
    stop(drainMs = 0) {
      stopped ??= (async () => {
        await engine.close(drainMs);
        await svc.db.close();
      })();
      return stopped;
    },
  };
}
