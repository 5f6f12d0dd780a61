/**
 * What the PostgreSQL driver costs, each number beside its baseline from the same run, on a throwaway cluster
 * (test/support/postgres.ts, fsync off: this measures the driver and the round trips, not a disk):
 *
 * - a point read by primary key through the driver, against Bun.SQL called directly (the driver's own share:
 *   placeholder rewrite and value conversion) and against the sqlite driver (the embedded default, in process);
 * - a one-row insert in a transaction, serialized (the default: one advisory lock per transaction) against
 *   unserialized, with 1 and 8 transactions in flight.
 *
 * Run once: bun bench/store-engines.ts [reads] [transactions]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlite } from "../src/store/db.ts";
import { openPostgres } from "../src/store/postgres-driver.ts";
import { pgMissing, startPostgres } from "../test/support/postgres.ts";
import { perSecond } from "./support/per-second.ts";

const READS = Number(process.argv[2] ?? 5000);
const TXS = Number(process.argv[3] ?? 1000);
const missing = pgMissing();
if (missing) {
  console.error(missing);
  process.exit(2);
}

const cluster = await startPostgres();
const dir = mkdtempSync(join(tmpdir(), "packsmith-bench-engines-"));
try {
  console.log(`cluster ready in ${Math.round(cluster.startedInMs)} ms`);
  const url = new URL(await cluster.createDatabase("bench"));
  const pg = await openPostgres(url, { max: 8 });
  const loose = await openPostgres(url, { max: 8, serializeTransactions: false });
  const lite = openSqlite(join(dir, "bench.sqlite"));
  const seed = "INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, ?, ?)";
  for (let i = 0; i < 100; i++) {
    await pg.run(seed, [`a${i}`, "pro", i, "t"]);
    await lite.run(seed, [`a${i}`, "pro", i, "t"]);
  }
  const { SQL } = await import("bun");
  const raw = new SQL({ url: url.href, max: 1 });

  const read = "SELECT id, name, credits FROM accounts WHERE id = ?";
  const rows: [string, number, string][] = [];
  const driverReads = await perSecond(READS, 1, (i) => pg.get(read, [(i % 100) + 1]));
  const rawReads = await perSecond(
    READS,
    1,
    (i) => raw`SELECT id, name, credits FROM accounts WHERE id = ${(i % 100) + 1}`,
  );
  const liteReads = await perSecond(READS, 1, (i) => lite.get(read, [(i % 100) + 1]));
  rows.push([
    "point read, driver",
    driverReads,
    `${(driverReads / rawReads).toFixed(2)}x Bun.SQL direct (${Math.round(rawReads)}/s), ${(driverReads / liteReads).toFixed(3)}x the sqlite driver (${Math.round(liteReads)}/s)`,
  ]);

  let n = 0;
  const insertTx = (db: typeof pg) => () => db.transaction((tx) => tx.run(seed, [`t${n++}`, "pro", 0, "t"]));
  for (const inFlight of [1, 8]) {
    const serial = await perSecond(TXS, inFlight, insertTx(pg));
    const free = await perSecond(TXS, inFlight, insertTx(loose));
    rows.push([
      `insert transaction, ${inFlight} in flight, serialized`,
      serial,
      `${(serial / free).toFixed(2)}x unserialized (${Math.round(free)}/s)`,
    ]);
  }
  for (const [what, rate, against] of rows)
    console.log(`${what.padEnd(44)} ${String(Math.round(rate)).padStart(7)}/s  ${against}`);
  await raw.close();
  await pg.close();
  await loose.close();
  await lite.close();
} finally {
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
