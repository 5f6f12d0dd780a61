/**
 * Worker (CPU) time of a 16×16 block texture through the layer stack (structure × material × overlays × wear): the
 * median over every laid structure with every overlay, against plain structures in the same run (the
 * baseline). Target: under 5 ms. Encoding to PNG included, as a worker does it.
 *
 *   bun bench/texture-layers.ts [rounds]
 */
import { generateTexture } from "../src/gen/texture";
import { STRUCTURE_WORDS } from "../src/gen/art/vocabulary";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROUNDS = Number(process.argv[2] ?? 5);
const OVERLAYS = [
  "with gold veins",
  "with lava cracks",
  "with glowing runes",
  "with ivy",
  "with pink blossoms",
  "with gold rivets",
  "with iron corners",
  "with a gold border",
  "with white dots",
  "snowy",
  "frosted",
  "with sand in the joints",
  "with blue grout",
  "covered in moss",
  "with snow",
];
const WORDS = [...new Map(Object.entries(STRUCTURE_WORDS).map(([w, s]) => [s, w])).values()];

/**
 * CPU time per texture (process.cpuUsage, user + system): on a shared machine wall time also counts the time
 * other processes held the core, which says nothing about the painter.
 */
function timeAll(prompts: string[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    prompts.forEach((p, i) => {
      const t0 = process.cpuUsage();
      generateTexture({ prompt: p, description: p, mode: "custom", size: 16, seed: r * 1000 + i });
      const d = process.cpuUsage(t0);
      out.push((d.user + d.system) / 1000);
    });
  return out.sort((a, b) => a - b);
}
const q = (xs: number[], f: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * f))];

const plain = WORDS.map((w) => `stone ${w}`);
/** Prompts as people type them: the texture development list (nouns, built things, places, covers). */
const typed = (
  JSON.parse(readFileSync(join(import.meta.dir, "fidelity/dev-textures.json"), "utf8")) as {
    prompts: { kind: string; prompt: string }[];
  }
).prompts
  .filter((p) => p.kind === "texture")
  .map((p) => p.prompt);
const layered = WORDS.flatMap((w) => OVERLAYS.map((o) => `mossy stone ${w} ${o}`));
// Warm-up: every painter and overlay once, so the timed rounds measure drawing, not first-call compilation.
for (const p of [...plain, ...layered, ...typed])
  generateTexture({ prompt: p, description: p, mode: "custom", size: 16, seed: 99_999 });
const base = timeAll(plain);
const stack = timeAll(layered);
const words = timeAll(typed);
console.log(`16x16 texture worker CPU time, ${ROUNDS} rounds (ms): median / p95 / max`);
console.log(`plain structures   (${plain.length}):  ${[0.5, 0.95, 1].map((f) => q(base, f).toFixed(2)).join(" / ")}`);
console.log(`with one overlay  (${layered.length}): ${[0.5, 0.95, 1].map((f) => q(stack, f).toFixed(2)).join(" / ")}`);
console.log(`dev-textures list (${typed.length}): ${[0.5, 0.95, 1].map((f) => q(words, f).toFixed(2)).join(" / ")}`);
console.log(`target: under 5 ms`);
