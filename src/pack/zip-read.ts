import { crc32 } from "../media/crc32.ts";
import {
  CENTRAL_SIZE,
  EOCD_SIZE,
  parseCentralDirectory,
  type RawRecord,
  readEndRecord,
  refuseOverlaps,
  S_IFDIR,
  S_IFLNK,
  S_IFMT,
} from "./zip-directory.ts";
import { INFLATE_OFF_THREAD_FROM, inflateCapped, inflateCappedOffThread, inflateHead } from "./zip-inflate.ts";
import {
  DEFAULT_ZIP_LIMITS,
  formatBytes,
  type SkippedZipEntry,
  type ZipArchive,
  type ZipEntry,
  ZipError,
  type ZipLimits,
  type ZipSkipCode,
} from "./zip-types.ts";

export { INFLATE_OFF_THREAD_FROM } from "./zip-inflate.ts";
export * from "./zip-types.ts";

/**
 * Reads untrusted zip archives (uploaded resource packs) without trusting anything they declare, in three parts:
 * zip-directory.ts parses what the archive declares (end record, central directory, ZIP64); this file decides
 * which entries are usable and hands out the archive; zip-inflate.ts inflates one entry under its declared size.
 *
 * - Bounds are checked before anything is inflated (ZipLimits); inflating is lazy, one entry per
 *   `read`, and capped at the entry's declared size because declared sizes can lie.
 * - Whole-archive problems throw ZipError; a bad entry is listed in `skipped` with a reason and the
 *   rest of the archive stays usable.
 */

const lenientUtf8 = new TextDecoder("utf-8");

/** Decides whether an entry is usable; returns the skip code and detail, or null. */
function classify(rec: RawRecord, limits: ZipLimits): [ZipSkipCode, string] | null {
  const raw = rec.name;
  if (raw === undefined) return ["invalid_name", `entry ${rec.display}: name is not valid UTF-8`];
  if (/[\u0000-\u001f\u007f]/.test(raw))
    return ["invalid_name", `entry ${rec.display}: name contains control characters`];
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) return ["absolute_path", `entry ${raw}: absolute path`];
  if (raw.includes("\\")) return ["backslash", `entry ${raw}: backslash in the path (could hide a \`..\\\`)`];
  const segments = raw.split("/");
  if (segments.includes("..")) return ["unsafe_path", `entry ${raw}: path climbs out of the archive`];
  const isDir = raw.endsWith("/") || (rec.mode & S_IFMT) === S_IFDIR || (rec.dosAttr & 0x10) !== 0;
  if (isDir) return ["directory", `${raw} is a folder`];
  if ((rec.mode & S_IFMT) === S_IFLNK) return ["symlink", `entry ${raw}: symbolic link`];
  if (rec.flags & 0x41 || rec.method === 99) return ["encrypted", `entry ${raw}: encrypted`];
  if (rec.method !== 0 && rec.method !== 8)
    return [
      "unsupported_method",
      `entry ${raw}: compression method ${rec.method} is not supported (only stored and deflate)`,
    ];
  if (rec.size > limits.maxEntrySize)
    return [
      "too_large",
      `entry ${raw} declares ${formatBytes(rec.size)}; the limit per file is ${formatBytes(limits.maxEntrySize)}`,
    ];
  if (rec.method === 0 && rec.size !== rec.compressedSize)
    return ["damaged", `entry ${raw}: stored entry's sizes disagree (${rec.compressedSize} vs ${rec.size})`];
  const ratio = rec.size / Math.max(1, rec.compressedSize);
  if (rec.size > limits.ratioFloor && ratio > limits.maxRatio)
    return [
      "suspicious_ratio",
      `entry ${raw}: compression ratio ${Math.round(ratio)}:1 is above the ${limits.maxRatio}:1 limit`,
    ];
  if (rec.dataStart < 0)
    return ["damaged", `entry ${raw}: local header is missing or disagrees with the central directory`];
  return null;
}

function normalise(name: string): string {
  return name
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/");
}

export function openZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): ZipArchive {
  const lim: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  if (bytes.length < EOCD_SIZE)
    throw new ZipError("not a zip archive (too short for an end-of-central-directory record)");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = readEndRecord(bytes, view);
  if (end.entries > lim.maxEntries)
    throw new ZipError(
      `zip holds ${end.entries.toLocaleString("en")} entries; the limit is ${lim.maxEntries.toLocaleString("en")}`,
      true,
    );
  if (end.cdSize < end.entries * CENTRAL_SIZE)
    throw new ZipError("zip's central directory is damaged (too small for its entry count)");
  const records = parseCentralDirectory(bytes, view, end);
  refuseOverlaps(records);

  const entries: ZipEntry[] = [];
  const skipped: SkippedZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  const dataStart = new WeakMap<ZipEntry, number>();
  let total = 0;
  for (const rec of records) {
    const refusal = classify(rec, lim);
    if (refusal) {
      skipped.push({ name: rec.display, code: refusal[0], detail: refusal[1] });
      continue;
    }
    const name = normalise(rec.name!);
    if (byName.has(name)) {
      skipped.push({
        name: rec.display,
        code: "duplicate",
        detail: `entry ${rec.display}: another entry has the same name (first copy kept)`,
      });
      continue;
    }
    const entry: ZipEntry = Object.freeze({
      name,
      compressedSize: rec.compressedSize,
      size: rec.size,
      method: rec.method,
      crc: rec.crc,
    });
    dataStart.set(entry, rec.dataStart);
    byName.set(name, entry);
    entries.push(entry);
    total += rec.size;
  }
  if (total > lim.maxTotalSize)
    throw new ZipError(
      `zip declares ${formatBytes(total)} uncompressed; the limit is ${formatBytes(lim.maxTotalSize)}`,
      true,
    );

  const dataOf = (entry: ZipEntry): Uint8Array => {
    const start = dataStart.get(entry);
    if (start === undefined) throw new ZipError(`entry ${entry.name} does not belong to this archive`);
    return bytes.subarray(start, start + entry.compressedSize);
  };
  const checked = (entry: ZipEntry, out: Uint8Array): Uint8Array => {
    if (crc32(out) !== entry.crc) throw new ZipError(`entry ${entry.name} fails its CRC-32 check (damaged archive)`);
    return out;
  };
  const inline = (entry: ZipEntry) => entry.method === 0 || entry.size === 0;
  const read = (entry: ZipEntry): Uint8Array => {
    const data = dataOf(entry);
    return checked(entry, inline(entry) ? data.slice(0, entry.size) : inflateCapped(data, entry));
  };
  const readAsync = async (entry: ZipEntry): Promise<Uint8Array> => {
    const data = dataOf(entry);
    if (inline(entry) || entry.size < INFLATE_OFF_THREAD_FROM) return read(entry);
    return checked(entry, await inflateCappedOffThread(data, entry));
  };
  const readHead = (entry: ZipEntry, n: number): Uint8Array => {
    const data = dataOf(entry);
    const want = Math.min(n, entry.size);
    // A stored entry's data is its bytes (classify made sure its two sizes agree).
    if (entry.method === 0) return data.slice(0, want);
    return inflateHead(data, entry, want, () => read(entry));
  };
  return {
    entries,
    skipped,
    comment: end.comment,
    get: (name) => byName.get(name),
    readHead,
    read,
    readAsync,
    readText: (entry) => {
      const text = lenientUtf8.decode(read(entry));
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    },
  };
}
