import { constants, Database, type Statement } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./migrations.ts";
import { type SqlDriver, type SqlParam, UniqueViolation } from "./sql.ts";

/** The data folder was written by a newer Packsmith: this build must not read or change it. */
export class NewerSchema extends Error {
  override name = "NewerSchema";
}

/**
 * Opens the sqlite store in WAL mode (admin commands may write while the server runs) and applies
 * pending migrations, each in its own transaction.
 */
export function openSqlite(path: string): SqliteDriver {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  // busy_timeout first: switching to WAL needs a lock another process may hold while it opens the same file.
  db.exec("PRAGMA busy_timeout = 5000");
  enableWal(db);
  // Keep the -wal and -shm files when the last connection closes: a server started later on a disk with no free
  // block must still open the store and serve reads, and growing a fresh -shm needs blocks (SQLITE_IOERR_SHMSIZE).
  db.fileControl(constants.SQLITE_FCNTL_PERSIST_WAL, 1);
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db);
  return new SqliteDriver(db);
}

/**
 * sqlite may answer SQLITE_BUSY to the WAL switch at once, without waiting on the busy timeout, while
 * another process is opening the same fresh file; retry for up to five seconds.
 */
function enableWal(db: Database): void {
  for (let attempt = 0; ; attempt++) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (e) {
      if (!(e instanceof Error && /locked|busy/i.test(e.message)) || attempt >= 250) throw e;
      Bun.sleepSync(20);
    }
  }
}

