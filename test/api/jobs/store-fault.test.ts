/**
 * A store that fails under a running job (an engine unreachable for a moment, or closed under a stopping server)
 * must not take the process down: the run's failure is logged, the lease runs out, and another claim finishes
 * the job. Before the fix the rejection escaped the engine's run map unhandled ("Connection closed" on
 * PostgreSQL when a test server closed with a job running), which Bun reports as an error of the whole file.
 */
import { expect, test } from "bun:test";
import { startTestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";

test("a store failure at the start of a run is logged, and the job is run again once its lease runs out", async () => {
  const ts = await startTestServer({ "lease-seconds": "1" });
  const errors: string[] = [];
  const logError = console.error;
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(" "));
  try {
    const a = await ts.account("a", { credits: 5 });
    const slug = await newPack(ts, a.key);
    ts.engine.pause();
    const res = await ts.call("POST", `/v1/packs/${slug}/textures`, {
      key: a.key,
      body: { prompt: "mossy bricks", size: 16, mode: "custom", description: "mossy bricks" },
    });
    expect(res.status).toBe(202);
    const job = ((await res.json()) as { job: string }).job;

    // The engine's first read of the claimed job fails, as it would with the database gone.
    const db = ts.svc.db;
    const get = db.get.bind(db);
    let armed = true;
    db.get = (async (sql: string, params?: unknown[]) => {
      if (armed && sql === "SELECT * FROM assets WHERE id = ?") {
        armed = false;
        throw new Error("connection closed (test)");
      }
      return get(sql, params as never);
    }) as typeof db.get;
    await ts.engine.resume();

    const done = await waitJob(ts, a.key, job, 30_000);
    expect(armed).toBe(false);
    expect(done.status).toBe("ready");
    expect(errors.some((e) => e.includes("connection closed (test)"))).toBe(true);
    expect((await credits(ts, a.id)).balance).toBe(4);
  } finally {
    console.error = logError;
    await ts.close();
  }
}, 60_000);
