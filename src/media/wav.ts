/**
 * WAV (RIFF/WAVE) to PCM, so uploaded WAV sounds can be converted to the Ogg Vorbis Minecraft plays.
 * Reads integer PCM (8-bit unsigned, 16/24/32-bit signed), IEEE float (32/64-bit) and
 * WAVE_FORMAT_EXTENSIBLE wrapping either; skips unknown chunks; refuses compressed WAV (ADPCM, A-law…).
 *
 * More than two channels are folded to stereo, in the usual WAV channel order (FL, FR, FC, LFE, then
 * surround pairs): FL/FR go to their sides, the centre to both at -3 dB, LFE is dropped, and the rest
 * alternate left/right at -3 dB. The fold is scaled down only if it would exceed full scale.
 */
import { AudioError, type DecodedAudio } from "./ogg.ts";

export type DecodedWav = Omit<DecodedAudio, "durationSeconds">;

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
/** The tail every WAVE_FORMAT_EXTENSIBLE sub-format GUID shares; its first two bytes are the real format tag. */
const GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];

const COMPRESSED_NAMES: Record<number, string> = {
  2: "Microsoft ADPCM",
  6: "A-law",
  7: "µ-law",
  17: "IMA ADPCM",
  49: "GSM 6.10",
  80: "MPEG",
  85: "MP3",
  353: "WMA",
};

const MAX_CHANNELS = 32;

interface Format {
  tag: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  /** Bytes per sample as stored; bitsPerSample may be smaller (e.g. 20-bit in a 3-byte container). */
  container: number;
}

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

export function decodeWav(bytes: Uint8Array): DecodedWav {
  if (bytes.length < 12) throw new AudioError("not a WAV file (too short)");
  const magic = ascii(bytes, 0);
  if (magic === "RIFX")
    throw new AudioError("big-endian WAV (RIFX) is not supported; send a standard little-endian WAV");
  if (magic === "RF64" || magic === "BW64")
    throw new AudioError("RF64 WAV is not supported; send a standard WAV or Ogg Vorbis");
  if (magic !== "RIFF" || ascii(bytes, 8) !== "WAVE") throw new AudioError("not a WAV file (no RIFF/WAVE header)");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  let format: Format | null = null;
  let data: Uint8Array | null = null;
  // Walk chunks to the end of the bytes we have: writers that stream often leave the RIFF size wrong.
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset);
    const declared = view.getUint32(offset + 4, true);
    const body = offset + 8;
    const remaining = bytes.length - body;
    if (id === "data") {
      // 0xffffffff is what streaming writers leave when they never patch the size: read to the end.
      const open = declared === 0xffffffff;
      if (!open && declared > remaining) {
        throw new AudioError(
          `WAV is truncated: its data chunk declares ${declared} bytes but only ${remaining} follow`,
        );
      }
      data = bytes.subarray(body, body + (open ? remaining : declared));
      if (format) break;
    } else if (id === "fmt ") {
      if (declared > remaining || declared < 16) throw new AudioError("WAV format chunk is truncated");
      format = readFormat(view, body, declared);
      if (data) break;
    }
    offset = body + declared + (declared & 1); // chunks are padded to an even length
  }
  if (!format) throw new AudioError("WAV has no format chunk (truncated or damaged)");
  if (!data) throw new AudioError("WAV has no data chunk (truncated or damaged)");

  const frames = Math.floor(data.length / format.blockAlign);
  if (frames === 0) throw new AudioError("WAV contains no audio samples");
  const channels = readSamples(data, format, frames);
  return { sampleRate: format.sampleRate, channels: channels.length > 2 ? foldToStereo(channels) : channels };
}

function readFormat(view: DataView, at: number, length: number): Format {
  let tag = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bits = view.getUint16(at + 14, true);
  if (tag === FORMAT_EXTENSIBLE) {
    if (length < 40) throw new AudioError("WAV extensible format chunk is too short");
    const guid = new Uint8Array(view.buffer, view.byteOffset + at + 24, 16);
    if (GUID_TAIL.some((b, i) => guid[2 + i] !== b)) throw new AudioError("WAV uses an unknown extensible sub-format");
    tag = view.getUint16(at + 24, true);
  }
  if (tag !== FORMAT_PCM && tag !== FORMAT_FLOAT) {
    const name = COMPRESSED_NAMES[tag] ?? `format 0x${tag.toString(16)}`;
    throw new AudioError(
      `WAV holds ${name} compressed audio, which is not supported; send PCM or float WAV, or Ogg Vorbis`,
    );
  }
  if (channels < 1 || channels > MAX_CHANNELS) throw new AudioError(`WAV declares ${channels} channels`);
  if (sampleRate < 1000 || sampleRate > 768000)
    throw new AudioError(`WAV sample rate ${sampleRate} Hz is not playable`);
  const container = blockAlign / channels;
  const intOk = tag === FORMAT_PCM && [1, 2, 3, 4].includes(container) && bits > 0 && bits <= container * 8;
  const floatOk = tag === FORMAT_FLOAT && ((container === 4 && bits === 32) || (container === 8 && bits === 64));
  if (!intOk && !floatOk) {
    throw new AudioError(
      `WAV sample layout not supported (${bits}-bit ${tag === FORMAT_FLOAT ? "float" : "integer"}, ${blockAlign}-byte frames for ${channels} channels)`,
    );
  }
  return { tag, channels, sampleRate, blockAlign, container };
}

function readSamples(data: Uint8Array, f: Format, frames: number): Float32Array[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = Array.from({ length: f.channels }, () => new Float32Array(frames));
  // Integer samples are left-justified in their container, so scaling by the container width is exact.
  const read: (at: number) => number =
    f.tag === FORMAT_FLOAT
      ? f.container === 4
        ? (at) => view.getFloat32(at, true)
        : (at) => view.getFloat64(at, true)
      : f.container === 1
        ? (at) => (data[at] - 128) / 128
        : f.container === 2
          ? (at) => view.getInt16(at, true) / 32768
          : f.container === 3
            ? (at) => ((data[at] | (data[at + 1] << 8) | (data[at + 2] << 16)) << 8) / 2147483648
            : (at) => view.getInt32(at, true) / 2147483648;
  for (let i = 0; i < frames; i++) {
    const base = i * f.blockAlign;
    for (let ch = 0; ch < f.channels; ch++) {
      const v = read(base + ch * f.container);
      out[ch][i] = Number.isFinite(v) ? v : 0; // a NaN in float WAV would poison the whole encode
    }
  }
  return out;
}

const MINUS_3DB = Math.SQRT1_2;

function foldToStereo(channels: Float32Array[]): Float32Array[] {
  const frames = channels[0].length;
  const left = channels[0].slice();
  const right = channels[1].slice();
  for (let ch = 2; ch < channels.length; ch++) {
    if (ch === 3) continue; // LFE
    const src = channels[ch];
    const toLeft = ch === 2 || ch % 2 === 0;
    const toRight = ch === 2 || ch % 2 === 1;
    for (let i = 0; i < frames; i++) {
      if (toLeft) left[i] += src[i] * MINUS_3DB;
      if (toRight) right[i] += src[i] * MINUS_3DB;
    }
  }
  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
  if (peak > 1) {
    for (let i = 0; i < frames; i++) {
      left[i] /= peak;
      right[i] /= peak;
    }
  }
  return [left, right];
}
