/**
 * State every process of an install shares: the per-key rate budgets (in memory on sqlite, counted in
 * PostgreSQL across processes) and the download-link signing secret (in the database on both engines). Two
 * drivers on one database stand for two API processes (each its own pool and change watch).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiError } from "../../src/core/errors.ts";
import { slotMsFor, spendShared, sweepShared } from "../../src/core/rate-budgets.ts";
import { signPath } from "../../src/core/signed-urls.ts";
import { MemoryRateLimiter, type RateLimiter, rateLimiterFor, SharedRateLimiter } from "../../src/http/rate-limit.ts";
import { openPostgres, PostgresDriver } from "../../src/store/postgres-driver.ts";
import { signingSecret } from "../../src/store/secrets.ts";
import { openSqlite } from "../../src/store/sqlite-driver.ts";
import { pgMissing, usePostgres } from "../support/postgres.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "packsmith-shared-"));
  dirs.push(d);
  return d;
};

const refusal = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected rate_limited");
};

const WINDOW = 60_000;
const missing = pgMissing();
const T0 = 1_800_000_000_000; // a whole second, and a whole sub-window of the 60 s window

/**
 * The budget rules both limiters keep, with the clock given (`now`), so nothing here waits. One request per
 * sub-window, so the shared count is exact here too (its error is in a busy sub-window: tested below).
 */
function budgetRules(name: string, make: () => Promise<RateLimiter>) {
  describe(name, () => {
    test("at the bound and past it: 5 of 5 pass, the 6th is rate_limited with Retry-After; the window frees them", async () => {
      const l = await make();
      const b = `read:${name}:${crypto.randomUUID()}`;
      for (let i = 0; i < 5; i++) await l.take(b, 5, "read", T0 + i * 1000);
      expect(await l.remaining(b, 5, T0 + 5000)).toBe(0);
      const e = await refusal(l.take(b, 5, "read", T0 + 5000));
      expect(e.errorCode).toBe("rate_limited");
      expect(e.message).toContain("read budget of 5 per 60 s is spent; retry in 55 s");
      expect(e.headers?.["retry-after"]).toBe("55");
      expect(l.headers(b, 5, T0 + 5000)["ratelimit-reset"]).toBe("55");
      const h = l.headers(b, 5, T0 + 5000);
      expect(h["ratelimit-remaining"]).toBe("0");
      expect(h["ratelimit-policy"]).toBe("5;w=60");
      // The refusal counted nothing: once the first request has left the window, exactly one more passes.
      const later = T0 + WINDOW;
      expect(await l.remaining(b, 5, later - 1)).toBe(0);
      expect(await l.remaining(b, 5, later)).toBe(1);
      await l.take(b, 5, "read", later);
      expect((await refusal(l.take(b, 5, "read", later))).errorCode).toBe("rate_limited");
    });

    test("a spend of several is all or none; cost 0 only reads", async () => {
      const l = await make();
      const b = `write:${name}:${crypto.randomUUID()}`;
      expect((await l.spend(b, 3, 4, T0)).ok).toBe(true);
      const refused = await l.spend(b, 2, 4, T0);
      expect(refused).toMatchObject({ ok: false, used: 3 });
      expect((await l.spend(b, 0, 4, T0)).used).toBe(3);
      expect((await l.spend(b, 1, 4, T0)).ok).toBe(true);
      expect(await l.remaining(b, 4, T0)).toBe(0);
    });

    test("buckets are apart: one key's spent budget leaves another's whole", async () => {
      const l = await make();
      const a = `read:${name}:${crypto.randomUUID()}`;
      const other = `read:${name}:${crypto.randomUUID()}`;
      for (let i = 0; i < 3; i++) await l.take(a, 3, "read", T0);
      expect(await l.remaining(other, 3, T0)).toBe(3);
    });
  });
}

budgetRules("in memory (sqlite: one server per folder)", async () => new MemoryRateLimiter(WINDOW));

test("sqlite counts in memory (one server holds the folder), PostgreSQL in the database", async () => {
  const lite = openSqlite(join(tempDir(), "packsmith.sqlite"));
  try {
    expect(rateLimiterFor(lite, WINDOW)).toBeInstanceOf(MemoryRateLimiter);
  } finally {
    await lite.close();
  }
  // A pool connects lazily: choosing the limiter needs no server.
  const pgDriver = PostgresDriver.fromUrl(new URL("postgres://nobody@127.0.0.1:1/none"));
  expect(rateLimiterFor(pgDriver, WINDOW)).toBeInstanceOf(SharedRateLimiter);
  await pgDriver.close();
});

