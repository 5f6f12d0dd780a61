import type { Services } from "../services.ts";
import type { PackRow } from "./packs.ts";

/**
 * An import is a job without an asset: one row per imported pack, keyed by the pack, polled as
 * `<pack>:import`. Its `asset` in job answers is a synthetic record of kind `import` so the job body
 * keeps the same shape as every other job.
 */
export async function importJobView(svc: Services, pack: PackRow) {
  const r = await svc.db.get<any>("SELECT * FROM imports WHERE pack_id = ?", [pack.id]);
  if (!r) return null;
  const job = `${pack.slug}:import`;
  const error = r.status === "error" ? r.error : null;
  const view: Record<string, unknown> = {
    job,
    pack: pack.slug,
    status: r.status,
    error,
    asset: { id: job, kind: "import", name: "import", status: r.status, error, updatedAt: r.updated_at },
  };
  if (r.report) view.import = JSON.parse(r.report);
  return view;
}
