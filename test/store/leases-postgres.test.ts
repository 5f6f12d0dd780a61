import { describe, test } from "bun:test";
import { pgMissing, usePostgres } from "../support/postgres.ts";
import { leaseSuite } from "../support/lease-suite.ts";

/** The lease rules on PostgreSQL: claims through FOR UPDATE SKIP LOCKED, fencing, takeover, release. */
const missing = pgMissing();
if (missing) describe.skip(`PostgreSQL leases (${missing})`, () => test("skipped", () => {}));
else {
  const pg = usePostgres();
  leaseSuite("postgres", () => pg.store({ max: 8 }));
}
