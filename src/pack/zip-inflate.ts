import { constants as zlib, createInflateRaw, inflateRawSync } from "node:zlib";
import { formatBytes, type ZipEntry, ZipError } from "./zip-types.ts";

/**
 * Inflating one entry's deflate data without trusting its declared size: every path here stops at the size the
 * central directory declared, because declared sizes can lie and a bomb must cost no more than it declared.
 * The archive's structure (zip-directory.ts) and which entries are usable (zip-read.ts) live elsewhere.
 */

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
export function inflateCapped(data: Uint8Array, entry: ZipEntry): Uint8Array {
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
export function inflateCappedOffThread(data: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
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

/**
 * The first `want` bytes of a deflated entry (`data` is its whole compressed data), inflating only a prefix of
 * the stream; `whole` reads the entry in full for the rare stream whose prefix falls short.
 */
export function inflateHead(data: Uint8Array, entry: ZipEntry, want: number, whole: () => Uint8Array): Uint8Array {
  // A sync flush hands over what a prefix of the stream holds. A block header takes at most a few hundred bytes
  // and a literal at most 15 bits, so 2 bytes per byte wanted plus 1 KB covers it; deflate's worst case
  // (1032:1) bounds what the prefix can expand to. Should a stream still fall short, the whole entry is read.
  const prefix = data.subarray(0, Math.min(entry.compressedSize, 2 * want + 1024));
  try {
    const out = inflateRawSync(prefix, {
      finishFlush: zlib.Z_SYNC_FLUSH,
      maxOutputLength: prefix.length * 1032 + 1024,
    });
    if (out.length < want) return whole().slice(0, want);
    return new Uint8Array(out.buffer, out.byteOffset, want);
  } catch (e) {
    throw new ZipError(`entry ${entry.name} is not valid deflate data (${(e as Error).message})`);
  }
}

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
