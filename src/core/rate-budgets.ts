/**
 * Per-key (and per-address) rate budgets counted in PostgreSQL, so every API process of one install spends
 * from the same budget: two processes never give a key twice its requests per window.
 *
 * Requests are counted per sub-window of `slotMs` (the window / 60: one second at the default 60 s) in
 * `rate_slots`: bucket, the sub-window's start, its hits and the time of its latest hit. A sub-window's hits
 * stay counted until one window after its LATEST hit, so each request counts for at least a whole window: the
 * spec's budget holds strictly, in every window, across processes (never one request more). The price of not
 * keeping each request's own time is that an earlier request of a busy sub-window comes back up to one
 * sub-window (≤ 1 s at the default) later than an exact sliding window would give it back; a sub-window with
 * one request is exact. Retry-After and RateLimit-Reset stay within the window. The clock is the database's,
 * so the API machines' clocks need not agree.
 *
 * One call is one statement (`packsmith_rate_spend`, PostgreSQL migration 6 in store/postgres-migrations.ts):
 * under a per-bucket transaction advisory lock it sums the bucket's live sub-windows and, when the cost fits
 * under the cap, adds it to the current one, all before any other process's call on that bucket sees the sum.
 * It answers the bucket's state afterwards, which the RateLimit-* fields and Retry-After are made from with no
 * further query.
 */
import type { SqlDriver } from "../store/sql.ts";

/** Sub-windows per window: the error of the shared count is one of them. */
export const RATE_SLOTS = 60;

/** The sub-window length for a window (whole milliseconds). */
export const slotMsFor = (windowMs: number) => Math.max(1, Math.ceil(windowMs / RATE_SLOTS));

export interface SharedSpend {
  /** Whether the cost was taken (false: the cap would have been passed; nothing was counted). */
  ok: boolean;
  /** Requests counted in the bucket's window after this call. */
  used: number;
  /** Milliseconds until the oldest counted request leaves the window (0 when none is counted). */
  resetMs: number;
}

/**
 * Takes `cost` requests from `bucket` if that keeps it at or under `cap`; cost 0 only reads the state.
 * `nowMs` replaces the database's clock (tests); null uses it.
 */
export async function spendShared(
  db: SqlDriver,
  bucket: string,
  cost: number,
  cap: number,
  windowMs: number,
  nowMs: number | null = null,
): Promise<SharedSpend> {
  const row = await db.get<{ ok: number; used: number; reset_ms: number }>(
    "SELECT ok, used, reset_ms FROM packsmith_rate_spend(?::text, ?::integer, ?::integer, ?::bigint, ?::bigint, ?::bigint)",
    [bucket, cost, cap, windowMs, slotMsFor(windowMs), nowMs],
  );
  if (!row) throw new Error("packsmith_rate_spend answered no row");
  return { ok: Boolean(row.ok), used: Number(row.used), resetMs: Math.max(0, Number(row.reset_ms)) };
}

/**
 * Deletes sub-windows that have left every window (started more than one window and two sub-windows ago by the
 * database's clock, so their latest hit is more than a window old). Every API process sweeps about once a window; several sweeping at once is harmless.
 */
export async function sweepShared(db: SqlDriver, windowMs: number): Promise<number> {
  const keep = windowMs + 2 * slotMsFor(windowMs);
  // Worded as a SELECT: the driver takes a standalone write as a change for the read cache, and these rows are
  // no answer's data (the table has no change trigger for the same reason).
  const row = await db.get<{ n: number }>(
    `WITH gone AS (DELETE FROM rate_slots
       WHERE slot_ms < floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint - ?::bigint RETURNING 1)
     SELECT count(*) AS n FROM gone`,
    [keep],
  );
  return Number(row?.n ?? 0);
}