/** Applies pending migrations (PRAGMA user_version records the last one); refuses a newer schema. */
export function migrate(db: Database): void {
  const version = () => (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  const known = MIGRATIONS[MIGRATIONS.length - 1].version;
  const found = version();
  if (found > known) {
    db.close();
    throw new NewerSchema(
      `this data folder was written by a newer Packsmith (schema ${found}; this build knows up to ${known}); run that version, or restore a backup made with this one`,
    );
  }
  for (const m of MIGRATIONS) {
    if (m.version <= version()) continue;
    // The version is read again under the write lock: a server and a CLI opening a fresh data dir at
    // the same moment must not both apply the same migration.
    db.transaction(() => {
      if (m.version <= version()) return;
      db.exec(m.sql);
      db.exec(`PRAGMA user_version = ${m.version}`);
    }).immediate();
  }
}

/** How often another process's commits are looked for (data_version costs a WAL read transaction, ~4 µs). */
const OTHERS_EVERY_MS = 1;
/** Prepared statements kept; past this the cache starts over (only SQL built with variable IN lists grows it). */
const STATEMENT_CACHE = 1000;

/** The open transaction, per async context: a query on the outer driver from inside it would wait forever. */
const openTx = new AsyncLocalStorage<SqliteTx>();

/**
 * A FIFO async mutex. One sqlite connection is shared by every request, so while a transaction is open
 * (across its awaits) nothing else may run a statement on the connection, or it would become part of it.
 */
class Gate {
  held = false;
  private readonly waiters: (() => void)[] = [];
  /** Resolves once the gate is ours. */
  take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * SqlDriver over one bun:sqlite connection. Statements outside a transaction run at once when no
 * transaction is open (no hop beyond the promise the interface needs), else wait their turn; a
 * transaction holds the gate from BEGIN IMMEDIATE to COMMIT (IMMEDIATE: a deferred read-then-write fails
 * with SQLITE_BUSY, not a wait, when another process writes), and nested ones are savepoints.
 */
export class SqliteDriver implements SqlDriver {
  readonly engine = "sqlite" as const;
  private readonly statements = new Map<string, Statement>();
  private readonly gate = new Gate();
  private current: SqliteTx | null = null;
  private othersVersion = 0;
  private othersReadAt = Number.NEGATIVE_INFINITY;

  private readonly ownChanges: Statement;
  private readonly othersChanges: Statement;

  constructor(readonly raw: Database) {
    this.ownChanges = raw.prepare("SELECT total_changes() AS t");
    this.othersChanges = raw.prepare("SELECT data_version AS v FROM pragma_data_version");
  }

  /** A cached prepared statement, with sqlite's errors mapped (a unique violation is UniqueViolation). */
  statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size >= STATEMENT_CACHE) this.statements.clear();
      s = this.raw.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  allNow<T>(sql: string, params: SqlParam[] = []): T[] {
    try {
      return this.statement(sql).all(...params) as T[];
    } catch (e) {
      throw mapError(e);
    }
  }

  getNow<T>(sql: string, params: SqlParam[] = []): T | undefined {
    try {
      return (this.statement(sql).get(...params) ?? undefined) as T | undefined;
    } catch (e) {
      throw mapError(e);
    }
  }

  runNow(sql: string, params: SqlParam[] = []): { changes: number } {
    try {
      return { changes: this.statement(sql).run(...params).changes };
    } catch (e) {
      throw mapError(e);
    }
  }

  /** Waits while a transaction holds the connection; refuses a call that would wait for its own transaction. */
  private async turn<T>(run: () => T): Promise<T> {
    const mine = openTx.getStore();
    if (mine && mine === this.current)
      throw new Error("a query on the outer driver inside its own transaction would wait forever; use the tx");
    await this.gate.take();
    try {
      return run();
    } finally {
      this.gate.release();
    }
  }

  async all<T>(sql: string, params?: SqlParam[]): Promise<T[]> {
    if (this.gate.held) return this.turn(() => this.allNow<T>(sql, params));
    return this.allNow<T>(sql, params);
  }

  async get<T>(sql: string, params?: SqlParam[]): Promise<T | undefined> {
    if (this.gate.held) return this.turn(() => this.getNow<T>(sql, params));
    return this.getNow<T>(sql, params);
  }

  async run(sql: string, params?: SqlParam[]): Promise<{ changes: number }> {
    if (this.gate.held) return this.turn(() => this.runNow(sql, params));
    return this.runNow(sql, params);
  }

  async transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T> {
    const mine = openTx.getStore();
    if (mine && mine === this.current)
      throw new Error("a transaction on the outer driver inside its own transaction would wait forever; use the tx");
    await this.gate.take();
    const tx = new SqliteTx(this, 0);
    this.current = tx;
    try {
      this.runNow("BEGIN IMMEDIATE");
      try {
        const result = await openTx.run(tx, () => fn(tx));
        this.runNow("COMMIT");
        return result;
      } catch (e) {
        if (this.raw.inTransaction) this.runNow("ROLLBACK");
        throw e;
      }
    } finally {
      tx.finished = true;
      this.current = null;
      this.gate.release();
    }
  }

  /** Runs fn with the connection to itself (no transaction open); for sqlite-only work such as VACUUM INTO. */
  async exclusive<T>(fn: (db: Database) => T): Promise<T> {
    return this.turn(() => fn(this.raw));
  }

  /**
   * sqlite's own change counters: `data_version` moves when another connection (an admin command in another
   * process) commits, `total_changes()` when this one writes. total_changes costs next to nothing and is read
   * every time; data_version needs a WAL read transaction (~4 µs), which per request halved the throughput of
   * cached reads (bench/http.ts), so it is read at most once per OTHERS_EVERY_MS: another process's commit is
   * seen within a millisecond, long before that command has even exited.
   */
  changeToken(): string {
    const now = performance.now();
    if (now - this.othersReadAt >= OTHERS_EVERY_MS) {
      this.othersReadAt = now;
      this.othersVersion = (this.othersChanges.get() as { v: number }).v;
    }
    return `${(this.ownChanges.get() as { t: number }).t}:${this.othersVersion}`;
  }

  async close(): Promise<void> {
    await this.gate.take();
    for (const s of [...this.statements.values(), this.ownChanges, this.othersChanges]) s.finalize();
    this.statements.clear();
    this.raw.close();
    this.gate.release();
  }
}

/** The connection as seen inside one transaction (depth 0) or savepoint (depth > 0). */
class SqliteTx implements SqlDriver {
  readonly engine = "sqlite" as const;
  finished = false;
  constructor(
    private readonly driver: SqliteDriver,
    private readonly depth: number,
  ) {}

  private live(): SqliteDriver {
    if (this.finished) throw new Error("this transaction has already ended; its tx may not be used after it");
    return this.driver;
  }

  async all<T>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return this.live().allNow<T>(sql, params);
  }

  async get<T>(sql: string, params?: SqlParam[]): Promise<T | undefined> {
    return this.live().getNow<T>(sql, params);
  }

  async run(sql: string, params?: SqlParam[]): Promise<{ changes: number }> {
    return this.live().runNow(sql, params);
  }

  async transaction<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T> {
    const db = this.live();
    const name = `sp${this.depth + 1}`;
    const inner = new SqliteTx(db, this.depth + 1);
    db.runNow(`SAVEPOINT ${name}`);
    try {
      const result = await fn(inner);
      db.runNow(`RELEASE ${name}`);
      return result;
    } catch (e) {
      db.runNow(`ROLLBACK TO ${name}`);
      db.runNow(`RELEASE ${name}`);
      throw e;
    } finally {
      inner.finished = true;
    }
  }

  changeToken(): string {
    return this.driver.changeToken();
  }

  async close(): Promise<void> {
    throw new Error("a transaction's tx cannot close the database");
  }
}

/** sqlite's unique and primary-key failures become UniqueViolation ("UNIQUE constraint failed: packs.slug"). */
function mapError(e: unknown): unknown {
  const code = (e as { code?: string }).code;
  if (code !== "SQLITE_CONSTRAINT_UNIQUE" && code !== "SQLITE_CONSTRAINT_PRIMARYKEY") return e;
  const message = (e as Error).message;
  const columns = /constraint failed: (.+)$/.exec(message)?.[1];
  return new UniqueViolation(message, columns, { cause: e });
}
