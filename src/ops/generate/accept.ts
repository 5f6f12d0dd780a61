import { randomInt } from "node:crypto";
import type { SqlDriver } from "../../store/sql.ts";
import { Type, type Static, type TObject, type TProperties } from "@sinclair/typebox";
import { defineOp, type Operation, type RestOperation } from "../types.ts";
import { NameText, PackSlug, strict } from "../schemas.ts";
import type { OpContext } from "../types.ts";
import type { GenerationOp } from "../../config.ts";
import type { Task } from "../../gen/task.ts";
import type { StyleHint } from "../../gen/types.ts";
import { reachablePack, type PackRow } from "../../core/packs.ts";
import { checkAssetLimit, insertAsset, newAssetName, type AssetType, type Kind } from "../../core/assets.ts";
import { jobsQueued } from "../../core/jobs.ts";
import { changeCredits } from "../../core/accounts.ts";
import type { ErrorCode } from "../../core/errors.ts";
import { styleHintFor } from "../../core/style.ts";
import { ApiError } from "../../core/errors.ts";
import { requiredVersion } from "../../pack/requirements.ts";
import { compareVersions } from "../../pack/versions.ts";
import { ArtSpecSchema, InterpretationSchema } from "./art-spec.ts";
import { interpretTask } from "../../gen/interpret/task.ts";

/** The most variations one generation request may ask for (`count`). */
export const MAX_VARIATIONS = 4;

/** Body fields every generation takes (DESIGN.md). */
export const commonFields = {
  name: Type.Optional(NameText(100, "Label; also the asset's name (lower-cased, non-letters become _).")),
  seed: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 4294967295,
      description: "Same seed + same body gives the same bytes. Random when omitted (recorded on the asset).",
    }),
  ),
  useStyleGuide: Type.Optional(
    Type.Boolean({ default: true, description: "Default true; false ignores the pack's style guide for this asset." }),
  ),
  count: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_VARIATIONS,
      default: 1,
      description: `Variations: 1 to ${MAX_VARIATIONS} assets from consecutive seeds (seed, seed+1, …), each its own job and charge (and write request); all are refused, before any charge, when one would pass a limit. The answer lists every handle in jobs.`,
    }),
  ),
};

export const Acceptance = Type.Object({
  id: Type.String({ description: "The asset's name within the pack." }),
  kind: Type.String(),
  status: Type.Literal("generating"),
  pack: Type.String(),
  job: Type.String({ description: "Handle to poll with get_job / wait_for_job (the first, when count > 1)." }),
  jobs: Type.Optional(
    Type.Array(Type.String(), { description: "With count > 1: every variation's handle, in seed order." }),
  ),
  interpretation: Type.Optional(InterpretationSchema),
  charged: Type.Optional(
    Type.Integer({ description: "Credits this request took, every variation's together (each refunded if it fails)." }),
  ),
  shape: Type.Optional(Type.String()),
});

export const GENERATION_ERRORS: ErrorCode[] = [
  "invalid_request",
  "insufficient_credits",
  "asset_limit_reached",
  "forbidden",
  "not_found",
  "unavailable",
];

/** A generation body: the pack, a prompt and the common fields, plus the kind's own (which may override them). */
const generationBase = {
  pack: PackSlug,
  prompt: Type.String({ minLength: 1, maxLength: 1000, description: "What to make." }),
  ...commonFields,
  spec: Type.Optional(ArtSpecSchema),
};

/** The fields acceptGeneration reads, as every generation input has them (derived, so never out of step). */
type GenerationArgs = Static<TObject<typeof generationBase>>;

export function generationInput<P extends TProperties>(fields: P): TObject<Omit<typeof generationBase, keyof P> & P> {
  return Type.Object({ ...generationBase, ...fields }, strict) as never;
}

/** What every generation endpoint shares: POST under a pack, write access, 202 with the acceptance body. */
export function generationOp<S extends TObject>(
  op: Pick<RestOperation<S, "key">, "name" | "path" | "summary" | "description" | "input" | "examples"> & {
    conflict?: boolean;
    /** The cost setting it charges: what `accept` charges and the tool's price (ToolFace.cost). */
    cost: GenerationOp;
    costNote?: string;
    /** Checks the request, then hands `accept` how to plan the job; accept charges this operation's cost. */
    run(ctx: OpContext<"key">, input: Static<S>, accept: Accept): unknown;
  },
): Operation {
  const { conflict, cost, costNote, run, ...rest } = op;
  return defineOp({
    method: "POST",
    pathParams: ["pack"],
    tag: "generation",
    access: "write",
    auth: "key",
    status: 202,
    output: Acceptance,
    errors: conflict ? [...GENERATION_ERRORS, "conflict"] : GENERATION_ERRORS,
    tool: { cost, ...(costNote ? { costNote } : {}) },
    ...rest,
    run: (ctx, input) => run(ctx, input, (args, plan) => acceptGeneration(ctx, cost, args, plan)),
  });
}

