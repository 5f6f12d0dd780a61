import { engineHealth, type Services } from "../services.ts";
import { json } from "../ops/json-response.ts";

/**
 * GET /healthz: the process answers and each engine it runs on (database, blob store) answers a bounded probe.
 * An engine down makes it 503, naming which (status per engine), so a load balancer takes the process out until
 * the engine is back; the process itself heals without a restart. Served from the first moment the port listens.
 */
export async function healthz(svc: Services): Promise<Response> {
  const engines = await engineHealth(svc);
  const down = engines.filter((e) => !e.ok);
  return json(
    {
      status: down.length ? "unavailable" : "ok",
      engines: Object.fromEntries(engines.map((e) => [e.engine, e.ok ? "ok" : "down"])),
      ...(down.length ? { down: down.map((e) => e.engine) } : {}),
    },
    down.length ? 503 : 200,
    down.length ? { "retry-after": "5" } : {},
  );
}
