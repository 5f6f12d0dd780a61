import { Type } from "@sinclair/typebox";
import type { Services } from "../services.ts";
import { MCP_WAIT_DEFAULTS, type Config } from "../config.ts";
import { defineOp, type OpContext } from "./types.ts";
import { jobState } from "./jobs.ts";
import { parseHandle, getAsset } from "../core/assets.ts";
import { getPackBySlug } from "../core/packs.ts";

export const MAX_WAIT_HANDLES = 50;

/** The timeout's bounds and default are server settings, so the schema is made from them. */
function waitInput({ waitDefaultSeconds, waitMaxSeconds }: Config["mcp"] | typeof MCP_WAIT_DEFAULTS) {
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

/**
 * Only a tool: an agent holding an MCP call open is what it is for, and REST callers poll get_job. Its
 * re-checks are paid from the read budget through ctx.payRecheck.
 */
export const waitForJobOp = defineOp({
  name: "wait_for_job",
  rest: false,
  tag: "jobs",
  summary: "Wait for jobs",
  description:
    "Waits server-side until every listed job is ready or error, then answers with each job's final state; on timeout it answers done:false with the handles still pending. Call it again with the pending handles: nothing is lost and nothing is charged. Free; its re-checks spend a little of the read budget (never below half). Use it instead of polling get_job.",
  input: waitInput(MCP_WAIT_DEFAULTS),
  inputFor: (config) => waitInput(config.mcp),
  access: "read",
  auth: "key",
  errors: ["invalid_request", "invalid_job_handle", "job_not_found", "not_found"],
  run: (ctx, input) => waitForJobs(ctx, input.jobs, input.timeoutSeconds ?? ctx.svc.config.mcp.waitDefaultSeconds),
});

/**
 * Waits server-side until every handle is `ready` or `error`, waking on completion events rather than
 * polling (events of this process, and on PostgreSQL those other processes announce). Each re-check is paid for by ctx.payRecheck, which never takes the read budget below half, so a
 * long wait cannot starve the caller's other calls. Calling again after a timeout just waits again:
 * nothing is lost and nothing is charged.
 */
async function waitForJobs(ctx: OpContext<"key">, handles: string[], timeoutSeconds: number) {
  const { svc, caller } = ctx;
  const states = async () => {
    const out = [];
    for (const h of handles) out.push(await jobState(svc, caller.account.id, h));
    return out;
  };
  // Validate every handle up front: a typo should fail now, not after the timeout.
  let current = await states();
  const deadline = Date.now() + timeoutSeconds * 1000;
  const events = await eventNames(svc, handles);
  while (current.some((s) => s.status === "generating")) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    // Re-checks on its own every waitRecheckMs (spending one read): the stale backstop, and how a job finished by
    // a worker process is seen on sqlite (PostgreSQL announces it: services.ts, core/jobs.ts announce).
    await wake(svc, events, Math.min(left, svc.config.mcp.waitRecheckMs));
    await ctx.payRecheck();
    current = await states();
  }
  const pending = current.filter((s) => s.status === "generating").map((s) => s.job);
  return { done: pending.length === 0, jobs: current, pending };
}

async function eventNames(svc: Services, handles: string[]): Promise<string[]> {
  const names: string[] = [];
  for (const h of handles) {
    const parsed = parseHandle(h);
    const pack = await getPackBySlug(svc.db, parsed.pack);
    if (!pack) continue;
    if ("import" in parsed) names.push(`import:${pack.id}`);
    else if ("merge" in parsed) names.push(`merge:${parsed.merge}`);
    else {
      const a = await getAsset(svc.db, pack.id, parsed.kind, parsed.name);
      if (a) names.push(`job:${a.id}`);
    }
  }
  return names;
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
