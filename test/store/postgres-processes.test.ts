/**
 * PostgreSQL with several processes on one database (each driver its own pool, as each process has): migrations
 * applied once, a newer schema refused, sqlite's schema kept, job claims, serialized transactions and the read
 * cache's change token.
 */
import { describe, expect, test } from "bun:test";
import { NewerSchema, openSqlite } from "../../src/store/db.ts";
import { openPostgres, PostgresDriver } from "../../src/store/postgres-driver.ts";
import { PG_MIGRATIONS, PG_ONLY } from "../../src/store/postgres-migrations.ts";
import { claimJobs } from "../../src/core/leases.ts";
import { pgMissing, usePostgres } from "../support/postgres.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const missing = pgMissing();
if (missing) console.warn(`PostgreSQL process tests skipped: ${missing}`);

describe.skipIf(!!missing)("PostgreSQL, several processes", () => {
  const pg = usePostgres();
  const fresh = () => pg.store();

  test("three drivers (three pools, as three processes have) opening one fresh database at once apply each migration exactly once", async () => {
    const url = new URL(await pg.database());
    const dbs = await Promise.all([1, 2, 3].map(() => openPostgres(url, { max: 2 })));
    try {
      const rows = await dbs[0].all<{ version: number }>("SELECT version FROM schema_version ORDER BY version");
      expect(rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((m) => m.version));
      // Every driver sees the same, complete schema.
      for (const db of dbs) expect(await db.get("SELECT COUNT(*) AS n FROM accounts")).toEqual({ n: 0 });
      // Opening again applies nothing.
      const again = await openPostgres(url, { max: 1 });
      expect(await again.all("SELECT version FROM schema_version")).toHaveLength(PG_MIGRATIONS.length);
      await again.close();
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
    }
  });

  test("four drivers claiming jobs with FOR UPDATE SKIP LOCKED in transactions never take the same one", async () => {
    const url = new URL(await pg.database());
    const setup = await openPostgres(url, { max: 1 });
    const drivers = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, { max: 2 })));
    try {
      await setup.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["a", "pro", "t"]);
      await setup.run(
        "INSERT INTO packs (slug, name, minecraft_version, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        ["p", "p", "1.21.11", 1, "t", "t"],
      );
      // 120 assets waiting, as generations are.
      for (let i = 0; i < 120; i += 40)
        await setup.run(
          `INSERT INTO assets (pack_id, kind, name, type, status, source, created_at, updated_at, touched_at)
           SELECT 1, 'texture', 'a' || g, 'item', 'generating', 'generated', 't', 't', g FROM generate_series(?, ?) g`,
          [i, i + 39],
        );
      const claimed: number[][] = drivers.map(() => []);
      await Promise.all(
        drivers.map(async (db, w) => {
          for (;;) {
            const id = await db.transaction(async (tx) => {
              const row = await tx.get<{ id: number }>(
                "SELECT id FROM assets WHERE status = 'generating' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
              );
              if (!row) return null;
              await tx.run("UPDATE assets SET status = 'ready', charged_to = ? WHERE id = ?", [w, row.id]);
              return row.id;
            });
            if (id === null) return;
            claimed[w].push(id);
          }
        }),
      );
      const all = claimed.flat();
      expect(all).toHaveLength(120);
      expect(new Set(all).size).toBe(120);
      expect(await setup.get("SELECT COUNT(*) AS n FROM assets WHERE status = 'ready'")).toEqual({ n: 120 });
    } finally {
      await Promise.all([setup, ...drivers].map((d) => d.close()));
    }
  });

  test("transactions are serialized across pools (processes): read-then-write never loses an update", async () => {
    const url = new URL(await pg.database());
    const a = await openPostgres(url, { max: 3 });
    const b = await openPostgres(url, { max: 3 });
    try {
      await a.run("INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, ?, ?)", ["c", "pro", 0, "t"]);
      const bump = (db: PostgresDriver) =>
        db.transaction(async (tx) => {
          const row = await tx.get<{ credits: number }>("SELECT credits FROM accounts WHERE name = ?", ["c"]);
          await Bun.sleep(1); // another transaction would slip in here under READ COMMITTED alone
          await tx.run("UPDATE accounts SET credits = ? WHERE name = ?", [(row?.credits ?? 0) + 1, "c"]);
        });
      await Promise.all(Array.from({ length: 24 }, (_, i) => bump(i % 2 ? a : b)));
      expect(await a.get("SELECT credits FROM accounts WHERE name = ?", ["c"])).toEqual({ credits: 24 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("the change token moves on this process's writes at once and on another's commits, never on a rollback", async () => {
    const url = new URL(await pg.database());
    const a = await openPostgres(url, { max: 2 });
    const b = await openPostgres(url, { max: 2 });
    const moved = async (db: PostgresDriver, from: string) => {
      const deadline = Date.now() + 20_000;
      while (db.changeToken() === from && Date.now() < deadline) await Bun.sleep(10);
      return db.changeToken() !== from;
    };
    try {
      // The token is "<this process's commits>:<notifications seen>".
      const seen = (db: PostgresDriver) => Number(db.changeToken().split(":")[1]);
      const a0 = a.changeToken();
      const b0 = b.changeToken();
      await a.run("INSERT INTO accounts (name, plan, created_at) VALUES (?, ?, ?)", ["x", "pro", "t"]);
      expect(a.changeToken()).not.toBe(a0); // its own write: at once, not when the notification comes back
      expect(await moved(b, b0)).toBe(true);
      // A read changes nothing.
      const b1 = b.changeToken();
      await b.get("SELECT COUNT(*) AS n FROM accounts");
      expect(b.changeToken()).toBe(b1);
      // A rolled-back transaction notifies no one; a committed one of two statements notifies once.
      await a
        .transaction(async (tx) => {
          await tx.run("UPDATE accounts SET credits = 5 WHERE name = ?", ["x"]);
          throw new Error("no");
        })
        .catch(() => {});
      await a.transaction(async (tx) => {
        await tx.run("UPDATE accounts SET credits = 6 WHERE name = ?", ["x"]);
        await tx.run("UPDATE accounts SET credits = 7 WHERE name = ?", ["x"]);
      });
      expect(await moved(b, b1)).toBe(true);
      expect(seen(b) - Number(b1.split(":")[1])).toBe(1);
      expect(await b.get("SELECT credits FROM accounts WHERE name = ?", ["x"])).toEqual({ credits: 7 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("an announced event reaches the other processes, not its sender, and empties no read cache; an idle claim that peeks notifies no one", async () => {
    const url = new URL(await pg.database());
    const a = await openPostgres(url, { max: 2 });
    const b = await openPostgres(url, { max: 2 });
    const got = { a: [] as string[], b: [] as string[] };
    a.onAnnounced((e) => got.a.push(e));
    b.onAnnounced((e) => got.b.push(e));
    /** Announces a marker from a and waits for b to see it: everything committed before it has reached b too. */
    let markers = 0;
    const settled = async () => {
      const marker = `marker:${++markers}`;
      await a.announce(marker);
      const deadline = Date.now() + 20_000;
      while (!got.b.includes(marker) && Date.now() < deadline) await Bun.sleep(10);
      expect(got.b).toContain(marker);
    };
    const seen = () => Number(b.changeToken().split(":")[1]);
    try {
      await a.announce("job:7");
      await settled();
      expect(got.b).toEqual(["job:7", "marker:1"]);
      expect(got.a).toEqual([]); // its own: dispatched locally by the caller, not a second time
      // An announcement changes no data: b's read cache keeps its answers (the token did not move for it).
      const first = seen();
      await settled();
      expect(seen()).toBe(first);
      // Nothing claimable: a claim that peeks first writes nothing, so b's token stays where it was.
      for (let i = 0; i < 3; i++) expect(await claimJobs(a, "idle", 60_000, 1, { peek: true })).toEqual([]);
      await settled();
      expect(seen()).toBe(first);
      // Without the peek the UPDATE matches nothing and still tells every read cache that something changed.
      expect(await claimJobs(a, "idle", 60_000, 1)).toEqual([]);
      await settled();
      expect(seen()).toBe(first + 1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("a driver not (yet) watching changes answers a new token every time, so nothing is cached", async () => {
    const db = PostgresDriver.fromUrl(new URL(await pg.database()), { max: 1 });
    try {
      expect(db.changeToken()).not.toBe(db.changeToken());
    } finally {
      await db.close();
    }
  });

  test("a database migrated by a newer build is refused with NewerSchema and left as it was", async () => {
    const url = new URL(await pg.database());
    const db = await openPostgres(url, { max: 1 });
    const next = PG_MIGRATIONS[PG_MIGRATIONS.length - 1].version + 1;
    await db.run("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", [next, "later"]);
    await db.close();
    const err = await openPostgres(url, { max: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(NewerSchema);
    expect(err.message).toContain(`schema ${next}`);
    const look = await PostgresDriver.connect(url, { max: 1 });
    expect(await look.get("SELECT MAX(version) AS v FROM schema_version")).toEqual({ v: next });
    await look.close();
  });

  test("its schema has sqlite's tables, columns and NOT NULLs (and only the PostgreSQL-only ones besides)", async () => {
    const db = await fresh();
    const lite = openSqlite(join(dir, "schema.db"));
    try {
      const pgCols = await db.all<{ t: string; c: string; nullable: string }>(
        `SELECT table_name AS t, column_name AS c, is_nullable AS nullable FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> 'schema_version'`,
      );
      const liteTables = await lite.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      const liteCols: { t: string; c: string; nullable: string }[] = [];
      for (const { name } of liteTables)
        for (const c of await lite.all<{ name: string; notnull: number; pk: number }>(`PRAGMA table_info(${name})`))
          liteCols.push({ t: name, c: c.name, nullable: c.notnull || c.pk ? "NO" : "YES" });
      const sort = (rows: { t: string; c: string; nullable: string }[]) =>
        rows.map((r) => `${r.t}.${r.c} ${r.nullable}`).sort();
      expect(sort(pgCols.filter((r) => !PG_ONLY.tables.includes(r.t)))).toEqual(sort(liteCols));
      const pgIndexes = await db.all<{ name: string }>(
        "SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'",
      );
      const liteIndexes = await lite.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
      );
      expect(
        pgIndexes
          .map((i) => i.name)
          .filter((n) => !PG_ONLY.indexes.includes(n))
          .sort(),
      ).toEqual(liteIndexes.map((i) => i.name).sort());
    } finally {
      await lite.close();
      await db.close();
    }
  });
});

const dir = mkdtempSync(join(tmpdir(), "packsmith-pgtest-"));
process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
