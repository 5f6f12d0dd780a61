import type { Services } from "../services.ts";
import { type RateLimiter, rateLimiterFor } from "./rate-limit.ts";
import { Metrics } from "./metrics.ts";
import { ReadCache } from "./read-cache.ts";

/**
 * What the faces (REST and MCP) keep per server on top of the domain's Services: rate limits per key and
 * address, request metrics, and the cache of callers and read answers. No operation uses them, so they are
 * not in Services (which sits below the faces); the server adds them once it listens.
 */
export interface EdgeServices extends Services {
  limiter: RateLimiter;
  metrics: Metrics;
  /** Callers and read answers, valid until the next write to the database. */
  readCache: ReadCache;
}

/** Adds the edge's helpers to `svc` itself: one object, so what the engine sets on it later is seen by both. */
export function withEdge(svc: Services): EdgeServices {
  return Object.assign(svc, {
    limiter: rateLimiterFor(svc.db, svc.config.rate.windowMs),
    metrics: new Metrics(),
    readCache: new ReadCache(svc.db),
  });
}
