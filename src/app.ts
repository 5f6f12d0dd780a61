import { Elysia } from "elysia";
import type { Config } from "./config.ts";
import { openServices, type Services } from "./services.ts";
import { OPERATIONS } from "./ops/index.ts";
import { mountOperations, clientAddress, rememberListener } from "./http/routes.ts";
import { openApiDocument } from "./http/openapi.ts";
import { DOCS_HTML } from "./http/docs.ts";
import { errorResponse, json } from "./http/respond.ts";
import { ApiError } from "./core/errors.ts";
import { Engine } from "./gen/engine.ts";
import { resumeImports } from "./core/import-job.ts";
import { handleMcp } from "./mcp/server.ts";
import { mountStudio } from "./studio/serve.ts";

/** Builds the Elysia app: /v1 operations, OpenAPI, docs, health and metrics. */
export function buildApp(svc: Services): Elysia {
  const app = new Elysia();
  app.onError(({ code, error }) => {
    if (code === "NOT_FOUND") return errorResponse(new ApiError("not_found", "no such route; see /openapi.json"));
    if (code === "PARSE") return errorResponse(new ApiError("invalid_json", "the body is not valid JSON"));
    return errorResponse(error);
  });
  mountOperations(app, svc, OPERATIONS);
  let openapi = "";
  app.get("/openapi.json", () => {
    openapi ||= JSON.stringify(openApiDocument(OPERATIONS, svc.config.publicUrl + "/v1"));
    return new Response(openapi, { headers: { "content-type": "application/json" } });
  });
  app.get("/docs", () => new Response(DOCS_HTML, { headers: { "content-type": "text/html; charset=utf-8" } }));
  mountStudio(app);
  app.post("/mcp", ({ request }) => handleMcp(svc, OPERATIONS, request, clientAddress(request)), {
    parse: "none",
  } as never);
  const notAllowed = () =>
    new Response(
      JSON.stringify({
        error: { code: "method_not_allowed", message: "/mcp takes POST only (stateless streamable HTTP)" },
      }),
      {
        status: 405,
        headers: { "content-type": "application/json", allow: "POST" },
      },
    );
  app.get("/mcp", notAllowed);
  app.delete("/mcp", notAllowed);
  app.get("/healthz", () => {
    svc.db.query("SELECT 1").get();
    return json({ status: "ok" });
  });
  app.get("/metrics", () => {
    const rows = svc.db.query("SELECT status, count(*) AS n FROM assets GROUP BY status").all() as {
      status: string;
      n: number;
    }[];
    return new Response(svc.metrics.render(Object.fromEntries(rows.map((r) => [r.status, r.n]))), {
      headers: { "content-type": "text/plain; version=0.0.4" },
    });
  });
  return app;
}

export interface RunningServer {
  svc: Services;
  engine: Engine;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Opens the store and serves until stopped. Tests call this with port 0 and a temp data dir. */
export async function startServer(config: Config): Promise<RunningServer> {
  const svc = openServices(config);
  const engine = new Engine(svc);
  const app = buildApp(svc);
  app.compile();
  const handle = app.fetch;
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: Math.max(config.limits.uploadBytes, config.limits.jsonBodyBytes) + 1024 * 1024,
    idleTimeout: 120,
    fetch(request, srv) {
      rememberListener(request, srv);
      return handle(request);
    },
    error: (e) => errorResponse(e),
  });
  const port = server.port!;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  if (!svc.config.publicUrl) svc.config.publicUrl = `http://${host}:${port}`;
  engine.recover();
  resumeImports(svc);
  return {
    svc,
    engine,
    url: `http://${host}:${port}`,
    port,
    async stop() {
      await server.stop(true);
      await engine.close();
      svc.db.close();
    },
  };
}
