/**
 * Engines going away under a running server, for real: the PostgreSQL cluster is stopped (pg_ctl stop) and the
 * S3 endpoint cut (a TCP relay in front of Swift is closed), then brought back. While one is down the API answers
 * 503 `unavailable` with Retry-After naming the engine, writes nothing half (no asset row without its blob, no
 * charge without a job), /healthz says which engine is down; once it is back the same process serves again.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Socket, TCPSocketListener } from "bun";
import { type TestServer, startTestServer } from "../support/server.ts";
import { pairMissing, sharedEngines, stopSharedEngines } from "../support/engine-pair.ts";
import { credits, newPack, waitJob } from "../support/jobs.ts";
import { png } from "../support/uploads.ts";
import { waitUntil } from "../support/engines.ts";

// The shared PostgreSQL and Swift stop with this file (a killed run is left to the harnesses' watchdog).
afterAll(stopSharedEngines, 60_000);

const missing = pairMissing("postgres");

/** A TCP relay to `port` that can be cut (every connection dropped, new ones refused) and joined again. */
function relay(port: number) {
  let listener: TCPSocketListener<{ peer?: Socket<unknown>; queued: Uint8Array[] }> | undefined;
  const open = new Set<Socket<any>>();
  let at = 0;
  const listen = () => {
    listener = Bun.listen<{ peer?: Socket<unknown>; queued: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port: at,
      socket: {
        async open(client) {
          client.data = { queued: [] };
          open.add(client);
          const upstream = await Bun.connect({
            hostname: "127.0.0.1",
            port,
            socket: {
              data: (_s, chunk) => void client.write(chunk),
              close: () => void client.end(),
              error: () => void client.end(),
            },
          }).catch(() => null);
          if (!upstream) return void client.end();
          open.add(upstream);
          client.data.peer = upstream;
          for (const c of client.data.queued) upstream.write(c);
        },
        data(client, chunk) {
          if (client.data.peer) client.data.peer.write(chunk);
          else client.data.queued.push(new Uint8Array(chunk));
        },
        close: (client) => void client.data.peer?.end(),
      },
    });
    at = listener.port;
  };
  listen();
  return {
    get port() {
      return at;
    },
    cut() {
      listener?.stop(true);
      for (const s of open) s.end();
      open.clear();
    },
    join: listen,
    stop() {
      this.cut();
    },
  };
}

describe.skipIf(missing !== null)(`engine faults${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let ts: TestServer;
  let me: { id: number; key: string };
  let slug: string;
  let s3: ReturnType<typeof relay>;
  beforeAll(async () => {
    const { swift } = await sharedEngines();
    s3 = relay(Number(new URL(swift.endpoint).port));
    const endpoint = process.env.S3_ENDPOINT;
    // The server under test reaches Swift through the relay; the variable is read as its store is opened.
    process.env.S3_ENDPOINT = `http://127.0.0.1:${s3.port}`;
    try {
      ts = await startTestServer({}, "postgres");
    } finally {
      process.env.S3_ENDPOINT = endpoint;
    }
    me = await ts.account("faults", { credits: 20 });
    slug = await newPack(ts, me.key, "Fault Pack");
  }, 400_000);
  afterAll(async () => {
    await ts?.close();
    s3?.stop();
  });

  const assetRows = async () => ((await ts.svc.db.get("SELECT count(*) AS n FROM assets")) as { n: number }).n;
  const expectUnavailable = async (res: Response, engine: RegExp) => {
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe("unavailable");
    expect(body.error.message).toMatch(engine);
  };

  test("S3 cut: an upload is 503 naming the blob store, no asset row; /healthz says s3 is down; healed after", async () => {
    const rows = await assetRows();
    s3.cut();
    try {
      const res = await ts.call("POST", `/v1/packs/${slug}/assets`, {
        key: me.key,
        body: { file: { base64: Buffer.from(png(8, 8)).toString("base64") }, type: "block", name: "while cut" },
      });
      await expectUnavailable(res, /blob store \(S3\)/);
      expect(await assetRows()).toBe(rows);
      const health = await ts.call("GET", "/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "unavailable", engines: { postgres: "ok", s3: "down" } });
    } finally {
      s3.join();
    }
    await waitUntil("S3 to answer again", 60_000, async () => (await ts.call("GET", "/healthz")).status === 200);
    const res = await ts.call("POST", `/v1/packs/${slug}/assets`, {
      key: me.key,
      body: { file: { base64: Buffer.from(png(8, 8)).toString("base64") }, type: "block", name: "after" },
    });
    expect(res.status).toBe(201);
  }, 120_000);

  test("S3 cut while a generation runs: the job ends error and its charge is refunded (no charge without a result)", async () => {
    const before = await credits(ts, me.id);
    s3.cut();
    let job: any;
    try {
      const res = await ts.call("POST", `/v1/packs/${slug}/textures`, {
        key: me.key,
        body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 4 },
      });
      expect(res.status).toBe(202);
      job = await waitJob(ts, me.key, ((await res.json()) as any).job, 60_000);
    } finally {
      s3.join();
    }
    expect(job.status).toBe("error");
    expect(job.error).toMatch(/storing the result failed/);
    expect(await credits(ts, me.id)).toMatchObject({ balance: before.balance });
    const after = await credits(ts, me.id);
    expect(after.ledger).toBe(after.balance - before.balance + before.ledger);
  }, 120_000);

  test("PostgreSQL stopped: reads and a generation are 503 naming the database, no charge; served again once it is back", async () => {
    const { pg } = await sharedEngines();
    const before = await credits(ts, me.id);
    await pg.halt();
    try {
      await expectUnavailable(await ts.call("GET", `/v1/packs/${slug}`, { key: me.key }), /database \(PostgreSQL\)/);
      const gen = await ts.call("POST", `/v1/packs/${slug}/textures`, {
        key: me.key,
        body: { prompt: "mossy stone", size: 16, mode: "custom", description: "stone", seed: 3 },
      });
      await expectUnavailable(gen, /database \(PostgreSQL\)/);
      const health = await ts.call("GET", "/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "unavailable", engines: { postgres: "down", s3: "ok" } });
    } finally {
      await pg.resume();
    }
    await waitUntil(
      "PostgreSQL to answer again",
      60_000,
      async () => (await ts.call("GET", "/healthz")).status === 200,
    );
    expect((await ts.call("GET", `/v1/packs/${slug}`, { key: me.key })).status).toBe(200);
    expect(await credits(ts, me.id)).toEqual(before);
  }, 180_000);
});
