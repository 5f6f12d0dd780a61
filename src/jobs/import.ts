import { isStorageFull } from "../core/errors.ts";
import type { Services } from "../services.ts";
import type { ZipArchive } from "../pack/zip-read.ts";
import { nowIso } from "../store/db.ts";
import { announce } from "../core/jobs.ts";
import { mapFile } from "../store/blobs.ts";
import type { SqlDriver } from "../store/sql.ts";
import { openPackZip, planImport, type ImportItem, type ImportPlan } from "../pack/import-plan.ts";
import { checkImportedOffThread, checkPackOffThread, checkPngOffThread } from "../files/off-thread.ts";
import type { Finding } from "../pack/check/index.ts";
import { freeAssetName, insertAsset, countAssets } from "../core/assets.ts";
import { getPackById, type PackRow } from "../core/packs.ts";
import { clearPackFiles, insertPackFile } from "../core/pack-files.ts";

/** Items stored per transaction; between batches the import yields so the server keeps answering. */
const BATCH = 200;
/**
 * A batch also ends once its files' bytes reach this: they are all held until the batch is written, so a pack of
 * large images holds about this much at once rather than 200 of them (issue 13: memory bounded by a setting-like
 * constant, not by the pack).
 */
const BATCH_BYTES = 32 * 1024 * 1024;
/** Files read out of the zip and being checked at once. */
const IN_FLIGHT = 4;

/** Inline work is handed back to the event loop after this long, so other requests wait no more than that. */
const SLICE_MS = 8;

