import { constants as zlib, createInflateRaw, inflateRawSync } from "node:zlib";
import { crc32 } from "../media/crc32.ts";
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

export * from "./zip-types.ts";

/**
 * Reads untrusted zip archives (uploaded resource packs) without trusting anything they declare.
 *
 * - Only the central directory is believed about names, sizes, methods and CRCs. Local headers are
 *   read only to find where an entry's data starts, and must agree with the central directory.
 * - Bounds are checked before anything is inflated (ZipLimits); inflating is lazy, one entry per
 *   `read`, and capped at the entry's declared size because declared sizes can lie.
 * - ZIP64 is supported (some zip tools write it even for small archives); multi-disk archives are not.
 * - Whole-archive problems throw ZipError; a bad entry is listed in `skipped` with a reason and the
 *   rest of the archive stays usable.
 */

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const HOST_UNIX = 3;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");
const lenientUtf8 = new TextDecoder("utf-8");

interface EndRecord {
  entries: number;
  cdOffset: number;
  cdSize: number;
  comment: string;
}

function u64(view: DataView, at: number, what: string): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError(`zip ${what} is out of range`);
  return Number(value);
}

/** Finds the end-of-central-directory record: scanned backwards because a comment (≤ 64 KiB) may follow it. */
function readEndRecord(bytes: Uint8Array, view: DataView): EndRecord {
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - U16_MAX);
  let at = -1;
  for (let i = bytes.length - EOCD_SIZE; i >= lowest; i--) {
    if (view.getUint32(i, true) !== SIG_EOCD) continue;
    // The comment length must reach exactly to the end; otherwise this is a look-alike inside the comment.
    if (i + EOCD_SIZE + view.getUint16(i + 20, true) === bytes.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError("not a zip archive (no end-of-central-directory record)");
  if (view.getUint16(at + 4, true) !== 0 || view.getUint16(at + 6, true) !== 0)
    throw new ZipError("multi-part (spanned) zip archives are not supported");
  const comment = latin1.decode(bytes.subarray(at + EOCD_SIZE));
  let entries = view.getUint16(at + 10, true);
  let cdSize = view.getUint32(at + 12, true);
  let cdOffset = view.getUint32(at + 16, true);
  if (entries === U16_MAX || cdSize === U32_MAX || cdOffset === U32_MAX) {
    const loc = at - 20;
    if (loc < 0 || view.getUint32(loc, true) !== SIG_EOCD64_LOCATOR)
      throw new ZipError("zip uses ZIP64 sizes but has no ZIP64 end record");
    const rec = u64(view, loc + 8, "ZIP64 end record offset");
    if (rec + 56 > loc || view.getUint32(rec, true) !== SIG_EOCD64)
      throw new ZipError("zip's ZIP64 end record is missing or damaged");
    entries = u64(view, rec + 32, "entry count");
    cdSize = u64(view, rec + 40, "central directory size");
    cdOffset = u64(view, rec + 48, "central directory offset");
  }
  if (cdOffset + cdSize > at)
    throw new ZipError("zip's central directory lies outside the file (truncated or damaged)");
  return { entries, cdOffset, cdSize, comment };
}

/** Reads the ZIP64 extra field (id 1): present values replace the 32-bit fields that are all ones. */
function applyZip64(view: DataView, extra: number, extraLen: number, rec: RawRecord) {
  for (let p = extra; p + 4 <= extra + extraLen; ) {
    const id = view.getUint16(p, true);
    const len = view.getUint16(p + 2, true);
    if (id === 1) {
      let q = p + 4;
      const take = () => {
        if (q + 8 > p + 4 + len) throw new ZipError(`zip entry ${rec.display}: ZIP64 field is too short`);
        const v = u64(view, q, "entry size");
        q += 8;
        return v;
      };
      if (rec.size === U32_MAX) rec.size = take();
      if (rec.compressedSize === U32_MAX) rec.compressedSize = take();
      if (rec.localOffset === U32_MAX) rec.localOffset = take();
      return;
    }
    p += 4 + len;
  }
}

interface RawRecord {
  display: string;
  name?: string;
  nameBytes: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  mode: number;
  dosAttr: number;
  localOffset: number;
  dataStart: number;
}

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

/** Finds where an entry's data starts; -1 when the local header is absent or names another file. */
function locateData(bytes: Uint8Array, view: DataView, rec: RawRecord, cdOffset: number): number {
  const at = rec.localOffset;
  if (at + LOCAL_SIZE > cdOffset || view.getUint32(at, true) !== SIG_LOCAL) return -1;
  const nameLen = view.getUint16(at + 26, true);
  const start = at + LOCAL_SIZE + nameLen + view.getUint16(at + 28, true);
  if (nameLen !== rec.nameBytes.length || start + rec.compressedSize > cdOffset) return -1;
  const localName = bytes.subarray(at + LOCAL_SIZE, at + LOCAL_SIZE + nameLen);
  for (let i = 0; i < nameLen; i++) if (localName[i] !== rec.nameBytes[i]) return -1;
  return start;
}

function parseCentralDirectory(bytes: Uint8Array, view: DataView, end: EndRecord): RawRecord[] {
  const records: RawRecord[] = [];
  const stop = end.cdOffset + end.cdSize;
  let p = end.cdOffset;
  for (let i = 0; i < end.entries; i++) {
    if (p + CENTRAL_SIZE > stop || view.getUint32(p, true) !== SIG_CENTRAL)
      throw new ZipError(`zip's central directory is damaged (record ${i + 1} of ${end.entries} is missing)`);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const next = p + CENTRAL_SIZE + nameLen + extraLen + view.getUint16(p + 32, true);
    if (next > stop) throw new ZipError(`zip's central directory is damaged (record ${i + 1} runs past its end)`);
    const nameBytes = bytes.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLen);
    let name: string | undefined;
    try {
      name = utf8.decode(nameBytes);
    } catch {
      name = undefined;
    }
    const external = view.getUint32(p + 38, true);
    const rec: RawRecord = {
      display: name ?? JSON.stringify(latin1.decode(nameBytes)),
      name,
      nameBytes,
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      crc: view.getUint32(p + 16, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      mode: view.getUint8(p + 5) === HOST_UNIX ? external >>> 16 : 0,
      dosAttr: external & 0xff,
      localOffset: view.getUint32(p + 42, true),
      dataStart: -1,
    };
    applyZip64(view, p + CENTRAL_SIZE + nameLen, extraLen, rec);
    rec.dataStart = locateData(bytes, view, rec, end.cdOffset);
    records.push(rec);
    p = next;
  }
  return records;
}

/** Entries whose bytes overlap let a small zip expand many times over; no honest zip tool writes them. */
function refuseOverlaps(records: RawRecord[]) {
  const spans = records
    .filter((r) => r.dataStart >= 0)
    .map((r) => [r.localOffset, r.dataStart + r.compressedSize, r] as const)
    .sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++)
    if (spans[i][0] < spans[i - 1][1])
      throw new ZipError(
        `zip entries ${spans[i - 1][2].display} and ${spans[i][2].display} share bytes (a zip-bomb construction)`,
      );
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
    const start = dataStart.get(entry);
    if (start === undefined) throw new ZipError(`entry ${entry.name} does not belong to this archive`);
    const want = Math.min(n, entry.size);
    if (entry.method === 0) return bytes.slice(start, start + want);
    // A sync flush hands over what a prefix of the stream holds. A block header takes at most a few hundred bytes
    // and a literal at most 15 bits, so 2 bytes per byte wanted plus 1 KB covers it; deflate's worst case
    // (1032:1) bounds what the prefix can expand to. Should a stream still fall short, the whole entry is read.
    const prefix = bytes.subarray(start, start + Math.min(entry.compressedSize, 2 * want + 1024));
    try {
      const out = inflateRawSync(prefix, {
        finishFlush: zlib.Z_SYNC_FLUSH,
        maxOutputLength: prefix.length * 1032 + 1024,
      });
      if (out.length < want) return read(entry).slice(0, want);
      return new Uint8Array(out.buffer, out.byteOffset, want);
    } catch (e) {
      throw new ZipError(`entry ${entry.name} is not valid deflate data (${(e as Error).message})`);
    }
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

/**
 * Entries this large (uncompressed) are inflated in libuv's thread pool by `readAsync`; smaller ones inline. Measured
 * on the 2-core dev machine: a 256 KiB entry inflates in ~0.5 ms inline but takes ~1.3 ms through the pool (the hop
 * there and back costs more than the work), while a 48 MiB one holds the JS thread ~200 ms inline against a longest
 * event-loop gap of ~6 ms through the pool. At this size the inline cost stays under a millisecond.
 */
export const INFLATE_OFF_THREAD_FROM = 256 * 1024;

/**
 * Inflates with the declared size as a hard output cap. node:zlib (native in Bun) stops inside its
 * own loop the moment the cap is passed, so a bomb costs about its declared size. fflate was the
 * first choice, but its streaming inflater can only be cut off between pushes and allocates ~160 KiB
 * per push, which made capped reading ~30x slower than this.
 */
function inflateCapped(data: Uint8Array, entry: ZipEntry): Uint8Array {
  let out: Uint8Array;
  try {
    out = inflateRawSync(data, { maxOutputLength: entry.size });
  } catch (e) {
    throw inflateError(e, entry);
  }
  return exactSize(out, entry);
}

/**
 * `inflateCapped` in libuv's thread pool, with the same cap and errors. A stream, not node:zlib's callback
 * `inflateRaw`: that one gathers its output and joins it on the JS thread at the end, which held the thread
 * ~100-300 ms for a 48 MiB entry on a busy machine. Here each chunk is copied into the output (sized from the
 * declared size) as it comes, a few hundred microseconds per turn of the event loop, and the stream is
 * stopped as soon as a chunk would pass the declared size.
 */
function inflateCappedOffThread(data: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const out = new Uint8Array(entry.size);
    let at = 0;
    let settled = false;
    const settle = (fail?: ZipError) => {
      if (settled) return;
      settled = true;
      if (fail) reject(fail);
      else resolve(out);
    };
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
    inflater.on("data", (chunk: Buffer) => {
      if (at + chunk.length > entry.size) {
        inflater.destroy();
        return settle(inflateError({ code: "ERR_BUFFER_TOO_LARGE" }, entry));
      }
      out.set(chunk, at);
      at += chunk.length;
    });
    inflater.on("error", (e) => settle(inflateError(e, entry)));
    inflater.on("end", () => settle(at === entry.size ? undefined : shortError(at, entry)));
    inflater.end(data);
  });
}

/** Output handed back from the thread pool at a time: 256 KiB is a copy of well under a millisecond. */
const INFLATE_CHUNK = 256 * 1024;

function inflateError(e: unknown, entry: ZipEntry): ZipError {
  if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
    return new ZipError(`entry ${entry.name} inflates past its declared size of ${formatBytes(entry.size)}`);
  return new ZipError(`entry ${entry.name} is not valid deflate data (${(e as Error).message})`);
}

function exactSize(out: Uint8Array, entry: ZipEntry): Uint8Array {
  if (out.length !== entry.size) throw shortError(out.length, entry);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

const shortError = (length: number, entry: ZipEntry) =>
  new ZipError(`entry ${entry.name} inflates to ${formatBytes(length)}, not its declared ${formatBytes(entry.size)}`);
