/**
 * The checks of untrusted files that are too heavy for the API thread: decoding a large PNG takes tens to
 * hundreds of milliseconds (a 4096x4096 image is 64 MB of pixels), and one request doing that on the thread
 * that answers every other request stalls them all. Each check here is a pure function of plain data; the
 * worker pool runs it (src/jobs/worker.ts routes op "call") and the caller gets the same answer it would have
 * got inline. Small files stay inline: posting them costs more than checking them.
 */
import { ApiError, DomainError, type ErrorCode } from "../core/errors.ts";
import type { Services } from "../services.ts";
import type { TaskResult } from "../gen/task.ts";
import { checkImportedFile, type ImportCheck, type ImportCheckItem } from "../pack/import-check.ts";
import { prepareImage } from "./prepare/images.ts";
import {
  byPathAndRule,
  type CheckReport,
  checkPackTextureData,
  checkPackZip,
  type Finding,
} from "../pack/check/index.ts";
import { openPackZip, planImport, type ImportPlan, type PlanOptions } from "../pack/import-plan.ts";
import { mapFile } from "../store/blobs.ts";
import { optimizePng } from "../media/png-optimize.ts";
import { decodePng, PngError, pngInfo, type PngLimits } from "../media/png-decode.ts";
import { invalid } from "../domain-error.ts";
import type { Rgba } from "../media/png.ts";
import { crop, scaleUp } from "../media/image.ts";
import { encodePng } from "../media/png.ts";
import type { PreparedAsset, PrepareContext } from "./prepare/types.ts";
import type { UploadFields } from "./prepare/fields.ts";

/** PNGs with more pixels than this (256x256) are decoded off the API thread. */
export const OFF_THREAD_PIXELS = 256 * 256;

/** Width x height from a PNG's IHDR without decoding; 0 for anything that is not a PNG. */
export function declaredPixels(bytes: Uint8Array): number {
  if (bytes.length < 24 || bytes[0] !== 0x89 || bytes[1] !== 0x50 || bytes[2] !== 0x4e || bytes[3] !== 0x47) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(16) * view.getUint32(20);
}

type Refusal = { refused: { code: ErrorCode; message: string } };

/** A refusal (a DomainError, ApiError included) made in a worker travels as data; anything else fails the task. */
function refusal(e: unknown): TaskResult {
  if (!(e instanceof DomainError)) throw e;
  return { main: new Uint8Array(0), meta: { refused: { code: e.errorCode, message: e.message } } };
}

/** Back on the API thread: the refusal thrown again with its own code and message. */
function unlessRefused(r: TaskResult): TaskResult {
  const refused = (r.meta as Partial<Refusal> | undefined)?.refused;
  if (refused) throw new ApiError(refused.code, refused.message);
  return r;
}

