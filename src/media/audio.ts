/**
 * Uploaded sounds: what format the bytes are, and turning them into the Ogg Vorbis Minecraft plays.
 * Ogg Vorbis is checked by decoding it all and stored unchanged; WAV is converted; everything else
 * (MP3, FLAC, Opus-in-Ogg, …) is refused with an AudioError that says what to send instead.
 */
import { AudioError, encodeOggVorbis, inspectOggVorbis, verifyOggVorbis } from "./ogg.ts";
import { decodeWav } from "./wav.ts";

export { AudioError } from "./ogg.ts";

export type AudioKind = "ogg" | "wav" | "mp3" | "flac" | "unknown";

/**
 * Bounds on one uploaded sound. Ten minutes covers music-disc tracks; the byte cap (checked first, before
 * any decoding) keeps a WAV conversion's PCM within a worker's memory: 64 MiB is about 6 minutes of
 * 16-bit 44.1 kHz stereo WAV, or far more than 10 minutes of Ogg Vorbis.
 */
export const SOUND_UPLOAD_LIMITS = { maxSeconds: 600, maxBytes: 64 * 1024 * 1024 } as const;

/** Rates a converted WAV keeps; any other rate is resampled to 44.1 kHz. */
export const COMMON_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

/** Vorbis quality for converted WAVs (-1..10): a notch above the generator's, since user audio may be music. */
const CONVERT_QUALITY = 5;

export interface PreparedSound {
  ogg: Uint8Array;
  /** True when the upload was WAV and `ogg` was encoded here; false when the upload is stored as sent. */
  converted: boolean;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
}

const text = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** Identifies a sound file by its first bytes. Ogg is reported as "ogg" whatever codec it holds. */
export function sniffAudio(bytes: Uint8Array): AudioKind {
  if (bytes.length < 4) return "unknown";
  const magic = text(bytes, 0, 4);
  if (magic === "OggS") return "ogg";
  if ((magic === "RIFF" || magic === "RIFX" || magic === "RF64") && text(bytes, 8, 4) === "WAVE") return "wav";
  if (magic === "fLaC") return "flac";
  if (magic.startsWith("ID3")) return "mp3";
  return isMpegAudioFrame(bytes) ? "mp3" : "unknown";
}

