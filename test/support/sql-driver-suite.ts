/**
 * The SqlDriver contract (src/store/sql.ts), as one suite any engine runs: `describeSqlDriver(name, open)`.
 * `open` gives a fresh, empty database each time; the suite makes its own table. sqlite runs it in
 * test/store/sql-driver.test.ts; the PostgreSQL driver runs the same function against its own engine.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { type SqlDriver, UniqueViolation } from "../../src/store/sql.ts";

interface Row {
  id: number;
  name: string;
  n: number;
}

export function describeSqlDriver(name: string, open: () => Promise<SqlDriver>): void {
  describe(`SqlDriver contract: ${name}`, () => {
    let db: SqlDriver;
    const names = async (on: SqlDriver = db) =>
      (await on.all<{ name: string }>("SELECT name FROM items ORDER BY name")).map((r) => r.name);

    beforeEach(async () => {
      db = await open();
      await db.run("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER NOT NULL)");
    });
    afterEach(async () => {
      await db.close();
    });

    test("run reports changes; get answers one row or undefined; all answers every row in order", async () => {
      expect(await db.run("INSERT INTO items (id, name, n) VALUES (?, ?, ?)", [1, "a", 10])).toEqual({ changes: 1 });
      await db.run("INSERT INTO items (id, name, n) VALUES (?, ?, ?), (?, ?, ?)", [2, "b", 20, 3, "c", 30]);
      expect(await db.get<Row>("SELECT id, name, n FROM items WHERE name = ?", ["b"])).toEqual({
        id: 2,
        name: "b",
        n: 20,
      });
      expect(await db.get("SELECT id FROM items WHERE name = ?", ["nobody"])).toBeUndefined();
      expect(await db.all<Row>("SELECT id, name, n FROM items WHERE n > ? ORDER BY id", [15])).toEqual([
        { id: 2, name: "b", n: 20 },
        { id: 3, name: "c", n: 30 },
      ]);
      expect(await db.all("SELECT id FROM items WHERE n > ?", [1000])).toEqual([]);
      expect((await db.run("UPDATE items SET n = n + 1 WHERE n >= ?", [20])).changes).toBe(2);
      expect((await db.run("DELETE FROM items WHERE name = ?", ["nobody"])).changes).toBe(0);
      // A count is a plain number, whatever the engine's integer width.
      expect(await db.get("SELECT count(*) AS n FROM items")).toEqual({ n: 3 });
    });

    test("RETURNING gives the new row; ON CONFLICT DO NOTHING changes nothing", async () => {
      const row = await db.get<Row>("INSERT INTO items (name, n) VALUES (?, ?) RETURNING id, name, n", ["a", 1]);
      expect(row?.name).toBe("a");
      expect(Number.isInteger(row?.id)).toBe(true);
      const again = await db.run("INSERT INTO items (name, n) VALUES (?, ?) ON CONFLICT DO NOTHING", ["a", 2]);
      expect(again.changes).toBe(0);
      expect(await db.get("SELECT n FROM items WHERE name = ?", ["a"])).toEqual({ n: 1 });
    });

    test("a unique or primary-key violation is UniqueViolation, with the engine's error as its cause", async () => {
      await db.run("INSERT INTO items (id, name, n) VALUES (?, ?, ?)", [1, "a", 1]);
      const byName = await db.run("INSERT INTO items (id, name, n) VALUES (?, ?, ?)", [2, "a", 1]).catch((e) => e);
      expect(byName).toBeInstanceOf(UniqueViolation);
      expect((byName as UniqueViolation).cause).toBeInstanceOf(Error);
      expect((byName as UniqueViolation).constraint).toBeTruthy();
      const byKey = await db.run("INSERT INTO items (id, name, n) VALUES (?, ?, ?)", [1, "b", 1]).catch((e) => e);
      expect(byKey).toBeInstanceOf(UniqueViolation);
      // Other failures stay what they were.
      const other = await db.run("INSERT INTO items (id, name, n) VALUES (?, ?, ?)", [3, null, 1]).catch((e) => e);
      expect(other).toBeInstanceOf(Error);
      expect(other).not.toBeInstanceOf(UniqueViolation);
      expect(await names()).toEqual(["a"]);
    });

    test("a transaction commits what fn did and answers what fn returned", async () => {
      const out = await db.transaction(async (tx) => {
        await tx.run("INSERT INTO items (name, n) VALUES (?, ?)", ["a", 1]);
        await tx.run("INSERT INTO items (name, n) VALUES (?, ?)", ["b", 2]);
        return (await tx.get<{ n: number }>("SELECT count(*) AS n FROM items"))!.n;
      });
      expect(out).toBe(2);
      expect(await names()).toEqual(["a", "b"]);
    });

    test("a throw inside a transaction rolls all of it back and reaches the caller", async () => {
      await db.run("INSERT INTO items (name, n) VALUES (?, ?)", ["kept", 0]);
      const boom = new Error("boom");
      const caught = await db
        .transaction(async (tx) => {
          await tx.run("INSERT INTO items (name, n) VALUES (?, ?)", ["lost", 1]);
          await tx.run("UPDATE items SET n = 99 WHERE name = ?", ["kept"]);
          throw boom;
        })
        .catch((e) => e);
      expect(caught).toBe(boom);
      expect(await db.all("SELECT name, n FROM items")).toEqual([{ name: "kept", n: 0 }]);
      // A failed statement inside a transaction rolls it back too.
      const dup = await db
        .transaction(async (tx) => {
          await tx.run("INSERT INTO items (name, n) VALUES (?, ?)", ["lost", 1]);
          await tx.run("INSERT INTO items (name, n) VALUES (?, ?)", ["kept", 1]);
        })
        .catch((e) => e);
      expect(dup).toBeInstanceOf(UniqueViolation);
      expect(await names()).toEqual(["kept"]);
    });

    test("a nested transaction is a savepoint: its rollback keeps the outer work, its commit joins it", async () => {
      await db.transaction(async (tx) => {
        await tx.run("INSERT INTO items (name, n) VALUES (?, ?)", ["outer", 1]);
        const inner = await tx
          .transaction(async (sp) => {
            await sp.run("INSERT INTO items (name, n) VALUES (?, ?)", ["inner-lost", 2]);
            throw new Error("inner");
          })
          .catch((e: Error) => e.message);
        expect(inner).toBe("inner");
        expect(await names(tx)).toEqual(["outer"]);
        await tx.transaction(async (sp) => {
          await sp.run("INSERT INTO items (name, n) VALUES (?, ?)", ["inner-kept", 3]);
          // Two levels down, rolled back alone.
          await sp
            .transaction(async (deeper) => {
              await deeper.run("INSERT INTO items (name, n) VALUES (?, ?)", ["deeper-lost", 4]);
              throw new Error("deeper");
            })
            .catch(() => {});
        });
      });
      expect(await names()).toEqual(["inner-kept", "outer"]);
      // An outer rollback takes a committed savepoint's work with it.
      await db
        .transaction(async (tx) => {
          await tx.transaction(async (sp) => {
            await sp.run("INSERT INTO items (name, n) VALUES (?, ?)", ["gone", 5]);
          });
          throw new Error("outer");
        })
        .catch(() => {});
      expect(await names()).toEqual(["inner-kept", "outer"]);
    });

    test("a standalone query issued while a transaction is open is not part of it when it rolls back", async () => {
      let inside!: () => void;
      const opened = new Promise<void>((r) => {
        inside = r;
      });
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      const tx = db
        .transaction(async (t) => {
          await t.run("INSERT INTO items (name, n) VALUES (?, ?)", ["in-tx", 1]);
          inside();
          await held;
          throw new Error("roll back");
        })
        .catch((e: Error) => e.message);
      await opened;
      // Issued while the transaction is open and waiting: it must neither join it nor see its row.
      const outside = db.run("INSERT INTO items (name, n) VALUES (?, ?)", ["outside", 2]);
      const seen = db.all<{ name: string }>("SELECT name FROM items ORDER BY name");
      await Bun.sleep(20);
      release();
      expect(await tx).toBe("roll back");
      expect((await outside).changes).toBe(1);
      expect((await seen).map((r) => r.name)).not.toContain("in-tx");
      expect(await names()).toEqual(["outside"]);
    });

    test("concurrent transactions serialize: each read-then-write sees the one before it", async () => {
      await db.run("INSERT INTO items (name, n) VALUES (?, ?)", ["counter", 0]);
      const bump = () =>
        db.transaction(async (tx) => {
          const { n } = (await tx.get<{ n: number }>("SELECT n FROM items WHERE name = ?", ["counter"]))!;
          // A turn of the event loop between the read and the write: another transaction must not slip in.
          await new Promise((r) => setTimeout(r, 1));
          await tx.run("UPDATE items SET n = ? WHERE name = ?", [n + 1, "counter"]);
          return n;
        });
      const seen = await Promise.all(Array.from({ length: 20 }, bump));
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(await db.get("SELECT n FROM items WHERE name = ?", ["counter"])).toEqual({ n: 20 });
    });

    test("a transaction's tx cannot be used once it has ended", async () => {
      let kept: SqlDriver | null = null;
      await db.transaction(async (tx) => {
        kept = tx;
      });
      await expect(kept!.run("INSERT INTO items (name, n) VALUES (?, ?)", ["late", 1])).rejects.toThrow();
      expect(await names()).toEqual([]);
    });
  });
}
