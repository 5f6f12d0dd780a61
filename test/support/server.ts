import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/app.ts";
import { createAccount, type Plan } from "../../src/core/accounts.ts";
import { createKey, type KeyKind } from "../../src/core/keys.ts";
import { type EnginePair, ENGINES_UNDER_TEST, engineSettings } from "./engine-pair.ts";

/**
 * A real server on a loopback port with a fresh data dir. Settings are the defaults unless a test
 * names them (tests that are not about rate limits raise the budgets so they don't trip over them).
 */
export interface TestServer extends RunningServer {
  dataDir: string;
  /** The settings it was started with beyond the defaults (its engines among them), for a restart on the same data. */
  settings: Record<string, string>;
  /** Creates an account and returns a key for it. */
  account(name: string, opts?: { plan?: Plan; credits?: number }): Promise<{ id: number; key: string; mcpKey: string }>;
  key(accountId: number, kind?: KeyKind, readOnly?: boolean): Promise<string>;
  /** fetch against the server with an optional bearer key. */
  call(
    method: string,
    path: string,
    opts?: { key?: string; body?: unknown; raw?: BodyInit; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

/**
 * `engines` picks the database and blob store (test/support/engine-pair.ts): by default the pair
 * PACKSMITH_TEST_ENGINES names, sqlite + the folder when unset. Passing `database`/`blobs` settings shares them
 * between servers (several API processes on one PostgreSQL and one bucket).
 */
export async function startTestServer(
  settings: Record<string, string> = {},
  engines: EnginePair = ENGINES_UNDER_TEST,
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "packsmith-test-"));
  const onEngines = settings.database || settings.blobs ? {} : await engineSettings(engines);
  return serverOn(dataDir, { ...onEngines, ...settings });
}

/**
 * A TestServer on `dataDir` as it finds it: a fresh folder, or the one a stopped server left (a restart,
 * test/support/imports.ts). `close` deletes the folder.
 */
export async function serverOn(dataDir: string, settings: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig(
    {
      port: "0",
      data: dataDir,
      "rate-reads": "100000",
      "rate-writes": "100000",
      "rate-origin": "100000",
      workers: "2",
      ...settings,
    },
    {},
  );
  const server = await startServer(config);
  const ts: TestServer = {
    ...server,
    dataDir,
    settings,
    async account(name, opts = {}) {
      const a = await createAccount(server.svc.db, name, opts.plan ?? "pro", opts.credits ?? 100);
      return {
        id: a.id,
        key: (await createKey(server.svc.db, a.id, "rest")).key,
        mcpKey: (await createKey(server.svc.db, a.id, "mcp")).key,
      };
    },
    async key(accountId, kind = "rest", readOnly = false) {
      return (await createKey(server.svc.db, accountId, kind, readOnly)).key;
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      let body: BodyInit | undefined = opts.raw;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
      return await fetch(server.url + path, { method, headers, body });
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}

/** Reads an error body and returns its code, failing loudly if the body is not the spec's error shape. */
export async function errorCode(res: Response): Promise<string> {
  const body = (await res.json()) as any;
  if (!body?.error || typeof body.error.code !== "string" || typeof body.error.message !== "string")
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  return body.error.code;
}
