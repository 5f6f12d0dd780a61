/**
 * Ogg Vorbis in and out. Minecraft only plays Ogg Vorbis, so every sound the service stores passes
 * through here: generated PCM is encoded, uploaded Ogg is checked by walking its pages and decoding it.
 *
 * Library quirks (DESIGN.md): the encoder hands back views into its own wasm memory, so we copy them;
 * the decoder returns junk instead of throwing on broken input, so the page walk below does the
 * structural checks (capture pattern, page CRCs, one logical stream, a Vorbis identification header,
 * samples > 0, 1–2 channels, sane rate) before the decoder sees anything.
 */
import type { WasmMediaEncoder } from "wasm-media-encoders";

/** The wasm codecs, loaded on first use (ogg-codec.ts says why). */
const codec = () => import("./ogg-codec.ts");

/** Anything wrong with audio bytes a caller sent. `reason` lets the API pick invalid_request or file_too_large. */
export class AudioError extends Error {
  constructor(
    message: string,
    readonly reason: "invalid" | "too_large" = "invalid",
  ) {
    super(message);
    this.name = "AudioError";
  }
}

export const MIN_SAMPLE_RATE = 8000;
export const MAX_SAMPLE_RATE = 192000;

export interface DecodedAudio {
  sampleRate: number;
  channels: Float32Array[];
  durationSeconds: number;
}

/** What the page walk learns about a stream without decoding it. */
export interface OggVorbisInfo {
  sampleRate: number;
  channelCount: number;
  /** From the last page's granule position: the stream's own claim of its sample count. */
  declaredSamples: number;
  durationSeconds: number;
}

// ---------------------------------------------------------------- encode

/** Feeding the encoder a second at a time keeps its wasm heap small for long uploads. */
const ENCODE_CHUNK = 48000;
/** A fixed stream serial: the library picks a random one otherwise, and generation must be deterministic. */
const STREAM_SERIAL = 0x50534d54;

let encoderPromise: Promise<WasmMediaEncoder<"audio/ogg">> | null = null;

/**
 * PCM (one Float32Array per channel, 1 or 2, samples in -1..1) to Ogg Vorbis bytes.
 * `quality` is Vorbis's own VBR scale, -1 (smallest) to 10 (best), like `oggenc -q`; default 4.
 * Same input, same bytes.
 */
