import type { TObject, TSchema, Static } from "@sinclair/typebox";
import type { Services } from "../services.ts";
import type { Caller } from "../core/keys.ts";
import type { ErrorCode } from "../domain-error.ts";
import type { Config, GenerationOp } from "../config.ts";

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
  /** Aborts when the caller's HTTP connection goes away (REST and MCP alike): long work stops then. */
  signal?: AbortSignal;
  /**
   * Pays for one re-check of a long server-side wait (wait_for_job) from the caller's read budget, never
   * taking it below half. The rate budgets are the faces' (http/edge.ts), so they hand over this, not the limiter.
   */
  payRecheck(): Promise<void>;
  /**
   * Pays `extra` more write requests at once (a generation with `count` > 1 is that many generations), or
   * throws rate_limited taking none. Absent where no rate budget applies.
   */
  payWrites?(extra: number): Promise<void>;
}

/**
 * One definition per operation (DESIGN.md): REST routes, the OpenAPI document and the MCP tool list
 * are all derived from these, so the faces cannot drift. What a face shows differently is declared here
 * (`rest`, `tool`), never decided in the face by the operation's name.
 */
export type Operation<S extends TObject = TObject, A extends Auth = Auth> = OperationCore<S, A> & (RestRoute | McpOnly);

interface OperationCore<S extends TObject, A extends Auth> {
  /** Also the MCP tool name and the feature-flag name (PACKSMITH_DISABLE=generate_sound,...). */
  name: string;
  summary: string;
  /** Written for an agent: what it does, what it costs, what to call next. */
  description: string;
  tag: string;
  /** Every argument, path params and query and body alike (the MCP tool's input schema). */
  input: S;
  /**
   * For bounds that are server settings (wait_for_job's timeout): the input schema under this server's
   * config, which every face validates and lists; `input` is then the one under the default settings.
   */
  inputFor?(config: Config): S;
  access: "read" | "write";
  /**
   * A budget the call also spends besides its read or write one: "checks" (check_pack) is the per-key
   * `rate-checks` budget, for work that costs far more than a read.
   */
  budget?: "checks";
  auth: A;
  output?: TSchema;
  /** Error codes this operation documents (OpenAPI responses); typed so a misspelt code fails to compile. */
  errors?: ErrorCode[];
  /**
   * Worked calls, the first the plain one: whole inputs (path, query and body fields together), shown in the
   * OpenAPI document (parameter and body examples) and checked by test/api/contract/op-examples.test.ts against a real server.
   */
  examples?: OpExample<Static<S>>[];
  /** false: not an MCP tool (uploads, imports, style guide, origin); an object: how the tool differs from REST. */
  tool?: false | ToolFace<S, A>;
  run(ctx: OpContext<A>, input: Static<S>): Promise<unknown> | unknown;
}

/** Where the operation answers on REST (and so in the OpenAPI document). */
interface RestRoute {
  /** Has a route: the default; only `rest: false` (McpOnly) has none. */
  rest?: true;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path under /v1 with {param} placeholders. */
  path: string;
  /** Which of the input's fields come from the path / the query string; the rest is the JSON body. */
  pathParams?: string[];
  query?: string[];
  status?: number;
  /** For an answer of bytes (no `output`): the content types it can carry, e.g. ["application/zip"]. */
  produces?: string[];
  /** A last path parameter that takes the rest of the path, `/` included (imported asset names hold slashes). */
  tailParam?: string;
  /** The body is raw bytes read by the operation from ctx.request (upload PUT), not a JSON object. */
  rawBody?: boolean;
  /**
   * A signed link (`?token=…`, core/signed-urls.ts) may stand in for the bearer key: downloads an agent or a
   * browser fetches by URL. The token is checked against the request's path and query.
   */
  signed?: boolean;
}

/** Only a tool: it needs a caller that holds a connection open for it (wait_for_job), so it has no route. */
interface McpOnly {
  rest: false;
}

/** An operation with a REST route: what the REST face mounts and the OpenAPI document lists. */
export type RestOperation<S extends TObject = TObject, A extends Auth = Auth> = OperationCore<S, A> & RestRoute;
export const isRest = (op: Operation): op is RestOperation => op.rest !== false;

/** How an operation's MCP tool differs from its REST route. */
export interface ToolFace<S extends TObject, A extends Auth> {
  /**
   * The answer is bytes (an asset's file): the tool hands them over as MCP content an agent can look at or
   * listen to (image/* as image content, audio/* as audio content, anything else as text), not as JSON.
   */
  content?: true;
  /** The tool's own run where REST's answer cannot serve: export_pack builds and measures the zip, it streams none. */
  run?(ctx: OpContext<A>, input: Static<S>): Promise<unknown> | unknown;
  /** The cost setting the operation charges: the tool's description ends with its price on this server. */
  cost?: GenerationOp;
  /** Said after the price, for what the price also covers (generate_item: "a 3D item too"). */
  costNote?: string;
}

/** The tool's declared differences from REST; none (an empty face) for an ordinary tool or no tool at all. */
export const toolFace = (op: Operation): ToolFace<TObject, Auth> => op.tool || {};

export interface OpExample<T> {
  /** Short, for a reference page's example picker. */
  summary: string;
  value: T;
}

/**
 * Checks one operation against its own input and auth types, then files it in the table's common type. No
 * cast: `run` is a method, so the common type takes any operation's; the faces keep the auth promise (admit).
 */
export const defineOp = <S extends TObject, A extends Auth>(op: Operation<S, A>): Operation => op;
