/**
 * Time per generated asset (median of many runs) for each kind and size, printed as a table.
 * Run: bun bench/generate.ts [runs]
 * Each row of KINDS is one way of producing an asset; add rows (e.g. through the worker pool) to compare.
 */
import { generateTexture } from "../src/gen/texture";
import { generateItem } from "../src/gen/item";
import { generateIcon } from "../src/gen/icon";

const RUNS = Number(process.argv[2] ?? 60);
const SIZES = [16, 32, 64, 128];
const TEXTURE_PROMPTS = ["stone", "mossy cobblestone", "diamond ore", "oak planks", "oak leaves", "lava"];
const ITEM_PROMPTS = ["diamond sword", "iron pickaxe", "apple", "potion of healing"];
const ICON_NAMES = ["heart", "star", "coin", "skull"];

export interface BenchKind {
  name: string;
  /** Produces one asset of the given size; `i` varies the request so caches cannot help. */
  run: (size: number, i: number) => unknown;
}

export const KINDS: BenchKind[] = [
  {
    name: "texture",
    run: (size, i) => generateTexture({ prompt: TEXTURE_PROMPTS[i % TEXTURE_PROMPTS.length], seed: i, size, mode: "custom" }),
  },
  { name: "item", run: (size, i) => generateItem({ prompt: ITEM_PROMPTS[i % ITEM_PROMPTS.length], seed: i, size }) },
  // Icons are sized by height (up to 32); larger sizes are clamped by the generator.
  { name: "icon", run: (size, i) => generateIcon({ name: ICON_NAMES[i % ICON_NAMES.length], prompt: "", seed: i, height: size }) },
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

if (import.meta.main) {
  const header = ["kind", ...SIZES.map((s) => `${s}px (ms)`)];
  const rows = KINDS.map((k) => [k.name, ...SIZES.map((s) => measure(k, s).toFixed(3))]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((v, c) => v.padStart(widths[c])).join("  ");
  console.log(`median of ${RUNS} runs per cell, PNG bytes included`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}
