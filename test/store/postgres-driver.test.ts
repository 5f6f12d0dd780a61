/**
 * The PostgreSQL driver against a real PostgreSQL 15 (a throwaway cluster, test/support/postgres.ts): the
 * SqlDriver contract, the values both engines must answer alike, its refusals, an outage and recovery.
 */
import { describe, expect, test } from "bun:test";
import { openSqlite } from "../../src/store/db.ts";
import { EngineUnavailable } from "../../src/store/engines.ts";
import { openPostgres, PostgresDriver } from "../../src/store/postgres-driver.ts";
import { type SqlDriver, UniqueViolation } from "../../src/store/sql.ts";
import { freePort } from "../support/engines.ts";
import { pgMissing, usePostgres } from "../support/postgres.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const missing = pgMissing();
if (missing) console.warn(`PostgreSQL driver tests skipped: ${missing}`);

describe.skipIf(!!missing)("PostgreSQL driver", () => {
  const pg = usePostgres();
  const fresh = () => pg.store();

  test("all, get and run answer rows and changes", async () => {
    const db = await fresh();
    try {
      await db.run("INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)", [
        "ann",
        "starter",
        5,
        "t",
        "bob",
        "pro",
        7,
        "t",
      ]);
      expect(await db.all("SELECT name, credits FROM accounts ORDER BY name")).toEqual([
        { name: "ann", credits: 5 },
        { name: "bob", credits: 7 },
      ]);
      expect(await db.get("SELECT id, name FROM accounts WHERE name = ?", ["bob"])).toEqual({ id: 2, name: "bob" });
      expect(await db.get("SELECT id FROM accounts WHERE name = ?", ["nobody"])).toBeUndefined();
      expect(await db.run("UPDATE accounts SET credits = credits + ?", [1])).toEqual({ changes: 2 });
      expect(await db.run("DELETE FROM accounts WHERE name = ?", ["nobody"])).toEqual({ changes: 0 });
      const made = await db.get<{ id: number }>(
        "INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?) RETURNING id",
        ["cy", "creator", "t"],
      );
      expect(made).toEqual({ id: 3 });
      expect(await db.all("SELECT * FROM accounts WHERE id > ?", [99])).toEqual([]);
      await expect(db.all("SELECT ? AS a", [])).rejects.toThrow(/1 placeholders but 0 parameters/);
    } finally {
      await db.close();
    }
  });

  test("a transaction commits, and rolls back everything when its function throws", async () => {
    const db = await fresh();
    try {
      const id = await db.transaction(async (tx) => {
        const r = await tx.get<{ id: number }>(
          "INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?) RETURNING id",
          ["kept", "pro", "t"],
        );
        return r?.id;
      });
      expect(id).toBe(1);
      const boom = new Error("boom");
      await expect(
        db.transaction(async (tx) => {
          await tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["lost", "pro", "t"]);
          await tx.run("UPDATE accounts SET credits = 50 WHERE name = ?", ["kept"]);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await db.all("SELECT name, credits FROM accounts")).toEqual([{ name: "kept", credits: 0 }]);
    } finally {
      await db.close();
    }
  });

  test("a nested transaction is a savepoint: its failure undoes only its own work", async () => {
    const db = await fresh();
    try {
      await db.transaction(async (tx) => {
        await tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["outer", "pro", "t"]);
        await expect(
          tx.transaction(async (inner) => {
            await inner.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["inner", "pro", "t"]);
            // Two levels deep: a savepoint inside a savepoint.
            await inner.transaction((deeper) =>
              deeper.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["deeper", "pro", "t"]),
            );
            throw new Error("undo inner");
          }),
        ).rejects.toThrow("undo inner");
        await tx.transaction((inner) =>
          inner.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["second", "pro", "t"]),
        );
      });
      expect((await db.all<{ name: string }>("SELECT name FROM accounts ORDER BY id")).map((r) => r.name)).toEqual([
        "outer",
        "second",
      ]);
    } finally {
      await db.close();
    }
  });

  test("a unique violation is a UniqueViolation naming the constraint, and the transaction still rolls back", async () => {
    const db = await fresh();
    try {
      await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["ann", "pro", "t"]);
      const err = await db
        .run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["ann", "pro", "t"])
        .catch((e) => e);
      expect(err).toBeInstanceOf(UniqueViolation);
      expect(err.constraint).toBe("accounts_name_key");
      const inTx = await db
        .transaction(async (tx) => {
          await tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["bob", "pro", "t"]);
          await tx.run("INSERT INTO accounts (id, name, plan, created_at) VALUES (?, ?, ?, ?)", [1, "x", "pro", "t"]);
        })
        .catch((e) => e);
      expect(inTx).toBeInstanceOf(UniqueViolation);
      expect(inTx.constraint).toBe("accounts_pkey");
      expect(await db.all("SELECT name FROM accounts")).toEqual([{ name: "ann" }]);
      // ON CONFLICT DO NOTHING is the portable way not to fail: zero changes.
      expect(
        await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [
          "ann",
          "pro",
          "t",
        ]),
      ).toEqual({ changes: 0 });
      // A CHECK is not a unique violation.
      const check = await db
        .run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["gold", "gold", "t"])
        .catch((e) => e);
      expect(check).not.toBeInstanceOf(UniqueViolation);
      expect(String(check.message)).toContain("accounts_plan_check");
    } finally {
      await db.close();
    }
  });

  test("a failure handled inside a transaction needs a savepoint to go on, and says so without one", async () => {
    const db = await fresh();
    try {
      await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["taken", "pro", "t"]);
      const insert = (tx: SqlDriver, name: string) =>
        tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", [name, "pro", "t"]);
      // Caught, then carried on: the next statement is refused, naming the way out.
      const err = await db
        .transaction(async (tx) => {
          await insert(tx, "taken").catch(() => {});
          await insert(tx, "other");
        })
        .catch((e: Error) => e);
      expect(String(err)).toContain("inside tx.transaction() (a savepoint)");
      // With the attempt in a savepoint, the transaction goes on and commits.
      await db.transaction(async (tx) => {
        const first = await tx.transaction((sp) => insert(sp, "taken")).catch((e) => e);
        expect(first).toBeInstanceOf(UniqueViolation);
        await insert(tx, "other");
      });
      expect(await db.all("SELECT name FROM accounts ORDER BY name")).toEqual([{ name: "other" }, { name: "taken" }]);
    } finally {
      await db.close();
    }
  });

  test("placeholders inside string literals, quoted names and comments are left alone", async () => {
    const db = await fresh();
    try {
      expect(
        await db.get(`SELECT '?' AS q, 'it''s ?' AS r, ? AS "w?", /* ? */ ? AS p -- trailing ?\n`, ["a", "b"]),
      ).toEqual({ q: "?", r: "it's ?", "w?": "a", p: "b" });
      expect(await db.get("SELECT $$a ? b$$ AS d, E'\\' ?' AS e, ? AS f", ["x"])).toEqual({
        d: "a ? b",
        e: "' ?",
        f: "x",
      });
    } finally {
      await db.close();
    }
  });

  test("64-bit integers, sums, booleans and bytes come back as the sqlite driver answers them", async () => {
    const db = await fresh();
    const lite = openSqlite(join(dir, "parity.db"));
    try {
      const max = Number.MAX_SAFE_INTEGER;
      await db.run("INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, ?, ?)", [
        "a",
        "pro",
        max,
        "t",
      ]);
      await db.run(
        "INSERT INTO credit_ledger (account_id, delta, reason, balance_after, created_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)",
        [1, 2 ** 40, "grant", 2 ** 40, "t", 1, -(2 ** 39), "spend", 2 ** 39, "t"],
      );
      const q = `SELECT a.id, a.credits, COUNT(l.id) AS n, SUM(l.delta) AS total, MAX(l.delta) > 0 AS positive
        FROM accounts a JOIN credit_ledger l ON l.account_id = a.id GROUP BY a.id, a.credits`;
      const fromPg = await db.get(q);
      expect(fromPg).toEqual({ id: 1, credits: max, n: 2, total: 2 ** 39, positive: 1 });
      await lite.run("INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, ?, ?)", [
        "a",
        "pro",
        max,
        "t",
      ]);
      await lite.run(
        "INSERT INTO credit_ledger (account_id, delta, reason, balance_after, created_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)",
        [1, 2 ** 40, "grant", 2 ** 40, "t", 1, -(2 ** 39), "spend", 2 ** 39, "t"],
      );
      expect(await lite.get(q)).toEqual(fromPg);
      // Past 2^53 a number would be rounded: the value comes back exact, as a bigint.
      const big = 2n ** 60n + 1n;
      await db.run("UPDATE credit_ledger SET delta = ? WHERE id = ?", [big, 1]);
      expect(await db.get("SELECT delta FROM credit_ledger WHERE id = ?", [1])).toEqual({ delta: big });
      expect(await db.get("SELECT AVG(width) AS a FROM reference_images")).toEqual({ a: null });
      const flags = "SELECT ? AS yes, ? AS no, 2 > 1 AS cmp";
      expect(await db.get(flags, [true, false])).toEqual({ yes: 1, no: 0, cmp: 1 });
      expect(await lite.get(flags, [true, false])).toEqual({ yes: 1, no: 0, cmp: 1 });
      const bytes = new Uint8Array([0, 1, 254, 255]);
      const back = await db.get<{ b: Uint8Array }>("SELECT CAST(? AS BYTEA) AS b", [bytes]);
      expect(back?.b.constructor).toBe(Uint8Array);
      expect([...(back?.b ?? [])]).toEqual([...bytes]);
    } finally {
      await lite.close();
      await db.close();
    }
  });

  test("the outer driver used inside its own transaction is refused at once, and is usable after", async () => {
    const db = await fresh();
    try {
      const q = await db.transaction(() => db.get("SELECT 1 AS one")).catch((e: Error) => e);
      expect((q as Error).message).toMatch(/use the tx/);
      const t = await db.transaction(() => db.transaction(async () => 1)).catch((e: Error) => e);
      expect((t as Error).message).toMatch(/use the tx/);
      expect(await db.get("SELECT 1 AS one")).toEqual({ one: 1 });
      // A tx used after its transaction ended is refused by Bun.SQL itself.
      let kept: SqlDriver | undefined;
      await db.transaction(async (tx) => {
        kept = tx;
      });
      await expect(kept?.get("SELECT 1 AS one") ?? Promise.resolve()).rejects.toThrow();
    } finally {
      await db.close();
    }
  });

  test("PGDATABASE in the environment does not redirect the URL's database", async () => {
    const url = new URL(await pg.database());
    const saved = process.env.PGDATABASE;
    process.env.PGDATABASE = "postgres";
    try {
      const db = await openPostgres(url, { max: 1 });
      expect(await db.get("SELECT current_database() AS d")).toEqual({ d: url.pathname.slice(1) });
      await db.close();
    } finally {
      if (saved === undefined) delete process.env.PGDATABASE;
      else process.env.PGDATABASE = saved;
    }
  });

  test("ping answers ok on a live server; a server that is not there is EngineUnavailable saying where", async () => {
    const db = await fresh();
    const health = await db.ping();
    expect(health).toMatchObject({ engine: "postgres", ok: true });
    await db.close();
    const port = await freePort();
    const url = new URL(`postgres://packsmith:secret@127.0.0.1:${port}/nowhere`);
    const err = await openPostgres(url, { connectionTimeout: 5 }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect(err.message).toContain(`127.0.0.1:${port}`);
    expect(err.message).not.toContain("secret");
    const down = PostgresDriver.fromUrl(url, { connectionTimeout: 5 });
    const h = await down.ping(10_000);
    expect(h.ok).toBe(false);
    expect(h.error).toContain("unreachable");
    await down.close();
  });

  test("without named prepared statements (PgBouncer in transaction mode) the same queries work", async () => {
    const db = await openPostgres(new URL(await pg.database()), { max: 2, prepare: false });
    try {
      for (const name of ["a", "b", "c"])
        await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", [name, "pro", "t"]);
      expect(await db.get("SELECT COUNT(*) AS n FROM accounts WHERE name <> ?", ["a"])).toEqual({ n: 2 });
    } finally {
      await db.close();
    }
  });

  test("a server that goes away is EngineUnavailable, and the same driver works again once it is back", async () => {
    const db = await fresh();
    try {
      await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["before", "pro", "t"]);
      await pg.cluster().halt();
      const err = await db.get("SELECT COUNT(*) AS n FROM accounts").catch((e) => e);
      expect(err).toBeInstanceOf(EngineUnavailable);
      expect((await db.ping()).ok).toBe(false);
      await pg.cluster().resume();
      // No restart, no new driver: the pool reconnects.
      expect(await db.get("SELECT name FROM accounts")).toEqual({ name: "before" });
      expect((await db.ping()).ok).toBe(true);
    } finally {
      await db.close();
    }
  });

  test("a transaction stuck between statements is ended by the server and releases the transaction lock", async () => {
    const db = await pg.store({ max: 3, idleInTransactionMs: 300 });
    const stuck = await db
      .transaction(async (tx) => {
        await tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["stuck", "pro", "t"]);
        await Bun.sleep(3000);
      })
      .catch((e: Error) => e);
    expect(String(stuck)).toContain("waited between statements");
    // The lock it held is free: the next transaction runs, and the stuck one's row was never committed.
    await db.transaction((tx) =>
      tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["next", "pro", "t"]),
    );
    expect(await db.all("SELECT name FROM accounts")).toEqual([{ name: "next" }]);
  });

  test("a transaction with row locks does not wait for the transaction lock; one touching a locked row waits for it", async () => {
    const db = await pg.store({ max: 4 });
    await db.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["rows", "pro", "t"]);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const order: string[] = [];
    // A serialized transaction holds the transaction lock and one account row (its UPDATE) until released.
    const serialized = db.transaction(async (tx) => {
      await tx.run("UPDATE accounts SET credits = credits + 1 WHERE name = 'rows'");
      await held;
      order.push("serialized");
    });
    await Bun.sleep(100);
    // Another row: done while the serialized one is still open.
    await db.transaction(
      (tx) => tx.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["other", "pro", "t"]),
      { rowLocks: true },
    );
    order.push("other row");
    // The same row: its FOR UPDATE waits until the serialized transaction commits, then reads its write.
    const sameRow = db.transaction(
      async (tx) => {
        const r = await tx.get<{ credits: number }>("SELECT credits FROM accounts WHERE name = 'rows' FOR UPDATE");
        order.push("same row");
        return r?.credits;
      },
      { rowLocks: true },
    );
    await Bun.sleep(100);
    release();
    await serialized;
    expect(await sameRow).toBe(1);
    expect(order).toEqual(["other row", "serialized", "same row"]);
  });

  test("a database that does not exist is one clear error", async () => {
    const url = new URL(pg.cluster().url("no_such_db"));
    const err = await openPostgres(url).catch((e) => e);
    expect(err.message).toContain('database "no_such_db" does not exist');
  });
});

const dir = mkdtempSync(join(tmpdir(), "packsmith-pgtest-"));
process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
