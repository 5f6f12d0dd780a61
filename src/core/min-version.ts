import type { SqlDriver } from "../store/sql.ts";
import type { PackRow } from "./packs.ts";
import { toAsset } from "./assets.ts";
import { compareVersions, oldestRelease } from "../pack/versions.ts";
import { requiredVersion } from "../pack/requirements.ts";

/** Oldest release whose format can hold every asset the pack has (an empty pack: the oldest we export). */
export async function minVersionOf(db: SqlDriver, pack: PackRow): Promise<string> {
  let min = oldestRelease;
  // Only distinct (type, target, meta) combinations matter; a 100k-asset pack has few of them.
  const rows = await db.all<any>(
    "SELECT DISTINCT kind, type, target, meta FROM assets WHERE pack_id = ? AND status != 'error'",
    [pack.id],
  );
  for (const r of rows) {
    const need = requiredVersion(toAsset({ ...r, request: null }));
    if (compareVersions(need, min) > 0) min = need;
  }
  return min;
}