const CALLS = {
  /** An upload of a PNG type: decoded, checked and re-encoded (prepare/images.ts); refusals travel as data. */
  "prepare-image": (args: { fields: UploadFields; bytes: Uint8Array; ctx: PrepareContext }): TaskResult => {
    try {
      const { bytes, ...rest } = prepareImage(args.fields, args.bytes, args.ctx);
      return { main: bytes, meta: rest as unknown as Record<string, unknown> };
    } catch (e) {
      return refusal(e);
    }
  },
  /**
   * A whole pack zip through the checker (src/pack/check), a refusal as data. `sliced`: PNG data is not read here,
   * only headers; the answer lists each readable PNG with its declared pixels for the slices ("check-textures").
   */
  "check-pack": (
    args: ZipSource & { version?: string; decodeTextures?: boolean; maxFiles?: number; sliced?: boolean },
  ): TaskResult => {
    try {
      const textures: { path: string; pixels: number }[] = [];
      const report = checkPackZip(zipBytes(args), {
        version: args.version,
        decodeTextures: args.sliced ? false : args.decodeTextures,
        maxFiles: args.maxFiles,
        onTexture: args.sliced ? (path, pixels) => textures.push({ path, pixels }) : undefined,
      });
      return { main: new Uint8Array(0), meta: { report, textures } };
    } catch (e) {
      return refusal(e);
    }
  },
  /** One slice of a check's PNG decoding: the texture.invalid-png findings of the named files. */
  "check-textures": (args: ZipSource & { paths: string[] }): TaskResult => {
    try {
      return { main: new Uint8Array(0), meta: { errors: checkPackTextureData(zipBytes(args), args.paths) } };
    } catch (e) {
      return refusal(e);
    }
  },
  /** A pack zip's import plan (src/pack/import-plan.ts), with the zip's bytes handed back; a refusal as data. */
  "plan-import": (args: ZipSource & { opts: PlanOptions }): TaskResult => {
    const back = args.bytes ?? new Uint8Array(0);
    try {
      const plan = planImport(openPackZip(zipBytes(args)), args.opts);
      return { main: back, meta: plan as unknown as Record<string, unknown> };
    } catch (e) {
      return { ...refusal(e), main: back };
    }
  },
  /**
   * A stored PNG enlarged pixel for pixel (nearest neighbour keeps pixel art crisp), for get_asset_file's
   * `scale`; the decode refuses an image whose enlargement would pass `maxEdge` (the caller checked the header
   * already; this holds even if the file changed its mind).
   */
  "preview-png": (args: {
    path: string;
    scale: number;
    maxEdge: number;
    frame?: { index: number; count: number };
  }): TaskResult => {
    try {
      const f = args.frame;
      // A strip is decoded whole (within the edge bound) and one frame cut from it before enlarging.
      const strip = decodePng(mapFile(args.path), {
        maxEdge: f ? args.maxEdge : Math.floor(args.maxEdge / args.scale),
      });
      const frameHeight = f ? Math.floor(strip.height / f.count) : strip.height;
      const img = f ? crop(strip, 0, f.index * frameHeight, strip.width, frameHeight) : strip;
      if (Math.max(img.width, img.height) * args.scale > args.maxEdge)
        return refusal(invalid(`this preview would be larger than ${args.maxEdge} px a side`));
      return { main: encodePng(scaleUp(img, args.scale)) };
    } catch (e) {
      return refusal(e instanceof PngError ? invalid(`this file cannot be previewed: ${e.message}`) : e);
    }
  },
  /** A stored PNG decoded (an export cuts HUD sprites from its sheet): its pixels, moved back. */
  "decode-png": (args: { path: string }): TaskResult => {
    const img = decodePng(mapFile(args.path));
    return { main: img.data, meta: { width: img.width, height: img.height } };
  },
  /** A PNG given as bytes checked whole within `limits` (a reference image, a pack icon): its size, bytes back. */
  "check-png": (args: { bytes: Uint8Array; limits: PngLimits }): TaskResult => {
    try {
      const { width, height } = decodePng(args.bytes, args.limits);
      return { main: args.bytes, meta: { width, height } };
    } catch (e) {
      return { ...refusal(e instanceof PngError ? invalid(e.message, e) : e), main: args.bytes };
    }
  },
  /**
   * One file of an imported pack: checks it (PNG, JSON, Ogg) and answers its meta or why it fails, with the
   * bytes themselves (moved to the worker, so they come back the same way).
   */
  "check-import": (args: { item: ImportCheckItem; bytes: Uint8Array }): TaskResult => ({
    main: args.bytes,
    meta: checkImportedFile(args.item, args.bytes) as unknown as Record<string, unknown>,
  }),
  /** One PNG of an optimised export, re-encoded losslessly (media/png-optimize.ts): tens of ms each. */
  "optimize-png": (args: { bytes: Uint8Array }): TaskResult => ({ main: optimizePng(args.bytes) }),
};

export type CallName = keyof typeof CALLS;

/**
 * A pack zip handed to a worker: its bytes (moved), the path of a stored blob, which the worker maps, or bytes
 * shared by every slice of one check (copied once into shared memory rather than once per slice).
 */
export type ZipSource =
  | { bytes: Uint8Array; path?: undefined; shared?: undefined }
  | { path: string; bytes?: undefined; shared?: undefined }
  | { shared: SharedArrayBuffer; bytes?: undefined; path?: undefined };

const zipBytes = (z: ZipSource) =>
  z.path !== undefined ? mapFile(z.path) : z.shared ? new Uint8Array(z.shared) : z.bytes;

/** Inside a worker: runs the named check. */
export async function runCall(fn: string, args: unknown): Promise<TaskResult> {
  const call = CALLS[fn as CallName] as ((a: unknown) => TaskResult) | undefined;
  if (!call) throw new Error(`unknown off-thread call '${fn}'`);
  const result = call(args);
  // A large file leaves tens of MB of pixels or inflated data behind; collect them now rather than when this
  // worker's heap next grows, so the pool's memory stays near one large image per worker (issue 13: RSS).
  if (((args as { bytes?: Uint8Array }).bytes?.length ?? 0) > LARGE_FILE_BYTES) Bun.gc(true);
  return result;
}

/** Files past this size are followed by a collection in the worker that checked them. */
const LARGE_FILE_BYTES = 1024 * 1024;

/** Work no request waits on as a whole, run in turn with generations (pool.ts): check slices, import files. */
const BULK: ReadonlySet<CallName> = new Set(["check-pack", "check-textures", "check-import"]);

