import type { PoolTask, TaskResult } from "./gen/task.ts";
import { join } from "node:path";
import type { Config } from "./config.ts";
import { openSqlite } from "./store/sqlite-driver.ts";
import type { SqlDriver } from "./store/sql.ts";
import { BlobStore } from "./store/blobs.ts";

/**
 * Everything an operation may use, built once per server (or per CLI command). The faces' own helpers (rate
 * limits, metrics, read cache) are added on top by http/edge.ts.
 */
export interface Services {
  config: Config;
  db: SqlDriver;
  blobs: BlobStore;
  /** Fires `job:<assetId>` when an asset leaves `generating` (wait_for_job wakes on it). */
  jobEvents: EventTarget;
  /** Hands accepted generation work to the worker pool; set by the engine when the server starts. */
  schedule?: (assetId: number) => void;
  /** Runs a task in the worker pool (set by the engine): file checks too heavy for the API thread. */
  offThread?: (task: PoolTask, transfer?: ArrayBuffer[], signal?: AbortSignal) => Promise<TaskResult>;
}

/** Async because opening a database engine may be (sqlite opens at once). */
export async function openServices(config: Config): Promise<Services> {
  const db = openSqlite(join(config.data, "packsmith.sqlite"));
  return {
    config,
    db,
    blobs: new BlobStore(join(config.data, "blobs")),
    jobEvents: new EventTarget(),
  };
}
