import type { Services } from "../services.ts";
import { json } from "../ops/json-response.ts";

/** GET /healthz: the process answers and its database reads. Served from the first moment the port listens. */
export function healthz(svc: Services): Response {
  svc.db.query("SELECT 1").get();
  return json({ status: "ok" });
}
