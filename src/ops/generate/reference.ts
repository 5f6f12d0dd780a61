import type { OpContext } from "../types.ts";
import type { Database } from "../../store/db.ts";
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

export function getReference(db: Database, referenceId: string): ReferenceImage | null {
  const r = db.query("SELECT * FROM reference_images WHERE id = ?").get(referenceId);
  return r ? toReference(r) : null;
}

export function listReferences(db: Database, packId: number): ReferenceImage[] {
  return (
    db.query("SELECT * FROM reference_images WHERE pack_id = ? ORDER BY created_at, id").all(packId) as any[]
  ).map(toReference);
}

/**
 * `referenceId` must name a reference image uploaded (POST /packs/{pack}/references) to a pack the
 * caller can still reach; an id from another account's pack reads as unknown, so ids leak nothing.
 */
export function checkReference(ctx: OpContext<"key">, referenceId: string | undefined): ReferenceImage | null {
  if (referenceId === undefined) return null;
  const ref = getReference(ctx.svc.db, referenceId);
  const pack = ref ? getPackById(ctx.svc.db, ref.packId) : null;
  if (!ref || !pack || !roleIn(ctx.svc.db, pack, ctx.caller.account.id))
    throw new ApiError(
      "invalid_request",
      `referenceId '${referenceId}' names no uploaded reference image; upload one with POST /v1/packs/{pack}/references`,
    );
  return ref;
}
