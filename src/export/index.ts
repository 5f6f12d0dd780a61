/**
 * Java-edition export: the pack as a zip for its `minecraftVersion`, streamed entry by entry.
 *
 * Decisions (each kind's file says the details):
 * - Left out, not refused: assets still generating, failed, or needing a newer release than the pack's
 *   (src/pack/requirements.ts, the same rule GET /packs/{pack} uses for minVersion) are skipped and
 *   listed in packsmith-export.json, so a pack with one broken asset still exports.
 * - Custom items (2D sprites without a target, 3D items without a target, and models without a
 *   carrierBlockId) ride on minecraft:paper. Each gets a custom_model_data number from a hash of its
 *   id (six digits, stable while other items come and go; a clash moves the later id up by one).
 *   1.14–1.21.3: overrides in models/item/paper.json, sorted ascending. 1.21.4+:
 *   `assets/<ns>/items/<name>.json`, reachable with the item_model component, plus a range_dispatch
 *   on custom_model_data in items/paper.json so the same numbers keep working.
 * - Variants (1.21.4+): a select on custom_model_data strings[0] in the target's item definition.
 * - Models with a carrierBlockId replace that block's blockstate: one variant for every state, or,
 *   when directional, `facing=<dir>` variants turned with y (and x for up/down) the way vanilla turns
 *   a north-facing model; the block's item shows the model too.
 * - packsmith-export.json (zip root, ignored by the game): left-out assets with reasons, each custom
 *   item's number and give commands, variants, block carriers, font characters (assigned ones
 *   marked), paths two assets wanted (the older asset keeps it), and model references that do not
 *   resolve (warnings: the model is written back all the same, references.ts).
 * - Files are sorted by path (the report last) and stamped with one fixed time; JSON keys come in a
 *   fixed order with non-ASCII escaped, so an unchanged pack exports byte-identical zips. PNG and Ogg
 *   are stored, text deflated; `optimize` (optimize.ts) re-encodes PNGs losslessly off the API thread,
 *   minifies JSON, leaves out files the game never reads and deflates everything (kept where smaller).
 * - Imported assets carry meta.path and go back to exactly that path (the import→export round trip);
 *   pack.png comes from the pack's icon (packs.icon_blob).
 * - Memory: planning holds one small record per file; bytes are read one file at a time as the reader
 *   pulls, and a sheet cut into sprites is decoded once (paths sorted keep its sprites together).
 * - Origin registration (src/origin/register.ts) fingerprints generated PNG/JSON from the bytes
 *   written and commits when the last chunk has been produced; exportSummary registers nothing.
 */
import type { Services } from "../services.ts";
import type { BlobStorage } from "../store/blob-store.ts";
import type { PackRow } from "../core/packs.ts";
import type { AssetRow } from "../core/assets.ts";
import { ApiError, DomainError } from "../core/errors.ts";
import { pngInfo } from "../media/png-decode.ts";
import { writeMcmeta } from "../pack/mcmeta.ts";
import { plainName } from "../pack/naming.ts";
import { ZIP_LIMITS, zipChunks, type ZipEntry } from "../pack/zip-write.ts";
import { ExportRegistration } from "../origin/register.ts";
import {
  ExportPlan,
  exportable,
  jsonText,
  letOthersRun,
  packAssets,
  settlePaths,
  type ExportOptions,
  type PlannedFile,
} from "./plan.ts";
import { isSafeImportPath, planArmor, planBlockTexture, planImported, planModelTexture } from "./textures.ts";
import { ItemDefinitions, planItem3d, planItemSprite } from "./items.ts";
import { planModel } from "./models.ts";
import { planFonts } from "./fonts.ts";
import { planSounds } from "./sounds.ts";
import { planGui, planHud } from "./sheets.ts";
import { REPORT_PATH } from "./report.ts";
import { keptFontChars, planPackFiles } from "./kept.ts";
import { reportBrokenReferences } from "./references.ts";
import { allPackFiles } from "../core/pack-files.ts";
import { planRange } from "./range-plan.ts";
import { optimizer, withoutUnread, type Optimizer } from "./optimize.ts";
import { CLIENT_PACK_LIMIT_BYTES, clientLimitReport, type ClientLimitReport } from "../pack/client-limit.ts";
import { decodeStoredPng } from "../files/off-thread.ts";

