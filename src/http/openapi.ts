import { isRest, type Operation, type RestOperation } from "../ops/types.ts";
import { ERROR_STATUS, type ErrorCode } from "../core/errors.ts";
import { NAMED_SCHEMAS as SHARED } from "../ops/schemas.ts";
import { ArtSpecSchema, InterpretationSchema } from "../ops/generate/art-spec.ts";
import { Acceptance } from "../ops/generate/accept.ts";
import { ImportAcceptance } from "../ops/imports.ts";

const NAMED_SCHEMAS = {
  ...SHARED,
  Interpretation: InterpretationSchema,
  ArtSpec: ArtSpecSchema,
  Acceptance,
  ImportAcceptance,
};

/** What each tag groups, for the document's declared tags (and the /docs sidebar). */
const TAGS: Record<string, string> = {
  packs: "Create, list, edit, export and publish packs.",
  assets: "A pack's assets: list, download, upload, delete.",
  jobs: "Poll generation and import jobs.",
  generation: "Start generations (they answer a job at once) and read what the generators understand.",
  "style guide": "A pack's style guide and reference images.",
  "upload and import": "Uploads, pack imports and the pack checker.",
  origin: "The unauthenticated origin check: was a file's content made here?",
  account: "The caller's account: balance, plan, limits and costs.",
};

const ERROR = { $ref: "#/components/schemas/Error" };
const ERROR_SCHEMA = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_STATUS), description: "Stable: branch on this." },
        message: { type: "string", description: "What was wrong, in plain words." },
      },
    },
  },
};

/**
 * The RateLimit-* fields every answer to a keyed call carries (IETF draft ratelimit-headers), defined once
 * under components/headers and referenced from each response of each keyed operation.
 */
const RATE_HEADERS: Record<string, { description: string; schema: unknown }> = {
  "RateLimit-Limit": {
    description: "The key's budget for this kind of call (reads or writes) per window.",
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Remaining": {
    description: "How many more calls of this kind the key may make now.",
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Reset": {
    description:
      "Seconds until the oldest call in the sliding window leaves it and one more is free (0: none in the window).",
    schema: { type: "integer", minimum: 0 },
  },
  "RateLimit-Policy": {
    description: 'The budget and its window in seconds, e.g. "120;w=60".',
    schema: { type: "string" },
  },
};
const rateHeaderRefs = Object.fromEntries(
  Object.keys(RATE_HEADERS).map((h) => [h, { $ref: `#/components/headers/${h}` }]),
);

/** Adds the RateLimit-* header references to every response of a keyed operation past the key check (not 401). */
function withRateHeaders(op: RestOperation, responses: Record<string, any>): Record<string, unknown> {
  if (op.auth !== "key") return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([s, r]) => [s, s === "401" ? r : { ...r, headers: rateHeaderRefs }]),
  );
}

/** Errors every operation of a kind can answer beyond its own list. */
function commonErrors(op: RestOperation, hasBody: boolean): ErrorCode[] {
  const out: ErrorCode[] =
    op.auth === "key"
      ? ["missing_api_key", "invalid_api_key", "wrong_key_kind", "plan_required", "rate_limited", "unavailable"]
      : ["rate_limited"];
  // A JSON body can be malformed or too big before the operation reads it.
  if (hasBody) out.push("invalid_json", "invalid_request", "file_too_large");
  return out;
}

/** Error responses grouped by status, each naming its codes. */
function errorResponses(codes: ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<string, string[]>();
  for (const code of new Set(codes)) {
    const status = String(ERROR_STATUS[code]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([status, cs]) => [
        status,
        { description: cs.join(", "), content: { "application/json": { schema: ERROR } } },
      ]),
  );
}

