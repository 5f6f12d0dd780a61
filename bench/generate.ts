/**
 * Generation speed, printed as tables:
 *  1. time per asset (median of many runs) for each sized kind at 16/32/64/128 px;
 *  2. time per asset for the fixed-size kinds (GUI, HUD, 1 s sound, block model);
 *  3. jobs per second through the real worker pool (src/jobs/pool.ts) with 1 worker and with the full
 *     pool (one worker per CPU) on the same batch, and the ratio of the two (target >= 1.6x on 2 cores).
 * Run: bun bench/generate.ts [runs] [pool-repeats] [pool-tasks]
 * The machine may be shared: pools are warmed first, the three set-ups alternate round by round, and
 * medians are reported with their spread (the load average is printed so a reader can judge the noise).
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { generateTexture } from "../src/gen/texture";
import { generateItem } from "../src/gen/item";
import { generateIcon } from "../src/gen/icon";
import { generateItem3d } from "../src/gen/item3d";
import { generateGui, GUI_TARGETS } from "../src/gen/gui";
import { generateHud } from "../src/gen/hud";
import { generateSound } from "../src/gen/sound";
import { generateModel } from "../src/gen/model";
import { WorkerPool } from "../src/jobs/pool";
import { runTask } from "../src/gen/run";
import type { ProviderSettings, Task } from "../src/gen/task";

const RUNS = Number(process.argv[2] ?? 60);
const POOL_REPEATS = Number(process.argv[3] ?? 9);
/** Textures and items per pool round (plus one GUI per 20): long enough that a round is not one scheduler blip. */
const POOL_TASKS = Number(process.argv[4] ?? 1200);
const SIZES = [16, 32, 64, 128];
const TEXTURE_PROMPTS = ["stone", "mossy cobblestone", "diamond ore", "oak planks", "oak leaves", "lava"];
const ITEM_PROMPTS = ["diamond sword", "iron pickaxe", "apple", "potion of healing"];
const ICON_NAMES = ["heart", "star", "coin", "skull"];
const GUI_PROMPTS = ["dark oak planks", "nether bricks", "copper", "purpur"];
const MODEL_PROMPTS = ["oak table", "iron lantern", "stone statue", "spruce barrel", "amethyst crystal cluster"];
const SOUND_PROMPTS = ["coin pickup", "sword swing whoosh", "footsteps on gravel", "magic sparkle"];
const VERSION = "1.21.11";

export interface BenchKind {
  name: string;
  /** Produces one asset of the given size; `i` varies the request so caches cannot help. */
  run: (size: number, i: number) => unknown;
}

export const KINDS: BenchKind[] = [
  {
    name: "texture",
    run: (size, i) =>
      generateTexture({ prompt: TEXTURE_PROMPTS[i % TEXTURE_PROMPTS.length], seed: i, size, mode: "custom" }),
  },
  { name: "item", run: (size, i) => generateItem({ prompt: ITEM_PROMPTS[i % ITEM_PROMPTS.length], seed: i, size }) },
  // Icons are sized by height (up to 32); larger sizes are clamped by the generator.
  {
    name: "icon",
    run: (size, i) => generateIcon({ name: ICON_NAMES[i % ICON_NAMES.length], prompt: "", seed: i, height: size }),
  },
  {
    name: "item3d",
    run: (size, i) =>
      generateItem3d({
        prompt: ITEM_PROMPTS[i % ITEM_PROMPTS.length],
        seed: i,
        size,
        minecraftVersion: VERSION,
        textureId: (s) => s,
      }),
  },
];

/** Kinds whose output size is fixed by the game (or, for sound, by the request's length). May be async. */
export interface FixedKind {
  name: string;
  run: (i: number) => unknown;
}

export const FIXED_KINDS: FixedKind[] = [
  {
    name: "gui 256x256",
    run: (i) =>
      generateGui({
        prompt: GUI_PROMPTS[i % GUI_PROMPTS.length],
        target: GUI_TARGETS[i % GUI_TARGETS.length],
        seed: i,
      }),
  },
  { name: "hud 256x512", run: (i) => generateHud({ prompt: GUI_PROMPTS[i % GUI_PROMPTS.length], seed: i }) },
  {
    name: "sound 1 s",
    run: (i) =>
      generateSound({
        prompt: SOUND_PROMPTS[i % SOUND_PROMPTS.length],
        event: "bench:fx",
        durationSeconds: 1,
        seed: i,
      }),
  },
  {
    name: "model",
    run: (i) =>
      generateModel({
        prompt: MODEL_PROMPTS[i % MODEL_PROMPTS.length],
        seed: i,
        carrierKind: "full",
        directional: false,
        minecraftVersion: VERSION,
        textureId: (s) => s,
      }),
  },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function measure(kind: BenchKind, size: number, runs = RUNS): number {
  for (let i = 0; i < 5; i++) kind.run(size, i); // warm-up: JIT and lazy tables
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    kind.run(size, i);
    times.push(performance.now() - t0);
  }
  return median(times);
}

export async function measureFixed(kind: FixedKind, runs = RUNS): Promise<number> {
  for (let i = 0; i < 3; i++) await kind.run(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await kind.run(i);
    times.push(performance.now() - t0);
  }
  return median(times);
}

const PROCEDURAL: ProviderSettings = { name: "procedural", baseUrl: "", model: "", apiKey: "", callTimeoutMs: 0 };