export type { ExportOptions } from "./plan.ts";

const utf8 = new TextEncoder();

/** Decides every file of the export; reads asset rows and a few PNG headers, no other bytes. */
export async function planExport(
  svc: Services,
  pack: PackRow,
  options: ExportOptions = {},
): Promise<{ plan: ExportPlan; files: PlannedFile[] }> {
  if (options.minVersion && options.minVersion !== pack.minecraftVersion)
    return planRange(svc, pack, { ...options, minVersion: options.minVersion }, planExport);
  const plan = new ExportPlan(pack, options, svc.blobs, (blob) => decodeStoredPng(svc, blob));
  const rows = await packAssets(svc, pack);
  const stored = await storedBlobs(svc.blobs, rows);
  const assets = exportable(plan, rows, (hash) => stored.has(hash));
  const defs = new ItemDefinitions(plan);
  const carried = new Map<string, AssetRow>();
  const placedModels = new Set<number>();
  const icons: AssetRow[] = [];
  const sounds: AssetRow[] = [];
  const modelTextures: AssetRow[] = [];
  for (const [i, a] of assets.entries()) {
    if (i % 500 === 499) await letOthersRun();
    if (a.type === "icon") icons.push(a);
    else if (a.type === "sound") sounds.push(a);
    else if (a.source === "imported" && isSafeImportPath(a.meta.path)) planImported(plan, a);
    else if (a.type === "model_texture") modelTextures.push(a);
    else {
      const problem = await planAsset(svc, plan, defs, carried, a);
      if (problem) plan.report.leaveOut(plan.handle(a), "unplaceable", problem);
      else if (a.kind === "model") placedModels.add(a.id);
    }
  }
  for (const a of modelTextures) planModelTexture(plan, a, placedModels);
  const kept = await allPackFiles(svc.db, pack.id);
  const readBlob = (blob: string) => svc.blobs.get(blob);
  planFonts(plan, icons, await keptFontChars(kept, readBlob));
  planSounds(plan, sounds);
  defs.finish();
  // A name from before names were checked may hold control or bidi characters: never written into the file.
  plan.text("pack.mcmeta", writeMcmeta(plan.version, pack.description || plainName(pack.name)));
  const icon = await packIcon(svc, pack);
  if (icon)
    plan.files.push({
      path: "pack.png",
      source: { blob: icon },
      compress: !!options.optimize,
      origin: null,
      asset: null,
      rank: 1,
    });
  await planPackFiles(plan, kept, readBlob);
  const settled = settlePaths(plan);
  const files = options.optimize ? withoutUnread(plan, settled) : settled;
  await reportBrokenReferences(plan, files);
  if (files.length + 1 > ZIP_LIMITS.maxEntries) {
    throw new ApiError(
      "export_failed",
      `the pack would need ${files.length + 1} zip entries; a zip without ZIP64 holds at most ${ZIP_LIMITS.maxEntries}`,
    );
  }
  return { plan, files };
}

/**
 * Which of the assets' blobs the store holds, asked a few at a time: on S3 each question is a request, and an
 * export of thousands of assets should neither ask them one by one nor all at once.
 */
async function storedBlobs(blobs: BlobStorage, rows: AssetRow[]): Promise<Set<string>> {
  const stored = new Set<string>();
  await askEach(new Set(rows.flatMap((a) => (a.blob ? [a.blob] : []))), async (h) => {
    if (await blobs.has(h)) stored.add(h);
  });
  return stored;
}

/** Runs `ask` on every item, 16 at a time: each is a request on S3 (a stat on the folder). */
async function askEach(items: Iterable<string>, ask: (item: string) => Promise<void>): Promise<void> {
  const list = [...items];
  let next = 0;
  const asker = async () => {
    while (next < list.length) await ask(list[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(16, list.length) }, asker));
}

