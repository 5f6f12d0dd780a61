/**
 * Deterministic streaming zip writer for pack exports. Each entry arrives whole, so its CRC and
 * sizes go into the local header up front (no data descriptors, which some zip readers mishandle);
 * only the small central-directory records are kept until the end, so memory does not grow with
 * the pack's bytes. Same entries in the same order give the same bytes.
 */
import { DomainError } from "../domain-error.ts";
import { crc32 } from "../media/crc32.ts";
import { PackedCache, packedForms, type PackedForm } from "./zip-cache.ts";

export interface ZipEntry {
  /** Path inside the zip: forward slashes, no leading "/", no "." / ".." / empty segments. */
  name: string;
  data: Uint8Array;
  /** Deflate it (stored anyway when deflate would not make it smaller). False for PNG/Ogg. */
  compress: boolean;
  /** SHA-256 of `data` when it is a stored blob: spares hashing it for the cache (zip-cache.ts). */
  contentHash?: string;
}

export interface ZipLimits {
  maxEntries: number;
  /** Largest total archive size in bytes. */
  maxBytes: number;
}

/**
 * Without ZIP64 the entry count is 16 bits and sizes/offsets 32 bits, and the all-ones values
 * (0xFFFF, 0xFFFFFFFF) tell readers to look for ZIP64 records, so the limits stop one below them.
 */
export const ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({ maxEntries: 0xfffe, maxBytes: 0xfffffffe });

/**
 * Level 9 through Bun's native raw deflate (what a zip entry holds): ~9x faster than a JS deflate on
 * the many small JSON files of an export. Output is fixed for a given build of the binary, so two
 * exports of an unchanged pack stay byte-identical.
 */
export const DEFLATE_LEVEL = 9;

/**
 * Every entry is stamped 2000-01-01 00:00:00 (DOS time, local, 2 s resolution) so identical packs
 * zip to identical bytes. Not 1980-01-01: that is DOS time zero, which some tools show as "no date".
 */
export const DOS_TIME = 0;
export const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

const VERSION_STORED = 10; // 1.0: stored entries
const VERSION_DEFLATE = 20; // 2.0: deflate
const MADE_BY_UNIX = (3 << 8) | VERSION_DEFLATE; // Unix host, so the external attributes below apply
const FILE_MODE = (0o100644 << 16) >>> 0; // regular file, rw-r--r-- when unzipped
const FLAG_UTF8 = 0x0800;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;

const utf8 = new TextEncoder();

function fail(message: string): never {
  throw new DomainError("export_failed", message);
}

/** Throws unless `name` is a safe relative path: a bad name would extract outside the folder or collide. */
function checkName(name: string): void {
  if (typeof name !== "string" || name === "") fail("zip entry name is empty");
  if (name.includes("\\")) fail(`zip entry name "${name}" contains a backslash; use forward slashes`);
  if (name.startsWith("/")) fail(`zip entry name "${name}" starts with "/"; names are relative`);
  if (/[\x00-\x1f\x7f]/.test(name)) fail(`zip entry name ${JSON.stringify(name)} contains a control character`);
  for (const segment of name.split("/")) {
    if (segment === "") fail(`zip entry name "${name}" has an empty path segment`);
    if (segment === "." || segment === "..") fail(`zip entry name "${name}" has a "${segment}" segment`);
  }
}

const sha256 = (data: Uint8Array) => new Bun.CryptoHasher("sha256").update(data).digest("hex");

/** The entry's CRC and, when deflate shrinks it, its deflated bytes; from the cache when seen before. */
function packedForm(entry: ZipEntry): PackedForm {
  const { data } = entry;
  // Text built per export (models, item definitions) is hashed here: SHA-256 of a small file costs less
  // than starting a level-9 deflate on it. Stored entries with no known hash need only their CRC.
  const hash = entry.contentHash ?? (entry.compress && data.length > 0 ? sha256(data) : "");
  const key = hash ? PackedCache.key(hash, entry.compress ? DEFLATE_LEVEL : 0) : "";
  const hit = key ? packedForms.get(key) : undefined;
  if (hit) return hit;
  let form: PackedForm = { crc: crc32(data), method: 0 };
  if (entry.compress && data.length > 0) {
    const packed = Bun.deflateSync(data as Uint8Array<ArrayBuffer>, { level: DEFLATE_LEVEL });
    if (packed.length < data.length) form = { ...form, method: 8, body: packed };
  }
  if (key) packedForms.set(key, form);
  return form;
}

export class ZipWriter {
  private offset = 0;
  private centralSize = 0;
  private readonly central: Uint8Array[] = [];
  private readonly names = new Set<string>();
  private finished = false;
  private readonly limits: ZipLimits;

  /** `limits` may only lower ZIP_LIMITS, e.g. to cap an export's size. */
  constructor(limits: Partial<ZipLimits> = {}) {
    this.limits = {
      maxEntries: Math.min(limits.maxEntries ?? ZIP_LIMITS.maxEntries, ZIP_LIMITS.maxEntries),
      maxBytes: Math.min(limits.maxBytes ?? ZIP_LIMITS.maxBytes, ZIP_LIMITS.maxBytes),
    };
  }

  /** Bytes emitted so far. */
  get size(): number {
    return this.offset;
  }

