/**
 * A pack merge, run in the background after POST /v1/packs/{pack}/merges answered 202: another pack's zip merged
 * into an existing pack, path by path. The zip is read with the import's hostile-input rules and planned by the
 * import's planner (what is an asset, what a pack file, what source or junk stays out), and each file is checked
 * as an import checks it. Then, per path inside the pack:
 * - nothing there yet: the file is added, as the import would have stored it;
 * - a file there that the formats let two packs share (pack/merge-rules.ts): both kept, merged;
 * - otherwise the priority decides: `over` replaces the pack's file, `under` keeps it.
 * The finished job (`<pack>:merge:<id>`) carries a report line per path: added, replaced, kept, merged or
 * renamed, and why. Generated and uploaded assets have no path of their own until export, which settles any
 * clash with them as it always does (the imported file at its own path wins).
 */
import type { Services } from "../services.ts";
import { nowIso } from "../store/db.ts";
import { announce } from "../core/jobs.ts";
import { mapFile } from "../store/blobs.ts";
import { openPackZip, planImport, type ImportItem } from "../pack/import-plan.ts";
import { mergeFile, Renumbering, type MergedFile, type Priority } from "../pack/merge-rules.ts";
import { checkPngOffThread } from "../files/off-thread.ts";
import { checkFile, store, type ImportReport } from "./import.ts";
import { allPackFiles, insertPackFile } from "../core/pack-files.ts";
import { countAssets } from "../core/assets.ts";
import type { PackRow } from "../core/packs.ts";
import { isStorageFull } from "../core/errors.ts";

export type MergeOutcome = "added" | "replaced" | "kept" | "merged" | "renamed" | "failed";

export interface MergeLine {
  path: string;
  outcome: MergeOutcome;
  why: string;
  numbers?: MergedFile["numbers"];
  chars?: MergedFile["chars"];
}

export interface MergeReport {
  priority: Priority;
  counts: Record<MergeOutcome, number>;
  paths: MergeLine[];
}

/** What holds a path in the pack now: an imported asset or a kept pack file. */
type Holder =
  | { asset: number; blob: string; meta: Record<string, unknown> }
  | { file: true; blob: string; reason: string };

async function holders(svc: Services, pack: PackRow): Promise<Map<string, Holder>> {
  const out = new Map<string, Holder>();
  const rows = await svc.db.all<{ id: number; blob: string; meta: string }>(
    "SELECT id, blob, meta FROM assets WHERE pack_id = ? AND source = 'imported' AND blob IS NOT NULL",
    [pack.id],
  );
  for (const r of rows) {
    const meta = JSON.parse(r.meta || "{}") as Record<string, unknown>;
    if (typeof meta.path !== "string") continue;
    const path = typeof meta.overlay === "string" ? `${meta.overlay}/${meta.path}` : meta.path;
    out.set(path, { asset: r.id, blob: r.blob, meta });
  }
  for (const f of await allPackFiles(svc.db, pack.id)) out.set(f.path, { file: true, blob: f.blob, reason: f.reason });
  return out;
}

export async function runMerge(svc: Services, pack: PackRow, mergeId: number): Promise<void> {
  try {
    const report = await carryOut(svc, pack, mergeId);
    await finish(svc, mergeId, "ready", null, report);
  } catch (e) {
    try {
      const why = isStorageFull(e) ? "storage full: the server's data folder ran out of space" : (e as Error).message;
      await finish(svc, mergeId, "error", `the merge failed: ${why}`, null);
    } catch {
      // The store closed under the run (the service is stopping); the row stays `generating`.
    }
  }
}

