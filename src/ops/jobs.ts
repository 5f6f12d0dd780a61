import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { Job, strict } from "./schemas.ts";
import { assetView, getAsset, parseHandle, type AssetRow } from "../core/assets.ts";
import { reachablePack } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";
import { readAsset } from "../core/jobs.ts";
import type { Services } from "../services.ts";
import { importJobView } from "../core/imports.ts";
import { mergeJobView } from "../jobs/merge.ts";

/** One job's state by handle; shared by get_job and wait_for_job. */
export async function jobState(svc: Services, accountId: number, handle: string) {
  const h = parseHandle(handle);
  const { pack } = await reachablePack(svc.db, h.pack, accountId);
  if ("import" in h) {
    const view = await importJobView(svc, pack);
    if (!view) throw new ApiError("job_not_found", `no import job for pack '${pack.slug}'`);
    return view;
  }
  if ("merge" in h) {
    const view = await mergeJobView(svc, pack, h.merge);
    if (!view) throw new ApiError("job_not_found", `no merge job '${handle}'`);
    return view;
  }
  const row = await getAsset(svc.db, pack.id, h.kind, h.name);
  if (!row) throw new ApiError("job_not_found", `no job '${handle}'`);
  const a = await readAsset(svc, row);
  return {
    job: `${pack.slug}:${a.kind}:${a.name}`,
    pack: pack.slug,
    status: a.status,
    error: a.status === "error" ? a.error : null,
    asset: assetView(pack.slug, a),
    // How the prompt was read (generated assets accepted since interpretations were kept).
    ...(a.meta.interpretation ? { interpretation: a.meta.interpretation } : {}),
    // An edit under way, or how the last one ended (a failed edit leaves the asset ready and unchanged).
    ...(a.meta.edit
      ? { edit: { status: "generating", changes: a.meta.edit.changes, startedAt: a.meta.edit.startedAt } }
      : a.meta.lastEdit
        ? { edit: a.meta.lastEdit }
        : {}),
    details: assetDetails(a),
  };
}

/** What the studio's asset dialog shows and needs to generate an asset again; read-only. */
function assetDetails(a: AssetRow) {
  const out: Record<string, unknown> = { source: a.source, createdAt: a.createdAt };
  if (Number.isInteger(a.meta.seed)) out.seed = a.meta.seed;
  if (typeof a.meta.op === "string") out.generation = a.meta.op;
  const req = a.request?.req;
  if (a.source === "generated" && req && typeof req === "object") {
    const { prompt: _p, seed: _s, style: _st, minecraftVersion: _v, ...options } = req as Record<string, unknown>;
    // An item's shape (sprite or 3d) is chosen before its request is built, so it lives in meta.
    out.options = typeof a.meta.shape === "string" ? { ...options, shape: a.meta.shape } : options;
  }
  if (a.kind === "font") out.char = iconChar(a.meta);
  return out;
}

/** An icon's own character, or the first of an imported sheet's grid; null: the export assigns one. */
function iconChar(meta: Record<string, any>): string | null {
  if (typeof meta.char === "string" && meta.char) return meta.char;
  const rows = meta.glyph?.chars;
  if (Array.isArray(rows)) for (const row of rows) for (const c of String(row)) if (c !== "\u0000") return c;
  return null;
}

export const getJob = defineOp({
  name: "get_job",
  method: "GET",
  path: "/jobs/{job}",
  pathParams: ["job"],
  tag: "jobs",
  summary: "Poll a job",
  description:
    "One job's status by handle (`<pack>:<kind>:<name>`, `<pack>:import`, or `<pack>:merge:<n>` from merge_pack). `generating` until it becomes `ready` or `error` (error carries the reason; its credit was refunded). Free but spends the read budget: poll about every 2 s, or use wait_for_job.",
  input: Type.Object(
    { job: Type.String({ minLength: 1, maxLength: 300, description: "Job handle <pack>:<kind>:<name>." }) },
    strict,
  ),
  access: "read",
  auth: "key",
  errors: ["invalid_job_handle", "job_not_found", "not_found"],
  output: Job,
  async run({ svc, caller }, input) {
    return await jobState(svc, caller.account.id, input.job);
  },
});
