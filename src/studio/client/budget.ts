/// <reference lib="dom" />
/**
 * The key's read budget as the server last stated it (the RateLimit-* fields on every answer), and the queue
 * of preview loads waiting for it. What the person does (navigation, buttons) never waits here: previews
 * only go while more than a reserve is left, so a page full of previews can never spend the reads that the
 * next click needs. Between answers the budget is estimated: the window slides, so each of this page's own
 * reads gives its unit back `w` seconds after it was made, and at RateLimit-Reset at least one comes back.
 */
export interface BudgetState {
  /** Cards whose previews wait for budget. */
  waiting: number;
  /** Reads left as last estimated, and the budget; null until the server has said. */
  remaining: number | null;
  limit: number | null;
  /** Seconds until at least one more read is free (0 when not waiting). */
  seconds: number;
}

class ReadBudget {
  private limit: number | null = null;
  private remainingAtAnswer = 0;
  private answeredAt = 0;
  private resetAt = 0;
  private windowMs = 60_000;
  /** When this page's own reads were sent (the units that come back as the window slides). */
  private sent: number[] = [];
  private inFlight = 0;
  private queue: { go: () => void; stop: () => void; cards: number }[] = [];
  private timer = 0;
  private listener: (s: BudgetState) => void = () => {};

  /** Kept back for the person: a quarter of the budget, at least 8 reads. */
  private get reserve(): number {
    return this.limit === null ? 0 : Math.max(8, Math.ceil(this.limit / 4));
  }

  onChange(f: (s: BudgetState) => void): void {
    this.listener = f;
  }

  /** Reads an answer's RateLimit-* fields (read answers only: writes have their own budget). */
  heard(h: Headers, isRead: boolean): void {
    const now = Date.now();
    if (isRead) this.sent.push(now);
    const limit = Number(h.get("ratelimit-limit"));
    const remaining = Number(h.get("ratelimit-remaining"));
    if (!isRead || !h.has("ratelimit-limit") || !Number.isFinite(limit) || !Number.isFinite(remaining)) return;
    this.limit = limit;
    this.remainingAtAnswer = remaining;
    this.answeredAt = now;
    this.resetAt = now + Number(h.get("ratelimit-reset") || 0) * 1000;
    const w = /;\s*w=(\d+)/.exec(h.get("ratelimit-policy") ?? "");
    if (w) this.windowMs = Number(w[1]) * 1000;
    this.pump();
  }

  /** Reads left now, by the estimate above; Infinity before the server has said anything. */
  estimate(now = Date.now()): number {
    if (this.limit === null) return Number.POSITIVE_INFINITY;
    this.sent = this.sent.filter((t) => t > now - 2 * this.windowMs);
    const back = this.sent.filter((t) => t > this.answeredAt - this.windowMs && t <= now - this.windowMs).length;
    const atReset = now >= this.resetAt && this.resetAt > this.answeredAt && back === 0 ? 1 : 0;
    return Math.min(this.limit, this.remainingAtAnswer + back + atReset);
  }

  /** Waits until a preview request (for `cards` cards) may go; call the returned function when its answer has come. */
  slot(cards = 1): Promise<() => void> {
    return new Promise((go, stop) => {
      this.queue.push({
        cards,
        go: () => {
          this.inFlight++;
          go(() => {
            this.inFlight--;
            this.pump();
          });
        },
        stop: () => stop(new Error("the page that wanted this preview was left")),
      });
      this.pump();
    });
  }

  /** Drops every preview still waiting (the person left the page that wanted them). */
  dropWaiting(): void {
    for (const w of this.queue.splice(0)) w.stop();
    this.pump();
  }

  private pump(): void {
    while (this.queue.length && this.estimate() - this.inFlight > this.reserve) this.queue.shift()!.go();
    clearTimeout(this.timer);
    // Nothing to hear while waiting (no request goes), so look again each second as units come back.
    if (this.queue.length) this.timer = window.setTimeout(() => this.pump(), 1000);
    this.listener(this.state());
  }

  state(): BudgetState {
    const left = this.estimate();
    return {
      waiting: this.queue.reduce((n, w) => n + w.cards, 0),
      remaining: Number.isFinite(left) ? left : null,
      limit: this.limit,
      seconds: this.queue.length ? Math.max(1, Math.ceil((this.resetAt - Date.now()) / 1000)) : 0,
    };
  }
}

export const budget = new ReadBudget();
