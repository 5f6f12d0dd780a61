import { ZipError } from "./zip-types.ts";

/**
 * What an archive says about itself: its end record and central directory, parsed into raw records. Nothing
 * here decides whether an entry is usable (that policy is zip-read.ts's `classify`); this file only turns bytes
 * into numbers and refuses what cannot be parsed at all or is built to expand (overlapping entries).
 *
 * - Only the central directory is believed about names, sizes, methods and CRCs. Local headers are read only
 *   to find where an entry's data starts, and must agree with the central directory.
 * - ZIP64 is supported (some zip tools write it even for small archives); multi-disk archives are not.
 */

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
export const EOCD_SIZE = 22;
export const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const HOST_UNIX = 3;
/** Unix file-type bits of a record's `mode` (zero when the archive was not made on Unix). */
export const S_IFMT = 0o170000;
export const S_IFLNK = 0o120000;
export const S_IFDIR = 0o040000;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");

export interface EndRecord {
  entries: number;
  cdOffset: number;
  cdSize: number;
  comment: string;
}

/** One central-directory record as declared, before any judgement; `dataStart` is -1 when the local header fails. */
export interface RawRecord {
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

function u64(view: DataView, at: number, what: string): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError(`zip ${what} is out of range`);
  return Number(value);
}

/** Finds the end-of-central-directory record: scanned backwards because a comment (≤ 64 KiB) may follow it. */
export function readEndRecord(bytes: Uint8Array, view: DataView): EndRecord {
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

export function parseCentralDirectory(bytes: Uint8Array, view: DataView, end: EndRecord): RawRecord[] {
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
export function refuseOverlaps(records: RawRecord[]) {
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
