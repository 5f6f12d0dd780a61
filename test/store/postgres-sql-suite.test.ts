/** The SqlDriver contract (test/support/sql-driver-suite.ts), the suite sqlite runs, on a real PostgreSQL 15. */
import { describe } from "bun:test";
import { describeSqlDriver } from "../support/sql-driver-suite.ts";
import { pgMissing, usePostgres } from "../support/postgres.ts";

const missing = pgMissing();
if (missing) console.warn(`SqlDriver suite on PostgreSQL skipped: ${missing}`);

describe.skipIf(!!missing)("PostgreSQL", () => {
  const pg = usePostgres();
  // A fresh database per test, migrated as the service's is: the suite's table sits beside the schema.
  describeSqlDriver("postgres", () => pg.store({ max: 4 }));
});
