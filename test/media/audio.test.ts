import { describe, expect, test } from "bun:test";
import {
  AudioError,
  COMMON_SAMPLE_RATES,
  prepareSoundUpload,
  resample,
  sniffAudio,
  SOUND_UPLOAD_LIMITS,
} from "../../src/media/audio.ts";
import { decodeOggVorbis, encodeOggVorbis } from "../../src/media/ogg.ts";
import { corpusFile, hasCorpus, makeWav, oggPage, ogginfo, tone, type SampleFormat } from "./audio-fixtures.ts";

const bytes = (...b: number[]) => Uint8Array.from([...b, ...new Array(64).fill(0)]);
const ascii = (s: string) => new TextEncoder().encode(s);

async function refusal(input: Uint8Array): Promise<AudioError> {
  const err = await prepareSoundUpload(input).then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(AudioError);
  return err as AudioError;
}

/** Zero crossings per second: a cheap, robust pitch estimate for a pure tone. */
function crossingsPerSecond(x: Float32Array, rate: number) {
  let c = 0;
  for (let i = 1; i < x.length; i++) if (x[i - 1] < 0 !== x[i] < 0) c++;
  return c / 2 / (x.length / rate);
}

const rms = (a: Float32Array) => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);

describe("sniffAudio", () => {
  test("recognises each format by its first bytes", () => {
    expect(sniffAudio(ascii("OggS\0\x02"))).toBe("ogg");
    expect(sniffAudio(makeWav([tone(1, 0.001, 8000)], "s16"))).toBe("wav");
    expect(sniffAudio(ascii("fLaC\0\0\0\x22"))).toBe("flac");
    expect(sniffAudio(ascii("ID3\x04\0\0\0\0\0\x21"))).toBe("mp3");
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64))).toBe("mp3"); // MPEG-1 Layer III, 128 kb/s, 44.1 kHz
    expect(sniffAudio(bytes(0xff, 0xf3, 0x48, 0xc4))).toBe("mp3"); // MPEG-2 Layer III
  });

  test("near misses are unknown", () => {
    expect(sniffAudio(bytes(0xff, 0xf1, 0x50, 0x80))).toBe("unknown"); // AAC ADTS: layer bits 00
    expect(sniffAudio(bytes(0xff, 0xfb, 0xf0, 0x64))).toBe("unknown"); // bad bitrate index
    expect(sniffAudio(bytes(0xff, 0xfb, 0x9c, 0x64))).toBe("unknown"); // reserved sample rate
    expect(sniffAudio(ascii("RIFF\0\0\0\0AVI "))).toBe("unknown");
    expect(sniffAudio(new Uint8Array(2))).toBe("unknown");
    expect(sniffAudio(ascii("\x89PNG\r\n\x1a\n"))).toBe("unknown");
  });
});

describe("prepareSoundUpload: Ogg", () => {
  test("valid Ogg Vorbis is kept byte for byte", async () => {
    const ogg = await encodeOggVorbis([tone(440, 0.6, 48000), tone(550, 0.6, 48000)], 48000);
    const out = await prepareSoundUpload(ogg);
    expect(out.converted).toBe(false);
    expect(out.ogg).toBe(ogg);
    expect(out).toMatchObject({ sampleRate: 48000, channels: 2 });
    expect(out.durationSeconds).toBeCloseTo(0.6, 6);
  });

  test("truncated Ogg and Opus-in-Ogg are refused as invalid", async () => {
    const ogg = await encodeOggVorbis([tone(440, 0.6, 44100)], 44100);
    const cut = await refusal(ogg.subarray(0, ogg.length - 50));
    expect(cut.message).toMatch(/truncated/);
    expect(cut.reason).toBe("invalid");
    const head = new Uint8Array(19);
    head.set(ascii("OpusHead"));
    const opus = await refusal(oggPage(head, { flags: 0x06, serial: 1, sequence: 0 }));
    expect(opus.message).toMatch(/Opus, not Vorbis.*Minecraft plays only Ogg Vorbis/);
  });
});

