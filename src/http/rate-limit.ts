import { ApiError } from "../core/errors.ts";

/**
 * Fixed-budget sliding windows in memory: each bucket keeps the times of its recent requests.
 * Per key for REST and MCP alike (one limiter is shared by both faces), per address for the origin check.
 */
export class RateLimiter {
  /** Per bucket: request times in order, and the index of the oldest one still inside the window. */
  private hits = new Map<string, { times: number[]; head: number }>();
  private sweepAt = 0;

  constructor(private windowMs: number) {}

  /** Records one request in `bucket` or throws rate_limited saying how long to wait. */
  take(bucket: string, budget: number, what: string, now = Date.now()): void {
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
    if (times.length - b.head >= budget) {
      const waitMs = times[b.head] + this.windowMs - now;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new ApiError(
        "rate_limited",
        `${what} budget of ${budget} per ${Math.round(this.windowMs / 1000)} s is spent; retry in ${seconds} s`,
        {
          "retry-after": String(seconds),
        },
      );
    }
    times.push(now);
  }

  /** How many requests the bucket may still make now (wait_for_job paces itself with this). */
  remaining(bucket: string, budget: number, now = Date.now()): number {
    const b = this.hits.get(bucket);
    if (!b) return budget;
    const from = now - this.windowMs;
    let live = 0;
    for (let i = b.times.length - 1; i >= b.head && b.times[i] > from; i--) live++;
    return budget - live;
  }

  /**
   * The budget as the IETF draft's RateLimit-* fields (draft-ietf-httpapi-ratelimit-headers, the -Limit,
   * -Remaining, -Reset and -Policy fields): the budget, what is left of it now, and the seconds until the
   * oldest request in the window leaves it (when one more is free again; 0 when nothing is in the window).
   * The window slides, so that is the soonest any of the spent budget comes back, and the policy says so.
   */
  headers(bucket: string, budget: number, now = Date.now()): Record<string, string> {
    const b = this.hits.get(bucket);
    const from = now - this.windowMs;
    let live = 0;
    let oldest = Number.POSITIVE_INFINITY;
    if (b)
      for (let i = b.times.length - 1; i >= b.head && b.times[i] > from; i--) {
        live++;
        oldest = b.times[i];
      }
    const window = Math.round(this.windowMs / 1000);
    return {
      "ratelimit-limit": String(budget),
      "ratelimit-remaining": String(Math.max(0, budget - live)),
      "ratelimit-reset": String(live ? Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) : 0),
      "ratelimit-policy": `${budget};w=${window}`,
    };
  }

  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + this.windowMs;
    for (const [k, b] of this.hits)
      if (b.head >= b.times.length || b.times[b.times.length - 1] <= now - this.windowMs) this.hits.delete(k);
  }
}
