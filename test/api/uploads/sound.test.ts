import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  accepted,
  b64,
  corpusBytes,
  download,
  hasCorpus,
  png,
  refused,
  row,
  startEnv,
  type Env,
} from "../../support/uploads.ts";
import { makeWav, oggPage, tone, type SampleFormat } from "../../media/audio-fixtures.ts";
import { decodeOggVorbis } from "../../../src/media/ogg.ts";
import { decodeWav } from "../../../src/media/wav.ts";

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.ts.close());

const sound = (bytes: Uint8Array, event: string, extra: Record<string, unknown> = {}) => ({
  type: "sound",
  event,
  file: { base64: b64(bytes) },
  ...extra,
});
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
const peak = (x: Float32Array) => x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

describe.skipIf(!hasCorpus)("corpus audio through the endpoint", () => {
  // What each file is (read with inspectOggVorbis/decodeWav before writing these): see the corpus README.
  test("ak1089_metronome.ogg (mono 44.1 kHz Vorbis, 4 s) is stored byte for byte", async () => {
    const bytes = await corpusBytes("audio/ak1089_metronome.ogg");
    const a = await accepted(env, sound(bytes, "block.note_block.hat"));
    expect(a).toMatchObject({ type: "sound", kind: "sound", name: "block.note_block.hat" });
    expect(await download(env, "sound", a.name)).toEqual(bytes);
    expect((await row(env, "sound", a.name)).meta).toMatchObject({
      converted: false,
      channels: 1,
      sampleRate: 44100,
      durationSeconds: 4,
      replacesVanilla: true,
    });
  });

  test("blanktopia_capybara_hurt1.ogg (stereo 48 kHz Vorbis) is stored byte for byte", async () => {
    const bytes = await corpusBytes("audio/blanktopia_capybara_hurt1.ogg");
    const a = await accepted(env, sound(bytes, "blanktopia:capybara.hurt", { category: "neutral" }));
    expect(a.name).toBe("blanktopia:capybara.hurt");
    expect(await download(env, "sound", a.name)).toEqual(bytes);
    const r = await row(env, "sound", a.name);
    expect(r.target).toBeNull();
    expect(r.meta).toMatchObject({
      converted: false,
      channels: 2,
      sampleRate: 48000,
      category: "neutral",
      replacesVanilla: false,
    });
  });

  test("packsquash_empty.ogg (a valid stream with no samples) is refused, saying so", async () => {
    const msg = await refused(
      env,
      sound(await corpusBytes("audio/packsquash_empty.ogg"), "block.stone.hit"),
      "invalid_request",
    );
    expect(msg).toContain("no audio samples");
  });

  test("cs50pong_hit.wav (16-bit PCM mono) is converted to Ogg Vorbis with the same rate, length and shape", async () => {
    const wavBytes = await corpusBytes("audio/cs50pong_hit.wav");
    const wav = decodeWav(wavBytes);
    expect(wav.channels.length).toBe(1);
    const a = await accepted(env, sound(wavBytes, "entity.player.hurt"));
    const ogg = await download(env, "sound", a.name);
    expect(new TextDecoder().decode(ogg.subarray(0, 4))).toBe("OggS");
    const got = await decodeOggVorbis(ogg);
    expect(got.sampleRate).toBe(wav.sampleRate);
    expect(got.channels.length).toBe(1);
    expect(Math.abs(got.channels[0].length - wav.channels[0].length)).toBeLessThanOrEqual(64);
    expect(rms(got.channels[0])).toBeCloseTo(rms(wav.channels[0]), 1);
    expect((await row(env, "sound", a.name)).meta).toMatchObject({
      converted: true,
      channels: 1,
      sampleRate: wav.sampleRate,
    });
  });
});