async function carryOut(svc: Services, pack: PackRow, mergeId: number): Promise<MergeReport> {
  const row = (await svc.db.get<{ source_blob: string; priority: Priority }>("SELECT * FROM merges WHERE id = ?", [
    mergeId,
  ]))!;
  await new Promise((r) => setImmediate(r));
  const archive = openPackZip(mapFile(await svc.blobs.localPath(row.source_blob)));
  const plan = planImport(archive, {
    minecraftVersion: pack.minecraftVersion,
    defaultVersion: svc.config.defaultVersion,
  });
  const priority = row.priority;
  const held = await holders(svc, pack);
  const renumbering = new Renumbering();
  const lines: MergeLine[] = [];
  const scratch: ImportReport = { imported: {}, leftOut: [], failed: [] };
  let room = svc.config.assetLimit - (await countAssets(svc.db, pack.id));
  const line = (path: string, outcome: MergeOutcome, why: string, extra: Partial<MergeLine> = {}) =>
    lines.push({ path, outcome, why, ...extra });

  /** Writes `bytes` where `holder` keeps its file. */
  const overwrite = async (path: string, holder: Holder, bytes: Uint8Array, meta?: Record<string, unknown>) => {
    const blob = await svc.blobs.put(bytes);
    if ("file" in holder)
      await insertPackFile(svc.db, pack.id, { path, blob, sizeBytes: bytes.length, reason: holder.reason });
    else
      await svc.db.run("UPDATE assets SET blob = ?, size_bytes = ?, meta = ?, updated_at = ? WHERE id = ?", [
        blob,
        bytes.length,
        JSON.stringify({ ...holder.meta, ...(meta ?? {}) }),
        nowIso(),
        holder.asset,
      ]);
  };

  /** One incoming file at `path` against what the pack holds there. `check` reads and checks an asset file. */
  const mergeOne = async (
    path: string,
    read: () => Promise<Uint8Array>,
    add: () => Promise<string | null>,
    check?: () => Promise<{ bytes: Uint8Array; meta: Record<string, unknown> } | { error: string }>,
  ) => {
    const holder = held.get(path);
    if (!holder) {
      const failed = await add();
      return failed ? line(path, "failed", failed) : line(path, "added", "the pack had no file at this path");
    }
    const incoming = await read();
    const mine = await svc.blobs.get(holder.blob);
    if (Buffer.compare(Buffer.from(mine), Buffer.from(incoming)) === 0)
      return line(path, "kept", "both packs have this file with the same bytes");
    const merged = mergeFile(path, mine, incoming, priority, renumbering);
    if (merged) {
      await overwrite(path, holder, merged.bytes);
      const { numbers, chars } = merged;
      return line(path, merged.outcome, merged.detail, {
        ...(numbers?.length ? { numbers } : {}),
        ...(chars?.length ? { chars } : {}),
      });
    }
    if (priority === "under")
      return line(path, "kept", "both packs have this file; the pack's own is kept (priority under)");
    const checked = check ? await check() : { bytes: incoming, meta: {} };
    if ("error" in checked) return line(path, "failed", `the merged pack's file was refused: ${checked.error}`);
    await overwrite(path, holder, checked.bytes, checked.meta);
    return line(path, "replaced", "both packs have this file; the merged pack's replaces it (priority over)");
  };

  const relative = (item: ImportItem) => item.path.slice(plan.root.length);
  for (const [i, item] of plan.items.entries()) {
    if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    await mergeOne(
      relative(item),
      () => archive.readAsync(archive.get(item.path)!),
      async () => {
        if (room <= 0) return `the pack reached its asset limit of ${svc.config.assetLimit}`;
        const c = await checkFile(svc, item, archive);
        if ("error" in c) return c.error;
        room--;
        await store(svc.db, pack, plan, item, await svc.blobs.put(c.bytes), c.bytes.length, c.meta, scratch);
        return null;
      },
      async () => {
        const c = await checkFile(svc, item, archive);
        return "error" in c ? { error: c.error } : { bytes: c.bytes, meta: c.meta };
      },
    );
  }
  for (const f of plan.keptFiles) {
    const read = () => archive.readAsync(archive.get(f.entry)!);
    await mergeOne(f.path, read, async () => {
      const bytes = await read();
      await insertPackFile(svc.db, pack.id, {
        path: f.path,
        blob: await svc.blobs.put(bytes),
        sizeBytes: bytes.length,
        reason: f.reason,
      });
      return null;
    });
  }
  if (plan.packIcon) await mergeIcon(svc, pack, priority, () => archive.readAsync(archive.get(plan.packIcon!)!), line);
  const counts = { added: 0, replaced: 0, kept: 0, merged: 0, renamed: 0, failed: 0 };
  for (const l of lines) counts[l.outcome]++;
  lines.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { priority, counts, paths: lines };
}

async function mergeIcon(
  svc: Services,
  pack: PackRow,
  priority: Priority,
  read: () => Promise<Uint8Array>,
  line: (path: string, outcome: MergeOutcome, why: string) => void,
): Promise<void> {
  const has = (await svc.db.get<{ icon_blob: string | null }>("SELECT icon_blob FROM packs WHERE id = ?", [pack.id]))
    ?.icon_blob;
  if (has && priority === "under") return line("pack.png", "kept", "the pack's own icon is kept (priority under)");
  try {
    // Decoded in the worker pool as the import's icon is, refused from its header first.
    const icon = await checkPngOffThread(svc, await read(), { maxEdge: 1024 });
    await svc.db.run("UPDATE packs SET icon_blob = ? WHERE id = ?", [await svc.blobs.put(icon.bytes), pack.id]);
    line(
      "pack.png",
      has ? "replaced" : "added",
      has ? "the merged pack's icon replaces it (priority over)" : "the pack had no icon",
    );
  } catch (e) {
    line("pack.png", "failed", `pack.png is not a usable PNG: ${(e as Error).message}`);
  }
}

async function finish(
  svc: Services,
  mergeId: number,
  status: "ready" | "error",
  error: string | null,
  report: MergeReport | null,
) {
  await svc.db.run(
    "UPDATE merges SET status = ?, error = ?, report = ?, updated_at = ? WHERE id = ? AND status = 'generating'",
    [status, error, report ? JSON.stringify(report) : null, nowIso(), mergeId],
  );
  announce(svc, `merge:${mergeId}`);
}

/**
 * On start: a merge a crash or stop interrupted is failed, not run again. Unlike an import (which starts over
 * from an empty pack), half a merge has already changed the pack, and running it again would merge its files
 * twice (a renumbered override added anew); the job says so, and merging the same zip again finishes it.
 */
export async function failInterruptedMerges(svc: Services): Promise<void> {
  await svc.db.run("UPDATE merges SET status = 'error', error = ?, updated_at = ? WHERE status = 'generating'", [
    "the merge was interrupted by a server restart; part of it may have been applied: merge the same zip again",
    nowIso(),
  ]);
}

/** The job view of a merge, polled as `<pack>:merge:<id>`; its `asset` is a synthetic record of kind `merge`. */
export async function mergeJobView(svc: Services, pack: PackRow, mergeId: number) {
  const r = await svc.db.get<any>("SELECT * FROM merges WHERE id = ? AND pack_id = ?", [mergeId, pack.id]);
  if (!r) return null;
  const job = `${pack.slug}:merge:${mergeId}`;
  const error = r.status === "error" ? r.error : null;
  return {
    job,
    pack: pack.slug,
    status: r.status,
    error,
    asset: { id: job, kind: "merge", name: `merge:${mergeId}`, status: r.status, error, updatedAt: r.updated_at },
    ...(r.report ? { merge: JSON.parse(r.report) } : {}),
  };
}
