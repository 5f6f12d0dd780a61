import { ApiError } from "../core/errors.ts";
import { spendShared, sweepShared } from "../core/rate-budgets.ts";
import type { SqlDriver } from "../store/sql.ts";

/** A bucket's budget as one spend left it: requests counted in the window, and when the oldest leaves it. */
export interface BudgetState {
  /** Whether the spend was taken (false: it would have passed the cap; nothing was counted). */
  ok: boolean;
  used: number;
  resetMs: number;
}

/**
 * Fixed budgets per window, per bucket: per key for REST and MCP alike (one limiter is shared by both faces),
 * per address for the origin check. Two engines: process memory (MemoryRateLimiter) where one process serves
 * the install, and the database (SharedRateLimiter) where several API processes share one PostgreSQL.
 */
export abstract class RateLimiter {
  constructor(readonly windowMs: number) {}

  /** Takes `cost` requests from `bucket` if that keeps it at or under `cap` (cost 0: only reads the state). */
  abstract spend(bucket: string, cost: number, cap: number, now?: number): Promise<BudgetState>;

  /** The state `headers` describes: memory knows it now; the shared limiter remembers its last spend here. */
  protected abstract known(bucket: string, now: number): { used: number; resetMs: number } | undefined;

  /** Records one request in `bucket` or throws rate_limited saying how long to wait. */
  async take(bucket: string, budget: number, what: string, now?: number): Promise<void> {
    const s = await this.spend(bucket, 1, budget, now);
    if (s.ok) return;
    const seconds = Math.max(1, Math.ceil(s.resetMs / 1000));
    throw new ApiError(
      "rate_limited",
      `${what} budget of ${budget} per ${Math.round(this.windowMs / 1000)} s is spent; retry in ${seconds} s`,
      { "retry-after": String(seconds) },
    );
  }

  /** How many requests the bucket may still make now (wait_for_job paces itself with this). */
  async remaining(bucket: string, budget: number, now?: number): Promise<number> {
    return budget - (await this.spend(bucket, 0, budget, now)).used;
  }

  /**
   * The budget as the IETF draft's RateLimit-* fields (draft-ietf-httpapi-ratelimit-headers, the -Limit,
   * -Remaining, -Reset and -Policy fields): the budget, what is left of it, and the seconds until the oldest
   * request in the window leaves it (when one more is free again; 0 when nothing is in the window). The window
   * slides, so that is the soonest any of the spent budget comes back, and the policy says so.
   */
  headers(bucket: string, budget: number, now = Date.now()): Record<string, string> {
    const s = this.known(bucket, now) ?? { used: 0, resetMs: 0 };
    return {
      "ratelimit-limit": String(budget),
      "ratelimit-remaining": String(Math.max(0, budget - s.used)),
      "ratelimit-reset": String(s.used ? Math.max(1, Math.ceil(s.resetMs / 1000)) : 0),
      "ratelimit-policy": `${budget};w=${Math.round(this.windowMs / 1000)}`,
    };
  }
}

/**
 * Sliding windows in process memory: each bucket keeps the times of its recent requests (exact). Right where
 * one process sees every request of the install: on sqlite one server holds the data folder's lock, so a
 * second API process cannot exist there (workers serve no HTTP and spend no budget), and a memory count
 * costs nothing per request. PostgreSQL installs may run several API processes: they use SharedRateLimiter.
 */
export class MemoryRateLimiter extends RateLimiter {
  /** Per bucket: request times in order, and the index of the oldest one still inside the window. */
  private hits = new Map<string, { times: number[]; head: number }>();
  private sweepAt = 0;

  async spend(bucket: string, cost: number, cap: number, now = Date.now()): Promise<BudgetState> {
    this.sweep(now);
    const from = now - this.windowMs;
    let b = this.hits.get(bucket);
    if (!b) this.hits.set(bucket, (b = { times: [], head: 0 }));
    const { times } = b;
    // Advance past expired times instead of shift(), which copies the array: a large budget keeps many.
    while (b.head < times.length && times[b.head] <= from) b.head++;
    if (b.head > 1024 && b.head * 2 > times.length) {
      times.splice(0, b.head);
      b.head = 0;
    }
    const ok = times.length - b.head + cost <= cap;
    if (ok) for (let i = 0; i < cost; i++) times.push(now);
    const used = times.length - b.head;
    return { ok, used, resetMs: used ? times[b.head] + this.windowMs - now : 0 };
  }

  protected known(bucket: string, now: number) {
    const b = this.hits.get(bucket);
    if (!b) return undefined;
    const from = now - this.windowMs;
    let used = 0;
    let oldest = 0;
    for (let i = b.times.length - 1; i >= b.head && b.times[i] > from; i--) {
      used++;
      oldest = b.times[i];
    }
    return { used, resetMs: used ? oldest + this.windowMs - now : 0 };
  }

  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + this.windowMs;
    for (const [k, b] of this.hits)
      if (b.head >= b.times.length || b.times[b.times.length - 1] <= now - this.windowMs) this.hits.delete(k);
  }
}

/**
 * Budgets counted in PostgreSQL (core/rate-budgets.ts: one atomic statement per request, sub-windows of a
 * sixtieth of the window), so any number of API processes on one database spend one budget per key. The
 * RateLimit-* fields come from this process's last spend on the bucket (the state the database answered, aged
 * by the time since), with no second query per request.
 */
export class SharedRateLimiter extends RateLimiter {
  private last = new Map<string, { used: number; resetAt: number }>();
  private sweepAt = 0;

  constructor(
    private db: SqlDriver,
    windowMs: number,
  ) {
    super(windowMs);
  }

  async spend(bucket: string, cost: number, cap: number, now?: number): Promise<BudgetState> {
    const s = await spendShared(this.db, bucket, cost, cap, this.windowMs, now ?? null);
    const at = now ?? Date.now();
    this.last.set(bucket, { used: s.used, resetAt: at + s.resetMs });
    this.sweep(at);
    return s;
  }

  protected known(bucket: string, now: number) {
    const s = this.last.get(bucket);
    return s && { used: s.used, resetMs: Math.max(0, s.resetAt - now) };
  }

  /** About once a window: forget local states past their reset, and delete the database's dead sub-windows. */
  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + this.windowMs;
    for (const [k, s] of this.last) if (s.resetAt <= now) this.last.delete(k);
    sweepShared(this.db, this.windowMs).catch(() => {
      // The database is down: the next sweep, a window later, deletes what this one would have.
    });
  }
}

/** The limiter for a store: shared in the database on PostgreSQL, in memory on sqlite (one server per folder). */
export function rateLimiterFor(db: SqlDriver, windowMs: number): RateLimiter {
  return db.engine === "postgres" ? new SharedRateLimiter(db, windowMs) : new MemoryRateLimiter(windowMs);
}
