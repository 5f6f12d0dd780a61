/**
 * The store's SqlDriver over PostgreSQL, through Bun.SQL. Core SQL is written once, portable: `?` placeholders
 * (rewritten here to $1..$n), RETURNING, ON CONFLICT, times computed in JS, booleans as 0/1 integers. What
 * PostgreSQL answers is made to look like what bun:sqlite answers, so both engines return the same JS values:
 *
 * - int8 (BIGINT ids, COUNT) and NUMERIC (SUM of BIGINT) come from Bun as strings: they become numbers when they
 *   are safe integers (or fractions, as sqlite's REAL), a bigint past 2^53-1 (bun:sqlite would round those);
 * - bool (EXISTS, comparisons) becomes 1/0, as sqlite answers; bytea a plain Uint8Array (Bun gives a Buffer);
 * - a boolean parameter is sent as 1/0 (bun:sqlite binds it so; the columns are integers).
 *
 * Prepared statements: Bun.SQL names and prepares each statement per connection (`prepare: true`, its default).
 * Behind PgBouncer in transaction pooling mode, statements prepared on one server connection are missing on
 * the next: run PgBouncer 1.21+ with max_prepared_statements > 0, or open the driver with `prepare: false`
 * (unnamed statements, one more round trip of parsing per query).
 *
 * A transaction's callback gets a driver over the transaction's own connection and must use only that one: a
 * query on the outer driver inside `transaction()` would run outside it (and once every connection of the pool
 * is inside a transaction doing the same, nothing would move again); it is refused at once.
 *
 * Transactions are serialized by default (see `serializeTransactions`): READ COMMITTED alone would let two
 * read-then-write transactions interleave where sqlite, the engine the core was written against, never does.
 * A transaction that locks its rows itself (`{ rowLocks: true }`: a job's completion) skips that lock.
 */
import { SQL, type TransactionSQL } from "bun";
import { AsyncLocalStorage } from "node:async_hooks";
import { EngineUnavailable, type EngineHealth, pingSql, redactUrl } from "./engines.ts";
import { toPgPlaceholders } from "./placeholders.ts";
import { CHANGES_CHANNEL, ChangeWatch } from "./postgres-changes.ts";
import { migratePostgres } from "./postgres-migrations.ts";
import { type SqlDriver, type SqlParam, type TransactionOptions, UniqueViolation } from "./sql.ts";

/** PostgreSQL type OIDs the answers are converted from. */
const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;
const BYTEA = 17;

/** SQLSTATEs meaning "the server is not there or will not work now" (class 08, shutdowns, too many clients). */
const DOWN_STATES = /^(08|57P0[1-3]|53300)/;

export interface PostgresOptions {
  /** Connections in the pool (Bun's default is 10). */
  max?: number;
  /** Named prepared statements (true by default; false for PgBouncer setups without prepared-statement support). */
  prepare?: boolean;
  /** Seconds to wait for a connection before the server counts as unreachable. */
  connectionTimeout?: number;
  /**
   * Transactions take one database-wide lock first (true by default), so they run one at a time across every
   * process, as sqlite's BEGIN IMMEDIATE makes them: a read-then-write in one cannot interleave with another's.
   * The core was written against that promise. Standalone statements do not take it.
   */
  serializeTransactions?: boolean;
  /**
   * A transaction left waiting between statements longer than this is ended by the server (60 s by default):
   * a process stuck inside one (hung, or awaiting something it should not inside a transaction) would otherwise
   * hold the transaction lock, and every other process's transactions with it, until it died.
   */
  idleInTransactionMs?: number;
}

/** pg_advisory_xact_lock key every serialized transaction takes ("packtxn0"); fixed forever, like the migrations'. */
const TRANSACTION_LOCK = 0x7061636b74786e30n;

/** The transaction the current async context is inside, so the outer driver can refuse to be used in it. */
const openTx = new AsyncLocalStorage<{ root: PostgresDriver; open: boolean }>();

type Client = SQL | TransactionSQL;

export class PostgresDriver implements SqlDriver {
  readonly engine = "postgres" as const;

  private constructor(
    private readonly client: Client,
    private readonly depth: number,
    /** Where the server is, for messages (password redacted). */
    readonly where: string,
    private readonly serialize: boolean,
    /** The pool's change watch, shared by its transactions' drivers. */
    private readonly changes: ChangeWatch,
    /** The open transaction a driver of depth > 0 belongs to. */
    private readonly tx?: { open: boolean; wrote: boolean },
  ) {}

