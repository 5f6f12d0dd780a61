/**
 * Prompt fidelity: does the picture answer the prompt? Three lists of prompts, scored apart:
 *
 * - `tuning` (bench/fidelity/prompts.json): the list the vocabulary was tuned on;
 * - `dev` (bench/fidelity/dev.json) and `dev-<area>` (dev-<area>.json): prompts written fresh for later work,
 *   tuned on like the first;
 * - `held-out` (bench/fidelity/held-out.json): written before the open-vocabulary work (issue 28) and frozen,
 *   never edited to pass nor read to choose a table entry. Its score is the one that counts.
 *
 * For each prompt the generator runs as the API runs it (interpretation included) and four things are scored:
 *
 * - subject: the interpretation's subject is the one the prompt means, or that subject is on the
 *   interpretation's `via` path (clownfish → fish), and no fallback was drawn;
 * - colours: each colour the prompt names is in the picture (bench/fidelity-colour.ts; for models the
 *   model's own textures);
 * - colours in parts: where a prompt gives `parts` ({part: colour}), each colour must land inside its part. A generator
 *   that can tell where a part is exports `partMaskForTask(task)` from src/gen/item.ts (the part name under
 *   each pixel); until one does, the part check is the whole-picture check and the report says so;
 * - flavours in parts: where a prompt gives `partFlavours` ({part: flavour word}, "blade": "rusty"), the picture
 *   is drawn again from the prompt without that word; the pixels that differ must exist and all lie in the part
 *   (items and icons: `partMaskForTask`; textures: the overlay's pixels, `texturePartMask`; models: the part's
 *   slot texture is the only one that differs, and the elements are the same);
 * - unmatched words: content words (stop words aside) the interpretation reports `unmatched`, over all
 *   content words.
 *
 * Writes a contact sheet per list and kind, bench/fidelity/sheet-<list>-<kind>.png (prompt order), for a person
 * to judge. Targets (issue 28, held-out): subjects >= 95% for items and models, colours >= 90%, unmatched <= 10%.
 *
 *   bun bench/fidelity.ts [--list tuning|dev|dev-<area>|held-out] [--verbose]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runTask } from "../src/gen/run.ts";
import type { Task } from "../src/gen/task.ts";
import { interpretTask } from "../src/gen/interpret/task.ts";
import { STOP_WORDS, tokens } from "../src/gen/interpret/tokens.ts";
import * as itemModule from "../src/gen/item.ts";
import { decodePng } from "../src/media/png-decode.ts";
import { encodePng, newRgba, type Rgba } from "../src/media/png.ts";
import { blit, resizeNearest } from "../src/media/image.ts";
import { renderModelPreview } from "../src/gen/model-preview.ts";
import { hasColour } from "./fidelity-colour.ts";
import * as textureModule from "../src/gen/texture.ts";

interface Prompt {
  kind: "item" | "texture" | "model" | "sound" | "icon" | "gui" | "hud";
  prompt: string;
  subject: string;
  colours: string[];
  /** Part name → the colour that must land in it ("hilt": "yellow"). */
  parts?: Record<string, string>;
  /** Part name → the flavour word said of it, whose change must land in that part only ("blade": "rusty"). */
  partFlavours?: Record<string, string>;
  name?: string;
  target?: string;
  event?: string;
}

const DIR = join(import.meta.dir, "fidelity");
/**
 * The lists by name: tuning, held-out, and every development list `dev*.json` (dev, dev-textures…), so work on
 * one area can bring fresh prompts of its own without editing another's list.
 */
const FILES: Record<string, string> = {
  tuning: "prompts.json",
  ...Object.fromEntries(
    readdirSync(DIR)
      .filter((f) => /^dev[\w-]*\.json$/.test(f))
      .sort()
      .map((f) => [f.slice(0, -5), f]),
  ),
  "held-out": "held-out.json",
};
const verbose = process.argv.includes("--verbose");
const listArg = process.argv.indexOf("--list");
const only = listArg > 0 ? (process.argv[listArg + 1] as string) : null;
if (only && !(only in FILES)) throw new Error(`--list takes one of ${Object.keys(FILES).join(", ")}, not ${only}`);
const PROVIDER = { name: "procedural" as const, baseUrl: "", model: "", apiKey: "", callTimeoutMs: 0 };
const SEED = 1234;

