/**
 * The one error type. Code anywhere throws `ApiError(code, message)`; REST renders
 * `{error:{code,message}}` with the status from ERROR_STATUS, MCP renders a tool error with the same code.
 * (DESIGN.md: match with `instanceof`, never by a `code` property, because Elysia reads `code` itself.)
 */
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;
  /** Extra response headers, e.g. Retry-After on rate_limited. */
  readonly headers: Record<string, string>;
  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[errorCode];
    this.headers = headers;
  }
  toBody() {
    return { error: { code: this.errorCode, message: this.message } };
  }
}

export const invalid = (message: string) => new ApiError("invalid_request", message);

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

/** The error a caller sees: an ApiError as it is, a full disk as 503 unavailable, anything else null. */
export const publicError = (e: unknown): ApiError | null =>
  e instanceof ApiError ? e : isStorageFull(e) ? storageFull() : null;
