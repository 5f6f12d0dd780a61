/**
 * What every store engine (PostgreSQL, sqlite, an S3 bucket, the blob folder) shares with the faces: the
 * refusal for "the engine is down" and the health line /healthz reports for it.
 */
import type { SqlDriver } from "./sql.ts";

/**
 * An engine the store depends on cannot be reached or is refusing work for now. The faces answer it as 503
 * `unavailable` with Retry-After; nothing was written. Branch on the class, never on text.
 */
export class EngineUnavailable extends Error {
  constructor(
    readonly engine: EngineName,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "EngineUnavailable";
  }
}

export type EngineName = "postgres" | "sqlite" | "s3" | "folder";

/** One engine's answer to a health probe: never thrown, always a line /healthz can print. */
export interface EngineHealth {
  engine: EngineName;
  ok: boolean;
  /** How long the probe took, in milliseconds. */
  ms: number;
  /** Why the engine is not ok (no secrets: URLs are shown without their password). */
  error?: string;
}

/** Runs a probe with a bound on its time; a probe that throws or outlives `timeoutMs` is reported down. */
export async function probe(
  engine: EngineName,
  timeoutMs: number,
  check: () => Promise<unknown>,
): Promise<EngineHealth> {
  const t0 = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { engine, ok: true, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    return {
      engine,
      ok: false,
      ms: Math.round(performance.now() - t0),
      error: e instanceof Error ? e.message : String(e),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** A `SELECT 1` through any SQL driver, bounded in time: the database line of /healthz, on either engine. */
export function pingSql(db: SqlDriver, timeoutMs = 2000): Promise<EngineHealth> {
  return probe(db.engine, timeoutMs, () => db.get("SELECT 1 AS one"));
}

/** A URL as it may be shown in logs and errors: the password replaced. */
export function redactUrl(url: URL): string {
  const u = new URL(url.href);
  if (u.password) u.password = "***";
  return u.href;
}
