import type { Elysia } from "elysia";
import type { Services } from "../services.ts";
import type { EdgeServices } from "./edge.ts";
import { isRest, type Operation, type OpContext, type RestOperation } from "../ops/types.ts";
import { ApiError } from "../core/errors.ts";
import { authenticate, keyUsed, type Caller } from "../core/keys.ts";
import { callerFromToken } from "../core/signed-urls.ts";
import { coerceQuery, validateInput } from "../ops/validate.ts";
import { bearer, errorResponse, readJsonObject } from "./respond.ts";
import { settled } from "./read-cache.ts";
import { clientAddress } from "./client-address.ts";
import { JSON_HEADERS } from "../ops/json-response.ts";

export const restPath = (op: RestOperation) =>
  "/v1" + (op.tailParam ? op.path.replace(`{${op.tailParam}}`, "*") : op.path).replace(/\{(\w+)\}/g, ":$1");

/** Elysia names a trailing wildcard `*`; give it back the operation's own parameter name. */
function pathParams(op: RestOperation, params: Record<string, string>): Record<string, string> {
  if (!op.tailParam || !("*" in params)) return params;
  const { "*": tail, ...named } = params;
  let value = tail;
  try {
    value = decodeURIComponent(tail);
  } catch {
    // already decoded, or a stray %: take it as it is
  }
  return { ...named, [op.tailParam]: value };
}

function refuseIfSwitchedOff(svc: Services, op: Operation): void {
  if (svc.config.disabled.has(op.name)) throw new ApiError("unavailable", `${op.name} is switched off on this server`);
}

/** The rate budget a call was counted against: what the RateLimit-* answer headers describe. */
export interface Budget {
  bucket: string;
  limit: number;
}

/** Sets the RateLimit-* fields of `budget` (as it stands after the call) on an answer. */
export function withBudget(svc: EdgeServices, response: Response, budget: Budget | null): Response {
  if (budget)
    for (const [k, v] of Object.entries(svc.limiter.headers(budget.bucket, budget.limit))) response.headers.set(k, v);
  return response;
}

/**
 * The checks every call goes through, in the spec's order: feature switch, key, plan, rate budget,
 * read-only/role. Shared by REST and MCP (which passes its own key kind) so budgets and errors match.
 * `counted` hears the key's budget once the key is known, so even a refusal past that point (429, a
 * read-only key) carries the RateLimit-* fields.
 */
export async function admit(
  svc: EdgeServices,
  op: Operation,
  secret: string | null,
  kind: "rest" | "mcp",
  address: () => string,
  counted: (b: Budget) => void = () => {},
): Promise<Caller | null> {
  refuseIfSwitchedOff(svc, op);
  if (op.auth === "none") {
    await svc.limiter.take(`ip:${address()}`, svc.config.rate.origin, "origin-check");
    return null;
  }
  const caller = secret
    ? (svc.readCache.cachedCaller(`${kind}:${secret}`) ??
      (await svc.readCache.caller(`${kind}:${secret}`, () => authenticate(svc.db, secret, kind))))
    : await authenticate(svc.db, secret, kind);
  const used = keyUsed(svc.db, caller.key.id);
  if (used) await used;
  const budget = op.access === "write" ? svc.config.rate.writes : svc.config.rate.reads;
  counted({ bucket: `${op.access}:${caller.key.id}`, limit: budget });
  await svc.limiter.take(`${op.access}:${caller.key.id}`, budget, op.access === "write" ? "write" : "read");
  if (op.budget === "checks") await svc.limiter.take(`checks:${caller.key.id}`, svc.config.rate.checks, "pack check");
  if (op.access === "write" && caller.key.readOnly) throw new ApiError("forbidden", "this key is read-only");
  return caller;
}

/** The request's `token` and the path it signs (the path and query without the token), when it has one. */
function signedToken(request: Request): { path: string; token: string } | null {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (!token) return null;
  url.searchParams.delete("token");
  return { path: url.pathname + url.search, token };
}

/** A signed link: the key it was made with is the caller, with that key's read budget. */
async function admitSigned(
  svc: EdgeServices,
  op: Operation,
  t: { path: string; token: string },
  counted: (b: Budget) => void,
): Promise<Caller> {
  refuseIfSwitchedOff(svc, op);
  const caller = await callerFromToken(svc.db, svc.config.data, t.path, t.token);
  counted({ bucket: `${op.access}:${caller.key.id}`, limit: svc.config.rate.reads });
  await svc.limiter.take(`${op.access}:${caller.key.id}`, svc.config.rate.reads, "read");
  return caller;
}

