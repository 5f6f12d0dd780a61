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
import { ApiError } from "./core/errors.ts";
import { healthz } from "./http/health.ts";
import type { Engine } from "./jobs/engine.ts";
import { mkdirSync } from "node:fs";
import { lockDataFolder } from "./store/lock.ts";
import { FolderBlobs } from "./store/blob-store.ts";
import { S3Blobs } from "./store/blobs-s3.ts";

export interface RunningServer {
  svc: EdgeServices;
  engine: Engine;
  url: string;
  port: number;
  stop(): Promise<void>;
}

type Handler = (request: Request) => Response | Promise<Response>;
type Server = Bun.Server<undefined>;

/** Path segments a request may have; every real route is far shallower (an imported asset's name adds a few). */
const MAX_SEGMENTS = 32;

/**
 * Bun resolves `.` and `..` segments (`%2e` spellings too) and reads `\` as `/` in request.url before any code of
 * ours runs, so `/v1/..\\healthz` would be served as `/healthz`. Its router, though, matches the raw request
 * target, and a route's params hold the raw segments (percent-decoded): one route per depth, each checking its
 * segments, refuses such a path with 400 before anything is routed (issue 27). A slash that was sent encoded
 * (`%2F`, inside an asset name) stays inside its segment and is not a separator here.
 */
function canonicalRoutes(answer: (request: Request, srv: Server) => Response | Promise<Response>) {
  const checked = async (request: Request & { params?: Record<string, string> }, srv: Server) => {
    const segments = Object.values(request.params ?? {});
    if (segments.some((s) => s === "." || s === ".." || s.includes("\\"))) return nosniff(notCanonical());
    return nosniff(await answer(request, srv));
  };
  const routes: Record<string, typeof checked> = { "/": checked };
  for (let depth = 1; depth <= MAX_SEGMENTS; depth++) {
    const pattern = `/${Array.from({ length: depth }, (_, i) => `:s${i}`).join("/")}`;
    routes[pattern] = checked;
    routes[`${pattern}/`] = checked; // a trailing slash is an ordinary spelling, served as before
  }
  return routes;
}

const notCanonical = () =>
  errorResponse(
    new ApiError(
      "invalid_request",
      `the request path must not hold '.' or '..' segments, backslashes (sent as they are or percent-encoded), empty segments (//) or more than ${MAX_SEGMENTS} segments`,
    ),
  );

/** Every answer says its content type is meant as sent (no sniffing a JSON error or a PNG into HTML). */
function nosniff(response: Response): Response {
  try {
    response.headers.set("x-content-type-options", "nosniff");
    return response;
  } catch {
    // Immutable headers (a response passed through from elsewhere): copy them.
    const headers = new Headers(response.headers);
    headers.set("x-content-type-options", "nosniff");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Opens the store and serves until stopped; resolves once every route is loaded. Tests call this with port 0. */
export async function startServer(config: Config): Promise<RunningServer> {
  mkdirSync(config.data, { recursive: true });
  // One server per data folder on sqlite (one file, one writer). On PostgreSQL several API processes sharing
  // one database is the point, so there is no folder lock, and no sweep of temp files another may be writing.
  const lock = config.database
    ? { listening() {}, release() {} }
    : lockDataFolder(config.data, config.host, config.port);
  let svc: EdgeServices;
  try {
    svc = withEdge(await openServices(config));
    // Only the lock holder writes temp files (streamed uploads, blob writes): what is there is a crash's leftovers.
    if (!config.database && svc.blobs instanceof FolderBlobs) svc.blobs.folder.sweepTemp();
    // S3's local copies and spool files: only those a day old, as other processes may share the folder.
    if (svc.blobs instanceof S3Blobs) await svc.blobs.sweepLocal();
  } catch (e) {
    lock.release();
    throw e;
  }
  let handle: Handler | null = null;
  let ready: (h: Handler) => void = () => {};
  const loaded = new Promise<Handler>((resolve) => {
    ready = resolve;
  });
  const answer = (request: Request, srv: Server): Response | Promise<Response> => {
    rememberListener(request, srv);
    if (handle) return handle(request);
    if (new URL(request.url).pathname === "/healthz") return healthz(svc);
    return loaded.then((h) => h(request));
  };
  const listen = () =>
    Bun.serve({
      port: config.port,
      hostname: config.host,
      maxRequestBodySize: Math.max(config.limits.uploadBytes, config.limits.jsonBodyBytes) + 1024 * 1024,
      idleTimeout: 120,
      routes: canonicalRoutes(answer),
      // Reached only by a raw path no route above matched: deeper than MAX_SEGMENTS, or with an empty segment (//).
      fetch: () => nosniff(notCanonical()),
      error: (e) => nosniff(errorResponse(e)),
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
  const { Engine } = await import("./jobs/engine.ts");
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
