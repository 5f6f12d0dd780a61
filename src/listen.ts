/**
 * Listen first, load the rest after: the port answers /healthz as soon as the database is open, while the
 * routes, the operation table, the worker pool and the generators (most of the start-up time: module
 * evaluation) load behind it. A request that arrives in those first milliseconds waits for them instead of
 * failing, so a supervisor that starts sending traffic on the first healthy answer loses nothing.
 * (bench/start.ts measures it; this file imports only what the first answer needs.)
 */
import type { Config } from "./config.ts";
import { openServices } from "./services.ts";
import { type EdgeServices, withEdge } from "./http/edge.ts";
import { rememberListener } from "./http/client-address.ts";
import { errorResponse } from "./http/respond.ts";
import { healthz } from "./http/health.ts";
import type { Engine } from "./gen/engine.ts";
import { mkdirSync } from "node:fs";
import { lockDataFolder } from "./store/lock.ts";

export interface RunningServer {
  svc: EdgeServices;
  engine: Engine;
  url: string;
  port: number;
  stop(): Promise<void>;
}

type Handler = (request: Request) => Response | Promise<Response>;

/** Opens the store and serves until stopped; resolves once every route is loaded. Tests call this with port 0. */
export async function startServer(config: Config): Promise<RunningServer> {
  mkdirSync(config.data, { recursive: true });
  const lock = lockDataFolder(config.data, config.host, config.port);
  let svc: EdgeServices;
  try {
    svc = withEdge(await openServices(config));
    // Only the lock holder writes temp files (streamed uploads, blob writes): what is there is a crash's leftovers.
    svc.blobs.sweepTemp();
  } catch (e) {
    lock.release();
    throw e;
  }
  let handle: Handler | null = null;
  let ready: (h: Handler) => void = () => {};
  const loaded = new Promise<Handler>((resolve) => {
    ready = resolve;
  });
  const listen = () =>
    Bun.serve({
      port: config.port,
      hostname: config.host,
      maxRequestBodySize: Math.max(config.limits.uploadBytes, config.limits.jsonBodyBytes) + 1024 * 1024,
      idleTimeout: 120,
      async fetch(request, srv) {
        rememberListener(request, srv);
        if (handle) return handle(request);
        if (new URL(request.url).pathname === "/healthz") return await healthz(svc);
        return loaded.then((h) => h(request));
      },
      error: (e) => errorResponse(e),
    });
  let server: ReturnType<typeof listen>;
  try {
    server = listen();
  } catch (e) {
    // The port is taken (or not ours to use): leave the folder as it was found.
    await svc.db.close();
    lock.release();
    throw e;
  }
  const port = server.port as number;
  lock.listening(config.host, port);
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  if (!svc.config.publicUrl) svc.config.publicUrl = `http://${host}:${port}`;

  const { buildApp, startBackground } = await import("./app.ts");
  const { Engine } = await import("./gen/engine.ts");
  const engine = new Engine(svc);
  const app = buildApp(svc);
  app.compile();
  handle = app.fetch;
  ready(app.fetch);
  await startBackground(svc, engine);
  return {
    svc,
    engine,
    url: `http://${host}:${port}`,
    port,
    async stop() {
      await server.stop(true);
      await engine.close();
      await svc.db.close();
      lock.release();
    },
  };
}