/**
 * `fn` over `items` with at most `limit` running at once, answers in the items' order. Small files are checked
 * inline and their promises settle at once, so without a turn of the event loop now and then a batch of 200 ran as
 * one ~100 ms stretch of microtasks with every other request waiting.
 */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let since = performance.now();
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
      if (performance.now() - since > SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        since = performance.now();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

export interface ImportReport {
  imported: Record<string, number>;
  /** Files kept as they are (pack files; GET /v1/packs/{pack}/files lists them). */
  kept?: number;
  leftOut: { reason: string; count: number; examples: string[] }[];
  failed: { path: string; reason: string }[];
  /**
   * What the pack checker finds in the pack as it came (src/pack/check), for the version it was imported at:
   * problems the pack already had, so they are not taken for the import's doing. The first findings only.
   */
  problems?: { errors: number; warnings: number; findings: (Finding & { level: "error" | "warning" })[] };
  /**
   * Warnings: references the pack's own files make to files it lacks (a model's texture or parent, an item
   * definition's or blockstate's model). The files came in all the same and are exported as they came.
   */
  brokenReferences?: { count: number; findings: Finding[] };
}

/** The checker's rules that are a reference to a missing file. */
const BROKEN_REFERENCE_RULES = new Set([
  "model.texture-missing",
  "model.parent-missing",
  "item.model-missing",
  "blockstate.model-missing",
  "font.bitmap-missing",
  "sounds.file-missing",
]);

/** Findings listed in an import's report (the counts cover all of them; `packsmith check` lists every one). */
const PROBLEMS_LISTED = 50;

/** The checker's report on the imported zip, condensed; null when the check itself could not run. */
async function packProblems(
  svc: Services,
  pack: PackRow,
  sourceBlob: string,
): Promise<Pick<ImportReport, "problems" | "brokenReferences">> {
  try {
    const r = await checkPackOffThread(
      svc,
      { path: await svc.blobs.localPath(sourceBlob) },
      { version: pack.minecraftVersion, decodeTextures: false },
    );
    const findings = [
      ...r.errors.map((f) => ({ ...f, level: "error" as const })),
      ...r.warnings.map((f) => ({ ...f, level: "warning" as const })),
    ].slice(0, PROBLEMS_LISTED);
    const broken = r.errors.filter((f) => BROKEN_REFERENCE_RULES.has(f.rule));
    return {
      problems: { errors: r.errors.length, warnings: r.warnings.length, findings },
      brokenReferences: { count: broken.length, findings: broken.slice(0, PROBLEMS_LISTED) },
    };
  } catch (e) {
    console.error(`checking the imported pack ${pack.slug} failed:`, e);
    return {};
  }
}

/**
 * Carries out a planned import in the background: reads each planned file from the stored zip, checks it
 * (PNGs decoded within the size limits, JSON parsed, Ogg signatures), stores it as an `imported` asset
 * keeping its original path (so export writes it back where it was), and finishes the `<pack>:import`
 * job with a report. A file that fails its check is reported, never stored.
 */
export interface RunOptions {
  minecraftVersion?: string;
  /** The archive and plan the request already made from the stored bytes; a resumed run makes its own. */
  /** The plan the request already made (in the worker pool), so the job need not make it again. */
  planned?: { plan: ImportPlan };
}

export async function runImport(svc: Services, pack: PackRow, opts: RunOptions = {}): Promise<void> {
  try {
    await carryOut(svc, pack, opts);
  } catch (e) {
    try {
      const why = isStorageFull(e) ? "storage full: the server's data folder ran out of space" : (e as Error).message;
      await finish(svc, pack, "error", `the import failed: ${why}`, null);
    } catch {
      // The store closed under the run (the service is stopping): the row stays `generating`, and
      // resumeImports carries the import out on the next start. Callers start runs with `void`, so
      // nothing may escape from here as an unhandled rejection.
    }
  }
}

async function carryOut(svc: Services, pack: PackRow, opts: RunOptions): Promise<void> {
  const row = await svc.db.get<any>("SELECT * FROM imports WHERE pack_id = ?", [pack.id]);
  if (row?.status !== "generating") return;
  // The zip is opened here, a turn after the request that started the import has answered: reading a big central
  // directory takes ~20 ms, which the 202 need not wait for.
  await new Promise((r) => setImmediate(r));
  const archive = openPackZip(mapFile(await svc.blobs.localPath(row.source_blob)));
  const plan =
    opts.planned?.plan ??
    planImport(archive, {
      minecraftVersion: opts.minecraftVersion ?? pack.minecraftVersion,
      defaultVersion: svc.config.defaultVersion,
    });
  // A resumed import starts over: whatever an interrupted run stored is replaced.
  await svc.db.transaction(async (tx) => {
    await tx.run("DELETE FROM assets WHERE pack_id = ? AND source = 'imported'", [pack.id]);
    await clearPackFiles(tx, pack.id);
  });
  const report: ImportReport = { imported: {}, leftOut: plan.skipped, failed: [] };
  // The checker runs in the worker pool while this thread stores the files: it adds no time of its own.
  const problems = packProblems(svc, pack, row.source_blob);
  let room = svc.config.assetLimit - (await countAssets(svc.db, pack.id));
  for (const slice of batches(plan.items, archive)) {
    // Large images are checked in the worker pool while the API thread keeps answering, a few at a time so
    // that only that many files are out of the zip at once (memory stays bounded by the pool, not the pack).
    // Work stops when a limit is met, not after: a pack deleted meanwhile ends the run, and once the asset limit
    // is reached the rest are refused unread (checking them would decode images only to drop them).
    let gone = false;
    let reserved = 0; // files of this batch checked (or being checked) that will take a place
    const checked = await mapLimited(slice, IN_FLIGHT, async (item): Promise<Checked> => {
      if (gone || (gone = !(await stillImporting(svc, pack.id)))) return { item, error: "the pack was deleted" };
      // The test and the reservation in one synchronous step: files checked at once cannot overbook.
      if (room - reserved <= 0) return { item, error: assetLimitReached(svc) };
      reserved++;
      const c = await checkFile(svc, item, archive);
      if ("error" in c) reserved--;
      return c;
    });
    if (gone) return;
    const batch = checked.map((c) => {
      if (room <= 0) return { item: c.item, error: assetLimitReached(svc) };
      if (!("error" in c)) room--;
      return c;
    });
    // The batch's files are written together off the JS thread (file creation is most of an
    // import's time); each row is inserted only once its blob exists.
    const blobs = await Promise.all(batch.map((b) => ("error" in b ? null : svc.blobs.put(b.bytes))));
    await svc.db.transaction(async (tx) => {
      for (const [k, b] of batch.entries()) {
        if ("error" in b) report.failed.push({ path: b.item.path, reason: b.error });
        else await store(tx, pack, plan, b.item, blobs[k]!, b.bytes.length, b.meta, report);
      }
      await tx.run("UPDATE imports SET touched_at = ? WHERE pack_id = ?", [Date.now(), pack.id]);
    });
    // The batch's file bytes are garbage now, but they live outside the JS heap, which stays small, so the
    // collector would not look for a long while (an asynchronous request does not reach them either): after a
    // heavy batch, collect now. Measured 6-12 ms for the server's heap, against tens of MB held until the end.
    if (checked.reduce((n, c) => n + ("bytes" in c ? c.bytes.length : 0), 0) > BATCH_BYTES / 4) Bun.gc(true);
    await new Promise((r) => setImmediate(r));
  }
  await keepFiles(svc, pack, plan, archive, report);
  if (plan.packIcon) {
    try {
      // Read inside the try: a damaged pack.png entry is one failed file, not a failed import.
      // Decoded in the worker pool, refused from its header first (a 1024² icon is tens of ms of work).
      const icon = await checkPngOffThread(svc, await archive.readAsync(archive.get(plan.packIcon)!), {
        maxEdge: 1024,
      });
      await svc.db.run("UPDATE packs SET icon_blob = ? WHERE id = ?", [await svc.blobs.put(icon.bytes), pack.id]);
    } catch (e) {
      // Reported once: a pack.png that could not even be read out of the zip was reported as a pack file.
      if (!report.failed.some((f) => f.path === plan.packIcon))
        report.failed.push({ path: plan.packIcon, reason: `pack.png is not a usable PNG: ${(e as Error).message}` });
    }
  }
  Object.assign(report, await problems);
  await finish(svc, pack, "ready", null, report);
}

/**
 * Stores the plan's pack files (kept byte for byte, no decoding: nothing reads them but export) in batches,
 * like assets. A file that cannot be read out of the zip is reported as failed.
 */
async function keepFiles(svc: Services, pack: PackRow, plan: ImportPlan, archive: ZipArchive, report: ImportReport) {
  for (let i = 0; i < plan.keptFiles.length; i += BATCH) {
    // One at a time: large entries inflate in libuv's pool while the API thread answers, one file out at a time.
    const batch: { f: ImportPlan["keptFiles"][number]; bytes?: Uint8Array; error?: string }[] = [];
    for (const f of plan.keptFiles.slice(i, i + BATCH)) {
      try {
        batch.push({ f, bytes: await archive.readAsync(archive.get(f.entry)!) });
      } catch (e) {
        batch.push({ f, error: (e as Error).message });
      }
    }
    const blobs = await Promise.all(batch.map((b) => (b.bytes ? svc.blobs.put(b.bytes) : null)));
    await svc.db.transaction(async (tx) => {
      for (const [k, b] of batch.entries()) {
        if (!b.bytes) report.failed.push({ path: b.f.entry, reason: b.error ?? "unreadable" });
        else
          await insertPackFile(tx, pack.id, {
            path: b.f.path,
            blob: blobs[k]!,
            sizeBytes: b.bytes.length,
            reason: b.f.reason,
          });
      }
      await tx.run("UPDATE imports SET touched_at = ? WHERE pack_id = ?", [Date.now(), pack.id]);
    });
    report.kept = (report.kept ?? 0) + batch.filter((b) => b.bytes).length;
    await new Promise((r) => setImmediate(r));
  }
}

/** On start: imports a crash interrupted run again from their stored zip. */
export async function resumeImports(svc: Services): Promise<void> {
  const rows = await svc.db.all<{ id: number }>(
    "SELECT p.id FROM imports i JOIN packs p ON p.id = i.pack_id WHERE i.status = 'generating'",
  );
  for (const r of rows) {
    const pack = await getPackById(svc.db, r.id);
    if (pack) void runImport(svc, pack);
  }
}

/** The plan's items cut into batches of at most BATCH files and (past the first file) BATCH_BYTES declared bytes. */
function* batches(items: ImportItem[], archive: ZipArchive): Generator<ImportItem[]> {
  let batch: ImportItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = archive.get(item.path)?.size ?? 0;
    if (batch.length && (batch.length >= BATCH || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length) yield batch;
}

type Checked = { item: ImportItem } & ({ bytes: Uint8Array; meta: Record<string, unknown> } | { error: string });

const assetLimitReached = (svc: Services) => `the pack reached its asset limit of ${svc.config.assetLimit}`;

const stillImporting = async (svc: Services, packId: number) =>
  (await svc.db.get<{ status: string }>("SELECT status FROM imports WHERE pack_id = ?", [packId]))?.status ===
  "generating";

/**
 * Reads one planned file out of the zip (large entries inflated off the API thread) and checks it (large PNGs in the
 * worker pool), with its .mcmeta.
 */
export async function checkFile(svc: Services, item: ImportItem, archive: ZipArchive): Promise<Checked> {
  let bytes: Uint8Array;
  try {
    bytes = await archive.readAsync(archive.get(item.path)!);
  } catch (e) {
    return { item, error: (e as Error).message };
  }
  const checked = await checkImportedOffThread(
    svc,
    { path: item.path, kind: item.kind, animated: !!item.mcmeta },
    bytes,
  );
  if ("error" in checked.check) return { item, error: checked.check.error };
  bytes = checked.bytes;
  const meta = { ...checked.check.meta };
  if (item.mcmeta) {
    try {
      meta.mcmeta = new TextDecoder().decode(await archive.readAsync(archive.get(item.mcmeta)!));
    } catch (e) {
      return { item, error: `its .mcmeta sidecar could not be read: ${(e as Error).message}` };
    }
  }
  return { item, bytes, meta };
}

export async function store(
  db: SqlDriver,
  pack: PackRow,
  plan: ImportPlan,
  item: ImportItem,
  blob: string,
  size: number,
  meta: Record<string, unknown>,
  report: ImportReport,
) {
  const skip = plan.root.length + (item.overlay ? item.overlay.length + 1 : 0);
  await insertAsset(db, {
    packId: pack.id,
    kind: item.kind,
    name: await freeAssetName(db, pack.id, item.kind, item.name),
    type: item.type,
    status: "ready",
    source: "imported",
    blob,
    sizeBytes: size,
    target: item.target ?? null,
    meta: {
      ...meta,
      path: item.path.slice(skip),
      ...(item.overlay ? { overlay: item.overlay } : {}),
      namespace: item.namespace,
      ...(item.glyph ? { glyph: item.glyph } : {}),
      ...(item.events ? { events: item.events } : {}),
      ...(item.since ? { requires: item.since } : {}),
    },
  });
  report.imported[item.type] = (report.imported[item.type] ?? 0) + 1;
}

async function finish(
  svc: Services,
  pack: PackRow,
  status: "ready" | "error",
  error: string | null,
  report: ImportReport | null,
) {
  await svc.db.run(
    "UPDATE imports SET status = ?, error = ?, report = ?, updated_at = ?, touched_at = ? WHERE pack_id = ? AND status = 'generating'",
    [status, error, report ? JSON.stringify(report) : null, nowIso(), Date.now(), pack.id],
  );
  announce(svc, `import:${pack.id}`);
}
