/**
 * The refusal the domain throws: a stable code and a message, nothing about HTTP. pack/, gen/ and origin/ sit
 * below the faces, so they cannot know statuses or headers; the edge (core/errors.ts publicError) turns this
 * into the status, REST body and MCP error, and clients see the code and message unchanged.
 * Match with `instanceof`, never by a `code` property: Elysia reads `code` on anything thrown (DESIGN.md).
 */
export const ERROR_CODES = [
  "invalid_request",
  "invalid_json",
  "invalid_job_handle",
  "file_fetch_failed",
  "not_a_pack",
  "missing_api_key",
  "invalid_api_key",
  "wrong_key_kind",
  "insufficient_credits",
  "plan_required",
  "forbidden",
  "pack_limit_reached",
  "asset_limit_reached",
  "not_found",
  "job_not_found",
  "upload_not_found",
  "method_not_allowed",
  "conflict",
  "still_generating",
  "generation_failed",
  "file_too_large",
  "rate_limited",
  "export_failed",
  "request_failed",
  "unavailable",
] as const;

/** The codes on the wire (REST `error.code`, MCP error text): stable, clients branch on them. */
export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  /** `cause`: the error this refusal reads (a PngError, a JSON SyntaxError), kept for logs and debugging. */
  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "DomainError";
  }
}

/** The usual refusal: the input is wrong, and the message says how. */
export const invalid = (message: string, cause?: unknown) => new DomainError("invalid_request", message, cause);