/** The OpenAPI 3.1 document, derived from the same operation table as the routes and MCP tools. */
export function openApiDocument(ops: Operation[], serverUrl: string) {
  const refs = new NamedRefs();
  const paths: Record<string, Record<string, unknown>> = {};
  // Tools without a route (`rest: false`) are not part of the HTTP API.
  const routed = ops.filter(isRest);
  for (const op of routed) {
    const props = op.input.properties as Record<string, unknown>;
    const required = new Set<string>((op.input.required as string[]) ?? []);
    const inPath = new Set(op.pathParams ?? []);
    const inQuery = new Set(op.query ?? []);
    const example = op.examples?.[0]?.value as Record<string, unknown> | undefined;
    const parameters = Object.entries(props)
      .filter(([k]) => inPath.has(k) || inQuery.has(k))
      .map(([k, schema]) => ({
        name: k,
        in: inPath.has(k) ? "path" : "query",
        required: inPath.has(k) || required.has(k),
        // The schema's own words, on the parameter too: renderers and linters read them there.
        description: (schema as { description?: string }).description,
        schema: refs.of(schema),
        ...(example?.[k] === undefined ? {} : { example: example[k] }),
      }));
    const bodyProps = Object.entries(props).filter(([k]) => !inPath.has(k) && !inQuery.has(k));
    const hasBody = bodyProps.length > 0 && (op.method === "POST" || op.method === "PUT" || op.method === "PATCH");
    const success = op.output
      ? { "application/json": { schema: refs.of(op.output) } }
      : Object.fromEntries((op.produces ?? ["application/octet-stream"]).map((t) => [t, {}]));
    const operation: Record<string, unknown> = {
      operationId: op.name,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      parameters,
      // A signed download link (export_pack's url) is the other way in where the operation allows it.
      security: op.auth === "key" ? [{ bearer: [] }, ...(op.signed ? [{ signedLink: [] }] : [])] : [],
      responses: withRateHeaders(op, {
        [String(op.status ?? 200)]: { description: "Success", content: success },
        ...errorResponses([...(op.errors ?? []), ...commonErrors(op, hasBody || !!op.rawBody)]),
      }),
    };
    if (op.rawBody)
      operation.requestBody = {
        required: true,
        description: "The file's raw bytes.",
        content: {
          "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
        },
      };
    else if (hasBody)
      operation.requestBody = {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              additionalProperties: false,
              required: bodyProps.map(([k]) => k).filter((k) => required.has(k)),
              properties: Object.fromEntries(bodyProps.map(([k, s]) => [k, refs.of(s)])),
            },
            ...bodyExamples(op, new Set(bodyProps.map(([k]) => k))),
          },
        },
      };
    (paths[`/v1${op.path}`] ??= {})[op.method.toLowerCase()] = operation;
  }
  const used = new Set(routed.map((o) => o.tag));
  return {
    openapi: "3.1.0",
    info: {
      title: "Packsmith",
      version: "1.0.0",
      description: "Builds Minecraft Java resource packs: generate, upload, import, export, origin check.",
      // Private, not published under an open licence (package.json "private": true).
      license: { name: "Proprietary", identifier: "LicenseRef-Packsmith-Proprietary" },
      // Self-hosted: whoever runs this server answers for it, and its reference page is where to start.
      contact: { name: "This server's operator", url: `${serverUrl}/docs` },
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        signedLink: {
          type: "apiKey",
          in: "query",
          name: "token",
          description: "The token of a signed, expiring download link (export_pack answers one); no key needed.",
        },
      },
      schemas: { Error: ERROR_SCHEMA, ...refs.components() },
      headers: RATE_HEADERS,
    },
    paths,
  };
}

/** The operation's examples as OpenAPI body examples: each one's body fields, keyed by a name made from its summary. */
function bodyExamples(op: RestOperation, body: Set<string>) {
  if (!op.examples?.length) return {};
  const named = op.examples.map((e) => [
    e.summary
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, ""),
    {
      summary: e.summary,
      value: Object.fromEntries(Object.entries(e.value as Record<string, unknown>).filter(([k]) => body.has(k))),
    },
  ]);
  return { examples: Object.fromEntries(named) };
}

/** TypeBox schemas carry symbol keys; JSON round-trip leaves plain JSON Schema. */
export const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema));

/**
 * Turns the shared schemas (Pack, Asset, Job…) into `#/components/schemas/<Name>` references wherever they
 * appear, so generated clients get named types; every other schema stays inline.
 */
class NamedRefs {
  private readonly byText = new Map<string, string>();
  private readonly seen = new Set<string>();
  constructor() {
    for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) this.byText.set(JSON.stringify(plain(schema)), name);
  }

  of(schema: unknown): unknown {
    return this.swap(plain(schema));
  }

  private swap(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.swap(n));
    if (typeof node !== "object" || node === null) return node;
    const name = this.byText.get(JSON.stringify(node));
    if (name) {
      this.seen.add(name);
      return { $ref: `#/components/schemas/${name}` };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, this.swap(v)]));
  }

  /** The named schemas some operation used, each with the others inside it referenced too (until none is new). */
  components(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let grew = true; grew; ) {
      grew = false;
      for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
        if (!this.seen.has(name) || name in out) continue;
        const body = plain(schema) as Record<string, unknown>;
        out[name] = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, this.swap(v)]));
        grew = true;
      }
    }
    return Object.fromEntries(
      Object.keys(NAMED_SCHEMAS)
        .filter((n) => n in out)
        .map((n) => [n, out[n]]),
    );
  }
}
