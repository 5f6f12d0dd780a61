import { Type } from "@sinclair/typebox";
import type { Services } from "../services.ts";
import type { EdgeServices } from "../http/edge.ts";
import type { Caller } from "../core/keys.ts";
import { jobState } from "../ops/jobs.ts";
import { ApiError } from "../core/errors.ts";
import { parseHandle, getAsset } from "../core/assets.ts";
import { getPackBySlug } from "../core/packs.ts";

export const MAX_WAIT_HANDLES = 50;

export function waitInput(svc: Services) {
  const { waitDefaultSeconds, waitMaxSeconds } = svc.config.mcp;
  return Type.Object(
    {
      jobs: Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
        minItems: 1,
        maxItems: MAX_WAIT_HANDLES,
        description: `Job handles to wait for (1 to ${MAX_WAIT_HANDLES}), as returned by generate_* tools.`,
      }),
      timeoutSeconds: Type.Optional(
        Type.Number({
          minimum: 1,
          maximum: waitMaxSeconds,
          description: `How long to wait at most, 1 to ${waitMaxSeconds} s (default ${waitDefaultSeconds}).`,
        }),
      ),
    },
    { additionalProperties: false },
  );
}

/** How often a wait re-checks on its own (stale backstop, jobs finished by another process) and spends one read. */
const RECHECK_MS = 5_000;

/**
 * Waits server-side until every handle is `ready` or `error`, waking on completion events rather than
 * polling. Each re-check spends one read from the caller's budget, but a wait never takes the budget
 * below half, so a long wait cannot starve the caller's other calls. Calling again after a timeout
 * just waits again: nothing is lost and nothing is charged.
 */
export async function waitForJobs(svc: EdgeServices, caller: Caller, handles: string[], timeoutSeconds: number) {
  const states = () => handles.map((h) => jobState(svc, caller.account.id, h));
  // Validate every handle up front: a typo should fail now, not after the timeout.
  let current = states();
  const deadline = Date.now() + timeoutSeconds * 1000;
  const events = eventNames(svc, handles);
  while (current.some((s) => s.status === "generating")) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await wake(svc, events, Math.min(left, RECHECK_MS));
    spendRecheck(svc, caller);
    current = states();
  }
  const pending = current.filter((s) => s.status === "generating").map((s) => s.job);
  return { done: pending.length === 0, jobs: current, pending };
}

function eventNames(svc: Services, handles: string[]): string[] {
  return handles.flatMap((h) => {
    const parsed = parseHandle(h);
    const pack = getPackBySlug(svc.db, parsed.pack);
    if (!pack) return [];
    if ("import" in parsed) return [`import:${pack.id}`];
    const a = getAsset(svc.db, pack.id, parsed.kind, parsed.name);
    return a ? [`job:${a.id}`] : [];
  });
}

function wake(svc: Services, events: string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const e of events) svc.jobEvents.removeEventListener(e, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const e of events) svc.jobEvents.addEventListener(e, done);
  });
}

function spendRecheck(svc: EdgeServices, caller: Caller) {
  const bucket = `read:${caller.key.id}`;
  const budget = svc.config.rate.reads;
  if (svc.limiter.remaining(bucket, budget) > budget / 2) {
    try {
      svc.limiter.take(bucket, budget, "read");
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
}
