import type { Operation } from "../ops/types.ts";
import { ERROR_STATUS } from "../core/errors.ts";

/** The OpenAPI 3.1 document, derived from the same operation table as the routes and MCP tools. */
export function openApiDocument(ops: Operation[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { type: "string" }, message: { type: "string" } },
      },
    },
  };
  for (const op of ops) {
    const props = op.input.properties as Record<string, any>;
    const required = new Set<string>((op.input.required as string[]) ?? []);
    const inPath = new Set(op.pathParams ?? []);
    const inQuery = new Set(op.query ?? []);
    const parameters = Object.entries(props)
      .filter(([k]) => inPath.has(k) || inQuery.has(k))
      .map(([k, schema]) => ({
        name: k,
        in: inPath.has(k) ? "path" : "query",
        required: inPath.has(k) || required.has(k),
        schema: plain(schema),
      }));
    const bodyProps = Object.entries(props).filter(([k]) => !inPath.has(k) && !inQuery.has(k));
    const operation: Record<string, unknown> = {
      operationId: op.name,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      parameters,
      security: op.auth === "key" ? [{ bearer: [] }] : [],
      responses: {
        [String(op.status ?? 200)]: {
          description: "Success",
          content: op.output
            ? { "application/json": { schema: plain(op.output) } }
            : { "application/octet-stream": {} },
        },
        ...Object.fromEntries(
          Array.from(
            [
              ...new Set([
                ...(op.errors ?? []),
                ...(op.auth === "key"
                  ? ["missing_api_key", "invalid_api_key", "wrong_key_kind", "plan_required", "rate_limited"]
                  : ["rate_limited"]),
              ]),
            ]
              .map((code) => [code, ERROR_STATUS[code as keyof typeof ERROR_STATUS]] as const)
              .reduce((acc, [code, status]) => {
                const key = String(status);
                const prev = acc.get(key);
                acc.set(key, prev ? `${prev}, ${code}` : code);
                return acc;
              }, new Map<string, string>())
              .entries(),
          ).map(([status, codes]) => [
            status,
            { description: codes, content: { "application/json": { schema: errorSchema } } },
          ]),
        ),
      },
    };
    if (bodyProps.length && (op.method === "POST" || op.method === "PUT" || op.method === "PATCH")) {
      operation.requestBody = {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              additionalProperties: false,
              required: bodyProps.map(([k]) => k).filter((k) => required.has(k)),
              properties: Object.fromEntries(bodyProps.map(([k, s]) => [k, plain(s)])),
            },
          },
        },
      };
    }
    const path = "/v1" + op.path;
    (paths[path] ??= {})[op.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Packsmith",
      version: "1.0.0",
      description: "Builds Minecraft Java resource packs: generate, upload, import, export, origin check.",
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}

/** TypeBox schemas carry symbol keys; JSON round-trip leaves plain JSON Schema. */
export const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema));