describe("WAV conversion", () => {
  const formats: SampleFormat[] = ["u8", "s16", "s24", "s32", "f32", "f64"];
  test.each(formats)(
    "%s stereo at 22.05 kHz: rate, channels, length and each channel's level survive",
    async (format) => {
      const left = tone(440, 0.5, 22050, 0.5);
      const right = new Float32Array(left.length); // silent: shows the channels are not swapped or mixed
      const a = await accepted(env, sound(makeWav([left, right], format, { rate: 22050 }), `test:wav.${format}`));
      const got = await decodeOggVorbis(await download(env, "sound", a.name));
      expect(got.sampleRate).toBe(22050);
      expect(got.channels.length).toBe(2);
      expect(Math.abs(got.channels[0].length - left.length)).toBeLessThanOrEqual(64);
      expect(rms(got.channels[0])).toBeGreaterThan(0.3); // a 0.5 sine has rms 0.354
      expect(rms(got.channels[0])).toBeLessThan(0.4);
      expect(rms(got.channels[1])).toBeLessThan(0.01);
    },
  );

  test.each([8000, 11025, 16000, 32000, 44100, 48000])("mono at the common rate %i Hz keeps its rate", async (rate) => {
    const a = await accepted(env, sound(makeWav([tone(300, 0.25, rate)], "s16", { rate }), `test:rate.${rate}`));
    const got = await decodeOggVorbis(await download(env, "sound", a.name));
    expect(got.sampleRate).toBe(rate);
    expect(got.durationSeconds).toBeCloseTo(0.25, 2);
  });

  test("an uncommon rate (37.8 kHz) is resampled to 44.1 kHz without changing the length", async () => {
    const a = await accepted(env, sound(makeWav([tone(500, 0.5, 37800)], "s16", { rate: 37800 }), "test:rate.odd"));
    const got = await decodeOggVorbis(await download(env, "sound", a.name));
    expect(got.sampleRate).toBe(44100);
    expect(got.durationSeconds).toBeCloseTo(0.5, 2);
    expect(rms(got.channels[0])).toBeCloseTo(0.354, 1);
  });

  test("float WAV louder than full scale is brought under it rather than clipped", async () => {
    const loud = tone(200, 0.25, 44100, 2);
    const a = await accepted(env, sound(makeWav([loud], "f32"), "test:loud"));
    const got = await decodeOggVorbis(await download(env, "sound", a.name));
    expect(peak(got.channels[0])).toBeLessThan(1.1);
    expect(peak(got.channels[0])).toBeGreaterThan(0.8);
  });

  test("WAVE_FORMAT_EXTENSIBLE with extra chunks converts too", async () => {
    await accepted(
      env,
      sound(
        makeWav([tone(300, 0.2, 48000)], "s24", { rate: 48000, extensible: true, extraChunks: true }),
        "test:extensible",
      ),
    );
  });

  test("over ten minutes is file_too_large, saying the limit", async () => {
    const long = makeWav([new Float32Array(8000 * 601)], "u8", { rate: 8000 });
    expect(await refused(env, sound(long, "music_disc.cat"), "file_too_large")).toContain("the limit is 600 s");
  });

  test("a broken WAV (header only, no data) is refused", async () => {
    const whole = makeWav([tone(300, 0.1, 44100)], "s16");
    await refused(env, sound(whole.subarray(0, 40), "test:broken"), "invalid_request");
  });
});

describe("refused formats", () => {
  const mp3Frame = new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Array(400).fill(0)]);
  const id3 = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10, ...new Array(10).fill(0), ...mp3Frame]);

  test("MP3, with or without an ID3 tag, is refused with a message that says what to send", async () => {
    for (const bytes of [mp3Frame, id3]) {
      const msg = await refused(env, sound(bytes, "block.stone.break"), "invalid_request");
      expect(msg).toContain("MP3");
      expect(msg).toContain("Ogg Vorbis or WAV");
    }
  });

  test("FLAC, a PNG, plain text and Opus in Ogg are refused", async () => {
    expect(
      await refused(
        env,
        sound(new TextEncoder().encode("fLaC\0\0\0\x22" + "x".repeat(60)), "block.stone.break"),
        "invalid_request",
      ),
    ).toContain("FLAC");
    expect(await refused(env, sound(png(4, 4), "block.stone.break"), "invalid_request")).toContain(
      "not a recognised sound file",
    );
    await refused(env, { type: "sound", event: "block.stone.break", file: { text: "beep" } }, "invalid_request");
    const opusHead = new Uint8Array([
      ...new TextEncoder().encode("OpusHead"),
      1,
      1,
      0x38,
      1,
      0x80,
      0xbb,
      0,
      0,
      0,
      0,
      0,
    ]);
    const opus = oggPage(opusHead, { flags: 2 | 4, serial: 1, sequence: 0, granule: 0 });
    await refused(env, sound(opus, "block.stone.break"), "invalid_request");
  });
});

describe("event and category", () => {
  const wav = makeWav([tone(300, 0.1, 44100)], "s16");

  test("event is required and must be vanilla or namespace:name", async () => {
    expect(await refused(env, { type: "sound", file: { base64: b64(wav) } }, "invalid_request")).toContain(
      "needs event",
    );
    for (const event of [
      "Block Stone Break",
      "block.stone.brake",
      "minecraft:not.a.real.event",
      "UPPER:case",
      "ns:",
      ":name",
    ])
      await refused(env, sound(wav, event), "invalid_request");
  });

  test("minecraft:-prefixed vanilla events are stored without the prefix and replace the vanilla sound", async () => {
    const a = await accepted(env, sound(wav, "minecraft:entity.generic.explode"));
    expect(a.name).toBe("entity.generic.explode");
    expect(await row(env, "sound", a.name)).toMatchObject({
      target: "entity.generic.explode",
      meta: { event: "entity.generic.explode", replacesVanilla: true },
    });
  });

  test("a second sound for one event is another variant (name _2), not a conflict", async () => {
    const first = await accepted(env, sound(wav, "block.wood.break"));
    const second = await accepted(env, sound(wav, "block.wood.break"));
    expect([first.name, second.name]).toEqual(["block.wood.break", "block.wood.break_2"]);
    expect((await row(env, "sound", second.name)).meta.event).toBe("block.wood.break");
  });

  test("category must be one of the volume sliders", async () => {
    const a = await accepted(env, sound(wav, "mypack:ui/click", { category: "master" }));
    expect((await row(env, "sound", a.name)).meta.category).toBe("master");
    await refused(env, sound(wav, "mypack:ui/click2", { category: "loud" }), "invalid_request");
  });
});
