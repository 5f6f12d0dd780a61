/**
 * What the zip reader promises its callers: the limits it enforces, its error, the reasons it refuses an
 * entry, and the shape of an opened archive. The reading itself is zip-read.ts (over zip-directory.ts and
 * zip-inflate.ts).
 */

export interface ZipLimits {
  /** Central-directory records (files + folders) the archive may hold. */
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of the usable entries. */
  maxTotalSize: number;
  /** Declared uncompressed size of one entry; larger entries are skipped. */
  maxEntrySize: number;
  /** Declared size / compressed size above which an entry is skipped as a likely bomb. */
  maxRatio: number;
  /** Entries declaring at most this many bytes are exempt from the ratio check (tiny JSON files compress very well). */
  ratioFloor: number;
}

/** Defaults sized for resource packs: the biggest real packs hold ~15k files and a few hundred MiB. */
export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: 20_000,
  maxTotalSize: 1024 * 1024 * 1024,
  maxEntrySize: 64 * 1024 * 1024,
  maxRatio: 200,
  ratioFloor: 16 * 1024,
});

/** Refusal of the archive as a whole, or of one entry's bytes on `read`. */
export class ZipError extends Error {
  /** True when the archive is refused for passing a ZipLimits bound rather than for being broken. */
  readonly overLimit: boolean;
  constructor(message: string, overLimit = false) {
    super(message);
    this.name = "ZipError";
    this.overLimit = overLimit;
  }
}

/** Why an entry was left out, with one-line wording for grouped reports. `directory` is informational; the rest are refusals. */
export const ZIP_SKIP_REASONS = {
  directory: "folder entry",
  invalid_name: "file name is not valid UTF-8 text",
  unsafe_path: "path climbs out of the archive (`..`)",
  absolute_path: "absolute path",
  backslash: "backslash in the path",
  symlink: "symbolic link",
  duplicate: "duplicate file name",
  encrypted: "encrypted entry",
  unsupported_method: "unsupported compression method",
  too_large: "file too large",
  suspicious_ratio: "compression ratio too high",
  damaged: "damaged zip entry",
} as const;

export type ZipSkipCode = keyof typeof ZIP_SKIP_REASONS;

export interface ZipEntry {
  /** Normalised path: `/`-separated, no `.` or empty segments, never absolute, never `..`. */
  readonly name: string;
  readonly compressedSize: number;
  /** Declared uncompressed size; `read` never returns more. */
  readonly size: number;
  /** 0 = stored, 8 = deflate. */
  readonly method: number;
  readonly crc: number;
}

export interface SkippedZipEntry {
  /** The name as stored (escaped when it is not valid UTF-8). */
  name: string;
  code: ZipSkipCode;
  /** Specific message, e.g. "entry x.png declares 80 MiB; the limit per file is 64 MiB". */
  detail: string;
}

export interface ZipArchive {
  /** Usable file entries, in central-directory order. */
  readonly entries: readonly ZipEntry[];
  readonly skipped: readonly SkippedZipEntry[];
  readonly comment: string;
  /** Usable entry by normalised name. */
  get(name: string): ZipEntry | undefined;
  /** Inflates one entry into a fresh array; throws ZipError when it overruns its size or fails its CRC. */
  read(entry: ZipEntry): Uint8Array;
  /**
   * `read` for the API thread: an entry of INFLATE_OFF_THREAD_FROM bytes or more is inflated in libuv's thread
   * pool, so a 64 MiB file does not hold every other request for ~200 ms. Same bytes, same cap, same errors.
   */
  readAsync(entry: ZipEntry): Promise<Uint8Array>;
  /** `read` decoded as UTF-8 (a leading byte-order mark is dropped). */
  readText(entry: ZipEntry): string;
  /**
   * The first `n` bytes of an entry (fewer if it is shorter), inflating only as far as needed and unchecked by
   * CRC: for readers that need a header only (a PNG's size), without reading a whole large file.
   */
  readHead(entry: ZipEntry, n: number): Uint8Array;
}

/** "5 GiB", "1.5 MiB"; exact bytes when rounding would hide that a limit was passed ("67,108,865 bytes"). */
export function formatBytes(n: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) (v /= 1024), i++;
  if (i === 0 || Number.isInteger(v)) return `${v} ${units[i]}`;
  const shown = v.toFixed(1);
  return shown.endsWith(".0") ? `${n.toLocaleString("en")} bytes` : `${shown} ${units[i]}`;
}