/** The optional part-mask hook (see the header): the part under each pixel of a task's picture, or null. */
type PartMaskForTask = (task: Task) => { width: number; height: number; parts: (string | null)[] } | null;
const partMaskForTask = (itemModule as Record<string, unknown>).partMaskForTask as PartMaskForTask | undefined;
/** The same for a texture: the overlay a flavour said of it was painted over, under each pixel (optional hook). */
const texturePartMask = (textureModule as Record<string, unknown>).texturePartMask as
  | ((req: Extract<Task, { op: "texture" }>["req"]) => { parts: (string | null)[] })
  | undefined;
/** 1 where `part` is painted; null when the generator cannot tell (no hook, or not an item picture). */
function partMask(task: Task, part: string): Uint8Array | null {
  const m = partMaskForTask?.(task);
  return m ? Uint8Array.from(m.parts, (p) => (p === part ? 1 : 0)) : null;
}

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

interface Tally {
  n: number;
  subjects: number;
  colours: number;
  named: number;
  partColours: number;
  partNamed: number;
  words: number;
  unmatched: number;
  flavoursInParts: number;
  flavoursNamed: number;
  looks: Rgba[];
}
const emptyTally = (): Tally => ({
  n: 0,
  subjects: 0,
  colours: 0,
  named: 0,
  partColours: 0,
  partNamed: 0,
  words: 0,
  unmatched: 0,
  flavoursInParts: 0,
  flavoursNamed: 0,
  looks: [],
});

/** The prompt without one word (its first occurrence and the space after it). */
const withoutWord = (prompt: string, word: string) => prompt.replace(new RegExp(`\\b${word}\\b\\s*`, "i"), "");

/** The part flavours whose change lands in their part only (see the header); the rest, said as "rusty blade". */
async function partFlavoursFound(p: Prompt, task: Task): Promise<{ found: number; missing: string[] }> {
  const missing: string[] = [];
  for (const [part, word] of Object.entries(p.partFlavours ?? {})) {
    const other = taskFor({ ...p, prompt: withoutWord(p.prompt, word) });
    const [a, b] = [await runTask(task, PROVIDER), await runTask(other, PROVIDER)];
    let ok: boolean;
    if (task.op === "model") {
      const slots = new Set([...Object.keys(a.textures ?? {}), ...Object.keys(b.textures ?? {})]);
      const differ = [...slots].filter(
        (s) => !Buffer.from(a.textures?.[s] ?? []).equals(Buffer.from(b.textures?.[s] ?? [])),
      );
      const elements = (out: typeof a) => JSON.stringify(JSON.parse(new TextDecoder().decode(out.main)).elements);
      ok = differ.length > 0 && differ.every((s) => s === part) && elements(a) === elements(b);
    } else {
      const [x, y] = [decodePng(a.main), decodePng(b.main)];
      const mask =
        task.op === "texture"
          ? texturePartMask?.(task.req).parts
          : partMaskForTask?.(task)?.parts.map((q) => q ?? null);
      const changed = [...Array(x.width * x.height).keys()].filter((i) =>
        [0, 1, 2, 3].some((k) => x.data[i * 4 + k] !== y.data[i * 4 + k]),
      );
      ok = !!mask && x.width === y.width && changed.length > 0 && changed.every((i) => mask[i] === part);
    }
    if (!ok) missing.push(`${word} ${part}`);
  }
  return { found: Object.keys(p.partFlavours ?? {}).length - missing.length, missing };
}

/** The part colours found inside their parts (mask from the hook), or over the whole picture without one. */
function partColoursFound(p: Prompt, task: Task, img: Rgba): { found: number; missing: string[] } {
  const missing: string[] = [];
  for (const [part, colour] of Object.entries(p.parts ?? {})) {
    const mask = partMask(task, part);
    if (!hasColour(img, colour, mask)) missing.push(`${colour} ${part}`);
  }
  return { found: Object.keys(p.parts ?? {}).length - missing.length, missing };
}

