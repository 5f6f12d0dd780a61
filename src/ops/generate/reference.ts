import type { OpContext } from "../types.ts";
import type { SqlDriver } from "../../store/sql.ts";
import { ApiError } from "../../core/errors.ts";
import { getPackById, roleIn } from "../../core/packs.ts";
import { Type } from "@sinclair/typebox";
import type { TaskReference } from "../../gen/task.ts";
import { clampStrength, DEFAULT_REFERENCE_STRENGTH } from "../../gen/look/steer.ts";

export interface ReferenceImage {
  referenceId: string;
  packId: number;
  blob: string;
  width: number;
  height: number;
  fileName: string | null;
  createdAt: string;
}

const toReference = (r: any): ReferenceImage => ({
  referenceId: r.id,
  packId: r.pack_id,
  blob: r.blob,
  width: r.width,
  height: r.height,
  fileName: r.file_name,
  createdAt: r.created_at,
});

export async function getReference(db: SqlDriver, referenceId: string): Promise<ReferenceImage | null> {
  const r = await db.get("SELECT * FROM reference_images WHERE id = ?", [referenceId]);
  return r ? toReference(r) : null;
}

export async function listReferences(db: SqlDriver, packId: number): Promise<ReferenceImage[]> {
  return (await db.all("SELECT * FROM reference_images WHERE pack_id = ? ORDER BY created_at, id", [packId])).map(
    toReference,
  );
}

/**
 * `referenceId` must name a reference image uploaded (POST /packs/{pack}/references) to a pack the
 * caller can still reach; an id from another account's pack reads as unknown, so ids leak nothing.
 */
export async function checkReference(
  ctx: OpContext<"key">,
  referenceId: string | undefined,
): Promise<ReferenceImage | null> {
  if (referenceId === undefined) return null;
  const ref = await getReference(ctx.svc.db, referenceId);
  const pack = ref ? await getPackById(ctx.svc.db, ref.packId) : null;
  if (!ref || !pack || !(await roleIn(ctx.svc.db, pack, ctx.caller.account.id)))
    throw new ApiError(
      "invalid_request",
      `referenceId '${referenceId}' names no uploaded reference image; upload one with POST /v1/packs/{pack}/references`,
    );
  return ref;
}

/** The body fields naming a reference (textures and models). */
export const referenceFields = {
  referenceId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        "A reference image (upload_reference) whose palette, value range and contrast, and for textures its repeat (stripes, tiles), steer the result.",
    }),
  ),
  referenceStrength: Type.Optional(
    Type.Number({
      description: `How far the result moves from the prompt's own look to the reference's: clamped (not refused) to 0.05..0.95; ${DEFAULT_REFERENCE_STRENGTH} when omitted.`,
    }),
  ),
};

/** What a job's interpretation says it takes from its reference; the details arrive when the job has run. */
export const ReferenceTakenSchema = Type.Object(
  {
    referenceId: Type.String(),
    strength: Type.Number({ description: "After clamping to 0.05..0.95." }),
    palette: Type.Optional(
      Type.Array(Type.String(), { description: "The reference's colour clusters (OKLab), darkest first." }),
    ),
    valueRange: Type.Optional(
      Type.Array(Type.Number(), { description: "OKLab lightness at the 5th and 95th percentile." }),
    ),
    contrast: Type.Optional(Type.String({ description: "low, medium or high." })),
    structure: Type.Optional(
      Type.String({ description: "The repeat taken (textures): stripes' direction or tiles, and how many across." }),
    ),
    taken: Type.Optional(Type.Array(Type.String(), { description: "What the result took from the reference." })),
  },
  { description: "The reference image steering this job: what was taken from it (filled in when the job finishes)." },
);

/** Checks a body's reference and says how the task carries it (the blob is read when the job runs). */
export async function taskReference(
  ctx: OpContext<"key">,
  input: { referenceId?: string; referenceStrength?: number },
): Promise<TaskReference | undefined> {
  const ref = await checkReference(ctx, input.referenceId);
  if (!ref) return undefined;
  return {
    id: ref.referenceId,
    blob: ref.blob,
    strength: clampStrength(input.referenceStrength ?? DEFAULT_REFERENCE_STRENGTH),
  };
}
