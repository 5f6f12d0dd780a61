import type { Services } from "../services.ts";
import { assetCounts, type PackRow, type Role } from "../core/packs.ts";

/** The spec's Pack object (minVersion is added by get_pack only). */
export async function packView(svc: Services, pack: PackRow, role: Role) {
  return {
    slug: pack.slug,
    name: pack.name,
    minecraftVersion: pack.minecraftVersion,
    role,
    createdAt: pack.createdAt,
    updatedAt: pack.updatedAt,
    assetCounts: await assetCounts(svc.db, pack.id),
  };
}