/** An MPEG-1/2/2.5 Layer I–III frame header: 11 sync bits, then no reserved version/layer/rate values. */
function isMpegAudioFrame(b: Uint8Array): boolean {
  if (b[0] !== 0xff || (b[1] & 0xe0) !== 0xe0) return false;
  const version = (b[1] >> 3) & 3;
  const layer = (b[1] >> 1) & 3; // 0 is reserved here; it is also what AAC's ADTS sync uses
  const bitrate = b[2] >> 4;
  const rate = (b[2] >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

const REFUSALS: Record<Exclude<AudioKind, "ogg" | "wav">, string> = {
  mp3: "MP3 is not accepted: Minecraft plays Ogg Vorbis; send Ogg Vorbis or WAV",
  flac: "FLAC is not accepted: Minecraft plays Ogg Vorbis; send Ogg Vorbis or WAV",
  unknown: "not a recognised sound file: send Ogg Vorbis or WAV",
};

/**
 * Turns uploaded bytes into the Ogg Vorbis the pack will hold. Throws AudioError (reason "too_large"
 * past SOUND_UPLOAD_LIMITS, "invalid" otherwise) with a message fit to show the caller.
 */
export async function prepareSoundUpload(bytes: Uint8Array): Promise<PreparedSound> {
  const { maxBytes, maxSeconds } = SOUND_UPLOAD_LIMITS;
  if (bytes.length > maxBytes)
    throw new AudioError(`sound file is ${bytes.length} bytes; the limit is ${maxBytes}`, "too_large");
  const kind = sniffAudio(bytes);
  const tooLong = (seconds: number) =>
    new AudioError(`sound is ${seconds.toFixed(1)} s long; the limit is ${maxSeconds} s`, "too_large");

  if (kind === "ogg") {
    // The page walk knows the length before any decoding, so an over-long stream costs nothing to refuse.
    const declared = inspectOggVorbis(bytes);
    if (declared.durationSeconds > maxSeconds) throw tooLong(declared.durationSeconds);
    const info = await verifyOggVorbis(bytes);
    return {
      ogg: bytes,
      converted: false,
      durationSeconds: info.durationSeconds,
      sampleRate: info.sampleRate,
      channels: info.channelCount,
    };
  }
  if (kind !== "wav") throw new AudioError(REFUSALS[kind]);

  const wav = decodeWav(bytes);
  const seconds = wav.channels[0].length / wav.sampleRate;
  if (seconds > maxSeconds) throw tooLong(seconds);
  const keepRate = (COMMON_SAMPLE_RATES as readonly number[]).includes(wav.sampleRate);
  const sampleRate = keepRate ? wav.sampleRate : 44100;
  const channels = wav.channels.map((c) => (keepRate ? c : resample(c, wav.sampleRate, sampleRate)));
  limitPeak(channels);
  const ogg = await encodeOggVorbis(channels, sampleRate, { quality: CONVERT_QUALITY });
  return {
    ogg,
    converted: true,
    durationSeconds: channels[0].length / sampleRate,
    sampleRate,
    channels: channels.length,
  };
}

/** Float WAV may exceed full scale; Vorbis would clip it on playback, so scale the whole sound down. */
function limitPeak(channels: Float32Array[]): void {
  let peak = 0;
  for (const c of channels) for (let i = 0; i < c.length; i++) peak = Math.max(peak, Math.abs(c[i]));
  if (peak <= 1) return;
  for (const c of channels) for (let i = 0; i < c.length; i++) c[i] /= peak;
}

// ---------------------------------------------------------------- resampling

/** Zero crossings of the sinc kept on each side: enough to keep aliasing well below audibility. */
const SINC_ZEROS = 16;
/**
 * Cap on precomputed filter phases. Rate pairs with a small ratio (96000 -> 44100 needs 147) get
 * exact phases; odd pairs snap to the nearest of this many, a timing error under 1/8000 of a sample.
 */
const MAX_PHASES = 4096;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Band-limited resampling with a Blackman-windowed sinc, polyphase: the filter for every fractional
 * position is computed once, so the inner loop is a plain dot product. When going down in rate the
 * cutoff moves to the new Nyquist (with 5% headroom), so nothing above it folds back as aliasing.
 */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input.slice();
  const cutoff = Math.min(1, to / from) * 0.95; // as a fraction of the input Nyquist
  const halfWidth = SINC_ZEROS / cutoff; // in input samples
  const reach = Math.ceil(halfWidth);
  const taps = 2 * reach;
  const phases = Math.min(MAX_PHASES, to / gcd(from, to));
  // weights[p * taps + k] weighs input[centre - reach + 1 + k] for an output at fractional offset p / phases.
  const weights = new Float32Array(phases * taps);
  for (let p = 0; p < phases; p++) {
    for (let k = 0; k < taps; k++) {
      const d = Math.abs(p / phases + reach - 1 - k);
      if (d >= halfWidth) continue;
      const x = Math.PI * cutoff * d;
      const sinc = d === 0 ? 1 : Math.sin(x) / x;
      const w = 0.42 + 0.5 * Math.cos((Math.PI * d) / halfWidth) + 0.08 * Math.cos((2 * Math.PI * d) / halfWidth);
      weights[p * taps + k] = cutoff * sinc * w;
    }
  }
  const n = input.length;
  const out = new Float32Array(Math.max(1, Math.round((n * to) / from)));
  for (let j = 0; j < out.length; j++) {
    const t = (j * from) / to;
    const centre = Math.floor(t);
    const p = Math.min(phases - 1, Math.round((t - centre) * phases));
    const first = centre - reach + 1;
    const lo = Math.max(0, -first);
    const hi = Math.min(taps, n - first);
    const row = p * taps;
    let sum = 0;
    for (let k = lo; k < hi; k++) sum += input[first + k] * weights[row + k];
    out[j] = sum;
  }
  return out;
}
