/**
 * Plans a range export (`?minVersion=`): the pack planned once per release from minVersion to the
 * pack's version with the ordinary planner, then laid out by range.ts into a base (oldest layout)
 * and overlays selected by format, under one pack.mcmeta that declares the range.
 */
import type { Services } from "../services.ts";
import type { PackRow } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";
import { RELEASES, compareVersions, isRelease, packFormatFor } from "../pack/versions.ts";
import type { ExportOptions, ExportPlan, PlannedFile } from "./plan.ts";
import { escapeChar, rangeTiers, writeRangeMcmeta } from "./range.ts";
import { cmp } from "./report.ts";

type PlanOne = (
  svc: Services,
  pack: PackRow,
  options: ExportOptions,
) => Promise<{ plan: ExportPlan; files: PlannedFile[] }>;

/** Equal keys mean equal bytes: the blob hash, the text, or (derived crops) the asset at that path. */
function fileKey(f: PlannedFile): string {
  const s = f.source;
  if ("blob" in s) return `b:${s.blob}`;
  if ("text" in s) return `t:${s.text}`;
  return `d:${f.asset?.id ?? "merged"}`;
}

/** Checks minVersion: a known release not newer than the pack's. */
export function checkMinVersion(pack: PackRow, minVersion: string): void {
  if (!isRelease(minVersion))
    throw new ApiError("invalid_request", `minVersion '${minVersion}' is not a known Java release`);
  if (compareVersions(minVersion, pack.minecraftVersion) > 0)
    throw new ApiError(
      "invalid_request",
      `minVersion ${minVersion} is newer than the pack's minecraftVersion ${pack.minecraftVersion}`,
    );
}

export async function planRange(
  svc: Services,
  pack: PackRow,
  options: ExportOptions & { minVersion: string },
  planOne: PlanOne,
): Promise<{ plan: ExportPlan; files: PlannedFile[] }> {
  checkMinVersion(pack, options.minVersion);
  const { minVersion, ...single } = options;
  const versions = representatives(minVersion, pack.minecraftVersion);
  const planned = new Map<string, { plan: ExportPlan; byPath: Map<string, PlannedFile> }>();
  for (const v of versions) {
    const { plan, files } = await planOne(svc, { ...pack, minecraftVersion: v }, single);
    planned.set(v, { plan, byPath: new Map(files.map((f) => [f.path, f])) });
  }
  const top = planned.get(pack.minecraftVersion)!;
  const kept = await keptMcmeta(svc, top.byPath.get("pack.mcmeta"));
  // A kept pack.mcmeta with its own overlays would lose them under the range's pack.mcmeta.
  if (kept && kept.overlays !== undefined)
    throw new ApiError(
      "invalid_request",
      "this pack's pack.mcmeta already selects overlays of its own; export it for one version (without minVersion)",
    );
  const sets = (v: string) =>
    new Map([...planned.get(v)!.byPath].filter(([p]) => p !== "pack.mcmeta").map(([p, f]) => [p, fileKey(f)]));
  const tiers = rangeTiers(versions, sets);
  const files: PlannedFile[] = [];
  for (const t of tiers) {
    const byPath = planned.get(t.versions[0]!)!.byPath;
    for (const p of t.paths) {
      const f = byPath.get(p)!;
      files.push(t.directory ? { ...f, path: `${t.directory}/${p}` } : f);
    }
  }
  files.push({
    path: "pack.mcmeta",
    source: {
      text: withKeptSections(
        writeRangeMcmeta(minVersion, pack.minecraftVersion, pack.description || pack.name, tiers),
        kept,
      ),
    },
    compress: true,
    origin: null,
    asset: null,
    rank: 2,
  });
  files.sort((a, b) => cmp(a.path, b.path));
  return { plan: top.plan, files };
}

/** The pack.mcmeta the single-version planner wrote (an imported one comes back from its blob), as JSON. */
async function keptMcmeta(svc: Services, f: PlannedFile | undefined): Promise<Record<string, unknown> | null> {
  if (!f || !("text" in f.source || "blob" in f.source)) return null;
  const text = "text" in f.source ? f.source.text : new TextDecoder().decode(await svc.blobs.get(f.source.blob));
  try {
    const json = JSON.parse(text);
    return json && typeof json === "object" && !Array.isArray(json) ? json : null;
  } catch {
    return null;
  }
}

/**
 * An imported pack.mcmeta's other sections (language, filter, features…) stay; `pack` and `overlays`
 * are the range's. Without other sections the range's own text is written as is.
 */
function withKeptSections(rangeText: string, kept: Record<string, unknown> | null): string {
  const others = Object.keys(kept ?? {}).filter((k) => k !== "pack" && k !== "overlays");
  if (!kept || !others.length) return rangeText;
  const range = JSON.parse(rangeText);
  const out: Record<string, unknown> = { pack: range.pack };
  for (const k of others) out[k] = kept[k];
  if (range.overlays) out.overlays = range.overlays;
  return `${JSON.stringify(out, null, 2).replace(/[^\x00-\x7f]/g, escapeChar)}\n`;
}

/**
 * One release per pack format in the range, oldest first: overlays select by format, so releases
 * sharing one read the same files. Each format is planned at its oldest release in the range
 * (conservative: what needs a later release of it is left out there), the pack's own format at the
 * pack's version (so the report is the pack's). Fewer plans: 12 formats for the 17 releases of 1.20.1-1.21.11.
 */
function representatives(min: string, max: string): string[] {
  const byFormat = new Map<number, string>();
  for (const v of RELEASES)
    if (compareVersions(v, min) >= 0 && compareVersions(v, max) <= 0 && !byFormat.has(packFormatFor(v)))
      byFormat.set(packFormatFor(v), v);
  byFormat.set(packFormatFor(max), max);
  return [...byFormat.values()];
}
