import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPacksmith } from "../support/processes.ts";
import { startFakeProvider, type FakeProvider } from "../support/fake-provider.ts";

/**
 * Roles end to end with real processes on one data folder: `serve --workers 0` accepts and queues, two
 * `packsmith worker` processes run the jobs. Runs are made slow by the external image provider setting pointed
 * at a fake provider that answers after a delay, so workers can be killed mid-run; a short lease lets the
 * surviving worker take the killed one's job over.
 */
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

const settings = () => ["--data", dir, "--provider", "openai-images", "--provider-url", provider.url];

async function startApi(): Promise<{ url: string; key: string }> {
  const { banner } = await startPacksmith(
    ["serve", ...settings(), "--port", "0", "--workers", "0", "--bootstrap", "true"],
    procs,
  );
  return { url: banner.url, key: banner.keys.rest };
}

async function startWorker(): Promise<{ proc: ReturnType<typeof Bun.spawn>; name: string }> {
  const { proc, banner } = await startPacksmith(
    ["worker", ...settings(), "--concurrency", "1", "--lease-seconds", "2"],
    procs,
  );
  return { proc, name: banner.worker };
}

describe("serve --workers 0 with two worker processes", () => {
  test("every job ends ready or error+refund through 10 SIGKILLs; the ledger is exact; one result per job", async () => {
    const api = await startApi();
    const call = (method: string, path: string, body?: unknown) =>
      fetch(api.url + path, {
        method,
        headers: { authorization: `Bearer ${api.key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const pack = (await (await call("POST", "/v1/packs", { name: "Roles" })).json()) as any;
    const slug = pack.pack.slug;
    const startCredits = ((await (await call("GET", "/v1/account")).json()) as any).account.credits;

    const jobs: string[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await call("POST", `/v1/packs/${slug}/textures`, {
        prompt: "ruby ore",
        size: 16,
        mode: "custom",
        description: `ruby ore ${i}`,
      });
      expect(res.status).toBe(202);
      jobs.push(((await res.json()) as any).job);
    }
    // The API process runs nothing: with no worker, every job is still generating and unclaimed.
    await Bun.sleep(800);
    const db = new Database(join(dir, "packsmith.sqlite"), { readonly: true });
    const unclaimed = db.query("SELECT count(*) AS n FROM assets WHERE status = 'generating' AND lease_owner IS NULL");
    expect((unclaimed.get() as any).n).toBe(16);

    const workers = [await startWorker(), await startWorker()];
    const killedJobs = new Map<number, string>();
    const leased = db.query<{ id: number }, [string]>(
      "SELECT id FROM assets WHERE status = 'generating' AND lease_owner = ?",
    );
    for (let kills = 0; kills < 10; ) {
      // Kill whichever worker holds a job right now (mid-run: the provider answers after 700 ms).
      const victimAt = workers.findIndex((w) => leased.all(w.name).length > 0);
      if (victimAt < 0) {
        await Bun.sleep(50);
        continue;
      }
      const victim = workers[victimAt];
      for (const { id } of leased.all(victim.name)) killedJobs.set(id, victim.name);
      victim.proc.kill("SIGKILL");
      await victim.proc.exited;
      kills++;
      workers[victimAt] = await startWorker();
    }

    const until = Date.now() + 50_000;
    const finals: any[] = [];
    for (const job of jobs) {
      for (;;) {
        const body = (await (await call("GET", `/v1/jobs/${encodeURIComponent(job)}`)).json()) as any;
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
    const failed = finals.length - ready;

    // The ledger is exact: one charge per job, one refund per failed job, and the balance is their sum.
    const ledger = db
      .query(
        "SELECT reason, count(*) AS n, sum(delta) AS s FROM credit_ledger WHERE asset_id IS NOT NULL GROUP BY reason",
      )
      .all() as { reason: string; n: number; s: number }[];
    const by = Object.fromEntries(ledger.map((l) => [l.reason, l]));
    expect(by.refund?.n ?? 0).toBe(failed);
    const charges = ledger.filter((l) => l.reason !== "refund").reduce((a, l) => a + l.n, 0);
    expect(charges).toBe(16);
    const balance = ((await (await call("GET", "/v1/account")).json()) as any).account.credits;
    expect(balance).toBe(startCredits - ready);

    // One result per job: each asset one row, the ready ones with a blob, no two rows for one name.
    const rows = db
      .query("SELECT id, name, status, blob, lease_owner FROM assets WHERE kind = 'texture'")
      .all() as any[];
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((r) => r.name)).size).toBe(16);
    for (const r of rows) expect(r.status === "ready" ? typeof r.blob === "string" : r.blob === null).toBe(true);
    // The jobs of killed workers were finished by another worker once their lease ran out.
    const takenOver = rows.filter((r) => killedJobs.has(r.id) && r.status === "ready");
    expect(takenOver.length).toBeGreaterThan(0);
    for (const r of takenOver) expect(r.lease_owner).not.toBe(killedJobs.get(r.id));
    db.close();

    // SIGTERM: a worker stops cleanly and holds no lease afterwards.
    for (const w of workers) w.proc.kill("SIGTERM");
    for (const w of workers) expect(await w.proc.exited).toBe(0);
  }, 120_000);
});