/** What an operation is run with, whichever face admitted the caller; the MCP face builds it here too. */
export function opContext(
  svc: EdgeServices,
  caller: Caller | null,
  request?: Request,
  signal = request?.signal,
): OpContext {
  return {
    svc,
    caller,
    baseUrl: svc.config.publicUrl,
    request,
    signal,
    payRecheck: async () => {
      if (caller) await payRecheck(svc, caller);
    },
    payWrites: async (extra: number) => {
      if (caller && extra > 0) await payWrites(svc, caller, extra);
    },
  };
}

/** `extra` write requests from the caller's budget, all or none: refused (rate_limited) before any is taken. */
async function payWrites(svc: EdgeServices, caller: Caller, extra: number) {
  const budget = svc.config.rate.writes;
  if (!(await svc.limiter.spend(`write:${caller.key.id}`, extra, budget)).ok) {
    const window = Math.round(svc.config.rate.windowMs / 1000);
    throw new ApiError(
      "rate_limited",
      `this request counts as ${extra + 1} writes, more than is left of the write budget of ${budget} per ${window} s; retry later or ask for fewer`,
      { "retry-after": String(window) },
    );
  }
}

/**
 * One read for a wait's re-check, only while more than half the budget is left (used < budget / 2, that is
 * used + 1 <= ceil(budget / 2): the cap of one atomic spend); never refused.
 */
async function payRecheck(svc: EdgeServices, caller: Caller) {
  await svc.limiter.spend(`read:${caller.key.id}`, 1, Math.ceil(svc.config.rate.reads / 2));
}

/** Runs an operation to completion for one caller; the MCP face calls this too, with the tool's own run if it has one. */
export async function runOp(
  op: Operation,
  ctx: OpContext,
  raw: Record<string, unknown>,
  run: Operation["run"] = op.run,
): Promise<unknown> {
  const input = validateInput(op, raw, ctx.svc.config);
  return run(ctx, input as never);
}

/** Mounts every operation that has a REST route (`rest: false` ones are tools only). */
export function mountOperations(app: Elysia, svc: EdgeServices, ops: Operation[]): void {
  for (const op of ops.filter(isRest)) {
    const route = restPath(op);
    // An operation whose arguments all come from the path and query (publish_pack) reads no body.
    const bodyFields = Object.keys(op.input.properties).filter(
      (k) => !op.pathParams?.includes(k) && !op.query?.includes(k),
    );
    const hasBody =
      (op.method === "POST" || op.method === "PUT" || op.method === "PATCH") && !op.rawBody && bodyFields.length > 0;
    const cacheable = op.method === "GET" && op.access === "read" && op.auth === "key";
    app.route(
      op.method,
      route,
      async ({
        request,
        params,
        query,
      }: {
        request: Request;
        params: Record<string, string>;
        query: Record<string, string>;
      }) => {
        const started = performance.now();
        let response: Response;
        let budget: Budget | null = null;
        const counted = (b: Budget) => (budget = b);
        try {
          const token = op.signed && !request.headers.has("authorization") ? signedToken(request) : null;
          const caller = token
            ? await admitSigned(svc, op, token, counted)
            : await admit(svc, op, bearer(request), "rest", () => clientAddress(request), counted);
          // Reads are answered from the cache while the database is unchanged (read-cache.ts).
          const cacheKey = cacheable && caller ? `${caller.key.id} ${request.url}` : "";
          const hit = cacheKey ? svc.readCache.answer(cacheKey) : undefined;
          const stamp = cacheKey ? svc.readCache.stamp() : "";
          if (hit) response = new Response(hit.body, { status: hit.status, headers: JSON_HEADERS });
          else {
            const raw: Record<string, unknown> = hasBody
              ? await readJsonObject(request, svc.config.limits.jsonBodyBytes)
              : {};
            Object.assign(raw, coerceQuery(op, query), pathParams(op, params));
            const result = await runOp(op, opContext(svc, caller, request), raw);
            if (result instanceof Response) response = result;
            else {
              const body = JSON.stringify(result);
              if (cacheKey && settled(body)) svc.readCache.store(cacheKey, { body, status: op.status ?? 200 }, stamp);
              response = new Response(body, { status: op.status ?? 200, headers: JSON_HEADERS });
            }
          }
        } catch (e) {
          response = errorResponse(e);
        }
        svc.metrics.observe(op.method, route, response.status, (performance.now() - started) / 1000);
        return withBudget(svc, response, budget);
      },
      { parse: "none" } as never,
    );
  }
}