/** The pack's icon blob (pack.png), when it has one that is still stored. */
async function packIcon(svc: Services, pack: PackRow): Promise<string | null> {
  const row = await svc.db.get<{ icon_blob: string | null }>("SELECT icon_blob FROM packs WHERE id = ?", [pack.id]);
  return row?.icon_blob && (await svc.blobs.has(row.icon_blob)) ? row.icon_blob : null;
}

/** Places one asset of the simple kinds; returns why it cannot be placed, or null. */
async function planAsset(
  svc: Services,
  plan: ExportPlan,
  defs: ItemDefinitions,
  carried: Map<string, AssetRow>,
  a: AssetRow,
): Promise<string | null> {
  switch (a.type) {
    case "block":
    case "block_face":
      planBlockTexture(plan, a);
      return null;
    case "item":
      return planItemSprite(plan, defs, a);
    case "item3d":
      return planItem3d(plan, defs, a);
    case "model":
      return planModel(plan, defs, a, carried);
    case "armor":
      planArmor(plan, a);
      return null;
    case "gui":
      return planGui(plan, a) ? null : `'${a.target ?? a.name}' is not a container screen this exporter knows`;
    case "hud": {
      const head = await new Response(svc.blobs.stream(a.blob!, { start: 0, end: 63 })).bytes();
      const size = pngInfo(head);
      return planHud(plan, a, size)
        ? null
        : `a HUD sheet must be 256x512 or a whole multiple (this one is ${size.width}x${size.height})`;
    }
    default:
      return `a ${a.type} asset has no place in an exported pack yet`;
  }
}

/** Files being read (and optimised in the worker pool) ahead of the zip writer in an optimised export. */
const OPTIMIZE_AHEAD = 8;

/** The zip's entries in order, each read or built only when the zip writer asks for it (or a few ahead). */
async function* zipEntries(
  plan: ExportPlan,
  files: PlannedFile[],
  registration: ExportRegistration | null,
  optimize?: Optimizer,
): AsyncGenerator<ZipEntry> {
  const read = optimize
    ? async (f: PlannedFile) => {
        const stored = await bytesOf(plan, f);
        return { stored, data: await optimize(f, stored) };
      }
    : async (f: PlannedFile) => {
        const stored = await bytesOf(plan, f);
        return { stored, data: stored };
      };
  const ahead: Promise<{ stored: Uint8Array; data: Uint8Array }>[] = [];
  const window = optimize ? OPTIMIZE_AHEAD : 0;
  for (const [i, f] of files.entries()) {
    // Blobs mostly come from memory or one synchronous read: step aside now and then so a big export
    // (or four) never holds the API thread for long.
    if (i % 200 === 199) await letOthersRun();
    while (ahead.length <= window && i + ahead.length < files.length) {
      const next = read(files[i + ahead.length]);
      next.catch(() => {}); // awaited in turn below; a generator closed early must not leave it unhandled
      ahead.push(next);
    }
    const { stored, data } = await ahead.shift()!;
    const blob = "blob" in f.source ? f.source.blob : undefined;
    if (registration && f.origin) registration.note(f.path, data, f.origin, blob);
    // The blob's hash names its stored bytes only: an optimised file is hashed afresh by the zip writer.
    yield { name: f.path, data, compress: f.compress, contentHash: data === stored ? blob : undefined };
  }
  yield { name: REPORT_PATH, data: utf8.encode(jsonText(plan.report.toJson())), compress: true };
}

async function bytesOf(plan: ExportPlan, f: PlannedFile): Promise<Uint8Array> {
  const s = f.source;
  try {
    if ("blob" in s) return await plan.blobs.get(s.blob);
    if ("text" in s) return utf8.encode(s.text);
    return await s.derive();
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new DomainError("export_failed", `could not build ${f.path}: ${(e as Error).message}`, e);
  }
}

