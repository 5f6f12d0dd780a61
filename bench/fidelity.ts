/**
 * Prompt fidelity: does the picture answer the prompt? For each prompt of bench/fidelity/prompts.json the
 * generator runs as the API would run it (interpretation included), and two things are scored:
 *
 * - subject: the interpretation names the subject the prompt means, with no fallback;
 * - colours: each colour the prompt names is in the picture (some opaque pixel of that hue, or lightness
 *   for white/black; for models the model's own textures). Checked over the whole picture, not per part.
 *
 * Writes a contact sheet per kind to bench/fidelity/sheet-<kind>.png (pictures in prompt order) for a
 * person to judge. Targets (issue 11): subjects >= 90%, named colours >= 85%.
 *
 *   bun bench/fidelity.ts [--verbose]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runTask } from "../src/gen/run.ts";
import type { Task } from "../src/gen/task.ts";
import { interpretTask } from "../src/gen/interpret/task.ts";
import { decodePng } from "../src/media/png-decode.ts";
import { encodePng, newRgba, type Rgba } from "../src/media/png.ts";
import { blit, resizeNearest } from "../src/media/image.ts";
import { rgbToHsl } from "../src/gen/art/colour.ts";
import { renderModelPreview } from "../src/gen/model-preview.ts";

interface Prompt {
  kind: "item" | "texture" | "model" | "sound" | "icon" | "gui" | "hud";
  prompt: string;
  subject: string;
  colours: string[];
  name?: string;
  target?: string;
  event?: string;
}

const DIR = join(import.meta.dir, "fidelity");
const verbose = process.argv.includes("--verbose");
const { prompts } = JSON.parse(readFileSync(join(DIR, "prompts.json"), "utf8")) as { prompts: Prompt[] };
const PROVIDER = { name: "procedural" as const, baseUrl: "", model: "", apiKey: "", callTimeoutMs: 0 };
const SEED = 1234;

function taskFor(p: Prompt): Task {
  const common = { prompt: p.prompt, seed: SEED };
  switch (p.kind) {
    case "item":
      return { op: "item", req: { ...common, size: 16, target: null } };
    case "texture":
      return { op: "texture", req: { ...common, size: 16, mode: "custom", description: p.prompt } };
    case "icon":
      return { op: "icon", req: { ...common, name: p.name ?? p.subject } };
    case "gui":
      return { op: "gui", req: { ...common, target: p.target ?? "generic_54" } };
    case "hud":
      return { op: "hud", req: common };
    case "sound":
      return { op: "sound", req: { ...common, event: p.event ?? "entity.player.hurt", durationSeconds: 0.3 } };
    case "model":
      return {
        op: "model",
        req: { ...common, carrierKind: "item", directional: false, minecraftVersion: "1.21.11" },
        texturePrefix: "fidelity:block/",
      };
  }
}

/** Hue (degrees) of the chromatic colour names; white, black, grey and brown are judged apart. */
const HUES: Record<string, number> = {
  red: 0,
  orange: 28,
  yellow: 52,
  lime: 90,
  green: 120,
  teal: 172,
  cyan: 188,
  blue: 225,
  purple: 275,
  magenta: 305,
  pink: 335,
};

function hasColour(img: Rgba, colour: string): boolean {
  for (let i = 0; i < img.data.length; i += 4) {
    if (img.data[i + 3] < 128) continue;
    const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
    const hue = h * 360;
    if (colour === "white" ? l >= 0.78 && s <= 0.35 : colour === "black" ? l <= 0.18 : false) return true;
    if (colour === "brown" && hue >= 8 && hue <= 45 && l >= 0.12 && l <= 0.5 && s >= 0.2) return true;
    // Pink is a light red or magenta.
    if (colour === "pink" && (hue >= 300 || hue <= 20) && l >= 0.6 && s >= 0.25) return true;
    const want = HUES[colour];
    if (want === undefined || s < 0.25 || l < 0.15 || l > 0.9) continue;
    const d = Math.abs(((hue - want + 540) % 360) - 180);
    // The game's greens lean yellow (grass, moss, leaves): green takes a wider band.
    if (d <= (colour === "green" ? 45 : 22)) return true;
  }
  return false;
}

