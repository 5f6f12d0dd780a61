import type { OpContext } from "../types.ts";
import { ApiError } from "../../core/errors.ts";

/**
 * `referenceId` must name a reference image already uploaded in the web studio (spec). Reference images
 * arrive with the studio (issue 8); until then no id can name one, so refuse clearly rather than ignore it.
 */
export function checkReference(_ctx: OpContext, referenceId: string | undefined): void {
  if (referenceId === undefined) return;
  throw new ApiError("invalid_request", `referenceId '${referenceId}' names no uploaded reference image`);
}