/** The pool batch: 32 px textures and items alternating, with a GUI after every 20 of them (400 -> 400 + 20 GUIs). */
export function poolBatch(count = 400): Task[] {
  const tasks: Task[] = [];
  for (let i = 0; i < count; i++) {
    tasks.push(
      i % 2
        ? { op: "item", req: { prompt: ITEM_PROMPTS[i % ITEM_PROMPTS.length], seed: i, size: 32 } }
        : {
            op: "texture",
            req: { prompt: TEXTURE_PROMPTS[i % TEXTURE_PROMPTS.length], seed: i, size: 32, mode: "custom" },
          },
    );
    if (i % 20 === 19)
      tasks.push({
        op: "gui",
        req: { prompt: GUI_PROMPTS[i % GUI_PROMPTS.length], target: GUI_TARGETS[i % GUI_TARGETS.length], seed: i },
      });
  }
  return tasks;
}

/** One timed pass: wall-clock throughput, and process CPU (all threads) per job and per wall second. */
export interface Round {
  jobsPerSecond: number;
  cpuMsPerJob: number;
  /** CPU seconds per wall second: how many cores the set-up actually got from the scheduler. */
  cores: number;
  /** Share of the whole machine's CPU time left idle during the pass (Linux; NaN elsewhere). */
  machineIdle: number;
}

/** Total and idle jiffies of all CPUs, from /proc/stat. */
function machineTicks(): { total: number; idle: number } {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), idle: f[3] + (f[4] ?? 0) };
  } catch {
    return { total: NaN, idle: NaN };
  }
}

async function timed(jobs: number, work: () => Promise<unknown>): Promise<Round> {
  const m0 = machineTicks();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const m1 = machineTicks();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    jobsPerSecond: jobs / (wallMs / 1000),
    cpuMsPerJob: cpuMs / jobs,
    cores: cpuMs / wallMs,
    machineIdle: (m1.idle - m0.idle) / (m1.total - m0.total),
  };
}

/** The whole batch through `pool`, all tasks queued at once as the engine does. */
export const poolRound = (pool: WorkerPool, batch: Task[]) =>
  timed(batch.length, () => Promise.all(batch.map((t) => pool.run(t))));

/** The same batch one task after another on this thread: the pool's overhead shows against this. */
export const inProcessRound = (batch: Task[]) =>
  timed(batch.length, async () => {
    for (const t of batch) await runTask(t, PROCEDURAL);
  });

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join("  ");
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

if (import.meta.main) {
  console.log(`median of ${RUNS} runs per cell, PNG/Ogg bytes included`);
  table(
    ["kind", ...SIZES.map((s) => `${s}px (ms)`)],
    KINDS.map((k) => [k.name, ...SIZES.map((s) => measure(k, s).toFixed(3))]),
  );
  console.log();
  const fixed: string[][] = [];
  for (const k of FIXED_KINDS)
    fixed.push([k.name, (await measureFixed(k, k.name.startsWith("sound") ? Math.min(RUNS, 20) : RUNS)).toFixed(3)]);
  table(["kind", "ms"], fixed);
  console.log();

  const full = Math.max(1, cpus().length);
  const batch = poolBatch(POOL_TASKS);
  const pools = [new WorkerPool(1, PROCEDURAL, 10 * 60_000), new WorkerPool(full, PROCEDURAL, 10 * 60_000)];
  // Warm-up: module load and JIT in every worker (this thread is already warm from the tables above).
  for (const pool of pools) await poolRound(pool, batch);
  const setups: [string, () => Promise<Round>][] = [
    ["none (this thread)", () => inProcessRound(batch)],
    ["1", () => poolRound(pools[0], batch)],
    [String(full), () => poolRound(pools[1], batch)],
  ];
  const rounds: Round[][] = setups.map(() => []);
  // Alternate the set-ups so a neighbour's burst of load hits each about equally.
  for (let r = 0; r < POOL_REPEATS; r++) for (const [i, [, run]] of setups.entries()) rounds[i].push(await run());
  for (const pool of pools) await pool.close();
  const rate = (rs: Round[]) => rs.map((x) => x.jobsPerSecond);
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}..${Math.max(...xs).toFixed(0)}`;
  console.log(
    `worker pool: ${batch.length} tasks (32 px textures and items, ${batch.filter((t) => t.op === "gui").length} GUIs), median of ${POOL_REPEATS} rounds`,
  );
  table(
    ["workers", "jobs/s", "range", "CPU ms/job", "cores used", "machine idle"],
    setups.map(([label], i) => [
      label,
      median(rate(rounds[i])).toFixed(1),
      spread(rate(rounds[i])),
      median(rounds[i].map((x) => x.cpuMsPerJob)).toFixed(3),
      median(rounds[i].map((x) => x.cores)).toFixed(2),
      `${(100 * median(rounds[i].map((x) => x.machineIdle))).toFixed(0)}%`,
    ]),
  );
  // Paired per-round ratios cancel load that drifts slowly; their median is the headline figure.
  const ratios = rounds[1].map((o, i) => rounds[2][i].jobsPerSecond / o.jobsPerSecond);
  console.log(
    `speed-up ${full} workers vs 1: ${median(ratios).toFixed(2)}x median of per-round ratios, ${(median(rate(rounds[2])) / median(rate(rounds[1]))).toFixed(2)}x ratio of medians (target >= 1.6x on 2 cores)`,
  );
  console.log(`per-round ratios: ${ratios.map((x) => x.toFixed(2)).join(", ")}`);
  // Linux schedules by session (autogroup): on a machine saturated by other sessions, more threads in
  // this process get no more CPU, so "cores used" (not the pool) caps the speed-up. Judge the ratio by it.
  console.log(
    "when 'cores used' stays near 1 for both pools and 'machine idle' is ~0%, the machine had no second core to give",
  );
}