/** Accepts a checked generation request for the operation's own cost (see generationOp). */
export type Accept = (
  input: GenerationArgs,
  plan: (pack: PackRow) => GenerationPlan,
) => ReturnType<typeof acceptGeneration>;

export interface GenerationPlan {
  kind: Kind;
  type: AssetType;
  /** Preferred name; made unique with _2, _3… unless `reskin` (then a clash is a conflict). */
  name: string;
  reskin?: boolean;
  target?: string | null;
  displayName?: string | null;
  meta?: Record<string, unknown>;
  shape?: string;
  task(seed: number, style: StyleHint | null, pack: PackRow, name: string): Task;
}

/**
 * A result the pack's release cannot read would be charged and then left out of every export (a custom item
 * on 1.8.9 needs custom_model_data, 1.14): refused before anything is written, with the release it needs.
 */
function refuseUnexportable(pack: PackRow, p: GenerationPlan): void {
  const needs = requiredVersion({ type: p.type, kind: p.kind, target: p.target ?? null, meta: p.meta ?? {} });
  if (compareVersions(needs, pack.minecraftVersion) <= 0) return;
  throw new ApiError(
    "invalid_request",
    `this ${p.type === "item" || p.type === "item3d" ? "item" : p.type} needs Minecraft ${needs} or newer, but pack '${pack.slug}' targets ${pack.minecraftVersion}: it could never be exported. Change the pack's minecraftVersion (PATCH /v1/packs/{pack}, update_pack) first, or ask for something ${pack.minecraftVersion} has`,
  );
}

/**
 * Accepts a generation: writes the `generating` row and takes the charge in one transaction, then hands
 * the job to the pool. Any refusal (limits, credits, conflict) rolls back both: no row, no charge. With
 * `count` > 1 every variation is written and charged in that one transaction, so a refusal at any of them
 * leaves nothing.
 */
export async function acceptGeneration(
  ctx: OpContext<"key">,
  op: GenerationOp,
  input: GenerationArgs,
  plan: (pack: PackRow) => GenerationPlan,
) {
  const { svc, caller } = ctx;
  const cost = svc.config.costs[op];
  const count = input.count ?? 1;
  // Each variation is a write request of its own: paid (or refused) before anything is written.
  await ctx.payWrites?.(count - 1);
  const accepted = await svc.db.transaction(async (tx) => {
    const { pack } = await reachablePack(tx, input.pack, caller.account.id);
    const p = plan(pack);
    refuseUnexportable(pack, p);
    if (p.reskin && count > 1)
      throw new ApiError(
        "invalid_request",
        `'${p.target}' can be reskinned once per pack, so count must be 1 (vary the seed across requests instead)`,
      );
    const first = input.seed ?? randomInt(0, 2 ** 32 - 1);
    const made = [];
    for (let i = 0; i < count; i++)
      made.push(await acceptOne(tx, ctx, op, cost, input, pack, p, (first + i) % 2 ** 32));
    return made;
  });
  jobsQueued(
    svc,
    accepted.map((a) => a.assetId),
  );
  const { assetId: _, shape, ...body } = accepted[0];
  const answer = {
    ...body,
    ...(count > 1 ? { jobs: accepted.map((a) => a.job) } : {}),
    charged: cost * count,
  };
  return shape ? { ...answer, shape } : answer;
}

/** One variation's row and charge, inside acceptGeneration's transaction. */
async function acceptOne(
  tx: SqlDriver,
  ctx: OpContext<"key">,
  op: GenerationOp,
  cost: number,
  input: GenerationArgs,
  pack: PackRow,
  p: GenerationPlan,
  seed: number,
) {
  const { svc, caller } = ctx;
  await checkAssetLimit(tx, pack, svc.config.assetLimit);
  const reskin = p.reskin ? { target: p.target, as: "reskinned" as const } : undefined;
  const name = await newAssetName(tx, pack, p.kind, p.name, reskin);
  const task = p.task(seed, await styleHintFor(tx, pack.id, input.useStyleGuide), pack, name);
  if (input.spec) task.req.spec = input.spec;
  const reference = "reference" in task ? task.reference : undefined;
  const interpretation = {
    ...interpretTask(task),
    ...(reference ? { reference: { referenceId: reference.id, strength: reference.strength } } : {}),
  };
  const row = await insertAsset(tx, {
    packId: pack.id,
    kind: p.kind,
    name,
    type: p.type,
    status: "generating",
    source: "generated",
    displayName: p.displayName ?? null,
    prompt: input.prompt,
    target: p.target ?? null,
    meta: { ...(p.meta ?? {}), seed, op, interpretation },
    request: task as unknown as Record<string, unknown>,
    cost,
    chargedTo: caller.account.id,
  });
  if (cost > 0) await changeCredits(tx, caller.account.id, -cost, `generate ${op}`, row.id);
  return {
    id: name,
    kind: p.kind,
    status: "generating" as const,
    pack: pack.slug,
    job: `${pack.slug}:${p.kind}:${name}`,
    interpretation,
    charged: cost,
    assetId: row.id,
    shape: p.shape,
  };
}
