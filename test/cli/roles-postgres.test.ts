import { describe } from "bun:test";
import { userInfo } from "node:os";
import { SETTING_FLAGS } from "../../src/config.ts";
import { openPostgres } from "../../src/store/postgres-driver.ts";
import { pgMissing, usePostgres } from "../support/postgres.ts";
import { swiftMissing, useSwift } from "../support/swift.ts";
import { rolesSuite } from "../support/roles-suite.ts";
import { rolesRunsSuite } from "../support/roles-runs-suite.ts";

/**
 * Roles end to end on PostgreSQL 15 + S3 (Swift): two API processes with --workers 0 (no folder lock on
 * PostgreSQL), jobs accepted on one and polled on the other, one API process killed, two workers, one database
 * and one bucket. It needs the processes to take --database/--blobs: until they do, it says so and skips.
 */
const wired = (SETTING_FLAGS as readonly string[]).includes("database");
const missing = wired ? (pgMissing() ?? swiftMissing()) : "serve and worker do not take --database/--blobs yet";
describe.skipIf(missing !== null)(`roles on PostgreSQL + Swift${missing ? ` (skipped: ${missing})` : ""}`, () => {
  const pg = usePostgres();
  const swift = useSwift();
  let n = 0;
  const store = async (dir: string) => {
    const database = await pg.database(`roles_${++n}_${userInfo().uid}`);
    const bucket = await swift().createBucket(`packsmith-roles-${process.pid}-${n}`);
    // The child processes' S3 client reads its endpoint and keys from these, as a deployed one would.
    Object.assign(process.env, swift().env());
    return {
      flags: ["--data", dir, "--database", database, "--blobs", `s3://${bucket}/blobs`],
      open: () => openPostgres(new URL(database), { max: 2 }),
    };
  };
  rolesSuite("postgres + s3", 2, store);
  // A job finished by a worker process is announced (NOTIFY): the API process's wait_for_job wakes at once.
  rolesRunsSuite("postgres + s3", true, store);
});
