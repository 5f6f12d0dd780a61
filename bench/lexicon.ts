/**
 * What the open vocabulary costs (issue 28): the lexicon table's one-time load, its cost per prompt, and a
 * 16×16 texture's and item's worker time with it (targets: texture < 5 ms; the lexicon no per-request file
 * read). Prompts: the tuning list of the fidelity bench (never the held-out list) plus long-tail words.
 *
 *   bun bench/lexicon.ts [rounds]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROUNDS = Number(process.argv[2] ?? 20);
const t0 = performance.now();
const { foldWord, reach, lexiconSize } = await import("../src/gen/interpret/lexicon.ts");
// The table is parsed on the first lookup: the load is the import plus that first lookup.
const size = lexiconSize();
const loadMs = performance.now() - t0;
const { interpret } = await import("../src/gen/interpret/read.ts");
const { tokens, STOP_WORDS } = await import("../src/gen/interpret/tokens.ts");
const { generateTexture } = await import("../src/gen/texture.ts");
const { generateItem } = await import("../src/gen/item.ts");

const { prompts } = JSON.parse(readFileSync(join(import.meta.dir, "fidelity", "prompts.json"), "utf8")) as {
  prompts: { kind: string; prompt: string }[];
};
const EXTRA = [
  "striped tropical clownfish",
  "knight's steel longsword with a leather grip",
  "dripping beeswax candle",
  "slice of watermelon",
  "copper with patina",
  "crimson battleaxe",
  "a brass gizmo",
];
const texts = [...prompts.map((p) => p.prompt), ...EXTRA];

const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];

/** The lexicon's own work for one prompt: every content word looked up as a subject and folded as a painter word. */
function lexiconWork(text: string): number {
  let hits = 0;
  for (const t of tokens(text)) {
    if (STOP_WORDS.has(t.raw)) continue;
    if (reach(t.raw, ["f", "l", "b"])) hits++;
    if (foldWord(t.raw)) hits++;
  }
  return hits;
}

const perPrompt: number[] = [];
const interpretMs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  let a = performance.now();
  for (const t of texts) lexiconWork(t);
  perPrompt.push((performance.now() - a) / texts.length);
  a = performance.now();
  for (const t of texts) interpret("item", t);
  interpretMs.push((performance.now() - a) / texts.length);
}

const timeOf = (f: (i: number) => void, n = 200) => {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    f(i);
    xs.push(performance.now() - a);
  }
  return median(xs);
};
const texturePrompts = prompts.filter((p) => p.kind === "texture").map((p) => p.prompt);
const itemPrompts = [...prompts.filter((p) => p.kind === "item").map((p) => p.prompt), ...EXTRA];
const texture = timeOf((i) =>
  generateTexture({ prompt: texturePrompts[i % texturePrompts.length], seed: i, size: 16, mode: "custom" }),
);
const item = timeOf((i) =>
  generateItem({ prompt: itemPrompts[i % itemPrompts.length], seed: i, size: 16, target: null }),
);

console.log(`lexicon: ${size.words} words, ${size.library} library subjects`);
console.log(`table load (import and parse on first use, once per process): ${loadMs.toFixed(1)} ms`);
console.log(
  `lexicon work per prompt (median of ${ROUNDS} rounds over ${texts.length} prompts): ${(median(perPrompt) * 1000).toFixed(1)} µs`,
);
console.log(`interpret() per item prompt, lexicon included: ${(median(interpretMs) * 1000).toFixed(1)} µs`);
console.log(`16×16 texture, median worker time: ${texture.toFixed(2)} ms (target < 5 ms)`);
console.log(`16×16 item (library subjects included), median: ${item.toFixed(2)} ms`);
