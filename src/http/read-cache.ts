import type { SqlDriver } from "../store/sql.ts";
import type { Caller } from "../core/keys.ts";

/**
 * Caches authenticated callers and read answers until the database changes. The generation is the
 * store's change token (SqlDriver.changeToken; on sqlite its own change counters: `data_version` moves
 * when another connection, an admin command in another process, commits, `total_changes()` when this one
 * writes). Any write anywhere drops everything, so a revoked key or a new asset is seen on the very next
 * request. Answers that can change without a write (anything still `generating`, which the stale backstop
 * may flip to `error` with time) are not cached. A store without a change token caches nothing.
 */
const MAX_ENTRIES = 20_000;

export interface CachedAnswer {
  body: string;
  status: number;
}

export class ReadCache {
  private generation = "";
  private uncached = 0;
  private callers = new Map<string, Caller>();
  private answers = new Map<string, CachedAnswer>();
  private readonly token: (() => string) | null;

  constructor(db: SqlDriver) {
    this.token = db.changeToken ? db.changeToken.bind(db) : null;
  }

  /** Drops everything when the database has changed since the last look. */
  private sync(): void {
    // Without a token every look is a new generation: nothing is ever served from the cache.
    const generation = this.token ? this.token() : `${this.uncached++}`;
    if (generation === this.generation) return;
    this.generation = generation;
    this.callers.clear();
    this.answers.clear();
  }

  /** The cached caller for a secret, if any: synchronous, for the hot path. */
  cachedCaller(secret: string): Caller | undefined {
    this.sync();
    return this.callers.get(secret);
  }

  async caller(secret: string, resolve: () => Promise<Caller>): Promise<Caller> {
    this.sync();
    const c = this.callers.get(secret);
    if (c) return c;
    // Kept only when nothing was written while it was read (a revocation then is seen next time).
    const stamp = this.generation;
    const fresh = await resolve();
    this.sync();
    if (stamp === this.generation) this.remember(this.callers, secret, fresh);
    return fresh;
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
