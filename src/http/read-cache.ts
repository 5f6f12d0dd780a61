import type { Database } from "../store/db.ts";
import type { Caller } from "../core/keys.ts";

/**
 * Caches authenticated callers and read answers until the database changes. The generation is sqlite's
 * own change counters: `data_version` moves when another connection (an admin command in another
 * process) commits, `total_changes()` when this one writes. Any write anywhere drops everything, so a
 * revoked key or a new asset is seen on the very next request. Answers that can change without a write
 * (anything still `generating`, which the stale backstop may flip to `error` with time) are not cached.
 */
const MAX_ENTRIES = 20_000;

export interface CachedAnswer {
  body: string;
  status: number;
}

export class ReadCache {
  private generation = "";
  private callers = new Map<string, Caller>();
  private answers = new Map<string, CachedAnswer>();
  private readonly probe;

  constructor(db: Database) {
    this.probe = db.query("SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS v");
  }

  /** Drops everything when the database has changed since the last look. */
  private sync(): void {
    const { t, v } = this.probe.get() as { t: number; v: number };
    const now = `${t}:${v}`;
    if (now === this.generation) return;
    this.generation = now;
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

  store(key: string, answer: CachedAnswer): void {
    this.remember(this.answers, key, answer);
  }

  private remember<V>(map: Map<string, V>, key: string, value: V) {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  }
}

/** True when a serialised answer holds nothing that time alone can change (no `generating` status anywhere). */
export const settled = (body: string) => !body.includes('"status":"generating"');
