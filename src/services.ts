import type { PoolTask, TaskResult } from "./gen/task.ts";
import { join } from "node:path";
import type { Config } from "./config.ts";
import { NewerSchema, openSqlite } from "./store/sqlite-driver.ts";
import type { SqlDriver } from "./store/sql.ts";
import type { BlobStorage } from "./store/blob-store.ts";
import { openBlobStorage } from "./store/blob-engines.ts";
import { openPostgres } from "./store/postgres-driver.ts";
import { type EngineHealth, pingSql } from "./store/engines.ts";

/**
 * Everything an operation may use, built once per server (or per CLI command). The faces' own helpers (rate
 * limits, metrics, read cache) are added on top by http/edge.ts.
 */
export interface Services {
  config: Config;
  db: SqlDriver;
  blobs: BlobStorage;
  /** Fires `job:<assetId>` when an asset leaves `generating` (wait_for_job wakes on it). */
  jobEvents: EventTarget;
  /** Hands accepted generation work to the worker pool; set by the engine when the server starts. */
  schedule?: (assetId: number) => void;
  /** Runs a task in the worker pool (set by the engine): file checks too heavy for the API thread. */
  offThread?: (task: PoolTask, transfer?: ArrayBuffer[], signal?: AbortSignal) => Promise<TaskResult>;
}

/**
 * Opens the engines the settings name: PostgreSQL (`--database`) or the sqlite file in `--data`, an S3 bucket
 * (`--blobs`) or the blob folder in `--data`. Each is proven to answer before anything is served: an unreachable
 * one is EngineUnavailable, a refusal (wrong password, missing bucket) an Error saying so.
 */
export async function openServices(config: Config): Promise<Services> {
  const db: SqlDriver = config.database
    ? await openPostgres(new URL(config.database)).catch(startFailed)
    : openSqlite(join(config.data, "packsmith.sqlite"));
  try {
    const blobs = await openBlobStorage(config.blobs, join(config.data, "blobs"), {
      spoolDir: join(config.data, "spool"),
    }).catch(startFailed);
    const jobEvents = new EventTarget();
    // Jobs finished by other processes (a `packsmith worker`, another API process) wake this one's waiters.
    db.onAnnounced?.((event) => jobEvents.dispatchEvent(new Event(event)));
    return { config, db, blobs, jobEvents };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

/**
 * An engine named by the settings could not be opened (unreachable, refusing the credentials, a missing
 * database or bucket): one line for the start-up message, which the CLI prints before exiting with status 2.
 */
export class EngineStartFailed extends Error {
  override name = "EngineStartFailed";
}

function startFailed(e: unknown): never {
  // A newer schema keeps its own class (the CLI already says it in one line).
  if (e instanceof NewerSchema) throw e;
  const message = (e instanceof Error ? e.message : String(e)).split("\n")[0];
  throw new EngineStartFailed(message, { cause: e });
}

/** The engines a process runs on, said at start-up (no secrets: the database URL's password is never shown). */
export function describeEngines(svc: Services): string {
  const db = svc.config.database
    ? `PostgreSQL at ${redactedHost(svc.config.database)}`
    : `sqlite ${join(svc.config.data, "packsmith.sqlite")}`;
  const blobs = svc.config.blobs ? `S3 ${svc.config.blobs}` : `the folder ${join(svc.config.data, "blobs")}`;
  return `database: ${db}; blobs: ${blobs}`;
}

const redactedHost = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/** Each engine's health, probed at once, for /healthz. */
export function engineHealth(svc: Services): Promise<EngineHealth[]> {
  return Promise.all([pingSql(svc.db), svc.blobs.ping()]);
}
