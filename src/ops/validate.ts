import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import type { TObject } from "@sinclair/typebox";
import { ApiError } from "../core/errors.ts";
import type { Operation, RestOperation } from "./types.ts";
import type { Config } from "../config.ts";

const compiled = new WeakMap<TObject, TypeCheck<TObject>>();

function checkerFor(schema: TObject): TypeCheck<TObject> {
  let c = compiled.get(schema);
  if (!c) compiled.set(schema, (c = TypeCompiler.Compile(schema)));
  return c;
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
      return `${field} must be at most ${s.maxLength} characters`;
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
  if (check.Check(raw)) return raw as T;
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
