/**
 * The store's one door to a database engine. Core code speaks portable SQL through it (`?` placeholders,
 * `ON CONFLICT DO NOTHING`, `RETURNING`, times computed in JS, booleans as 0/1) so the same statements run
 * on sqlite (the embedded default, src/store/sqlite-driver.ts) and on PostgreSQL 15.
 */
export type SqlParam = string | number | bigint | boolean | null | Uint8Array;

export interface SqlDriver {
  readonly engine: "sqlite" | "postgres";
  /** Rows of a query; SQL text uses `?` positional placeholders on every engine. */
  all<T>(sql: string, params?: SqlParam[]): Promise<T[]>;
  get<T>(sql: string, params?: SqlParam[]): Promise<T | undefined>;
  run(sql: string, params?: SqlParam[]): Promise<{ changes: number }>;
  /**
   * Runs fn in one transaction (nested calls become savepoints); fn must use the tx it is given.
   * Transactions must behave as if they ran one at a time (core code reads, then writes on what it read):
   * sqlite gives this by taking the write lock at BEGIN; another engine runs them serializable (and may
   * run fn again after a serialization failure, so fn does nothing outside the database that cannot be
   * repeated: blobs are content-addressed, events are sent after commit).
   */
  transaction<T>(fn: (tx: SqlDriver) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /**
   * A cheap synchronous token that changes whenever anything (this process or another) has committed a
   * change since it was last read; the read cache drops its answers when it moves. An engine that cannot
   * tell leaves it out, and the read cache then keeps nothing.
   */
  changeToken?(): string;
  /**
   * Tells the other processes on this database that `event` happened (`job:<assetId>`, `import:<packId>`,
   * `merge:<id>`), so that whoever waits on it there wakes at once. Called after the change has committed. An
   * engine without cross-process notifications (sqlite) leaves it out: other processes see the change when they
   * next re-check (wait_for_job every 5 s).
   */
  announce?(event: string): Promise<void>;
  /** Calls `handler` with every event another process announced (never this process's own). */
  onAnnounced?(handler: (event: string) => void): void;
}

export interface TransactionOptions {
  /**
   * fn locks every row it reads and then writes on (`SELECT … FOR UPDATE` on PostgreSQL) and writes only with
   * guarded statements, so it needs no serialization with other transactions: PostgreSQL skips the lock that
   * otherwise runs transactions one at a time, and concurrent ones wait only for the rows they share. sqlite
   * ignores it (one writer at a time anyway).
   */
  rowLocks?: boolean;
}

/** A unique/primary-key violation, whatever the engine (core code branches on this, never on message text). */
export class UniqueViolation extends Error {
  constructor(
    message: string,
    readonly constraint?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "UniqueViolation";
  }
}
