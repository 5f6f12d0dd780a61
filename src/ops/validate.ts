import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import type { TObject } from "@sinclair/typebox";
import { ApiError } from "../core/errors.ts";
import type { Operation, RestOperation } from "./types.ts";
import type { Config } from "../config.ts";
import { PLAIN_TEXT_PATTERN } from "../pack/naming.ts";

const compiled = new WeakMap<TObject, TypeCheck<TObject>>();

function checkerFor(schema: TObject): TypeCheck<TObject> {
  let c = compiled.get(schema);
  if (!c) compiled.set(schema, (c = TypeCompiler.Compile(byCodeUnits(schema))));
  return c;
}

/**
 * Text limits count characters (code points), as the spec says; JSON Schema's maxLength, as TypeBox checks it,
 * counts UTF-16 units, so 51 emoji would be refused under a 100 limit. The compiled check therefore takes each
 * maxLength doubled (N code points are at most 2N units) and remembers the limit, and `overLength` then counts
 * the code points of what passed. The schemas the faces publish keep the plain maxLength.
 */
function byCodeUnits<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(byCodeUnits) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<PropertyKey, unknown> = {};
  for (const k of Reflect.ownKeys(schema)) out[k] = byCodeUnits((schema as Record<PropertyKey, unknown>)[k]);
  if (out.type === "string" && typeof out.maxLength === "number") {
    out[MAX_CODE_POINTS] = out.maxLength;
    out.maxLength = out.maxLength * 2;
  }
  return out as T;
}

const MAX_CODE_POINTS = "x-max-code-points";

/** The first string in `value` longer in code points than its schema's maxLength, as a message; else null. */
function overLength(schema: any, value: unknown, path: string): string | null {
  if (typeof value === "string") {
    const max = schema?.[MAX_CODE_POINTS];
    if (typeof max !== "number" || value.length <= max) return null;
    return [...value].length > max ? `${path || "body"} must be at most ${max} characters` : null;
  }
  if (value === null || typeof value !== "object") return null;
  for (const alt of schema?.anyOf ?? []) {
    const found = overLength(alt, value, path);
    if (found) return found;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = overLength(schema?.items, v, `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const found = overLength(schema?.properties?.[k], v, path ? `${path}.${k}` : k);
    if (found) return found;
  }
  return null;
}

/** Turns TypeBox's first error into a sentence a caller can act on. */
export function describeError(e: ValueError): string {
  const field = e.path.replace(/^\//, "").replace(/\//g, ".") || "body";
  const s = e.schema as Record<string, any>;
  const got = e.value === undefined ? "" : ` (got ${JSON.stringify(e.value)?.slice(0, 60)})`;
  switch (e.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return `${field} is required`;
    case ValueErrorType.ObjectAdditionalProperties:
      return `unknown field '${field}'`;
    case ValueErrorType.StringMaxLength:
      return `${field} must be at most ${s[MAX_CODE_POINTS] ?? s.maxLength} characters`;
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? `${field} must not be empty` : `${field} must be at least ${s.minLength} characters`;
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `${field} must be at least ${s.minimum}${got}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `${field} must be at most ${s.maximum}${got}`;
    case ValueErrorType.Integer:
      return `${field} must be a whole number${got}`;
    case ValueErrorType.ArrayMaxItems:
      return `${field} may hold at most ${s.maxItems} items`;
    case ValueErrorType.Union:
    case ValueErrorType.Literal:
      if (Array.isArray(s.anyOf) && s.anyOf.every((x: any) => "const" in x))
        return `${field} must be one of ${s.anyOf.map((x: any) => x.const).join(", ")}${got}`;
      return `${field} is not valid${got}`;
    case ValueErrorType.StringPattern:
      if (s.pattern === PLAIN_TEXT_PATTERN)
        return `${field} must not hold control characters (U+0000–U+001F, U+007F–U+009F) or bidirectional overrides (U+202A–U+202E, U+2066–U+2069)`;
      return `${field} ${s.description ? `must be ${s.description}` : "has the wrong format"}${got}`;
    default:
      return `${field}: ${e.message.toLowerCase()}${got}`;
  }
}

const configured = new WeakMap<Config, Map<Operation, TObject>>();

/** The operation's input schema on a server with this config: made once per config, so it compiles once. */
export function inputSchema(op: Operation, config: Config): TObject {
  if (!op.inputFor) return op.input;
  let schemas = configured.get(config);
  if (!schemas) configured.set(config, (schemas = new Map()));
  let schema = schemas.get(op);
  if (!schema) schemas.set(op, (schema = op.inputFor(config)));
  return schema;
}

/** Validates a whole input object against the operation's schema; throws invalid_request on the first problem. */
export function validateInput<T>(op: Operation, raw: Record<string, unknown>, config: Config): T {
  const check = checkerFor(inputSchema(op, config));
  if (check.Check(raw)) {
    const long = overLength(check.Schema(), raw, "");
    if (long) throw new ApiError("invalid_request", long);
    return raw as T;
  }
  const first = check.Errors(raw).First();
  throw new ApiError("invalid_request", first ? describeError(first) : "the request is not valid");
}

/** Query strings are text; turn "50" into 50 and "true" into true where the schema says so, nothing else. */
export function coerceQuery(op: RestOperation, query: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of op.query ?? []) {
    const v = query[key];
    if (v === undefined) continue;
    const type = (op.input.properties[key] as any)?.type;
    if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(v)) out[key] = Number(v);
    else if (type === "boolean" && (v === "true" || v === "false")) out[key] = v === "true";
    else out[key] = v;
  }
  return out;
}
