import type { Database } from "../store/db.ts";
import type { Caller } from "../core/keys.ts";

/**
 * Caches authenticated callers and read answers until the database changes. The generation is sqlite's
 * own change counters: `data_version` moves when another connection (an admin command in another
 * process) commits, `total_changes()` when this one writes. Any write anywhere drops everything, so a
 * revoked key or a new asset is seen on the very next request. Answers that can change without a write
 * (anything still `generating`, which the stale backstop may flip to `error` with time) are not cached.
 *
 * `total_changes()` costs next to nothing and is read on every look, so this process's own writes are seen
 * at once. `data_version` needs a WAL read transaction (several syscalls, ~4 µs): reading it per request
 * halved the throughput of cached reads (bench/http.ts), so it is read at most once per OTHERS_EVERY_MS.
 * Another process's commit (an admin command) is seen within that millisecond, long before that command
 * has even exited.
 */
const MAX_ENTRIES = 20_000;
const OTHERS_EVERY_MS = 1;

export interface CachedAnswer {
  body: string;
  status: number;
}

export class ReadCache {
  private generation = "";
  private callers = new Map<string, Caller>();
  private answers = new Map<string, CachedAnswer>();
  private othersVersion = 0;
  private othersReadAt = Number.NEGATIVE_INFINITY;
  private readonly ownChanges;
  private readonly othersChanges;

  constructor(db: Database) {
    this.ownChanges = db.query("SELECT total_changes() AS t");
    this.othersChanges = db.query("SELECT data_version AS v FROM pragma_data_version");
  }

  /** Drops everything when the database has changed since the last look. */
  private sync(): void {
    const now = performance.now();
    if (now - this.othersReadAt >= OTHERS_EVERY_MS) {
      this.othersReadAt = now;
      this.othersVersion = (this.othersChanges.get() as { v: number }).v;
    }
    const generation = `${(this.ownChanges.get() as { t: number }).t}:${this.othersVersion}`;
    if (generation === this.generation) return;
    this.generation = generation;
    this.callers.clear();
    this.answers.clear();
  }

  caller(secret: string, resolve: () => Caller): Caller {
    this.sync();
    let c = this.callers.get(secret);
    if (!c) {
      c = resolve();
      this.remember(this.callers, secret, c);
    }
    return c;
  }

  answer(key: string): CachedAnswer | undefined {
    this.sync();
    return this.answers.get(key);
  }

  /** The database generation now; pass it to `store` so an answer computed across a write is never kept. */
  stamp(): string {
    this.sync();
    return this.generation;
  }

  store(key: string, answer: CachedAnswer, stamp: string): void {
    this.sync();
    if (stamp === this.generation) this.remember(this.answers, key, answer);
  }

  private remember<V>(map: Map<string, V>, key: string, value: V) {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  }
}

/** True when a serialised answer holds nothing that time alone can change (no `generating` status anywhere). */
export const settled = (body: string) => !body.includes('"status":"generating"');
