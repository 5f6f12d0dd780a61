import type { TObject, TSchema, Static } from "@sinclair/typebox";
import type { Services } from "../services.ts";
import type { Caller } from "../core/keys.ts";
import type { ErrorCode } from "../domain-error.ts";

/** Who may call: the holder of an API key, or anyone (the unauthenticated origin endpoints). */
export type Auth = "key" | "none";

/** The caller an operation of that auth is run for: the faces admit a key before any `auth: "key"` run. */
export type CallerFor<A extends Auth> = A extends "key" ? Caller : null;

/** Per-call context handed to an operation, whichever face (REST or MCP) called it. */
export interface OpContext<A extends Auth = Auth> {
  svc: Services;
  caller: CallerFor<A>;
  /** Public base URL of this server (no trailing slash), for URLs in answers. */
  baseUrl: string;
  /** The raw request, for operations that stream bytes in (upload PUT). */
  request?: Request;
}

/**
 * One definition per operation (DESIGN.md): REST routes, the OpenAPI document and the MCP tool list
 * are all derived from these, so the faces cannot drift.
 */
export interface Operation<S extends TObject = TObject, A extends Auth = Auth> {
  /** Also the MCP tool name and the feature-flag name (PACKSMITH_DISABLE=generate_sound,...). */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path under /v1 with {param} placeholders. */
  path: string;
  summary: string;
  /** Written for an agent: what it does, what it costs, what to call next. */
  description: string;
  tag: string;
  /** Every argument, path params and query and body alike (the MCP tool's input schema). */
  input: S;
  /** Which of the input's fields come from the path / the query string; the rest is the JSON body. */
  pathParams?: string[];
  query?: string[];
  access: "read" | "write";
  auth: A;
  status?: number;
  output?: TSchema;
  /** For an answer of bytes (no `output`): the content types it can carry, e.g. ["application/zip"]. */
  produces?: string[];
  /** Error codes this operation documents (OpenAPI responses); typed so a misspelt code fails to compile. */
  errors?: ErrorCode[];
  /** A last path parameter that takes the rest of the path, `/` included (imported asset names hold slashes). */
  tailParam?: string;
  /** The body is raw bytes read by the operation from ctx.request (upload PUT), not a JSON object. */
  rawBody?: boolean;
  /**
   * A signed link (`?token=…`, core/signed-urls.ts) may stand in for the bearer key: downloads an agent or a
   * browser fetches by URL. The token is checked against the request's path and query.
   */
  signed?: boolean;
  /**
   * Worked calls, the first the plain one: whole inputs (path, query and body fields together), shown in the
   * OpenAPI document (parameter and body examples) and checked by test/ops/examples.test.ts against a real server.
   */
  examples?: OpExample<Static<S>>[];
  /** false: not an MCP tool (uploads, imports, style guide, origin). */
  tool?: boolean;
  run(ctx: OpContext<A>, input: Static<S>): Promise<unknown> | unknown;
}

export interface OpExample<T> {
  /** Short, for a reference page's example picker. */
  summary: string;
  value: T;
}

/** Checks one operation against its own input and auth types, then files it in the table's common type. */
export const defineOp = <S extends TObject, A extends Auth>(op: Operation<S, A>): Operation =>
  op as unknown as Operation;
