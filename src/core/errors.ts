/**
 * The edge's error. The domain (pack/, gen/, origin/) throws `DomainError(code, message)` (src/domain-error.ts);
 * core, ops and the faces throw `ApiError`, a DomainError that also carries the HTTP status and any headers.
 * `publicError` is the one mapping: REST renders `{error:{code,message}}` with the status from ERROR_STATUS,
 * MCP renders a tool error with the same code. (DESIGN.md: match with `instanceof`, never by a `code` property,
 * because Elysia reads `code` itself.)
 */
import { DomainError, type ErrorCode } from "../domain-error.ts";
import { EngineUnavailable } from "../store/engines.ts";

export { DomainError, type ErrorCode, invalid } from "../domain-error.ts";

/** The HTTP status of each code; the compiler holds it to exactly the codes of ERROR_CODES. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_job_handle: 400,
  file_fetch_failed: 400,
  not_a_pack: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  wrong_key_kind: 401,
  insufficient_credits: 402,
  plan_required: 403,
  forbidden: 403,
  pack_limit_reached: 403,
  asset_limit_reached: 403,
  not_found: 404,
  job_not_found: 404,
  upload_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  still_generating: 409,
  generation_failed: 409,
  file_too_large: 413,
  rate_limited: 429,
  export_failed: 500,
  request_failed: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

export class ApiError extends DomainError {
  readonly status: number;
  /** Extra response headers, e.g. Retry-After on rate_limited. */
  readonly headers: Record<string, string>;
  constructor(errorCode: ErrorCode, message: string, headers: Record<string, string> = {}, cause?: unknown) {
    super(errorCode, message, cause);
    this.name = "ApiError";
    this.status = ERROR_STATUS[errorCode];
    this.headers = headers;
  }
  toBody() {
    return { error: { code: this.errorCode, message: this.message } };
  }
}

/**
 * The data folder's disk is full: sqlite answers SQLITE_FULL (or an I/O error while growing a file), the file
 * system ENOSPC or EDQUOT. sqlite rolls the statement back and a failed blob write removes its temp file, so
 * nothing was changed; the server keeps serving reads.
 */
export function isStorageFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "SQLITE_FULL" || code === "ENOSPC" || code === "EDQUOT";
}

export const storageFull = () =>
  new ApiError(
    "unavailable",
    "storage full: the server's data folder has no space left, so nothing was changed; try again once space is freed",
    { "retry-after": "60" },
  );

/**
 * The error a caller sees: an ApiError as it is, a domain refusal with its code's status (same code and
 * message), a full disk as 503 unavailable, anything else null.
 */
export function publicError(e: unknown): ApiError | null {
  if (e instanceof ApiError) return e;
  if (e instanceof DomainError) return new ApiError(e.errorCode, e.message, {}, e);
  const down = engineDown(e);
  if (down) return engineUnavailable(down);
  return isStorageFull(e) ? storageFull() : null;
}

/** The EngineUnavailable behind an error, looking through the causes other layers wrapped it in. */
function engineDown(e: unknown): EngineUnavailable | null {
  for (let c = e, depth = 0; c && depth < 8; c = (c as { cause?: unknown }).cause, depth++)
    if (c instanceof EngineUnavailable) return c;
  return null;
}

/** Seconds a client is told to wait when an engine is down: a restart or failover takes about this long. */
const ENGINE_RETRY_SECONDS = "5";

/**
 * PostgreSQL or the blob store cannot be reached: 503 `unavailable`, naming the engine (never its address or
 * credentials). Writes put the blob first and the rows in one transaction, so nothing half-written is left.
 */
export const engineUnavailable = (e: EngineUnavailable) =>
  new ApiError(
    "unavailable",
    `the ${ENGINE_NAMES[e.engine]} is unreachable, so nothing was changed; try again shortly`,
    { "retry-after": ENGINE_RETRY_SECONDS },
    e,
  );

const ENGINE_NAMES: Record<EngineUnavailable["engine"], string> = {
  postgres: "database (PostgreSQL)",
  sqlite: "database (sqlite)",
  s3: "blob store (S3)",
  folder: "blob store (data folder)",
};
