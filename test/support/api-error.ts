import { expect } from "bun:test";
import { DomainError } from "../../src/domain-error.ts";

/** Runs `fn`, which must throw a refusal (DomainError, ApiError included), and returns it for the caller's code/message checks. */
export function apiErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}

/** Like apiErrorOf, for a promise that must reject with a refusal. */
export async function apiRejectionOf(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}