const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(0)}%` : "-");

async function score(list: string): Promise<void> {
  const { prompts } = JSON.parse(readFileSync(join(DIR, FILES[list]), "utf8")) as { prompts: Prompt[] };
  const byKind = new Map<string, Tally>();
  const misses: string[] = [];
  for (const p of prompts) {
    const task = taskFor(p);
    const read = interpretTask(task) as ReturnType<typeof interpretTask> & { via?: string[][] };
    const reached = read.subject === p.subject || !!read.via?.some((path) => path.includes(p.subject));
    const subjectOk = reached && !read.fallback;
    const { look, pixels } = await picture(task);
    const found = p.colours.filter((c) => pixels.some((img) => hasColour(img, c)));
    const k = byKind.get(p.kind) ?? emptyTally();
    k.n++;
    if (subjectOk) k.subjects++;
    k.named += p.colours.length;
    k.colours += found.length;
    let partMissing: string[] = [];
    let flavourMissing: string[] = [];
    if (p.partFlavours) {
      const f = await partFlavoursFound(p, task);
      k.flavoursNamed += Object.keys(p.partFlavours).length;
      k.flavoursInParts += f.found;
      flavourMissing = f.missing;
    }
    if (p.parts && pixels[0]) {
      const parts = partColoursFound(p, task, pixels[0]);
      k.partNamed += Object.keys(p.parts).length;
      k.partColours += parts.found;
      partMissing = parts.missing;
    }
    const content = tokens(p.prompt).filter((t) => !STOP_WORDS.has(t.raw));
    k.words += content.length;
    k.unmatched += content.filter((t) => read.unmatched.includes(t.raw)).length;
    if (look) k.looks.push(look);
    byKind.set(p.kind, k);
    if (!subjectOk || found.length < p.colours.length || partMissing.length || flavourMissing.length)
      misses.push(
        `${p.kind.padEnd(8)}${JSON.stringify(p.prompt).padEnd(44)} subject ${subjectOk ? "ok" : `${read.subject}${read.fallback ? " (fallback)" : ""}, meant ${p.subject}`}` +
          (found.length < p.colours.length
            ? `; missing colours ${p.colours.filter((c) => !found.includes(c)).join(", ")}`
            : "") +
          (partMissing.length ? `; not in its part: ${partMissing.join(", ")}` : "") +
          (flavourMissing.length ? `; flavour not in its part alone: ${flavourMissing.join(", ")}` : "") +
          (read.unmatched.length ? `; unmatched ${read.unmatched.join(" ")}` : ""),
      );
  }

  const label =
    list === "held-out"
      ? "HELD-OUT (frozen; the score that counts)"
      : list.startsWith("dev")
        ? `${list.toUpperCase()} (fresh prompts for later work, tuned on)`
        : "TUNING (the list the vocabulary was tuned on)";
  console.log(`\n${label}: ${prompts.length} prompts, seed ${SEED}`);
  console.log(
    `${"kind".padEnd(9)}${"prompts".padEnd(9)}${"subjects".padEnd(10)}${"colours".padEnd(16)}${"in parts".padEnd(14)}unmatched words`,
  );
  const t = emptyTally();
  for (const [kind, k] of byKind) {
    console.log(
      `${kind.padEnd(9)}${String(k.n).padEnd(9)}${pct(k.subjects, k.n).padEnd(10)}${`${pct(k.colours, k.named)} of ${k.named}`.padEnd(16)}${`${pct(k.partColours, k.partNamed)} of ${k.partNamed}`.padEnd(14)}${pct(k.unmatched, k.words)} of ${k.words}`,
    );
    for (const f of [
      "n",
      "subjects",
      "colours",
      "named",
      "partColours",
      "partNamed",
      "words",
      "unmatched",
      "flavoursInParts",
      "flavoursNamed",
    ] as const)
      t[f] += k[f];
    if (k.looks.length) writeFileSync(join(DIR, `sheet-${list}-${kind}.png`), encodePng(sheet(k.looks)));
  }
  console.log(
    `${"all".padEnd(9)}${String(t.n).padEnd(9)}${pct(t.subjects, t.n).padEnd(10)}${`${pct(t.colours, t.named)} of ${t.named}`.padEnd(16)}${`${pct(t.partColours, t.partNamed)} of ${t.partNamed}`.padEnd(14)}${pct(t.unmatched, t.words)} of ${t.words}`,
  );
  if (t.flavoursNamed)
    console.log(
      `flavours said of a part, landing in it alone: ${pct(t.flavoursInParts, t.flavoursNamed)} of ${t.flavoursNamed} (${[
        ...byKind,
      ]
        .filter(([, k]) => k.flavoursNamed)
        .map(([kind, k]) => `${kind} ${pct(k.flavoursInParts, k.flavoursNamed)} of ${k.flavoursNamed}`)
        .join(", ")})`,
    );
  if (!partMaskForTask)
    console.log("colours in parts: no part masks from the generator yet, checked over the whole picture");
  console.log(
    `contact sheets: bench/fidelity/sheet-${list}-<kind>.png; ${misses.length} prompts fall short${verbose ? ":" : " (--verbose lists them)"}`,
  );
  if (verbose) for (const m of misses) console.log(`  ${m}`);
}

for (const list of only ? [only] : Object.keys(FILES)) await score(list);
