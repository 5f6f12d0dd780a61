/**
 * The layers of src/ (docs/architecture.md), lowest first, and every relative import between src files
 * (static or dynamic).
 * A file may import its own layer and those below it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

export const SRC = join(import.meta.dir, "../../src");

/** Layer rank of a src path: folder first, with the few files that live above their folder's layer. */
const RANKS: [RegExp, number, string][] = [
  [/^data\//, 0, "data"],
  [/^domain-error\.ts$/, 0, "data"],
  [/^lru\.ts$/, 0, "data"],
  [/^media\//, 1, "media"],
  [/^origin\/(hash|canonical|distinct|floor)/, 1, "media"],
  [/^jobs\//, 6, "jobs"],
  [/^export\//, 6, "jobs"],
  [/^(pack|gen)\//, 2, "pack/gen"],
  [/^config\.ts$/, 3, "config"],
  [/^(store|origin)\//, 3, "store"],
  [/^services\.ts$/, 4, "services"],
  [/^(core|files)\//, 5, "core"],
  [/^ops\//, 7, "ops"],
  [/^(http|mcp|studio|cli)\//, 8, "faces"],
  [/^(app|listen|main)\.ts$/, 9, "entry"],
];

export function layerOf(path: string): { rank: number; name: string } {
  for (const [re, rank, name] of RANKS) if (re.test(path)) return { rank, name };
  throw new Error(`src/${path} belongs to no layer: add it to test/layers/layers.ts and docs/architecture.md`);
}

/** Every "from -> to" import between src files (paths relative to src). */
export function importEdges(): [string, string][] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) {
        if (!["dist", "data"].includes(f)) walk(p);
      } else if (/\.tsx?$/.test(p)) files.push(p);
    }
  };
  walk(SRC);
  const edges: [string, string][] = [];
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    // Static imports and re-exports, and dynamic import("./x.ts") (modules loaded late still depend on it).
    const specifiers =
      /(?:import|export)\s[^"';]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;
    for (const m of text.matchAll(specifiers)) {
      const target = relative(SRC, normalize(join(dirname(f), m[1] ?? m[2])));
      if (target.startsWith("..")) continue; // package.json and the like
      edges.push([relative(SRC, f), target]);
    }
  }
  return edges;
}

/** Imports that point up a layer. */
export const upwardEdges = () =>
  importEdges()
    .filter(([from, to]) => layerOf(to).rank > layerOf(from).rank)
    .map(([from, to]) => `${from} -> ${to}`)
    .sort();
