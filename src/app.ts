import { Elysia } from "elysia";
import type { Services } from "./services.ts";
import type { EdgeServices } from "./http/edge.ts";
import { healthz } from "./http/health.ts";
import { servePublished } from "./http/published.ts";
import { polymathUpload } from "./http/polymath.ts";
import { OPERATIONS } from "./ops/index.ts";
import { mountOperations } from "./http/routes.ts";
import { clientAddress } from "./http/client-address.ts";
import { openApiDocument } from "./http/openapi.ts";
import { mountDocs } from "./http/docs.ts";
import { errorResponse } from "./http/respond.ts";
import { ApiError } from "./core/errors.ts";
import type { Engine } from "./jobs/engine.ts";
import { resumeImports } from "./jobs/import.ts";
import { failInterruptedMerges } from "./jobs/merge.ts";
import { mountStudio } from "./studio/serve.ts";

/** Builds the Elysia app: /v1 operations, OpenAPI, docs, health and metrics. */
export function buildApp(svc: EdgeServices): Elysia {
  const app = new Elysia();
  app.onError(({ code, error }) => {
    if (code === "NOT_FOUND") return errorResponse(new ApiError("not_found", "no such route; see /openapi.json"));
    if (code === "PARSE") return errorResponse(new ApiError("invalid_json", "the body is not valid JSON"));
    return errorResponse(error);
  });
  mountOperations(app, svc, OPERATIONS);
  let openapi = "";
  app.get("/openapi.json", () => {
    // Every path starts with /v1, so the server URL must not: a generated client joins the two.
    openapi ||= JSON.stringify(openApiDocument(OPERATIONS, svc.config.publicUrl));
    return new Response(openapi, { headers: { "content-type": "application/json" } });
  });
  mountDocs(app);
  mountStudio(app);
  // Loaded on the first MCP call: the SDK (with its schema libraries) is the heaviest module to evaluate,
  // and a server that never sees an agent should not pay for it at start (bench/start.ts).
  let mcp: Promise<typeof import("./mcp/server.ts")> | undefined;
  app.post(
    "/mcp",
    async ({ request }) => {
      mcp ??= import("./mcp/server.ts");
      return (await mcp).handleMcp(svc, OPERATIONS, request, clientAddress(request));
    },
    {
      parse: "none",
    } as never,
  );
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
  app.get("/healthz", async () => await healthz(svc));
  // Published builds: public, no key (server.properties points game clients here).
  app.get("/p/:file", async ({ request, params }) => await servePublished(svc, request, params.file));
  app.head("/p/:file", async ({ request, params }) => await servePublished(svc, request, params.file));
  // Polymath-compatible uploads from item plugins (Oraxen, Nexo): the token in the path is the only key.
  app.post(
    "/polymath/:token/upload",
    ({ request, params }: { request: Request; params: Record<string, string> }) =>
      polymathUpload(svc, request, params.token),
    { parse: "none" } as never,
  );
  app.get("/metrics", async () => {
    const rows = await svc.db.all<{ status: string; n: number }>(
      "SELECT status, count(*) AS n FROM assets GROUP BY status",
    );
    return new Response(svc.metrics.render(Object.fromEntries(rows.map((r) => [r.status, r.n]))), {
      headers: { "content-type": "text/plain; version=0.0.4" },
    });
  });
  return app;
}

export { startServer, type RunningServer } from "./listen.ts";

/** What a started server runs once its routes are loaded: restart recovery of jobs, imports and merges. */
export async function startBackground(svc: Services, engine: Engine): Promise<void> {
  await engine.recover();
  await resumeImports(svc);
  await failInterruptedMerges(svc);
}
