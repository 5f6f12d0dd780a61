import { ApiError } from "../core/errors.ts";

/**
 * Fixed-budget sliding windows in memory: each bucket keeps the times of its recent requests.
 * Per key for REST and MCP alike (one limiter is shared by both faces), per address for the origin check.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();
  private sweepAt = 0;

  constructor(private windowMs: number) {}

  /** Records one request in `bucket` or throws rate_limited saying how long to wait. */
  take(bucket: string, budget: number, what: string, now = Date.now()): void {
    this.sweep(now);
    const from = now - this.windowMs;
    let times = this.hits.get(bucket);
    if (!times) this.hits.set(bucket, (times = []));
    while (times.length && times[0] <= from) times.shift();
    if (times.length >= budget) {
      const waitMs = times[0] + this.windowMs - now;
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
    const times = this.hits.get(bucket);
    if (!times) return budget;
    const from = now - this.windowMs;
    return budget - times.filter((t) => t > from).length;
  }

  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + this.windowMs;
    for (const [k, times] of this.hits)
      if (!times.length || times[times.length - 1] <= now - this.windowMs) this.hits.delete(k);
  }
}
