/**
 * The engines a test server runs on. `sqlite` (the default) is the data folder's sqlite file and blob folder;
 * `postgres` is a throwaway PostgreSQL 15 cluster plus a throwaway Swift (S3 API), started once per test
 * process on first use and stopped when it exits (test/support/postgres.ts, swift.ts). Each server gets a
 * database and a bucket of its own unless a test asks two servers to share them (several API processes).
 *
 * PACKSMITH_TEST_ENGINES=postgres makes every startTestServer() run on PostgreSQL + Swift; test/api/engines.test.ts
 * runs its behaviours on both pairs in one run regardless.
 */
import { userInfo } from "node:os";
import { pgMissing, startPostgres, type PgCluster } from "./postgres.ts";
import { startSwift, swiftMissing, type SwiftS3 } from "./swift.ts";

export type EnginePair = "sqlite" | "postgres";

export const ENGINES_UNDER_TEST: EnginePair = process.env.PACKSMITH_TEST_ENGINES === "postgres" ? "postgres" : "sqlite";

/** Why the PostgreSQL + Swift pair cannot run here (with the install command), or null when it can. */
export function pairMissing(pair: EnginePair): string | null {
  if (pair === "sqlite") return null;
  return pgMissing() ?? swiftMissing();
}

let shared: Promise<{ pg: PgCluster; swift: SwiftS3 }> | undefined;
let made = 0;

/** The process's one cluster and one Swift (their harnesses stop them at exit however the process ends). */
export function sharedEngines(): Promise<{ pg: PgCluster; swift: SwiftS3 }> {
  shared ??= (async () => {
    const [pg, swift] = await Promise.all([startPostgres(), startSwiftRetrying()]);
    // The in-process server's S3 client reads its endpoint and keys from these, as a deployed one would.
    Object.assign(process.env, swift.env());
    return { pg, swift };
  })();
  return shared;
}

/** Stops the shared cluster and Swift (a test file's afterAll); the next sharedEngines() starts new ones. */
export async function stopSharedEngines(): Promise<void> {
  const running = shared;
  shared = undefined;
  if (!running) return;
  const { pg, swift } = await running.catch(() => ({ pg: undefined, swift: undefined }));
  await Promise.all([pg?.stop(), swift?.stop()]);
}

async function startSwiftRetrying(): Promise<SwiftS3> {
  // One more try when a server exited at start (a port picked free can be taken before a slow server binds it).
  return startSwift().catch((e) => {
    if (e instanceof Error && e.message.startsWith("timed out")) throw e;
    return startSwift();
  });
}

/** Settings for a server on `pair`: a fresh database and bucket (none for sqlite, whose data folder is fresh). */
export async function engineSettings(pair: EnginePair): Promise<Record<string, string>> {
  if (pair === "sqlite") return {};
  const { pg, swift } = await sharedEngines();
  const n = ++made;
  const database = await pg.createDatabase(`s${n}_${process.pid}_${userInfo().uid}`);
  const bucket = await swift.createBucket(`packsmith-${process.pid}-${n}`);
  return { database, blobs: `s3://${bucket}/blobs` };
}
