/**
 * Two more role rules end to end with real processes on one store (test/support/roles-suite.ts has the kills and
 * the ledger): a job whose runs keep being cut off ends (the attempt counter), and a wait_for_job in an API
 * process with `--workers 0` wakes when a `packsmith worker` process finishes the job. Runs are made slow by
 * the fake image provider, so a worker can be killed mid-run and a wait can start before the job ends.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeProvider, type FakeProvider } from "./fake-provider.ts";
import { callTool, connectMcp, okOf } from "./mcp.ts";
import { startPacksmith, type Started } from "./processes.ts";
import type { RolesStore } from "./roles-suite.ts";
import type { TestServer } from "./server.ts";

type Proc = ReturnType<typeof Bun.spawn>;

/**
 * `wakesAcrossProcesses`: the engine announces a job finished in another process (PostgreSQL's NOTIFY). Without it
 * (sqlite) the API process sees the job at its next re-check (`--mcp-wait-recheck-seconds`).
 */
export function rolesRunsSuite(
  engines: string,
  wakesAcrossProcesses: boolean,
  store: (dir: string) => Promise<RolesStore>,
): void {
  let provider: FakeProvider;
  let dir: string;
  const procs = new Set<Proc>();
  beforeAll(() => {
    provider = startFakeProvider();
    provider.mode = "slow";
    dir = mkdtempSync(join(tmpdir(), "packsmith-roles-runs-"));
  });
  afterAll(() => {
    for (const p of procs) p.kill("SIGKILL");
    provider.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An API process with --workers 0 on a fresh store, a pack, and one texture job accepted. */
  async function oneJob(name: string, extra: string[] = []) {
    const sub = join(dir, name);
    mkdirSync(sub);
    const on = await store(sub);
    const settings = [...on.flags, "--provider", "openai-images", "--provider-url", provider.url];
    const api = await startPacksmith(
      ["serve", ...settings, "--port", "0", "--workers", "0", "--bootstrap", "true", ...extra],
      procs,
    );
    const call = (method: string, path: string, body?: unknown) =>
      fetch(api.banner.url + path, {
        method,
        headers: { authorization: `Bearer ${api.banner.keys.rest}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const slug = ((await (await call("POST", "/v1/packs", { name: "Runs" })).json()) as any).pack.slug;
    const credits = ((await (await call("GET", "/v1/account")).json()) as any).account.credits as number;
    const res = await call("POST", `/v1/packs/${slug}/textures`, {
      prompt: "ruby ore",
      size: 16,
      mode: "custom",
      description: "ruby ore",
    });
    expect(res.status).toBe(202);
    const job = ((await res.json()) as any).job as string;
    const db = await on.open();
    const row = async () =>
      (await db.get<{
        id: number;
        status: string;
        lease_owner: string | null;
        attempts: number;
        blob: string | null;
        updated_at: string;
      }>("SELECT id, status, lease_owner, attempts, blob, updated_at FROM assets WHERE kind = 'texture'"))!;
    const worker = (more: string[] = []) =>
      startPacksmith(["worker", ...settings, "--concurrency", "1", "--lease-seconds", "2", ...more], procs);
    /** Waits until `w` holds the job (its run has started: the provider answers only after a delay). */
    const heldBy = async (w: Started) => {
      const until = Date.now() + 60_000;
      while ((await row()).lease_owner !== w.banner.worker) {
        if (Date.now() > until) throw new Error(`worker ${w.banner.worker} never claimed ${job}`);
        await Bun.sleep(20);
      }
    };
    return { api, call, slug, credits, job, db, row, worker, heldBy };
  }

  const stop = async (p: Started) => {
    p.proc.kill("SIGTERM");
    expect(await p.proc.exited).toBe(0);
  };

  test(`${engines}: a job whose worker is killed mid-run 3 times (the default max-attempts) ends error with its refund instead of running again`, async () => {
    provider.delayMs = 5_000;
    const j = await oneJob("attempts");
    for (let kill = 1; kill <= 3; kill++) {
      const w = await j.worker();
      await j.heldBy(w);
      expect(Number((await j.row()).attempts)).toBe(kill);
      w.proc.kill("SIGKILL");
      await w.proc.exited;
    }
    // A fourth worker claims it once more (releasing the dead one's lease at its start), finds three runs cut off,
    // and fails it instead of running it: the provider is not called again.
    const hits = provider.hits;
    const last = await j.worker();
    const until = Date.now() + 60_000;
    let body: any;
    for (;;) {
      body = await (await j.call("GET", `/v1/jobs/${encodeURIComponent(j.job)}`)).json();
      if (body.status !== "generating") break;
      if (Date.now() > until) throw new Error(`${j.job} still generating`);
      await Bun.sleep(100);
    }
    expect(body.status).toBe("error");
    expect(body.error).toContain("stopped 3 times before it finished");
    expect(body.error).toContain("max-attempts 3");
    expect(provider.hits).toBe(hits);
    const r = await j.row();
    expect(r.blob).toBeNull();
    expect(Number(r.attempts)).toBe(4);
    // One charge, one refund, the balance as before.
    const ledger = await j.db.all<{ reason: string; delta: number }>(
      "SELECT reason, delta FROM credit_ledger WHERE asset_id = ? ORDER BY id",
      [r.id],
    );
    expect(ledger.map((l) => [l.reason, Number(l.delta)])).toEqual([
      ["generate texture", -1],
      ["refund", 1],
    ]);
    const after = ((await (await j.call("GET", "/v1/account")).json()) as any).account.credits;
    expect(after).toBe(j.credits);
    await j.db.close();
    await stop(last);
    await stop(j.api);
  }, 180_000);

  test(`${engines}: wait_for_job in an API process with --workers 0 answers when a worker process finishes the job`, async () => {
    provider.delayMs = 2_500;
    // On PostgreSQL the re-check is pushed past the wait's timeout: only the worker's announcement can end the
    // wait with the job done. On sqlite the re-check is what finds it, so it is made short.
    const recheckSeconds = wakesAcrossProcesses ? 60 : 1;
    const j = await oneJob("wake", ["--mcp-wait-recheck-seconds", String(recheckSeconds)]);
    const w = await j.worker();
    await j.heldBy(w);
    const client = await connectMcp({ url: j.api.banner.url } as TestServer, j.api.banner.keys.mcp);
    const sent = Date.now();
    const waited = okOf(await callTool(client, "wait_for_job", { jobs: [j.job], timeoutSeconds: 50 }));
    const answered = Date.now();
    expect(waited.done).toBe(true);
    expect(waited.jobs[0].status).toBe("ready");
    const finished = Date.parse((await j.row()).updated_at);
    // The job was still running when the wait was sent: what ended the wait came after it started.
    expect(finished).toBeGreaterThan(sent);
    const latency = answered - finished;
    console.log(
      `${engines}: wait_for_job answered ${latency} ms after a worker process finished the job (re-check every ${recheckSeconds} s)`,
    );
    // Generous: a loaded 2-core machine. On PostgreSQL the re-check (60 s) is past the wait's 50 s timeout.
    expect(latency).toBeLessThan(20_000);
    await client.close();
    await j.db.close();
    await stop(w);
    await stop(j.api);
  }, 180_000);
}