  /**
   * A pool on the database the URL names. The URL's own parts are passed explicitly: Bun.SQL lets PGDATABASE,
   * PGHOST and friends in the environment override the URL otherwise. Connects lazily; see `connect`.
   */
  static fromUrl(url: URL, options: PostgresOptions = {}): PostgresDriver {
    const sql = new SQL({
      url: url.href,
      hostname: url.hostname,
      port: Number(url.port || 5432),
      username: decodeURIComponent(url.username) || "postgres",
      password: decodeURIComponent(url.password) || undefined,
      database: decodeURIComponent(url.pathname.replace(/^\//, "")),
      max: options.max ?? 10,
      prepare: options.prepare ?? true,
      connectionTimeout: options.connectionTimeout ?? 10,
      idleTimeout: 60,
      connection: {
        application_name: "packsmith",
        idle_in_transaction_session_timeout: options.idleInTransactionMs ?? 60_000,
      },
    });
    return new PostgresDriver(sql, 0, redactUrl(url), options.serializeTransactions ?? true, new ChangeWatch());
  }

  /** A pool that has answered one query: an unreachable server or a missing database fails here, saying which. */
  static async connect(url: URL, options: PostgresOptions = {}): Promise<PostgresDriver> {
    const driver = PostgresDriver.fromUrl(url, options);
    try {
      await driver.get("SELECT 1 AS one");
      return driver;
    } catch (e) {
      await driver.close().catch(() => {});
      if (e instanceof EngineUnavailable) throw e;
      throw new Error(`PostgreSQL at ${driver.where} refused the connection: ${e instanceof Error ? e.message : e}`, {
        cause: e,
      });
    }
  }

  async all<T>(sql: string, params: SqlParam[] = []): Promise<T[]> {
    return (await this.query(sql, params)).rows as T[];
  }

  async get<T>(sql: string, params: SqlParam[] = []): Promise<T | undefined> {
    return (await this.query(sql, params)).rows[0] as T | undefined;
  }

  async run(sql: string, params: SqlParam[] = []): Promise<{ changes: number }> {
    return { changes: (await this.query(sql, params)).count };
  }

  /** A script of several statements without parameters (migrations), in PostgreSQL's simple protocol. */
  async exec(script: string): Promise<void> {
    try {
      await this.client.unsafe(script).simple();
    } catch (e) {
      throw this.translate(e);
    }
  }

  async transaction<T>(fn: (tx: SqlDriver) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.depth > 0) {
      try {
        return (await (this.client as TransactionSQL).savepoint((sp) =>
          fn(new PostgresDriver(sp, this.depth + 1, this.where, false, this.changes, this.tx)),
        )) as T;
      } catch (e) {
        throw this.translate(e);
      }
    }
    this.refuseInOwnTransaction("a transaction");
    const state = { root: this as PostgresDriver, open: true, wrote: false };
    try {
      return (await (this.client as SQL).begin(async (tx) => {
        if (this.serialize && !options.rowLocks)
          await tx.unsafe("SELECT pg_advisory_xact_lock($1)", [TRANSACTION_LOCK]);
        return openTx.run(state, () => fn(new PostgresDriver(tx, 1, this.where, false, this.changes, state)));
      })) as T;
    } catch (e) {
      throw this.translate(e);
    } finally {
      state.open = false;
      if (state.wrote) this.changes.wrote();
    }
  }

  /**
   * Runs fn in a read-only REPEATABLE READ transaction whose snapshot is exported: `pg_dump --snapshot=<id>`
   * then dumps exactly what fn reads through `tx` (a backup's dump and its list of blobs agree).
   */
  async withExportedSnapshot<T>(fn: (snapshot: string, tx: SqlDriver) => Promise<T>): Promise<T> {
    if (this.depth > 0) throw new Error("a snapshot is exported from the pool, not inside a transaction");
    try {
      return (await (this.client as SQL).begin("ISOLATION LEVEL REPEATABLE READ READ ONLY", async (tx) => {
        const [row] = await tx.unsafe("SELECT pg_export_snapshot() AS id");
        return fn(String(row.id), new PostgresDriver(tx, 1, this.where, false, this.changes));
      })) as T;
    } catch (e) {
      throw this.translate(e);
    }
  }

  /**
   * The outer driver used inside its own transaction is a bug on every engine: on sqlite it would wait forever
   * for the connection the transaction holds, here it would run outside the transaction (or, for a transaction,
   * wait forever for the lock its own transaction holds). Refused at once, as the sqlite driver does.
   */
  private refuseInOwnTransaction(what: string): void {
    const inside = openTx.getStore();
    if (this.depth === 0 && inside?.open && inside.root === this)
      throw new Error(`${what} on the outer driver inside its own transaction would run outside it; use the tx`);
  }

  async close(): Promise<void> {
    if (this.depth > 0) throw new Error("a transaction's driver is closed by its transaction, not by close()");
    await this.changes.stop();
    await (this.client as SQL).close({ timeout: 5 });
  }

  /** Moves whenever a commit here or in another process may have changed an answer (postgres-changes.ts). */
  changeToken(): string {
    return this.changes.token();
  }

  /**
   * NOTIFY on the change channel, which every process already LISTENs to for its read cache (postgres-changes.ts):
   * no second connection per process. Outside any transaction, so it is sent at once.
   */
  async announce(event: string): Promise<void> {
    if (this.depth > 0) throw new Error("announce after the transaction has committed, on the pool");
    await this.query("SELECT pg_notify(?, ?)", [CHANGES_CHANNEL, this.changes.announcement(event)]);
  }

  onAnnounced(handler: (event: string) => void): void {
    this.changes.onAnnounced(handler);
  }

  /** Starts listening for other processes' changes; until then changeToken never repeats (the cache keeps nothing). */
  watchChanges(): Promise<void> {
    if (this.depth > 0) throw new Error("changes are watched on the pool, not in a transaction");
    return this.changes.start(this.client as SQL);
  }

  /** A `SELECT 1` bounded in time, for /healthz. */
  ping(timeoutMs = 2000): Promise<EngineHealth> {
    return pingSql(this, timeoutMs);
  }

  private async query(sql: string, params: SqlParam[]): Promise<{ rows: Record<string, unknown>[]; count: number }> {
    this.refuseInOwnTransaction("a query");
    const { text, count } = toPgPlaceholders(sql);
    if (count !== params.length)
      throw new Error(`the SQL has ${count} placeholders but ${params.length} parameters were given: ${sql}`);
    let result: Record<string, unknown>[] & {
      count?: number | null;
      command?: string;
      columns?: { name: string; type: number }[];
    };
    try {
      result = await this.client.unsafe(text, params.map(toPgParam));
    } catch (e) {
      throw this.translate(e);
    }
    if (result.command !== "SELECT" && (result.count ?? 1) !== 0) {
      if (this.tx) this.tx.wrote = true;
      else this.changes.wrote();
    }
    return { rows: convertRows(result, result.columns ?? []), count: result.count ?? 0 };
  }

  /** Bun's PostgresError as the store's errors: unique violations and unreachable servers by class. */
  private translate(e: unknown): unknown {
    if (!(e instanceof Error) || e instanceof UniqueViolation || e instanceof EngineUnavailable) return e;
    const err = e as Error & { code?: string; errno?: string; constraint?: string };
    const state = err.errno ?? "";
    if (state === "23505" || err.code === "23505")
      return new UniqueViolation(err.message, err.constraint, { cause: e });
    if (state === "25P02")
      return new Error(
        "an earlier statement of this transaction failed, and PostgreSQL runs nothing more in it (sqlite would): " +
          "run a statement that may fail, and whose failure is handled, inside tx.transaction() (a savepoint)",
        { cause: e },
      );
    if (state === "25P03")
      return new Error(`the transaction was rolled back: it waited between statements past the server's limit`, {
        cause: e,
      });
    const code = err.code ?? "";
    if (DOWN_STATES.test(state) || /^ERR_POSTGRES_(CONNECTION|.*TIMEOUT|TLS)/.test(code))
      return new EngineUnavailable("postgres", `PostgreSQL at ${this.where} is unreachable: ${err.message}`, {
        cause: e,
      });
    return e;
  }
}

function toPgParam(p: SqlParam): Exclude<SqlParam, boolean> {
  return typeof p === "boolean" ? (p ? 1 : 0) : p;
}

function convertRows(rows: Record<string, unknown>[], columns: { name: string; type: number }[]) {
  const convert = columns.filter((c) => c.type === INT8 || c.type === NUMERIC || c.type === BOOL || c.type === BYTEA);
  // Copied into a plain array of plain objects: Bun's result carries count/command fields of its own.
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = { ...rows[i] };
    for (const c of convert) row[c.name] = convertValue(row[c.name], c.type);
    out[i] = row;
  }
  return out;
}

function convertValue(v: unknown, type: number): unknown {
  if (v === null || v === undefined) return v;
  if (type === BOOL) return v ? 1 : 0;
  if (type === BYTEA) {
    const b = v as Uint8Array;
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const s = String(v);
  if (/^-?\d+$/.test(s)) {
    const n = Number(s);
    return Number.isSafeInteger(n) ? n : BigInt(s);
  }
  return Number(s); // a fraction (AVG, NUMERIC) or NaN/Infinity: sqlite answers a REAL
}

/** The store's PostgreSQL: connected (or failing saying why) and migrated to this build's schema. */
export async function openPostgres(url: URL, options: PostgresOptions = {}): Promise<PostgresDriver> {
  const db = await PostgresDriver.connect(url, options);
  try {
    await migratePostgres(db);
    await db.watchChanges();
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
  return db;
}
