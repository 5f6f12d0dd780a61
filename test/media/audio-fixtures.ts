/**
 * Shared by the audio tests: a WAV writer for every sample format, an Ogg page builder, the corpus
 * location, and an `ogginfo` check that runs only where Debian's vorbis-tools is installed.
 */
import { CORPUS } from "../support/corpus.ts";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { oggCrc } from "../../src/media/ogg.ts";

export const CORPUS_AUDIO = `${CORPUS}/audio`;
export const hasCorpus = existsSync(CORPUS_AUDIO);
if (!hasCorpus) console.log(`note: ${CORPUS_AUDIO} is absent; corpus audio tests are skipped`);

export const corpusFile = async (name: string) =>
  new Uint8Array(await Bun.file(join(CORPUS_AUDIO, name)).arrayBuffer());

export type SampleFormat = "u8" | "s16" | "s24" | "s32" | "f32" | "f64";

export interface WavOptions {
  rate?: number;
  extensible?: boolean;
  /** Extra chunks: an odd-sized one before `fmt ` and one after `data`, to exercise padding and skipping. */
  extraChunks?: boolean;
}

const BYTES: Record<SampleFormat, number> = { u8: 1, s16: 2, s24: 3, s32: 4, f32: 4, f64: 8 };

/** Writes a WAV file from per-channel float samples (-1..1) in the given sample format. */
export function makeWav(channels: Float32Array[], format: SampleFormat, opts: WavOptions = {}): Uint8Array {
  const rate = opts.rate ?? 44100;
  const width = BYTES[format];
  const frames = channels[0].length;
  const data = new Uint8Array(frames * channels.length * width);
  const dv = new DataView(data.buffer);
  let o = 0;
  for (let i = 0; i < frames; i++) {
    for (const ch of channels) {
      const v = Math.max(-1, Math.min(1, ch[i]));
      if (format === "u8") dv.setUint8(o, Math.round(v * 127) + 128);
      else if (format === "s16") dv.setInt16(o, Math.round(v * 32767), true);
      else if (format === "s24") {
        const s = Math.round(v * 8388607);
        dv.setUint8(o, s & 0xff);
        dv.setUint8(o + 1, (s >> 8) & 0xff);
        dv.setUint8(o + 2, (s >> 16) & 0xff);
      } else if (format === "s32") dv.setInt32(o, Math.round(v * 2147483647), true);
      else if (format === "f32") dv.setFloat32(o, ch[i], true);
      else dv.setFloat64(o, ch[i], true);
      o += width;
    }
  }
  const float = format === "f32" || format === "f64";
  const fmt = new Uint8Array(opts.extensible ? 40 : 16);
  const fv = new DataView(fmt.buffer);
  fv.setUint16(0, opts.extensible ? 0xfffe : float ? 3 : 1, true);
  fv.setUint16(2, channels.length, true);
  fv.setUint32(4, rate, true);
  fv.setUint32(8, rate * channels.length * width, true);
  fv.setUint16(12, channels.length * width, true);
  fv.setUint16(14, width * 8, true);
  if (opts.extensible) {
    fv.setUint16(16, 22, true);
    fv.setUint16(18, width * 8, true);
    fv.setUint32(20, channels.length === 1 ? 4 : 3, true);
    fmt.set([float ? 3 : 1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 24);
  }
  const chunks: [string, Uint8Array][] = [];
  if (opts.extraChunks) chunks.push(["junk", new Uint8Array([1, 2, 3])]); // odd length: needs a pad byte
  chunks.push(["fmt ", fmt], ["data", data]);
  if (opts.extraChunks) chunks.push(["LIST", new TextEncoder().encode("INFOISFT\x05\x00\x00\x00test\x00")]);
  return riff(chunks);
}

/** A RIFF/WAVE file from raw chunks (id, body); bodies are padded to even length as the format requires. */
export function riff(chunks: [string, Uint8Array][]): Uint8Array {
  const size = chunks.reduce((n, [, b]) => n + 8 + b.length + (b.length & 1), 4);
  const out = new Uint8Array(8 + size);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode("RIFF"), 0);
  dv.setUint32(4, size, true);
  out.set(new TextEncoder().encode("WAVE"), 8);
  let o = 12;
  for (const [id, body] of chunks) {
    out.set(new TextEncoder().encode(id), o);
    dv.setUint32(o + 4, body.length, true);
    out.set(body, o + 8);
    o += 8 + body.length + (body.length & 1);
  }
  return out;
}

/** A sine tone, `seconds` long at `rate`, amplitude `amp`. */
export function tone(freq: number, seconds: number, rate: number, amp = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => amp * Math.sin((2 * Math.PI * freq * i) / rate),
  );
}

/** One Ogg page with a correct checksum (for building foreign-codec or multi-stream files). */
export function oggPage(
  body: Uint8Array,
  opts: { flags: number; serial: number; sequence: number; granule?: number },
): Uint8Array {
  const segments: number[] = [];
  let left = body.length;
  while (left >= 255) {
    segments.push(255);
    left -= 255;
  }
  segments.push(left);
  const page = new Uint8Array(27 + segments.length + body.length);
  const dv = new DataView(page.buffer);
  page.set(new TextEncoder().encode("OggS"), 0);
  page[5] = opts.flags;
  dv.setBigInt64(6, BigInt(opts.granule ?? 0), true);
  dv.setUint32(14, opts.serial, true);
  dv.setUint32(18, opts.sequence, true);
  page[26] = segments.length;
  page.set(segments, 27);
  page.set(body, 27 + segments.length);
  dv.setUint32(22, oggCrc(page), true);
  return page;
}

const ogginfoPath = Bun.which("ogginfo");
if (!ogginfoPath) console.log("note: ogginfo (Debian vorbis-tools) not installed; its checks are skipped");

/**
 * Runs `ogginfo` on the bytes and returns its report, or null when the tool is absent (callers then
 * skip that one assertion). Throws with the tool's output when it reports an error.
 */
export function ogginfo(bytes: Uint8Array): string | null {
  if (!ogginfoPath) return null;
  const dir = mkdtempSync(join(tmpdir(), "packsmith-ogginfo-"));
  try {
    const file = join(dir, "check.ogg");
    writeFileSync(file, bytes);
    const run = Bun.spawnSync([ogginfoPath, file]);
    const report = run.stdout.toString() + run.stderr.toString();
    if (run.exitCode !== 0 || /error|warning/i.test(report)) throw new Error(`ogginfo rejected the file:\n${report}`);
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