/** The picture a person looks at, and the pixels the colour check reads. */
async function picture(task: Task): Promise<{ look: Rgba | null; pixels: Rgba[] }> {
  const out = await runTask(task, PROVIDER);
  if (task.op === "sound") return { look: null, pixels: [] };
  if (task.op === "model") {
    const textures = Object.fromEntries(
      Object.entries(out.textures ?? {}).map(([slot, png]) => [slot, decodePng(png)]),
    );
    const model = JSON.parse(new TextDecoder().decode(out.main));
    return { look: renderModelPreview(model, textures, { size: 64 }), pixels: Object.values(textures) };
  }
  const img = decodePng(out.main);
  return { look: img, pixels: [img] };
}

const CELL = 64;
function sheet(images: Rgba[]): Rgba {
  const cols = 10;
  const out = newRgba(cols * (CELL + 4), Math.ceil(images.length / cols) * (CELL + 4));
  for (let i = 0; i < out.data.length; i += 4) out.data.set([40, 42, 46, 255], i);
  images.forEach((img, k) => {
    const scale = Math.max(1, Math.floor(CELL / Math.max(img.width, img.height)));
    const w = Math.min(CELL, img.width * scale);
    const h = Math.min(CELL, img.height * scale);
    blit(out, resizeNearest(img, w, h), (k % cols) * (CELL + 4) + 2, Math.floor(k / cols) * (CELL + 4) + 2);
  });
  return out;
}

const byKind = new Map<string, { n: number; subjects: number; colours: number; named: number; looks: Rgba[] }>();
const misses: string[] = [];
for (const p of prompts) {
  const task = taskFor(p);
  const read = interpretTask(task);
  const subjectOk = read.subject === p.subject && !read.fallback;
  const { look, pixels } = await picture(task);
  const found = p.colours.filter((c) => pixels.some((img) => hasColour(img, c)));
  const k = byKind.get(p.kind) ?? { n: 0, subjects: 0, colours: 0, named: 0, looks: [] };
  k.n++;
  if (subjectOk) k.subjects++;
  k.named += p.colours.length;
  k.colours += found.length;
  if (look) k.looks.push(look);
  byKind.set(p.kind, k);
  if (!subjectOk || found.length < p.colours.length)
    misses.push(
      `${p.kind.padEnd(8)}${JSON.stringify(p.prompt).padEnd(44)} subject ${subjectOk ? "ok" : `${read.subject}${read.fallback ? " (fallback)" : ""}, meant ${p.subject}`}` +
        (found.length < p.colours.length
          ? `; missing colours ${p.colours.filter((c) => !found.includes(c)).join(", ")}`
          : "") +
        (read.unmatched.length ? `; unmatched ${read.unmatched.join(" ")}` : ""),
    );
}

const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(0)}%` : "-");
console.log(`prompt fidelity over ${prompts.length} prompts (seed ${SEED}); targets: subjects >= 90%, colours >= 85%`);
console.log(`${"kind".padEnd(9)}${"prompts".padEnd(9)}${"subjects".padEnd(10)}named colours`);
let t = { n: 0, subjects: 0, colours: 0, named: 0 };
for (const [kind, k] of byKind) {
  console.log(
    `${kind.padEnd(9)}${String(k.n).padEnd(9)}${pct(k.subjects, k.n).padEnd(10)}${pct(k.colours, k.named)} of ${k.named}`,
  );
  t = { n: t.n + k.n, subjects: t.subjects + k.subjects, colours: t.colours + k.colours, named: t.named + k.named };
  if (k.looks.length) writeFileSync(join(DIR, `sheet-${kind}.png`), encodePng(sheet(k.looks)));
}
console.log(
  `${"all".padEnd(9)}${String(t.n).padEnd(9)}${pct(t.subjects, t.n).padEnd(10)}${pct(t.colours, t.named)} of ${t.named}`,
);
console.log(
  `contact sheets: bench/fidelity/sheet-<kind>.png; ${misses.length} prompts fall short${verbose ? ":" : " (--verbose lists them)"}`,
);
if (verbose) for (const m of misses) console.log(`  ${m}`);