describe.skipIf(!!missing)(`PostgreSQL: shared across processes${missing ? ` (skipped: ${missing})` : ""}`, () => {
  const pg = usePostgres();
  let url: URL;
  const open = async () => {
    url ??= new URL(await pg.database());
    return openPostgres(url, { max: 4 });
  };
  const opened: Awaited<ReturnType<typeof open>>[] = [];
  const driver = async () => {
    const db = await open();
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });

  budgetRules("the shared limiter", async () => new SharedRateLimiter(await driver(), WINDOW));

  test("two processes spending one key's budget at once: exactly the budget passes, the rest is refused", async () => {
    const a = new SharedRateLimiter(await driver(), WINDOW);
    const b = new SharedRateLimiter(await driver(), WINDOW);
    const bucket = `write:race:${crypto.randomUUID()}`;
    const tries = Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? a : b).take(bucket, 30, "write").then(
        () => true,
        (e) => {
          if (e instanceof ApiError && e.errorCode === "rate_limited") return false;
          throw e;
        },
      ),
    );
    const passed = (await Promise.all(tries)).filter(Boolean).length;
    expect(passed).toBe(30);
    expect(await a.remaining(bucket, 30)).toBe(0);
    expect(await b.remaining(bucket, 30)).toBe(0);
    const e = await refusal(b.take(bucket, 30, "write"));
    const wait = Number(e.headers?.["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  test("a busy sub-window counts until a window after its latest request: strict, at most one sub-window late", async () => {
    const l = new SharedRateLimiter(await driver(), WINDOW);
    const bucket = `read:edge:${crypto.randomUUID()}`;
    const slot = slotMsFor(WINDOW);
    // Two requests in one sub-window: its first and its last millisecond.
    await l.take(bucket, 2, "read", T0);
    await l.take(bucket, 2, "read", T0 + slot - 1);
    // An exact window would give the first back at T0 + WINDOW; the shared count keeps both until a window
    // after the later one (never more than the budget in any window) ...
    expect(await l.remaining(bucket, 2, T0 + WINDOW)).toBe(0);
    const e = await refusal(l.take(bucket, 2, "read", T0 + WINDOW));
    expect(e.headers["retry-after"]).toBe(String(Math.ceil((slot - 1) / 1000)));
    expect(await l.remaining(bucket, 2, T0 + slot - 1 + WINDOW - 1)).toBe(0);
    // ... and frees both then: one sub-window late at most.
    expect(await l.remaining(bucket, 2, T0 + slot - 1 + WINDOW)).toBe(2);
  });

  test("the sweep deletes sub-windows every window has left; the counter never moves the read cache's token", async () => {
    const a = await driver();
    const b = await driver();
    const l = new SharedRateLimiter(a, WINDOW);
    const bucket = `read:sweep:${crypto.randomUUID()}`;
    await l.take(bucket, 10, "read"); // its first spend starts a sweep: let it finish first
    await Bun.sleep(200);
    await spendShared(a, bucket, 1, 10, WINDOW, Date.now() - 3 * WINDOW);
    const tokenA = a.changeToken!();
    const tokenB = b.changeToken!();
    expect(await sweepShared(a, WINDOW)).toBeGreaterThanOrEqual(1);
    const left = await a.all<{ slot_ms: number }>("SELECT slot_ms FROM rate_slots WHERE bucket = ?", [bucket]);
    expect(left).toHaveLength(1);
    await l.take(bucket, 10, "read");
    // Notifications arrive within milliseconds: none came for the counter's rows.
    await Bun.sleep(300);
    expect(a.changeToken!()).toBe(tokenA);
    expect(b.changeToken!()).toBe(tokenB);
  });

  test("the signing secret: processes starting at once agree on one, made once", async () => {
    const fresh = new URL(await pg.database());
    const racers = await Promise.all([1, 2, 3].map(() => openPostgres(fresh, { max: 2 })));
    opened.push(...racers);
    const secrets = await Promise.all(racers.map((db) => signingSecret(db, tempDir())));
    expect(secrets[0].length).toBe(32);
    for (const s of secrets) expect(s.equals(secrets[0])).toBe(true);
    expect(await racers[0].all("SELECT name FROM secrets")).toEqual([{ name: "signing" }]);
    // A link signed by one process is the same link on another.
    const paths = await Promise.all(racers.map((db) => signPath(db, tempDir(), "/v1/packs/p/export", "k1", 60, T0)));
    expect(new Set(paths).size).toBe(1);
  });
});

describe("the signing secret on sqlite", () => {
  test("an existing data folder's signing.key is adopted, so links handed out before the upgrade stay valid", async () => {
    const dir = tempDir();
    const key = randomBytes(32).toString("hex");
    writeFileSync(join(dir, "signing.key"), key, { mode: 0o600 });
    const db = openSqlite(join(dir, "packsmith.sqlite"));
    try {
      const path = "/v1/packs/p/export";
      const expires = Math.floor(T0 / 1000) + 60;
      // How the link was signed before the secret moved into the database.
      const before = createHmac("sha256", Buffer.from(key, "hex"))
        .update(`${path}\nk1\n${expires}`)
        .digest("base64url");
      expect(await signPath(db, dir, path, "k1", 60, T0)).toBe(`${path}?token=k1.${expires}.${before}`);
      expect(await db.get("SELECT value FROM secrets WHERE name = 'signing'")).toEqual({ value: key });
    } finally {
      await db.close();
    }
  });

  test("a new folder makes a secret of 32 random bytes once, and keeps it across opens", async () => {
    const dir = tempDir();
    const first = openSqlite(join(dir, "packsmith.sqlite"));
    const made = await signingSecret(first, dir);
    await first.close();
    const again = openSqlite(join(dir, "packsmith.sqlite"));
    try {
      expect(made.length).toBe(32);
      expect((await signingSecret(again, dir)).equals(made)).toBe(true);
    } finally {
      await again.close();
    }
  });
});