describe("prepareSoundUpload: WAV conversion", () => {
  const formats: SampleFormat[] = ["u8", "s16", "s24", "s32", "f32", "f64"];
  for (const format of formats) {
    for (const [rate, stereo] of [
      [22050, false],
      [48000, true],
    ] as const) {
      test(`${format} ${stereo ? "stereo" : "mono"} ${rate} Hz converts to Ogg Vorbis at the same rate`, async () => {
        const left = tone(440, 0.5, rate, 0.6);
        const wav = makeWav(stereo ? [left, tone(660, 0.5, rate, 0.3)] : [left], format, { rate });
        const out = await prepareSoundUpload(wav);
        expect(out.converted).toBe(true);
        expect(out).toMatchObject({ sampleRate: rate, channels: stereo ? 2 : 1 });
        const back = await decodeOggVorbis(out.ogg);
        expect(back.sampleRate).toBe(rate);
        expect(back.channels.length).toBe(stereo ? 2 : 1);
        expect(back.channels[0].length).toBe(left.length);
        expect(rms(back.channels[0])).toBeCloseTo(rms(left), 1);
        expect(crossingsPerSecond(back.channels[0], rate)).toBeCloseTo(440, -1);
        expect(ogginfo(out.ogg) ?? "skipped").toMatch(/Vorbis|skipped/);
      });
    }
  }

  test("an uncommon rate (96 kHz) is resampled to 44.1 kHz, keeping pitch and length", async () => {
    const out = await prepareSoundUpload(makeWav([tone(1000, 0.4, 96000)], "s24", { rate: 96000 }));
    expect(out.sampleRate).toBe(44100);
    const back = await decodeOggVorbis(out.ogg);
    expect(back.channels[0].length).toBe(Math.round(0.4 * 44100));
    expect(crossingsPerSecond(back.channels[0], 44100)).toBeCloseTo(1000, -1);
    expect(out.durationSeconds).toBeCloseTo(0.4, 3);
  });

  test("float WAV louder than full scale is scaled down, not clipped", async () => {
    const out = await prepareSoundUpload(makeWav([tone(440, 0.3, 44100, 3)], "f32"));
    const back = await decodeOggVorbis(out.ogg);
    const peak = Math.max(...back.channels[0].map(Math.abs));
    expect(peak).toBeGreaterThan(0.8);
    expect(peak).toBeLessThan(1.1);
  });

  test("a broken WAV is refused with the WAV reason", async () => {
    const wav = makeWav([tone(440, 0.3, 44100)], "s16");
    expect((await refusal(wav.subarray(0, wav.length - 100))).message).toMatch(/WAV is truncated/);
  });
});

describe("prepareSoundUpload: refusals and limits", () => {
  test("MP3 (by ID3 tag or frame sync) is refused with the Minecraft explanation", async () => {
    for (const mp3 of [ascii("ID3\x04\0\0\0\0\0\x21" + "\0".repeat(100)), bytes(0xff, 0xfb, 0x90, 0x64)]) {
      const err = await refusal(mp3);
      expect(err.message).toBe("MP3 is not accepted: Minecraft plays Ogg Vorbis; send Ogg Vorbis or WAV");
      expect(err.reason).toBe("invalid");
    }
  });

  test("FLAC, random bytes and empty input are refused", async () => {
    expect((await refusal(ascii("fLaC\0\0\0\x22"))).message).toMatch(/FLAC is not accepted/);
    let x = 99;
    const noise = Uint8Array.from({ length: 2048 }, () => (x = (x * 1664525 + 1013904223) >>> 0) >>> 24);
    expect((await refusal(noise)).message).toMatch(/not a recognised sound file/);
    expect((await refusal(new Uint8Array(0))).message).toMatch(/not a recognised sound file/);
  });

  test("duration limit: at the limit is accepted, past it is too_large", async () => {
    const at = makeWav([new Float32Array(SOUND_UPLOAD_LIMITS.maxSeconds * 8000)], "u8", { rate: 8000 });
    const ok = await prepareSoundUpload(at);
    expect(ok.durationSeconds).toBeCloseTo(SOUND_UPLOAD_LIMITS.maxSeconds, 3);
    const past = makeWav([new Float32Array((SOUND_UPLOAD_LIMITS.maxSeconds + 1) * 8000)], "u8", { rate: 8000 });
    const err = await refusal(past);
    expect(err.reason).toBe("too_large");
    expect(err.message).toMatch(/601\.0 s long; the limit is 600 s/);
  });

  test("an Ogg past the duration limit is refused before decoding", async () => {
    // Build a stream that claims 11 minutes in its last granule: the page walk alone must catch it.
    const ogg = (await encodeOggVorbis([tone(440, 0.2, 8000)], 8000)).slice();
    const pages: number[] = [];
    for (let o = 0; o < ogg.length; ) {
      pages.push(o);
      const segs = ogg[o + 26];
      o += 27 + segs + ogg.subarray(o + 27, o + 27 + segs).reduce((a, b) => a + b, 0);
    }
    const last = pages[pages.length - 1];
    const segs = ogg[last + 26];
    const body = ogg.slice(last + 27 + segs);
    const flags = ogg[last + 5];
    const page = oggPage(body, { flags, serial: 0x50534d54, sequence: pages.length - 1, granule: 660 * 8000 });
    const file = new Uint8Array(last + page.length);
    file.set(ogg.subarray(0, last));
    file.set(page, last);
    const err = await refusal(file);
    expect(err.reason).toBe("too_large");
  });

  test("byte limit: one past it is too_large without being read", async () => {
    const big = new Uint8Array(SOUND_UPLOAD_LIMITS.maxBytes + 1);
    big.set(ascii("OggS"));
    const err = await refusal(big);
    expect(err.reason).toBe("too_large");
    expect(err.message).toMatch(/limit/);
  });
});

