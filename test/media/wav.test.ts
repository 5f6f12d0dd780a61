import { describe, expect, test } from "bun:test";
import { AudioError } from "../../src/media/ogg.ts";
import { decodeWav } from "../../src/media/wav.ts";
import { corpusFile, hasCorpus, makeWav, riff, tone, type SampleFormat } from "./audio-fixtures.ts";

/** Largest error each format may add to a value in -1..1: quantisation plus the 127/128-style scale asymmetry. */
const TOLERANCE: Record<SampleFormat, number> = {
  u8: 1 / 64,
  s16: 1 / 16000,
  s24: 1 / 8e6,
  s32: 1e-8,
  f32: 1e-7,
  f64: 1e-12,
};

function maxError(a: Float32Array, b: Float32Array) {
  let e = 0;
  for (let i = 0; i < a.length; i++) e = Math.max(e, Math.abs(a[i] - b[i]));
  return e;
}

function refusal(bytes: Uint8Array): string {
  try {
    decodeWav(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(AudioError);
    return (e as Error).message;
  }
  throw new Error("expected decodeWav to refuse");
}

describe("decodeWav sample formats", () => {
  const formats: SampleFormat[] = ["u8", "s16", "s24", "s32", "f32", "f64"];
  for (const format of formats) {
    for (const extensible of [false, true]) {
      test(`${format}${extensible ? " (extensible)" : ""}, mono and stereo`, () => {
        const left = tone(440, 0.05, 22050, 0.8);
        const right = tone(1000, 0.05, 22050, -0.3);
        const mono = decodeWav(makeWav([left], format, { rate: 22050, extensible }));
        expect(mono.sampleRate).toBe(22050);
        expect(mono.channels.length).toBe(1);
        expect(mono.channels[0].length).toBe(left.length);
        expect(maxError(mono.channels[0], left)).toBeLessThan(TOLERANCE[format]);
        const stereo = decodeWav(makeWav([left, right], format, { rate: 48000, extensible }));
        expect(stereo.sampleRate).toBe(48000);
        expect(maxError(stereo.channels[0], left)).toBeLessThan(TOLERANCE[format]);
        expect(maxError(stereo.channels[1], right)).toBeLessThan(TOLERANCE[format]);
      });
    }
  }

  test("full-scale extremes map to -1 and just under +1", () => {
    const edge = Float32Array.from([-1, 1, 0]);
    for (const format of ["s16", "s24", "s32"] as SampleFormat[]) {
      const out = decodeWav(makeWav([edge], format)).channels[0];
      expect(out[0]).toBeCloseTo(-1, 4);
      expect(out[1]).toBeGreaterThan(0.9999);
      expect(out[1]).toBeLessThanOrEqual(1);
      expect(out[2]).toBe(0);
    }
  });

  test("odd-sized chunks are padded and unknown chunks skipped", () => {
    const pcm = tone(300, 0.02, 44100);
    const out = decodeWav(makeWav([pcm], "s16", { extraChunks: true }));
    expect(maxError(out.channels[0], pcm)).toBeLessThan(TOLERANCE.s16);
  });

  test("an odd-length 8-bit data chunk followed by another chunk", () => {
    const pcm = tone(300, 0.001, 8000); // 8 samples
    const odd = pcm.subarray(0, 7);
    const bytes = makeWav([odd], "u8", { rate: 8000, extraChunks: true });
    const out = decodeWav(bytes);
    expect(out.channels[0].length).toBe(7);
    expect(out.sampleRate).toBe(8000);
  });

  test("more than two channels fold to stereo without clipping", () => {
    const n = 1000;
    const ch = (v: number) => new Float32Array(n).fill(v);
    // FL, FR, FC, LFE, BL, BR
    const out = decodeWav(makeWav([ch(0.2), ch(-0.2), ch(0.5), ch(0.9), ch(0.1), ch(0.3)], "f32"));
    expect(out.channels.length).toBe(2);
    const l = out.channels[0][10];
    const r = out.channels[1][10];
    expect(l).toBeCloseTo(0.2 + 0.5 * Math.SQRT1_2 + 0.1 * Math.SQRT1_2, 5); // LFE dropped
    expect(r).toBeCloseTo(-0.2 + 0.5 * Math.SQRT1_2 + 0.3 * Math.SQRT1_2, 5);
    const loud = decodeWav(makeWav([ch(0.9), ch(0.9), ch(0.9)], "f32"));
    expect(Math.max(...loud.channels[0])).toBeLessThanOrEqual(1);
  });

  test("NaN in float WAV becomes silence rather than poisoning the encode", () => {
    const out = decodeWav(makeWav([Float32Array.from([0.5, Number.NaN, -0.5])], "f32"));
    expect(Array.from(out.channels[0])).toEqual([0.5, 0, -0.5]);
  });

  test("a streaming writer's 0xffffffff data size reads to the end", () => {
    const bytes = makeWav([tone(440, 0.01, 44100)], "s16");
    const patched = bytes.slice();
    const dataAt = patched.length - 441 * 2 - 8;
    expect(new TextDecoder().decode(patched.subarray(dataAt, dataAt + 4))).toBe("data");
    new DataView(patched.buffer).setUint32(dataAt + 4, 0xffffffff, true);
    expect(decodeWav(patched).channels[0].length).toBe(441);
  });
});

describe("decodeWav refusals", () => {
  const good = makeWav([tone(440, 0.1, 44100)], "s16");

  test("truncated inside the data chunk", () => {
    expect(refusal(good.subarray(0, good.length - 11))).toMatch(/truncated/);
  });

  test("truncated before the data chunk", () => {
    expect(refusal(good.subarray(0, 30))).toMatch(/format chunk|data chunk/);
    expect(refusal(good.subarray(0, 40))).toMatch(/no data chunk/);
  });

  test("not RIFF/WAVE at all, or too short", () => {
    expect(refusal(new TextEncoder().encode("hello world, not audio"))).toMatch(/not a WAV/);
    expect(refusal(new Uint8Array(4))).toMatch(/not a WAV/);
  });

  test("RIFX and RF64 are named", () => {
    const rifx = good.slice();
    rifx.set(new TextEncoder().encode("RIFX"));
    expect(refusal(rifx)).toMatch(/RIFX/);
    const rf64 = good.slice();
    rf64.set(new TextEncoder().encode("RF64"));
    expect(refusal(rf64)).toMatch(/RF64/);
  });

  test("ADPCM, A-law and MP3-in-WAV are refused by name", () => {
    for (const [tag, name] of [
      [2, "ADPCM"],
      [0x11, "IMA ADPCM"],
      [6, "A-law"],
      [0x55, "MP3"],
      [0x1234, "0x1234"],
    ] as const) {
      const fmt = new Uint8Array(20);
      const dv = new DataView(fmt.buffer);
      dv.setUint16(0, tag, true);
      dv.setUint16(2, 1, true);
      dv.setUint32(4, 22050, true);
      dv.setUint16(12, 256, true);
      dv.setUint16(14, 4, true);
      expect(
        refusal(
          riff([
            ["fmt ", fmt],
            ["data", new Uint8Array(256)],
          ]),
        ),
      ).toContain(name);
    }
  });

  test("impossible layouts and empty data", () => {
    const fmt = (channels: number, rate: number, align: number, bits: number, tag = 1) => {
      const b = new Uint8Array(16);
      const dv = new DataView(b.buffer);
      dv.setUint16(0, tag, true);
      dv.setUint16(2, channels, true);
      dv.setUint32(4, rate, true);
      dv.setUint16(12, align, true);
      dv.setUint16(14, bits, true);
      return b;
    };
    const data = new Uint8Array(64);
    expect(
      refusal(
        riff([
          ["fmt ", fmt(0, 44100, 2, 16)],
          ["data", data],
        ]),
      ),
    ).toMatch(/channels/);
    expect(
      refusal(
        riff([
          ["fmt ", fmt(1, 100, 2, 16)],
          ["data", data],
        ]),
      ),
    ).toMatch(/sample rate/);
    expect(
      refusal(
        riff([
          ["fmt ", fmt(1, 44100, 3, 16, 3)],
          ["data", data],
        ]),
      ),
    ).toMatch(/not supported/);
    expect(
      refusal(
        riff([
          ["fmt ", fmt(1, 44100, 2, 16)],
          ["data", new Uint8Array(0)],
        ]),
      ),
    ).toMatch(/no audio/);
    expect(refusal(riff([["data", data]]))).toMatch(/no format chunk/);
  });
});

describe.skipIf(!hasCorpus)("corpus WAV", () => {
  test("cs50pong_hit.wav: 16-bit mono 44.1 kHz", async () => {
    const out = decodeWav(await corpusFile("cs50pong_hit.wav"));
    expect(out.sampleRate).toBe(44100);
    expect(out.channels.length).toBe(1);
    expect(out.channels[0].length).toBe(10786 / 2);
    expect(Math.max(...out.channels[0].map(Math.abs))).toBeGreaterThan(0.1);
  });
});
