import { expect } from "bun:test";
import { ApiError } from "../../src/core/errors.ts";

/** Runs `fn`, which must throw an ApiError, and returns it for the caller's code/message checks. */
export function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error("expected an ApiError");
}