/** Runs a check in the worker pool when the server has one, inline otherwise (CLI, tests without an engine). */
async function call(
  svc: Services,
  fn: CallName,
  args: unknown,
  heavy: boolean,
  signal?: AbortSignal,
): Promise<TaskResult> {
  if (heavy && svc.offThread) {
    // The bytes are moved to the worker, not cloned (a clone runs at ~150 MB/s on this thread): the caller's
    // view is empty afterwards and gets what the worker answers.
    const bytes = (args as { bytes?: Uint8Array }).bytes;
    const lane = BULK.has(fn) ? "bulk" : undefined;
    return svc.offThread({ op: "call", fn, args, lane }, bytes ? [bytes.buffer as ArrayBuffer] : [], signal);
  }
  return runCall(fn, args);
}

/**
 * The bytes alone: a file read out of a stored zip is a view into the whole archive, and posting a view to a
 * worker copies its entire buffer (hundreds of megabytes, on the API thread) rather than the file. (Not
 * `.slice()`: on a Node Buffer that is another view.)
 */
const own = (bytes: Uint8Array) => (bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes));

/** A copy to move: the caller's bytes may be shared (the blob store's read cache), so they must stay whole. */
const copy = (bytes: Uint8Array) => new Uint8Array(bytes);

/** Runs a named call in the worker pool (inline only where there is none: the CLI), refusals thrown again. */
export async function runOffThread(svc: Services, fn: CallName, args: unknown): Promise<TaskResult> {
  return unlessRefused(await call(svc, fn, args, true));
}

/** A stored PNG's pixels, decoded in the worker pool. */
export async function decodeStoredPng(svc: Services, blob: string): Promise<Rgba> {
  const r = await runOffThread(svc, "decode-png", { path: await svc.blobs.localPath(blob) });
  const { width, height } = r.meta as { width: number; height: number };
  return { width, height, data: r.main };
}

/**
 * A PNG checked whole (every row decoded) in the worker pool, its size refused from the header first when past
 * `limits`; a refusal is invalid_request with the decoder's reason. Answers the size and the bytes (moved back).
 */
export async function checkPngOffThread(
  svc: Services,
  bytes: Uint8Array,
  limits: PngLimits,
): Promise<{ width: number; height: number; bytes: Uint8Array }> {
  try {
    const { width, height } = pngInfo(bytes);
    if (width > (limits.maxEdge ?? Infinity) || height > (limits.maxEdge ?? Infinity))
      throw new PngError(`PNG declares ${width}x${height} pixels; the limit is ${limits.maxEdge} per edge`);
    if (width * height > (limits.maxPixels ?? Infinity))
      throw new PngError(`PNG declares ${width * height} pixels; the limit is ${limits.maxPixels}`);
  } catch (e) {
    if (e instanceof PngError) throw new ApiError("invalid_request", e.message);
    throw e;
  }
  const r = await call(svc, "check-png", { bytes: own(bytes), limits }, true);
  const back = r.main;
  const size = unlessRefused(r).meta as { width: number; height: number };
  return { ...size, bytes: back };
}

export async function prepareImageOffThread(
  svc: Services,
  fields: UploadFields,
  bytes: Uint8Array,
  ctx: PrepareContext,
): Promise<PreparedAsset> {
  const heavy = declaredPixels(bytes) > OFF_THREAD_PIXELS;
  const r = unlessRefused(await call(svc, "prepare-image", { fields, bytes: heavy ? copy(bytes) : bytes, ctx }, heavy));
  return { ...(r.meta as unknown as Omit<PreparedAsset, "bytes">), bytes: r.main };
}

/** The check of one imported file, and its bytes (the caller's were moved to the worker and back). */
export async function checkImportedOffThread(
  svc: Services,
  item: ImportCheckItem,
  bytes: Uint8Array,
): Promise<{ check: ImportCheck; bytes: Uint8Array }> {
  const heavy = declaredPixels(bytes) > OFF_THREAD_PIXELS;
  const r = await call(svc, "check-import", { item, bytes: heavy ? own(bytes) : bytes }, heavy);
  return { check: r.meta as unknown as ImportCheck, bytes: r.main };
}

/** What one check may spend (the server's check-* settings) and the signal of a caller that may go away. */
export interface CheckRun {
  bounds?: { maxPixels: number; maxFiles: number; timeoutMs: number };
  signal?: AbortSignal;
}

/** Pixels of PNG data one slice reads through (a flat 4096² PNG, 16 Mpx, is ~0.6 s alone), and files. */
const SLICE_PIXELS = 4 * 1024 * 1024;
const SLICE_FILES = 2000;