export async function encodeOggVorbis(
  channels: Float32Array[],
  sampleRate: number,
  opts: { quality?: number } = {},
): Promise<Uint8Array> {
  if (channels.length < 1 || channels.length > 2)
    throw new AudioError(`Ogg Vorbis encoding takes 1 or 2 channels, got ${channels.length}`);
  const length = channels[0].length;
  if (channels.some((c) => c.length !== length)) throw new AudioError("all channels must have the same length");
  if (!Number.isInteger(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new AudioError(`sample rate ${sampleRate} Hz is outside ${MIN_SAMPLE_RATE}..${MAX_SAMPLE_RATE}`);
  }
  const quality = Math.min(10, Math.max(-1, opts.quality ?? 4));
  encoderPromise ??= codec().then((c) => c.createOggEncoder());
  const encoder = await encoderPromise;
  // From here on everything is synchronous, so concurrent callers cannot interleave on the shared encoder.
  encoder.configure({
    channels: channels.length as 1 | 2,
    sampleRate,
    vbrQuality: quality,
    oggSerialNo: STREAM_SERIAL,
  });
  const parts: Uint8Array[] = [];
  for (let start = 0; start < length; start += ENCODE_CHUNK) {
    const end = Math.min(length, start + ENCODE_CHUNK);
    parts.push(encoder.encode(channels.map((c) => c.subarray(start, end))).slice());
  }
  parts.push(encoder.finalize().slice());
  return new Uint8Array(Bun.concatArrayBuffers(parts));
}

// ---------------------------------------------------------------- page walk

// Ogg's CRC is CRC-32 with polynomial 0x04c11db7, not reflected, zero init: not the PNG/zip one.
const OGG_CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** Exported so tests can build damaged or foreign-codec pages with valid checksums. */
export function oggCrc(bytes: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < bytes.length; i++) c = ((c << 8) ^ OGG_CRC_TABLE[((c >>> 24) ^ bytes[i]) & 0xff]) >>> 0;
  return c;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** Names the codec of a stream from its first packet, so a non-Vorbis Ogg gets a clear refusal. */
function codecOf(packet: Uint8Array): string {
  if (ascii(packet, 0, 7) === "\x01vorbis") return "vorbis";
  if (ascii(packet, 0, 8) === "OpusHead") return "Opus";
  if (ascii(packet, 0, 5) === "\x7fFLAC" || ascii(packet, 0, 4) === "fLaC") return "FLAC";
  if (ascii(packet, 0, 8) === "Speex   ") return "Speex";
  if (ascii(packet, 0, 7) === "\x80theora") return "Theora video";
  return "an unknown codec";
}

/**
 * Checks the Ogg structure and reads the Vorbis identification header, without decoding audio.
 * Throws AudioError naming the first thing wrong. A stream cut short ends inside a page (length and
 * CRC checks) or, rarely, between pages (no end-of-stream flag on the last page).
 */
export function inspectOggVorbis(bytes: Uint8Array): OggVorbisInfo {
  if (bytes.length < 4 || ascii(bytes, 0, 4) !== "OggS")
    throw new AudioError("not an Ogg file (no OggS capture pattern at the start)");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  let serial = -1;
  let expectedSequence = 0;
  let lastGranule = 0;
  let idHeader: Uint8Array | null = null;
  let ended = false;
  while (offset < bytes.length) {
    if (bytes.length - offset < 27)
      throw new AudioError(`Ogg stream is truncated: ${bytes.length - offset} stray bytes after the last page`);
    if (ascii(bytes, offset, 4) !== "OggS")
      throw new AudioError(`Ogg stream is corrupt: no page starts at byte ${offset}`);
    if (bytes[offset + 4] !== 0)
      throw new AudioError(`Ogg page at byte ${offset} has unknown version ${bytes[offset + 4]}`);
    const flags = bytes[offset + 5];
    const granule = view.getBigInt64(offset + 6, true);
    const pageSerial = view.getUint32(offset + 14, true);
    const sequence = view.getUint32(offset + 18, true);
    const segments = bytes[offset + 26];
    const headerLength = 27 + segments;
    if (offset + headerLength > bytes.length) throw new AudioError("Ogg stream is truncated inside a page header");
    let bodyLength = 0;
    for (let i = 0; i < segments; i++) bodyLength += bytes[offset + 27 + i];
    const pageEnd = offset + headerLength + bodyLength;
    if (pageEnd > bytes.length)
      throw new AudioError(`Ogg stream is truncated: the page at byte ${offset} runs past the end of the file`);
    const page = bytes.slice(offset, pageEnd);
    const storedCrc = view.getUint32(offset + 22, true);
    page.fill(0, 22, 26);
    if (oggCrc(page) !== storedCrc)
      throw new AudioError(`Ogg page at byte ${offset} fails its checksum (damaged file)`);

    if (offset === 0) {
      if (!(flags & 0x02)) throw new AudioError("Ogg stream does not begin with a beginning-of-stream page");
      serial = pageSerial;
      const firstPacket = bytes.subarray(offset + headerLength, pageEnd);
      const codec = codecOf(firstPacket);
      if (codec !== "vorbis")
        throw new AudioError(`this Ogg file holds ${codec}, not Vorbis: Minecraft plays only Ogg Vorbis`);
      idHeader = firstPacket;
    } else if (pageSerial !== serial || flags & 0x02) {
      throw new AudioError(
        "Ogg file holds more than one logical stream (chained or multiplexed); send a single Vorbis stream",
      );
    }
    if (sequence !== expectedSequence)
      throw new AudioError(`Ogg stream is missing pages (page ${expectedSequence} expected, found ${sequence})`);
    expectedSequence++;
    if (granule >= 0n) lastGranule = Number(granule);
    offset = pageEnd;
    ended = (flags & 0x04) !== 0;
    if (ended && offset < bytes.length) throw new AudioError("Ogg file has data after the end of its stream");
  }
  // A cut that lands exactly between pages leaves every page whole; only the missing end flag shows it.
  if (!ended) throw new AudioError("Ogg stream is truncated: it stops before its end-of-stream page");
  return readIdentification(idHeader!, lastGranule);
}

function readIdentification(id: Uint8Array, declaredSamples: number): OggVorbisInfo {
  if (id.length < 30) throw new AudioError("Vorbis identification header is too short");
  const view = new DataView(id.buffer, id.byteOffset, id.byteLength);
  if (view.getUint32(7, true) !== 0) throw new AudioError("unsupported Vorbis version");
  const channelCount = id[11];
  const sampleRate = view.getUint32(12, true);
  if (declaredSamples <= 0) throw new AudioError("Ogg Vorbis stream contains no audio samples");
  if (channelCount < 1 || channelCount > 2)
    throw new AudioError(`Ogg Vorbis stream has ${channelCount} channels; only mono or stereo is accepted`);
  if (sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new AudioError(`Ogg Vorbis sample rate ${sampleRate} Hz is outside ${MIN_SAMPLE_RATE}..${MAX_SAMPLE_RATE}`);
  }
  return { sampleRate, channelCount, declaredSamples, durationSeconds: declaredSamples / sampleRate };
}

// ---------------------------------------------------------------- decode

/** Bytes handed to the decoder per step: bounds the memory a long upload needs when only verifying it. */
const DECODE_CHUNK = 64 * 1024;

/**
 * Runs the decoder over a stream already passed by inspectOggVorbis, a chunk at a time, and checks
 * what comes out. Keeps the PCM only when asked: verifying a 10-minute upload should not hold it all.
 */
async function decodeChecked(bytes: Uint8Array, info: OggVorbisInfo, keepPcm: boolean) {
  // One decoder per call: its methods await internally, so a shared instance could interleave callers.
  const decoder = new (await codec()).OggVorbisDecoder();
  const parts: Float32Array[][] = [];
  let samples = 0;
  try {
    await decoder.ready;
    for (let offset = 0; offset < bytes.length + DECODE_CHUNK; offset += DECODE_CHUNK) {
      // The parser holds back the last page until flushed, so the final step is a flush.
      const out =
        offset < bytes.length
          ? await decoder.decode(bytes.subarray(offset, offset + DECODE_CHUNK))
          : await decoder.flush();
      if (out.errors.length > 0) throw new AudioError(`Ogg Vorbis stream is damaged: ${out.errors[0].message}`);
      if (out.samplesDecoded === 0) continue;
      if (out.sampleRate !== info.sampleRate || out.channelData.length !== info.channelCount) {
        throw new AudioError("Ogg Vorbis stream could not be decoded (its headers disagree with its audio)");
      }
      samples += out.samplesDecoded;
      if (keepPcm) parts.push(out.channelData.map((c) => c.subarray(0, out.samplesDecoded)));
    }
  } finally {
    decoder.free();
  }
  if (samples <= 0)
    throw new AudioError("Ogg Vorbis stream decodes to no audio (damaged setup header or audio packets)");
  return { samples, parts };
}

/**
 * Decodes a whole Ogg Vorbis file to PCM. Throws AudioError for anything that is not one valid,
 * complete Vorbis stream with samples, 1–2 channels and a rate in 8..192 kHz.
 */
export async function decodeOggVorbis(bytes: Uint8Array): Promise<DecodedAudio> {
  const info = inspectOggVorbis(bytes);
  const { samples, parts } = await decodeChecked(bytes, info, true);
  const channels = Array.from({ length: info.channelCount }, (_, ch) => {
    const out = new Float32Array(samples);
    let offset = 0;
    for (const part of parts) {
      out.set(part[ch], offset);
      offset += part[ch].length;
    }
    return out;
  });
  return { sampleRate: info.sampleRate, channels, durationSeconds: samples / info.sampleRate };
}

/** Like decodeOggVorbis but keeps no PCM: proves the whole stream decodes and reports its shape. */
export async function verifyOggVorbis(bytes: Uint8Array): Promise<OggVorbisInfo> {
  const info = inspectOggVorbis(bytes);
  const { samples } = await decodeChecked(bytes, info, false);
  return { ...info, durationSeconds: samples / info.sampleRate };
}