describe.skipIf(!hasCorpus)("prepareSoundUpload: corpus files", () => {
  test("metronome (mono 44.1 kHz Ogg) is kept", async () => {
    const input = await corpusFile("ak1089_metronome.ogg");
    const out = await prepareSoundUpload(input);
    expect(out).toMatchObject({ converted: false, sampleRate: 44100, channels: 1 });
    expect(out.ogg).toBe(input);
    expect(out.durationSeconds).toBeCloseTo(4, 3);
  });

  test("capybara (stereo 48 kHz Ogg) is kept", async () => {
    const out = await prepareSoundUpload(await corpusFile("blanktopia_capybara_hurt1.ogg"));
    expect(out).toMatchObject({ converted: false, sampleRate: 48000, channels: 2 });
    expect(out.durationSeconds).toBeCloseTo(0.446, 3);
  });

  test("the headers-only Ogg is refused: no audio", async () => {
    const err = await refusal(await corpusFile("packsquash_empty.ogg"));
    expect(err.message).toMatch(/no audio/);
  });

  test("the 16-bit mono WAV is converted to Ogg Vorbis", async () => {
    const out = await prepareSoundUpload(await corpusFile("cs50pong_hit.wav"));
    expect(out).toMatchObject({ converted: true, sampleRate: 44100, channels: 1 });
    const back = await decodeOggVorbis(out.ogg);
    expect(back.channels[0].length).toBe(5393);
    expect(ogginfo(out.ogg) ?? "skipped").toMatch(/Vorbis|skipped/);
  });
});

describe("resample", () => {
  test("keeps a tone's pitch and level across common conversions", () => {
    for (const [from, to] of [
      [96000, 44100],
      [11025, 44100],
      [37800, 44100],
      [44100, 48000],
    ]) {
      const input = tone(800, 0.5, from, 0.5);
      const out = resample(input, from, to);
      expect(out.length).toBe(Math.round((input.length * to) / from));
      const middle = out.subarray(Math.floor(to * 0.05), Math.floor(to * 0.45));
      expect(rms(middle)).toBeCloseTo(0.5 / Math.SQRT2, 2);
      expect(crossingsPerSecond(middle, to)).toBeCloseTo(800, -1);
    }
  });

  test("filters what the new rate cannot carry instead of aliasing it", () => {
    const out = resample(tone(30000, 0.3, 96000, 0.5), 96000, 44100);
    expect(rms(out.subarray(2000, out.length - 2000))).toBeLessThan(0.005);
  });

  test("common rates are the ones a WAV keeps", () => {
    expect(COMMON_SAMPLE_RATES).toContain(22050);
    expect(COMMON_SAMPLE_RATES).toContain(48000);
    expect(COMMON_SAMPLE_RATES).not.toContain(96000);
  });
});
