/**
 * Wake-ups between processes on PostgreSQL, in one test process: an API server with --workers 0 and a worker
 * (src/jobs/worker-process.ts) each open their own pool, as two processes do, on one database and one blob folder.
 * The worker's idle poll is set a minute away, so only the API process's announcement (NOTIFY) can start the job
 * within the test's bound; the worker's result in turn wakes a wait_for_job held open on the API process.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../../../src/app.ts";
import { loadConfig } from "../../../src/config.ts";
import { createAccount } from "../../../src/core/accounts.ts";
import { createKey } from "../../../src/core/keys.ts";
import { createPack } from "../../../src/core/packs.ts";
import { startWorker } from "../../../src/jobs/worker-process.ts";
import { callTool, connectMcp, okOf } from "../../support/mcp.ts";
import { pgMissing, usePostgres } from "../../support/postgres.ts";
import type { TestServer } from "../../support/server.ts";

const missing = pgMissing();
if (missing) console.warn(`cross-process job tests skipped: ${missing}`);

describe.skipIf(!!missing)("jobs between processes on PostgreSQL", () => {
  const pg = usePostgres();

  test("a job accepted by the API process is claimed by an idle worker at once, not at its poll, and its result wakes wait_for_job", async () => {
    const dir = mkdtempSync(join(tmpdir(), "packsmith-cross-"));
    const database = await pg.database();
    // The wait's own re-check is pushed past its timeout: only the worker's announcement can end it done.
    const api = await startServer(
      loadConfig({ port: "0", data: dir, database, workers: "0", "mcp-wait-recheck-seconds": "600" }, {}),
    );
    const worker = await startWorker(loadConfig({ data: dir, database, concurrency: "1" }, {}), { pollMs: 60_000 });
    try {
      const account = await createAccount(api.svc.db, "cross", "pro", 10);
      const rest = (await createKey(api.svc.db, account.id, "rest")).key;
      const mcp = (await createKey(api.svc.db, account.id, "mcp")).key;
      const pack = await createPack(api.svc.db, account, "Cross", api.svc.config.defaultVersion, 10);
      const client = await connectMcp({ url: api.url } as TestServer, mcp);
      const started = Date.now();
      const res = await fetch(`${api.url}/v1/packs/${pack.slug}/textures`, {
        method: "POST",
        headers: { authorization: `Bearer ${rest}`, "content-type": "application/json" },
        body: JSON.stringify({ prompt: "cobblestone", size: 16, mode: "custom", description: "cross stone" }),
      });
      expect(res.status).toBe(202);
      const job = ((await res.json()) as any).job as string;
      const waited = okOf(await callTool(client, "wait_for_job", { jobs: [job], timeoutSeconds: 40 }));
      const took = Date.now() - started;
      expect(waited.done).toBe(true);
      expect(waited.jobs[0].status).toBe("ready");
      // The worker ran it (the API process has no runner), long before its poll or the wait's re-check came.
      const row = await api.svc.db.get<{ lease_owner: string }>(
        "SELECT lease_owner FROM assets WHERE status = 'ready'",
      );
      expect(row?.lease_owner).toBe(worker.engine.owner);
      console.log(`accepted → claimed by the idle worker → ready → wait_for_job answered: ${took} ms`);
      expect(took).toBeLessThan(30_000);
      await client.close();
    } finally {
      await worker.stop();
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
