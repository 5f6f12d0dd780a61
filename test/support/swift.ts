/**
 * A throwaway S3 server for tests: OpenStack Swift from Debian (account, container and object servers and a
 * proxy with the s3api and tempauth middlewares, and memcached, which tempauth keeps its tokens in), on loopback
 * ports, storing into a temp folder whose rings are built there too. Swift speaks SigV4 as AWS does, so
 * Bun.S3Client talks to it exactly as it would to S3. Debian's packages start no service by themselves: this
 * starts each server, polls until it answers, makes the bucket and stops everything (always) at the end.
 */
import { afterAll, beforeAll } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort, shellQuote, spawnChecked, stopAtExit, waitUntil, watchdog } from "./engines.ts";

/** Debian's Python, which has the swift modules (a python3 earlier on PATH, pyenv's say, has not). */
const PYTHON = "/usr/bin/python3";
const SERVERS = ["swift-account-server", "swift-container-server", "swift-object-server", "swift-proxy-server"];
/** Proxy middlewares used with no settings of their own (s3api, tempauth and cache are configured inline). */
const PLAIN_FILTERS = [
  "catch_errors",
  "gatekeeper",
  "healthcheck",
  "proxy-logging",
  "listing_formats",
  "copy",
  "slo",
  "dlo",
];
/** tempauth's account and user: S3 access key `test:tester`, secret `testing`. */
export const SWIFT_ACCESS_KEY = "test:tester";
export const SWIFT_SECRET = "testing";

/** Why the Swift tests cannot run here, or null when they can. */
export function swiftMissing(): string | null {
  const need = [...SERVERS, "memcached"].filter((c) => !Bun.which(c));
  if (need.length || !existsSync("/etc/swift/swift.conf") || !existsSync(PYTHON))
    return `OpenStack Swift is not installed (${need.join(", ") || "/etc/swift/swift.conf"} missing): apt-get install -y swift swift-proxy swift-account swift-container swift-object memcached`;
  return null;
}

export interface SwiftS3 {
  /** S3 endpoint, http://127.0.0.1:PORT */
  readonly endpoint: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  /** Milliseconds from the first process to a ready proxy. */
  readonly startedInMs: number;
  /** Creates a bucket (S3 clients cannot; Swift's own API can) and answers its name. */
  createBucket(name: string): Promise<string>;
  /** The S3_* variables a child process (a server under test) needs to reach this store. */
  env(): Record<string, string>;
  stop(): Promise<void>;
}