  /** The local header and the (possibly deflated) data of one entry, in output order. */
  add(entry: ZipEntry): Uint8Array[] {
    if (this.finished) fail("zip writer is already finished");
    const { name, data } = entry;
    checkName(name);
    if (this.names.has(name)) fail(`zip entry "${name}" is added twice`);
    if (this.names.size >= this.limits.maxEntries) {
      fail(`zip would hold more than ${this.limits.maxEntries} entries, the most a zip without ZIP64 can`);
    }
    const nameBytes = utf8.encode(name);
    if (nameBytes.length > 0xffff) fail(`zip entry name "${name.slice(0, 40)}…" is longer than 65535 bytes`);
    if (data.length > ZIP_LIMITS.maxBytes) fail(`zip entry "${name}" is larger than a zip without ZIP64 can hold`);

    const form = packedForm(entry);
    const body = form.method === 8 && form.body ? form.body : data;
    const method = form.method;
    const end = this.offset + LOCAL_HEADER + nameBytes.length + body.length;
    if (end > this.limits.maxBytes) fail(`zip would grow past ${this.limits.maxBytes} bytes at "${name}"`);

    const fields: HeaderFields = {
      needed: method === 8 ? VERSION_DEFLATE : VERSION_STORED,
      flags: nameBytes.some((b) => b >= 0x80) ? FLAG_UTF8 : 0,
      method,
      crc: form.crc,
      packed: body.length,
      plain: data.length,
      name: nameBytes,
    };
    const local = localHeader(fields);
    const record = centralRecord(fields, this.offset);
    this.names.add(name);
    this.central.push(record);
    this.centralSize += record.length;
    this.offset = end;
    return body.length ? [local, body] : [local];
  }

  /** The central directory and end record. The writer accepts nothing after this. */
  finish(): Uint8Array {
    if (this.finished) fail("zip writer is already finished");
    this.finished = true;
    if (this.offset + this.centralSize + END_RECORD > this.limits.maxBytes) {
      fail(`zip would grow past ${this.limits.maxBytes} bytes in its central directory`);
    }
    const out = new Uint8Array(this.centralSize + END_RECORD);
    let at = 0;
    for (const r of this.central) {
      out.set(r, at);
      at += r.length;
    }
    const v = new DataView(out.buffer, at);
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, this.central.length, true); // entries on this disk
    v.setUint16(10, this.central.length, true); // entries in total
    v.setUint32(12, this.centralSize, true);
    v.setUint32(16, this.offset, true); // central directory starts where the entries end
    this.central.length = 0;
    this.offset += out.length;
    return out;
  }
}

interface HeaderFields {
  needed: number;
  flags: number;
  method: number;
  crc: number;
  packed: number;
  plain: number;
  name: Uint8Array;
}

/** The fields local and central headers share, written at `at` in the same order both use. */
function writeShared(v: DataView, at: number, f: HeaderFields): void {
  v.setUint16(at, f.needed, true);
  v.setUint16(at + 2, f.flags, true);
  v.setUint16(at + 4, f.method, true);
  v.setUint16(at + 6, DOS_TIME, true);
  v.setUint16(at + 8, DOS_DATE, true);
  v.setUint32(at + 10, f.crc, true);
  v.setUint32(at + 14, f.packed, true);
  v.setUint32(at + 18, f.plain, true);
  v.setUint16(at + 22, f.name.length, true);
  // extra field length (and in the central record, comment length, disk, attributes) follow
}

function localHeader(f: HeaderFields): Uint8Array {
  const out = new Uint8Array(LOCAL_HEADER + f.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  writeShared(v, 4, f);
  out.set(f.name, LOCAL_HEADER);
  return out;
}

function centralRecord(f: HeaderFields, offset: number): Uint8Array {
  const out = new Uint8Array(CENTRAL_HEADER + f.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x02014b50, true);
  v.setUint16(4, MADE_BY_UNIX, true);
  writeShared(v, 6, f);
  v.setUint32(38, FILE_MODE, true);
  v.setUint32(42, offset, true);
  out.set(f.name, CENTRAL_HEADER);
  return out;
}

/** Output is gathered into chunks of about this size so a stream is not flooded with 30-byte pieces. */
const CHUNK = 64 * 1024;

/** The zip as a sequence of byte chunks; entries are pulled one at a time as the consumer reads. */
export async function* zipChunks(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  limits?: Partial<ZipLimits>,
): AsyncGenerator<Uint8Array> {
  const writer = new ZipWriter(limits);
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  const flush = (): Uint8Array => {
    const out = pending.length === 1 ? pending[0] : new Uint8Array(Bun.concatArrayBuffers(pending));
    pending = [];
    pendingSize = 0;
    return out;
  };
  for await (const entry of entries) {
    for (const piece of writer.add(entry)) {
      pending.push(piece);
      pendingSize += piece.length;
      if (pendingSize >= CHUNK) yield flush();
    }
  }
  pending.push(writer.finish());
  pendingSize += pending[pending.length - 1].length;
  yield flush();
}

/** The zip as a web stream, e.g. a Response body; an error (bad name, limit) errors the stream. */
export function zipStream(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  limits?: Partial<ZipLimits>,
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries, limits);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The whole zip in memory, for small archives and tests. */
export function zipBytes(entries: Iterable<ZipEntry>, limits?: Partial<ZipLimits>): Uint8Array<ArrayBuffer> {
  const writer = new ZipWriter(limits);
  const parts: Uint8Array[] = [];
  for (const entry of entries) parts.push(...writer.add(entry));
  parts.push(writer.finish());
  return new Uint8Array(Bun.concatArrayBuffers(parts));
}