/** PNGs grouped into slices of about SLICE_PIXELS each (a larger file is a slice of its own). */
function slices(textures: { path: string; pixels: number }[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let pixels = 0;
  for (const t of textures) {
    if (current.length && (pixels + t.pixels > SLICE_PIXELS || current.length >= SLICE_FILES)) {
      out.push(current);
      current = [];
      pixels = 0;
    }
    current.push(t.path);
    pixels += t.pixels;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * The pack checker over a zip, in the worker pool: a big pack takes hundreds of milliseconds to check, a pack of
 * large PNGs minutes. The check runs in slices on the pool's bulk lane (a generation waits behind one slice at
 * most): first the whole pack with PNG headers only, refused past the file bound (entries) or the pixel bound
 * (the sum the headers declare) before any image data is read; then the PNG data a few files at a time, stopping
 * between slices when the time bound has passed or the caller went away. A stored zip is given by its blob's path
 * and mapped by the worker; bytes are copied once into shared memory that every slice reads.
 */
export async function checkPackOffThread(
  svc: Services,
  zip: ZipSource,
  opts: { version?: string; decodeTextures?: boolean } = {},
  run: CheckRun = {},
): Promise<CheckReport> {
  const { bounds, signal } = run;
  const started = performance.now();
  const source: ZipSource =
    zip.path !== undefined ? { path: zip.path } : svc.offThread ? shared(zip.bytes!) : { bytes: zip.bytes! };
  const sliced = opts.decodeTextures !== false;
  const first = unlessRefused(
    await call(svc, "check-pack", { ...source, ...opts, sliced, maxFiles: bounds?.maxFiles }, true, signal),
  );
  const { report, textures } = first.meta as unknown as {
    report: CheckReport;
    textures: { path: string; pixels: number }[];
  };
  if (!sliced) return report;
  const pixels = textures.reduce((n, t) => n + t.pixels, 0);
  if (bounds && pixels > bounds.maxPixels)
    throw new ApiError(
      "file_too_large",
      `the pack's ${textures.length} PNGs declare ${pixels.toLocaleString("en")} pixels in all; a check reads at most ${bounds.maxPixels.toLocaleString("en")} (setting check-max-pixels)`,
    );
  const errors: Finding[] = [];
  for (const paths of slices(textures)) {
    if (signal?.aborted) throw new ApiError("invalid_request", "the check was stopped: its caller went away");
    if (bounds && performance.now() - started > bounds.timeoutMs)
      throw new ApiError(
        "file_too_large",
        `the check took longer than its ${bounds.timeoutMs / 1000} s limit (setting check-timeout-ms) and was stopped; check a smaller pack`,
      );
    const r = unlessRefused(await call(svc, "check-textures", { ...source, paths }, true, signal));
    errors.push(...(r.meta as { errors: Finding[] }).errors);
  }
  if (!errors.length) return report;
  return { ...report, errors: [...report.errors, ...errors].sort(byPathAndRule) };
}

/** Bytes in memory that every worker can read without a copy per task. */
function shared(bytes: Uint8Array): ZipSource {
  const buffer = new SharedArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return { shared: buffer };
}

/** Zips past this size are planned in the worker pool: planning walks every entry (~4 µs each). */
const PLAN_OFF_THREAD_BYTES = 1024 * 1024;

/**
 * An import's plan, made in the worker pool for a big zip (a 13,600-file pack takes ~50 ms to plan, a stall for
 * every other request on the API thread). A stored zip goes by its blob's path; other bytes are moved there and
 * back, so the answer carries them.
 */
export async function planImportOffThread(
  svc: Services,
  zip: { bytes: Uint8Array; blob?: string },
  opts: PlanOptions,
): Promise<{ plan: ImportPlan; bytes: Uint8Array }> {
  if (zip.blob) {
    const r = unlessRefused(await call(svc, "plan-import", { path: await svc.blobs.localPath(zip.blob), opts }, true));
    return { plan: r.meta as unknown as ImportPlan, bytes: zip.bytes };
  }
  const heavy = zip.bytes.length > PLAN_OFF_THREAD_BYTES;
  const r = await call(svc, "plan-import", { bytes: heavy ? own(zip.bytes) : zip.bytes, opts }, heavy);
  // The bytes come back before a refusal is thrown again, so a caller that handles it still has its file.
  const back = r.main;
  return { plan: unlessRefused(r).meta as unknown as ImportPlan, bytes: back };
}

/**
 * A PNG optimised in the worker pool (inline without one): oxipng spends tens of milliseconds on even a small
 * image, which the API thread must not. The caller's bytes may be shared (the blob store's cache), so a copy moves.
 */
export async function optimizePngOffThread(svc: Services, bytes: Uint8Array): Promise<Uint8Array> {
  return (await call(svc, "optimize-png", { bytes: svc.offThread ? copy(bytes) : bytes }, true)).main;
}