export async function startSwift(): Promise<SwiftS3> {
  const missing = swiftMissing();
  if (missing) throw new Error(missing);
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), "packsmith-swift-"));
  const etc = join(dir, "etc");
  const devices = join(dir, "srv");
  for (const d of [etc, join(devices, "d1"), join(dir, "cache")]) mkdirSync(d, { recursive: true });
  const procs: Bun.Subprocess[] = [];
  const stop = () => {
    for (const p of procs) p.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  // Every server's pid goes into <dir>/pids: a watchdog kills those if this process is killed outright.
  const pidFile = join(dir, "pids");
  const unwatch = watchdog(`kill -9 $(cat ${shellQuote(pidFile)} 2>/dev/null) 2>/dev/null; rm -rf ${shellQuote(dir)}`);
  const unregister = stopAtExit(stop);
  const forget = () => {
    unwatch();
    unregister();
  };
  try {
    const [account, container, object, proxy, memcache] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
    const env = { ...process.env, HOME: dir } as Record<string, string>;
    // The three rings (one device each), built in one Python process: nine swift-ring-builder runs cost ~1 s
    // each on an idle core and far more on a busy one.
    const rings = [
      ["account", account],
      ["container", container],
      ["object", object],
    ]
      .map(
        ([ring, port]) =>
          `b = RingBuilder(4, 1, 1)\n` +
          `b.add_dev({'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': ${port}, 'device': 'd1', 'weight': 1})\n` +
          `b.rebalance()\nb.get_ring().save(${JSON.stringify(join(etc, `${ring}.ring.gz`))})\n`,
      )
      .join("");
    await spawnChecked([PYTHON, "-c", `from swift.common.ring import RingBuilder\n${rings}`], env, 120_000);
    const user = userInfo().username;
    const common = (port: number) =>
      `[DEFAULT]\nbind_ip = 127.0.0.1\nbind_port = ${port}\nworkers = 0\nuser = ${user}\nswift_dir = ${etc}\n` +
      `devices = ${devices}\nmount_check = false\nlog_level = WARNING\nlog_address = /nonexistent\n`;
    const backend = (kind: string, port: number) =>
      `${common(port)}\n[pipeline:main]\npipeline = healthcheck ${kind}-server\n\n[app:${kind}-server]\nuse = egg:swift#${kind}\n\n` +
      `[filter:healthcheck]\nuse = egg:swift#healthcheck\n`;
    writeFileSync(join(etc, "account.conf"), backend("account", account));
    writeFileSync(join(etc, "container.conf"), backend("container", container));
    writeFileSync(join(etc, "object.conf"), backend("object", object));
    writeFileSync(
      join(etc, "proxy.conf"),
      `${common(proxy)}
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = ${SWIFT_SECRET} .admin

[filter:s3api]
use = egg:swift#s3api
location = us-east-1

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${memcache}

${PLAIN_FILTERS.map((f) => `[filter:${f}]\nuse = egg:swift#${f.replace("-", "_")}\n`).join("")}`,
    );
    const logs: string[] = [];
    const launch = (argv: string[]) => {
      const p = Bun.spawn(argv, { env, cwd: dir, stdout: "pipe", stderr: "pipe" });
      procs.push(p);
      appendFileSync(pidFile, `${p.pid}\n`);
      // Keep the tail of each server's output: it is the only clue when one fails to come up.
      for (const s of [p.stdout, p.stderr])
        (async () => {
          for await (const chunk of s) logs.push(`${argv[0]}: ${new TextDecoder().decode(chunk)}`.slice(-2000));
        })().catch(() => {});
      return p;
    };
    const memcachedUser = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
    launch(["memcached", "-l", "127.0.0.1", "-p", String(memcache), "-U", "0", "-m", "16", ...memcachedUser]);
    for (const [server, conf] of [
      ["swift-account-server", "account"],
      ["swift-container-server", "container"],
      ["swift-object-server", "object"],
      ["swift-proxy-server", "proxy"],
    ])
      launch([server, join(etc, `${conf}.conf`)]);
    // Four Python servers import their middleware (~2 s each on an idle core): generous, bounded.
    await waitUntil("Swift's servers to answer /healthcheck", 150_000, async () => {
      for (const p of procs)
        if (p.exitCode !== null) throw new Error(`a Swift process exited (${p.exitCode}): ${logs.slice(-10).join("")}`);
      for (const port of [account, container, object, proxy]) {
        const r = await fetch(`http://127.0.0.1:${port}/healthcheck`).catch(() => null);
        if (r?.status !== 200) return false;
      }
      return true;
    }).catch((e) => {
      throw new Error(`${e instanceof Error ? e.message : e}\n${logs.slice(-10).join("")}`);
    });
    const endpoint = `http://127.0.0.1:${proxy}`;
    const startedInMs = performance.now() - t0;
    return {
      endpoint,
      accessKeyId: SWIFT_ACCESS_KEY,
      secretAccessKey: SWIFT_SECRET,
      region: "us-east-1",
      startedInMs,
      env: () => ({
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: SWIFT_ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SWIFT_SECRET,
        S3_REGION: "us-east-1",
      }),
      async createBucket(name) {
        // Swift's own API (tempauth token, then PUT of a container) makes what s3api serves as a bucket.
        const auth = await fetch(`${endpoint}/auth/v1.0`, {
          headers: { "X-Auth-User": SWIFT_ACCESS_KEY, "X-Auth-Key": SWIFT_SECRET },
        });
        const token = auth.headers.get("x-auth-token");
        const storage = auth.headers.get("x-storage-url");
        if (auth.status !== 200 || !token || !storage) throw new Error(`Swift auth failed: ${auth.status}`);
        // Swift answers 503 when a container or account server did not answer the proxy in time, which happens on
        // a loaded machine (seen in a CI run beside other suites): that is "try again", so retry with a growing
        // pause before calling the bucket unmakeable.
        let status = 0;
        for (let attempt = 0; attempt < 6; attempt++) {
          if (attempt) await Bun.sleep(250 * 2 ** attempt);
          const put = await fetch(`${storage}/${encodeURIComponent(name)}`, {
            method: "PUT",
            headers: { "X-Auth-Token": token },
          });
          status = put.status;
          if (status === 201 || status === 202) return name;
          if (status < 500) break;
        }
        throw new Error(`creating bucket ${name} failed: ${status}`);
      },
      async stop() {
        forget();
        for (const p of procs) p.kill("SIGTERM");
        await Promise.race([Promise.all(procs.map((p) => p.exited)), Bun.sleep(2000)]);
        stop();
      },
    };
  } catch (e) {
    forget();
    stop();
    throw e;
  }
}

/** One Swift for the calling test file: started in beforeAll, stopped in afterAll. */
export function useSwift(): () => SwiftS3 {
  let swift: SwiftS3 | undefined;
  beforeAll(async () => {
    // One more try when a server exited at start (a port picked free can be taken before a slow server binds
    // it); not after a timeout, which a second attempt on the same busy machine would only repeat.
    swift = await startSwift().catch((e) => {
      const why = e instanceof Error ? e.message : String(e);
      if (why.startsWith("timed out")) throw e;
      console.warn(`Swift did not start, trying once more: ${why}`);
      return startSwift();
    });
    console.log(`Swift (4 servers + memcached) ready in ${Math.round(swift.startedInMs)} ms`);
  }, 330_000);
  afterAll(async () => {
    await swift?.stop();
  }, 60_000);
  return () => {
    if (!swift) throw new Error("Swift is not started");
    return swift;
  };
}
