import type { Services } from "../services.ts";
import { json } from "../ops/json-response.ts";

/** GET /healthz: the process answers and its database reads. Served from the first moment the port listens. */
export async function healthz(svc: Services): Promise<Response> {
  await svc.db.get("SELECT 1");
  return json({ status: "ok" });
}
