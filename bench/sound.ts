/**
 * Sound generation and upload timings. Target: one second of generated sound in under 100 ms,
 * encoding (and the decoded-peak check) included. Run: `bun bench/sound.ts`.
 */
import { generateSound, synthesizeSound } from "../src/gen/sound.ts";
import { prepareSoundUpload } from "../src/media/audio.ts";
import { encodeOggVorbis } from "../src/media/ogg.ts";

const PROMPTS = [
  "a heavy punch hit",
  "collect item pop",
  "shiny coin",
  "big TNT explosion",
  "8-bit jump",
  "UI button click",
  "power-up fanfare",
  "sci-fi laser zap",
  "magic spell sparkle",
  "footsteps on stone",
  "glass shattering",
  "creaky wooden door",
  "gentle water bubbling",
  "lava ambience",
  "zombie growl",
  "angry snake hiss",
  "a mouse squeaks",
  "sword swing whoosh",
  "something indescribable",
];
const RUNS = 5;

/**
 * Milliseconds of CPU this process spent (user + system), not wall time: on a busy shared machine the
 * wall clock mostly measures the neighbours. Everything here runs on one thread, so the two agree when idle.
 */
async function time<T>(fn: () => Promise<T> | T): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function median(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) t.push(await time(fn));
  return t.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

// Warm up the encoder and decoder wasm once, as a long-running worker would be.
await generateSound({ prompt: "coin", event: "x", seed: 0 });

console.log("1-second sounds (median of 5, CPU ms):  synth   total (synth + encode + peak check)");
let worst = 0;
for (const prompt of PROMPTS) {
  const req = { prompt, event: "bench.sound", seed: 1, durationSeconds: 1 };
  const synth = await median(() => synthesizeSound(req));
  const total = await median(() => generateSound(req));
  worst = Math.max(worst, total);
  console.log(`  ${prompt.padEnd(26)} ${synth.toFixed(1).padStart(6)} ${total.toFixed(1).padStart(7)}`);
}
console.log(`worst 1-second sound: ${worst.toFixed(1)} ms (target < 100 ms)`);

const long = { prompt: "gentle water bubbling", event: "bench.sound", seed: 1, durationSeconds: 10 };
console.log(`10-second water ambience: ${(await median(() => generateSound(long))).toFixed(1)} ms`);

const wavOf = (seconds: number, rate: number) => {
  const pcm = synthesizeSound({ ...long, durationSeconds: Math.min(10, seconds) });
  const frames = Math.round(seconds * rate);
  const out = new Uint8Array(44 + frames * 4);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode("RIFF----WAVEfmt "), 0);
  dv.setUint32(16, 16, true);
  dv.setUint16(20, 1, true);
  dv.setUint16(22, 2, true);
  dv.setUint32(24, rate, true);
  dv.setUint32(28, rate * 4, true);
  dv.setUint16(32, 4, true);
  dv.setUint16(34, 16, true);
  out.set(new TextEncoder().encode("data"), 36);
  dv.setUint32(40, frames * 4, true);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(pcm[i % pcm.length] * 32767);
    dv.setInt16(44 + i * 4, v, true);
    dv.setInt16(46 + i * 4, v, true);
  }
  return out;
};
for (const [seconds, rate] of [
  [10, 44100],
  [10, 96000],
  [60, 48000],
]) {
  const wav = wavOf(seconds, rate);
  console.log(
    `upload: ${seconds} s stereo 16-bit WAV at ${rate} Hz -> Ogg: ${(await median(() => prepareSoundUpload(wav))).toFixed(0)} ms`,
  );
}
const ogg = await encodeOggVorbis([synthesizeSound({ ...long, durationSeconds: 10 })], 44100);
console.log(`upload: 10 s mono Ogg verified: ${(await median(() => prepareSoundUpload(ogg))).toFixed(1)} ms`);
