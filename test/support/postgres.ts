/**
 * A throwaway PostgreSQL 15 cluster for tests: initdb into a temp folder, started on a free loopback port
 * with fsync off, one database per test file, stopped and deleted at the end (also when the run dies).
 * PostgreSQL refuses to run as root, so as root every step runs as the `postgres` user through runuser.
 * When the binaries are absent the suites skip and say how to install them (`pgMissing`).
 */
import { afterAll, beforeAll } from "bun:test";
import { existsSync, mkdtempSync, rmSync, chownSync, chmodSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { openPostgres, type PostgresDriver, type PostgresOptions } from "../../src/store/postgres-driver.ts";
import { freePort, shellQuote, spawnChecked, spawnResult, stopAtExit, waitUntil, watchdog } from "./engines.ts";

export const PG_BIN = process.env.PACKSMITH_TEST_PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export function pgMissing(): string | null {
  if (!existsSync(join(PG_BIN, "initdb")) || !existsSync(join(PG_BIN, "pg_ctl")))
    return `PostgreSQL 15 is not installed (no ${PG_BIN}/initdb): apt-get install -y postgresql`;
  if (isRoot() && !pgUser()) return "running as root but there is no postgres user to run the cluster as";
  return null;
}

const isRoot = () => process.getuid?.() === 0;
function pgUser(): { uid: number; gid: number } | null {
  const r = Bun.spawnSync(["id", "-u", "postgres"]);
  const g = Bun.spawnSync(["id", "-g", "postgres"]);
  if (r.exitCode !== 0 || g.exitCode !== 0) return null;
  return { uid: Number(r.stdout.toString()), gid: Number(g.stdout.toString()) };
}

/** The environment for PostgreSQL's tools and for clients: PG* variables from the caller's shell would
 * redirect them (PGDATABASE overrides a URL's database in Bun.SQL, PGHOST a socket path). */
export function cleanPgEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("PG")) env[k] = v;
  return env;
}

export interface PgCluster {
  readonly port: number;
  /** The temp folder holding its data, socket and log (deleted by stop). */
  readonly dir: string;
  /** A connection URL for one database of this cluster. */
  url(database: string): string;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server, keeping its data (an outage); `resume` starts it again on the same port. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
  /** Milliseconds from initdb to accepting connections. */
  readonly startedInMs: number;
}

const asPg = (argv: string[]) => (isRoot() ? ["runuser", "-u", "postgres", "--", ...argv] : argv);

export async function startPostgres(): Promise<PgCluster> {
  const missing = pgMissing();
  if (missing) throw new Error(missing);
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), "packsmith-pg-"));
  const data = join(dir, "data");
  const user = isRoot() ? pgUser() : null;
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  const env = { ...cleanPgEnv(), LC_ALL: "C.UTF-8", TZ: "UTC" };
  const stop = () => {
    Bun.spawnSync(asPg([join(PG_BIN, "pg_ctl"), "stop", "-D", data, "-m", "immediate", "-w", "-t", "30"]), { env });
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends without afterAll (a crash, ^C) must not leave a server behind; nor one killed outright.
  const unwatch = watchdog(
    `${asPg([join(PG_BIN, "pg_ctl"), "stop", "-D", data, "-m", "immediate", "-w", "-t", "30"])
      .map(shellQuote)
      .join(" ")} >/dev/null 2>&1; rm -rf ${shellQuote(dir)}`,
  );
  const unregister = stopAtExit(stop);
  const forget = () => {
    unwatch();
    unregister();
  };
  try {
    await spawnChecked(
      asPg([join(PG_BIN, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]),
      env,
      120_000,
    );
    let port = 0;
    const start = async () => {
      const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
      const argv = [join(PG_BIN, "pg_ctl"), "start", "-D", data, "-l", join(dir, "log"), "-w", "-t", "90", "-o", opts];
      const started = await spawnResult(asPg(argv), env, 120_000);
      const log =
        started.code === 0
          ? ""
          : await Bun.file(join(dir, "log"))
              .text()
              .catch(() => "");
      return { ...started, log };
    };
    // Another process can take the free port between the probe and postgres binding it: retry a few ports.
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      const started = await start();
      if (started.code === 0) break;
      if (attempt >= 3 || !/could not bind|Address already in use/.test(started.log))
        throw new Error(`pg_ctl start failed: ${started.output}${started.log.slice(-2000)}`);
    }
    const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
    await waitUntil("PostgreSQL to accept connections", 60_000, async () => {
      const r = Bun.spawnSync([join(PG_BIN, "pg_isready"), "-h", "127.0.0.1", "-p", String(port)], { env });
      return r.exitCode === 0;
    });
    const startedInMs = performance.now() - t0;
    return {
      port,
      dir,
      url,
      startedInMs,
      async createDatabase(name) {
        const { SQL } = await import("bun");
        const admin = new SQL({ url: url("postgres"), max: 1 });
        try {
          await admin.unsafe(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
        } finally {
          await admin.close();
        }
        return url(name);
      },
      async halt() {
        const r = await spawnResult(
          asPg([join(PG_BIN, "pg_ctl"), "stop", "-D", data, "-m", "fast", "-w", "-t", "60"]),
          env,
          90_000,
        );
        if (r.code !== 0) throw new Error(`pg_ctl stop failed: ${r.output}`);
      },
      async resume() {
        const r = await start();
        if (r.code !== 0) throw new Error(`pg_ctl start failed: ${r.output}${r.log.slice(-2000)}`);
      },
      async stop() {
        forget();
        stop();
      },
    };
  } catch (e) {
    forget();
    stop();
    throw e;
  }
}

/**
 * One cluster for the calling test file: started in beforeAll, stopped in afterAll. `database()` makes a fresh
 * database and answers its URL; `store()` a fresh database opened and migrated as the service opens it (closed
 * before the cluster stops).
 */
export function usePostgres(): {
  cluster: () => PgCluster;
  database: (name?: string) => Promise<string>;
  store: (options?: PostgresOptions) => Promise<PostgresDriver>;
} {
  let cluster: PgCluster | undefined;
  let n = 0;
  const opened: PostgresDriver[] = [];
  const live = () => {
    if (!cluster) throw new Error("the PostgreSQL cluster is not started");
    return cluster;
  };
  beforeAll(async () => {
    cluster = await startPostgres();
    console.log(`PostgreSQL cluster ready in ${Math.round(cluster.startedInMs)} ms`);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => {})));
    await cluster?.stop();
  }, 60_000);
  const database = (name?: string) => live().createDatabase(name ?? `t${++n}_${userInfo().uid}`);
  return {
    cluster: live,
    database,
    async store(options = { max: 4 }) {
      const db = await openPostgres(new URL(await database()), options);
      opened.push(db);
      return db;
    },
  };
}
