/**
 * State shared across processes, end to end with real processes on PostgreSQL 15 + S3 (Swift): two API
 * processes (`serve --workers 0`) and one `packsmith worker` on one database and one bucket, each with a data
 * folder of its own. A generation accepted on A runs on the worker and is polled to ready on B; a download link
 * made by A's export_pack tool opens on B; a key's read budget is spent on both, and the request past it is
 * 429 rate_limited with Retry-After on either.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { pgMissing, usePostgres } from "../support/postgres.ts";
import { swiftMissing, useSwift } from "../support/swift.ts";
import { startPacksmith, type Started } from "../support/processes.ts";
import { connectMcp, toolOk } from "../support/mcp.ts";
import type { TestServer } from "../support/server.ts";

/** The read budget of this install: a setting (`--rate-reads`), with a window long enough that none leaves it. */
const READS = 60;

const missing = pgMissing() ?? swiftMissing();
describe.skipIf(missing !== null)(
  `shared state on PostgreSQL + Swift${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    const pg = usePostgres();
    const swift = useSwift();
    const procs = new Set<ReturnType<typeof Bun.spawn>>();
    const dirs: string[] = [];
    afterAll(() => {
      for (const p of procs) p.kill("SIGKILL");
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    test("two API processes and a worker: polled across, a link made on A opens on B, one read budget for both", async () => {
      const database = await pg.database(`shared_${userInfo().uid}`);
      const bucket = await swift().createBucket(`packsmith-shared-${process.pid}`);
      // The child processes' S3 client reads its endpoint and keys from these, as a deployed one would.
      Object.assign(process.env, swift().env());
      const store = ["--database", database, "--blobs", `s3://${bucket}/blobs`];
      const budgets = ["--rate-reads", String(READS), "--rate-window-ms", "600000"];
      const folder = () => {
        const d = mkdtempSync(join(tmpdir(), "packsmith-shared-"));
        dirs.push(d);
        return d;
      };
      const serve = (bootstrap: boolean) =>
        startPacksmith(
          [
            "serve",
            "--data",
            folder(),
            ...store,
            ...budgets,
            "--port",
            "0",
            "--workers",
            "0",
            "--bootstrap",
            String(bootstrap),
          ],
          procs,
        );
      const a: Started = await serve(true);
      const b: Started = await serve(false);
      const worker = await startPacksmith(["worker", "--data", folder(), ...store, "--concurrency", "1"], procs);
      const { rest, mcp } = a.banner.keys as { rest: string; mcp: string };
      const call = (on: Started, method: string, path: string, body?: unknown) =>
        fetch(on.banner.url + path, {
          method,
          headers: { authorization: `Bearer ${rest}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });

      // Accepted on A, run by the worker, polled on B.
      const slug = ((await (await call(a, "POST", "/v1/packs", { name: "Shared" })).json()) as any).pack.slug;
      const accepted = (await (
        await call(a, "POST", `/v1/packs/${slug}/textures`, {
          prompt: "copper block",
          size: 16,
          mode: "custom",
          description: "copper",
          seed: 7,
        })
      ).json()) as any;
      const until = Date.now() + 60_000;
      for (;;) {
        const job = (await (await call(b, "GET", `/v1/jobs/${encodeURIComponent(accepted.job)}`)).json()) as any;
        if (job.status === "ready") break;
        expect(job.status).toBe("generating");
        if (Date.now() > until) throw new Error("the job was not run");
        await Bun.sleep(500);
      }

      // A download link from A's export_pack tool (each process has its own data folder) opens on B.
      const client = await connectMcp({ url: a.banner.url } as TestServer, mcp);
      const exported = await toolOk(client, "export_pack", { pack: slug });
      await client.close();
      const link = new URL(exported.url);
      expect(link.searchParams.get("token")).toBeTruthy();
      const zip = await fetch(b.banner.url + link.pathname + link.search);
      expect(zip.status).toBe(200);
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const texture = Object.keys(files).find((n) => n.endsWith(`/${accepted.id}.png`));
      expect(texture).toBeDefined();
      expect([...files[texture!].slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

      // The rest of the key's read budget, spent on A and B in turn: each answer has one fewer left, whichever
      // process counted it, and the request past the budget is refused on both.
      let left = Number((await call(b, "GET", "/v1/packs")).headers.get("ratelimit-remaining"));
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(READS);
      for (let i = 0; left > 0; i++) {
        const res = await call(i % 2 ? b : a, "GET", "/v1/packs");
        expect(res.status).toBe(200);
        expect(Number(res.headers.get("ratelimit-remaining"))).toBe(left - 1);
        left--;
      }
      for (const on of [a, b]) {
        const past = await call(on, "GET", "/v1/packs");
        expect(past.status).toBe(429);
        const body = (await past.json()) as any;
        expect(body.error.code).toBe("rate_limited");
        expect(body.error.message).toContain(`read budget of ${READS} per 600 s is spent`);
        const wait = Number(past.headers.get("retry-after"));
        expect(wait).toBeGreaterThan(500);
        expect(wait).toBeLessThanOrEqual(600);
        expect(past.headers.get("ratelimit-limit")).toBe(String(READS));
        expect(past.headers.get("ratelimit-remaining")).toBe("0");
      }

      for (const p of [worker, b, a]) p.proc.kill("SIGTERM");
      for (const p of [worker, b, a]) expect(await p.proc.exited).toBe(0);
    }, 240_000);
  },
);