export interface ExportZip {
  /** The zip's bytes; pulling drives the export (nothing is built ahead of the reader). */
  stream: ReadableStream<Uint8Array>;
  plan: ExportPlan;
  fileCount: number;
  /**
   * The zip's exact size, measured before streaming when the pack may be near the client's limit
   * (mayNearClientLimit); absent when the zip is surely well under it.
   */
  sizeBytes?: number;
}

/**
 * Whether the zip could come near the client's limit, from the sizes of its sources: stored bytes as they are
 * (deflate only shrinks them), text by length, and a file derived from an asset (a sprite cut from its sheet)
 * counted at its asset's stored size. Headers add at most ~100 bytes a file. Files derived that way are small
 * next to their sheets, so the bound is generous, and a pack it flags is measured exactly by a first pass.
 */
async function mayNearClientLimit(plan: ExportPlan, files: PlannedFile[]): Promise<boolean> {
  let bound = 64 * 1024; // the report and the central directory's end
  // A blob gone missing counts nothing here: reading it while the zip streams fails with export_failed.
  const sizes = new Map<string, number>();
  const wanted = files.flatMap((f) => ("blob" in f.source ? [f.source.blob] : f.asset?.blob ? [f.asset.blob] : []));
  await askEach(new Set(wanted), async (h) => {
    sizes.set(h, (await plan.blobs.size(h).catch(() => undefined)) ?? 0);
  });
  const size = (blob: string) => sizes.get(blob) ?? 0;
  for (const f of files) {
    const s = f.source;
    bound += 100 + 2 * f.path.length;
    if ("blob" in s) bound += size(s.blob);
    else if ("text" in s) bound += s.text.length * 3;
    else bound += f.asset?.blob ? size(f.asset.blob) : 1024 * 1024;
    if (bound > CLIENT_PACK_LIMIT_BYTES / 2) return true;
  }
  return false;
}

/** The zip's size, built once without keeping any of it (the export is deterministic, so a second build matches). */
async function zipSize(plan: ExportPlan, files: PlannedFile[], optimize?: Optimizer): Promise<number> {
  let size = 0;
  for await (const chunk of zipChunks(zipEntries(plan, files, null, optimize))) size += chunk.length;
  return size;
}

/**
 * Builds the export as a stream. The first chunk is produced before this returns, so a pack that
 * cannot be exported fails with export_failed instead of a 200 that breaks off. With `register`, the
 * generated files' fingerprints are committed when the last chunk has been produced.
 */
export async function exportZip(
  svc: Services,
  pack: PackRow,
  options: ExportOptions & { register?: boolean } = {},
): Promise<ExportZip> {
  const { plan, files } = await planExport(svc, pack, options);
  const optimize = options.optimize ? optimizer(svc) : undefined;
  const sizeBytes = (await mayNearClientLimit(plan, files)) ? await zipSize(plan, files, optimize) : undefined;
  const registration = options.register ? new ExportRegistration(svc.db) : null;
  const chunks = zipChunks(zipEntries(plan, files, registration, optimize));
  const first = await chunks.next();
  let pending: IteratorResult<Uint8Array> | null = first;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pending ?? (await chunks.next());
      pending = null;
      if (next.done) {
        await registration?.commit();
        controller.close();
      } else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return { stream, plan, fileCount: files.length + 1, ...(sizeBytes === undefined ? {} : { sizeBytes }) };
}

/**
 * Builds the whole zip without keeping it, for the export_pack tool: its size and file count, and
 * what was left out. Registers nothing (no bytes leave the service).
 */
export async function exportSummary(
  svc: Services,
  pack: PackRow,
  options: ExportOptions = {},
): Promise<ClientLimitReport & { fileCount: number; leftOut: number }> {
  const { plan, files } = await planExport(svc, pack, options);
  const sizeBytes = await zipSize(plan, files, options.optimize ? optimizer(svc) : undefined);
  return {
    ...clientLimitReport(sizeBytes, !!options.optimize),
    fileCount: files.length + 1,
    leftOut: plan.report.leftOut.length,
  };
}
