import type { OpContext } from "../types.ts";
import type { SqlDriver } from "../../store/sql.ts";
import { ApiError } from "../../core/errors.ts";
import { getPackById, roleIn } from "../../core/packs.ts";

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
