/**
 * Roles end to end with real processes on one store: API processes with `--workers 0` accept and queue, two
 * `packsmith worker` processes run the jobs. Runs are made slow by the external image provider setting pointed
 * at a fake provider that answers after a delay, so workers can be killed mid-run (10 SIGKILLs); a short lease
 * lets the surviving worker take a killed one's job over. With two API processes (an engine without the
 * one-server folder lock), jobs are accepted on one and polled on the other, and one API process is killed.
 * test/cli/roles.test.ts runs it on sqlite + folder; a PostgreSQL + S3 pair runs the same function.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SqlDriver } from "../../src/store/sql.ts";
import { startFakeProvider, type FakeProvider } from "./fake-provider.ts";
import { startPacksmith, type Started } from "./processes.ts";

export interface RolesStore {
  /** Flags naming the store (--data, and --database/--blobs for another engine pair). */
  flags: string[];
  /** A connection to the same database, to check the rows the processes wrote. */
  open(): Promise<SqlDriver>;
}

export function rolesSuite(engines: string, apiProcesses: 1 | 2, store: (dir: string) => Promise<RolesStore>): void {
  let provider: FakeProvider;
  let dir: string;
  const procs = new Set<ReturnType<typeof Bun.spawn>>();
  beforeAll(() => {
    provider = startFakeProvider();
    provider.mode = "slow";
    provider.delayMs = 700;
    dir = mkdtempSync(join(tmpdir(), "packsmith-roles-"));
  });
  afterAll(() => {
    for (const p of procs) p.kill("SIGKILL");
    provider.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test(`${engines}: ${apiProcesses} API process(es) with --workers 0 and 2 workers: 10 SIGKILLs mid-run, every job ready or error+refund, the ledger exact, one result per job`, async () => {
    const on = await store(dir);
    const settings = [...on.flags, "--provider", "openai-images", "--provider-url", provider.url];
    const apis: Started[] = [];
    for (let i = 0; i < apiProcesses; i++)
      apis.push(
        await startPacksmith(["serve", ...settings, "--port", "0", "--workers", "0", "--bootstrap", "true"], procs),
      );
    const key = apis[0].banner.keys.rest;
    const call = (api: number, method: string, path: string, body?: unknown) =>
      fetch(apis[api].banner.url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const slug = ((await (await call(0, "POST", "/v1/packs", { name: "Roles" })).json()) as any).pack.slug;
    const startCredits = ((await (await call(0, "GET", "/v1/account")).json()) as any).account.credits;

    // Accepted on alternate API processes.
    const jobs: string[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await call(i % apiProcesses, "POST", `/v1/packs/${slug}/textures`, {
        prompt: "ruby ore",
        size: 16,
        mode: "custom",
        description: `ruby ore ${i}`,
      });
      expect(res.status).toBe(202);
      jobs.push(((await res.json()) as any).job);
    }
    // API processes run nothing: with no worker, every job is still generating and unclaimed.
    await Bun.sleep(800);
    const db = await on.open();
    const unclaimed = await db.get<{ n: number }>(
      "SELECT count(*) AS n FROM assets WHERE status = 'generating' AND lease_owner IS NULL",
    );
    expect(Number(unclaimed?.n)).toBe(16);

    // A restarted worker takes the job its killed predecessor held, so kills pile onto a few jobs: the attempt
    // limit is set past the 10 kills, so that every killed job is run to the end by another worker (what this test
    // is about). A job given up after --max-attempts cut-off runs is roles-runs-suite.ts's test.
    const startWorker = async () => {
      const { proc, banner } = await startPacksmith(
        ["worker", ...settings, "--concurrency", "1", "--lease-seconds", "2", "--max-attempts", "11"],
        procs,
      );
      return { proc, name: banner.worker as string };
    };
    const workers = [await startWorker(), await startWorker()];
    const leasedTo = async (name: string) =>
      (
        await db.all<{ id: number }>("SELECT id FROM assets WHERE status = 'generating' AND lease_owner = ?", [name])
      ).map((r) => Number(r.id));
    const killedJobs = new Map<number, string>();
    for (let kills = 0; kills < 10; ) {
      // Kill whichever worker holds a job right now (mid-run: the provider answers after 700 ms).
      let victimAt = -1;
      for (const [i, w] of workers.entries()) {
        const held = await leasedTo(w.name);
        if (!held.length) continue;
        for (const id of held) killedJobs.set(id, w.name);
        victimAt = i;
        break;
      }
      if (victimAt < 0) {
        await Bun.sleep(50);
        continue;
      }
      workers[victimAt].proc.kill("SIGKILL");
      await workers[victimAt].proc.exited;
      kills++;
      workers[victimAt] = await startWorker();
    }
    // One API process killed: the other keeps serving (polls below go to the last one).
    const poller = apiProcesses - 1;
    if (apiProcesses > 1) {
      apis[0].proc.kill("SIGKILL");
      await apis[0].proc.exited;
    }

    const until = Date.now() + 60_000;
    const finals: any[] = [];
    for (const job of jobs) {
      for (;;) {
        const res = await call(poller, "GET", `/v1/jobs/${encodeURIComponent(job)}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as any;
        if (body.status !== "generating") {
          finals.push(body);
          break;
        }
        if (Date.now() > until) throw new Error(`${job} still generating`);
        await Bun.sleep(100);
      }
    }
    for (const f of finals) expect(["ready", "error"]).toContain(f.status);
    const ready = finals.filter((f) => f.status === "ready").length;

    // The ledger is exact: one charge per job, one refund per failed job, the balance their sum.
    const ledger = await db.all<{ reason: string; n: number }>(
      "SELECT reason, count(*) AS n FROM credit_ledger WHERE asset_id IS NOT NULL GROUP BY reason",
    );
    const count = (refund: boolean) =>
      ledger.filter((l) => (l.reason === "refund") === refund).reduce((a, l) => a + Number(l.n), 0);
    expect(count(false)).toBe(16);
    expect(count(true)).toBe(16 - ready);
    const balance = ((await (await call(poller, "GET", "/v1/account")).json()) as any).account.credits;
    expect(balance).toBe(startCredits - ready);

    // One result per job: one row per job, the ready ones with a blob, the failed ones without.
    const rows = await db.all<{ id: number; name: string; status: string; blob: string | null; lease_owner: string }>(
      "SELECT id, name, status, blob, lease_owner FROM assets WHERE kind = 'texture'",
    );
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((r) => r.name)).size).toBe(16);
    for (const r of rows) expect(r.status === "ready" ? typeof r.blob === "string" : r.blob === null).toBe(true);
    // The jobs of killed workers were finished by another worker once their lease ran out.
    const takenOver = rows.filter((r) => killedJobs.has(Number(r.id)) && r.status === "ready");
    expect(takenOver.length).toBeGreaterThan(0);
    for (const r of takenOver) expect(r.lease_owner).not.toBe(killedJobs.get(Number(r.id)));
    // And the bytes are there: a ready texture downloads as a PNG from the surviving API process.
    const png = await call(
      poller,
      "GET",
      `/v1/packs/${slug}/assets/texture/${rows.find((r) => r.status === "ready")!.name}`,
    );
    expect(png.status).toBe(200);
    expect([...new Uint8Array(await png.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    await db.close();

    // SIGTERM: workers stop cleanly (finish or release, exit 0).
    for (const w of workers) w.proc.kill("SIGTERM");
    for (const w of workers) expect(await w.proc.exited).toBe(0);
    // The surviving API process stops cleanly too (before its engines go away with the test file).
    apis[poller].proc.kill("SIGTERM");
    expect(await apis[poller].proc.exited).toBe(0);
  }, 180_000);
}
