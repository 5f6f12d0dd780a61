/**
 * Procedural sound effects: a prompt (plus the game event it is for) in, mono 44.1 kHz Ogg Vorbis out.
 * The family (hit, coin, explosion, footsteps on gravel, zombie-like growl…) comes from the words
 * (gen/sound/choose.ts); each family renders from seeded randomness, so the same request and seed give
 * the same bytes (the encoder is deterministic too, with a fixed stream serial).
 *
 * Loudness: peak-normalised, to -1 dBFS for effects and -4 dBFS for ambience beds (water, lava) so they
 * sit under effects; after encoding, the decoded peak is held under -0.5 dBFS (see generateSound).
 * Every sound starts and ends on silence (3 ms fade-in, 15 ms fade-out): no clicks.
 * The style guide does not apply to sounds (a colour palette has no audio meaning).
 */
import type { SoundRequest } from "./types.ts";
import { hashSeed, rngFrom } from "./rng.ts";
import { decodeOggVorbis, encodeOggVorbis } from "../media/ogg.ts";
import { chooseSound } from "./sound/choose.ts";
import { finish, peak, SAMPLE_RATE, samplesFor } from "./sound/dsp.ts";

/**
 * Length bounds in seconds. Requests outside are clamped (the API validates the range first).
 * `default` is the fallback family's length; recognised families use their own natural length
 * (a click 0.1 s, a coin 0.5 s, an explosion 2.5 s, water or lava ambience 5 s): see describeSound.
 */
export const SOUND_DURATION = { min: 0.1, max: 10, default: 1 } as const;

export const SOUND_SAMPLE_RATE = SAMPLE_RATE;

/** Vorbis quality (-1..10): 4 (about 80 kb/s mono) is ample for effects and keeps files at ~10 kB/s. */
const SOUND_QUALITY = 4;

export interface SoundPlan {
  family: string;
  material: string;
  seconds: number;
  peakDb: number;
}

type Plannable = Pick<SoundRequest, "prompt" | "event" | "durationSeconds">;

function plan(req: Plannable) {
  const choice = chooseSound(req.prompt, req.event);
  const wanted = req.durationSeconds;
  const seconds = typeof wanted === "number" && Number.isFinite(wanted) ? clamp(wanted) : choice.family.seconds;
  return { ...choice, seconds };
}

const clamp = (s: number) => Math.min(SOUND_DURATION.max, Math.max(SOUND_DURATION.min, s));

/** What generateSound will make for a request, without rendering it. */
export function describeSound(req: Plannable): SoundPlan {
  const { family, material, seconds } = plan(req);
  return { family: family.id, material: material.id, seconds, peakDb: family.peakDb };
}

/** The finished mono PCM (before encoding), for callers that want samples: tests and benchmarks. */
export function synthesizeSound(req: SoundRequest): Float32Array {
  const { family, material, seconds } = plan(req);
  const prompt = req.prompt.trim().toLowerCase();
  const rng = rngFrom(hashSeed("sound", req.seed, family.id, material.id, seconds, prompt, req.event));
  const n = samplesFor(seconds);
  const raw = family.render({ rng, n, seconds, material });
  // Renderers may return their own buffer length; the request's length is what ships.
  const pcm = raw.length === n ? raw : fit(raw, n);
  return finish(pcm, family.peakDb);
}

function fit(buf: Float32Array, n: number): Float32Array {
  const out = new Float32Array(n);
  out.set(buf.subarray(0, n));
  return out;
}

/**
 * Lossy coding can push bright sounds (square waves, high chirps) above their input peak by a dB or
 * more. Decoded peaks past this (-0.5 dBFS) are pulled back and the sound re-encoded, so what the game
 * plays never clips.
 */
export const SOUND_DECODED_PEAK_LIMIT = 10 ** (-0.5 / 20);

/** Generates the sound as Ogg Vorbis bytes: mono, 44.1 kHz. */
export async function generateSound(req: SoundRequest): Promise<Uint8Array> {
  const pcm = synthesizeSound(req);
  for (let attempt = 0; ; attempt++) {
    const ogg = await encodeOggVorbis([pcm], SAMPLE_RATE, { quality: SOUND_QUALITY });
    const decoded = peak((await decodeOggVorbis(ogg)).channels[0]);
    if (decoded <= SOUND_DECODED_PEAK_LIMIT || attempt === 3) return ogg;
    // Overshoot is not linear in level, so aim well under the limit to settle in one retry.
    const gain = (SOUND_DECODED_PEAK_LIMIT * 0.9) / decoded;
    for (let i = 0; i < pcm.length; i++) pcm[i] *= gain;
  }
}
