/**
 * Pack files on export: what an imported pack held besides its assets goes back at its own path, byte for
 * byte. Where the exporter also writes a file at that path, the two are merged rather than one lost:
 *
 * - `pack.mcmeta`: the imported one as written when its format fields serve this version, else with only those
 *   fields fitted (pack/mcmeta-fit.ts): the description (rich text) and every other field are kept;
 * - `sounds.json`: the imported events as written, plus generated events it does not have;
 * - font definitions: the imported providers as written, plus generated providers it does not have.
 *
 * Any other contest goes to the pack file (it is what the pack's author wrote; the exporter's file is
 * reported as a conflict in packsmith-export.json).
 */
import { jsonText, type ExportPlan, type PlannedFile } from "./plan.ts";
import { fitMcmeta } from "../pack/mcmeta-fit.ts";
import type { JsonObject } from "../pack/mcmeta-fields.ts";

export interface KeptPackFile {
  path: string;
  blob: string;
}

const utf8 = new TextDecoder();
const isBinary = (path: string) => /\.(png|ogg)$/i.test(path);
const FONT = /^assets\/[^/]+\/font\/[^/]+\.json$/;
const SOUNDS = /^assets\/[^/]+\/sounds\.json$/;

type Json = Record<string, unknown>;

function parseObject(bytes: Uint8Array): Json | null {
  try {
    const v = JSON.parse(utf8.decode(bytes).replace(/^\uFEFF/, ""));
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

/** `minecraft:font/a.png` and `font/a.png` name the same file. */
const resourceId = (id: unknown) => (typeof id === "string" ? (id.includes(":") ? id : `minecraft:${id}`) : "");

/**
 * The merged content for a contested definition and, when the imported one could not be kept as written,
 * why; null when the pack file simply wins.
 */
function merged(path: string, kept: Json, generated: Json, version: string): { json: Json; rewritten?: string } | null {
  if (path === "pack.mcmeta") {
    const fitted = fitMcmeta(kept as JsonObject, version);
    if (!fitted) return { json: kept };
    return {
      json: fitted.json,
      rewritten: `its format fields are written for the pack's version ${version} (${fitted.changes.join("; ")}); the description and every other field are kept`,
    };
  }
  if (SOUNDS.test(path)) return { json: { ...generated, ...kept } };
  if (FONT.test(path) && Array.isArray(kept.providers) && Array.isArray(generated.providers)) {
    // Imported glyphs are already in the kept providers; only generated icons' providers are new.
    const files = new Set(kept.providers.map((p) => resourceId((p as Json)?.file)));
    const added = generated.providers.filter((p) => !files.has(resourceId((p as Json)?.file)));
    return { json: added.length ? { ...kept, providers: [...kept.providers, ...added] } : kept };
  }
  return null;
}

/** What the zip writer accepts as a name (pack/zip-write.ts checkName); a kept file with another is reported. */
function writablePath(path: string): boolean {
  if (!path || path.startsWith("/") || path.includes("\\") || /[\x00-\x1f\x7f]/.test(path)) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

/** Adds the pack files to the plan, merging the definitions the exporter writes too. */
export async function planPackFiles(
  plan: ExportPlan,
  files: KeptPackFile[],
  read: (blob: string) => Promise<Uint8Array>,
): Promise<void> {
  const generatedAt = new Map<string, PlannedFile>();
  for (const f of plan.files) if ("text" in f.source && f.rank === 2) generatedAt.set(f.path, f);
  for (const f of files) {
    if (!writablePath(f.path)) {
      plan.report.dropKept(
        f.path,
        "a zip entry cannot have this name (control characters, backslashes or empty segments)",
      );
      continue;
    }
    const generated = generatedAt.get(f.path);
    if (generated && "text" in generated.source) {
      const kept = parseObject(await read(f.blob));
      const mine = parseObject(new TextEncoder().encode(generated.source.text));
      const both = kept && mine ? merged(f.path, kept, mine, plan.version) : null;
      if (both) {
        // Unchanged definitions go back byte for byte; merged ones are written out.
        generated.source =
          both.json === kept
            ? { blob: f.blob }
            : // pack.mcmeta with \u escapes: clients before 1.19.3 read it as ASCII.
              { text: f.path === "pack.mcmeta" ? jsonText(both.json) : `${JSON.stringify(both.json, null, 2)}\n` };
        if (both.rewritten) plan.report.rewrote(f.path, both.rewritten);
        continue;
      }
      // pack.mcmeta must stay the exporter's when the kept one cannot be read: the version fields matter.
      if (f.path === "pack.mcmeta") continue;
    }
    plan.files.push({
      path: f.path,
      source: { blob: f.blob },
      compress: !isBinary(f.path) || !!plan.options.optimize,
      origin: null,
      asset: null,
      rank: 0,
    });
  }
}

/**
 * The characters the pack's kept font definitions already use, by font id (`minecraft:default`): bitmap
 * providers' `chars` grids and `space` providers' `advances`. Generated icons must not take these (server
 * packs often use private-use characters for negative space and menu glyphs).
 */
export async function keptFontChars(
  files: KeptPackFile[],
  read: (blob: string) => Promise<Uint8Array>,
): Promise<Map<string, Set<string>>> {
  const used = new Map<string, Set<string>>();
  for (const f of files) {
    const m = /^assets\/([^/]+)\/font\/(.+)\.json$/.exec(f.path);
    if (!m) continue;
    const json = parseObject(await read(f.blob));
    if (!json || !Array.isArray(json.providers)) continue;
    const set = used.get(`${m[1]}:${m[2]}`) ?? new Set<string>();
    used.set(`${m[1]}:${m[2]}`, set);
    for (const p of json.providers as Json[]) {
      if (Array.isArray(p?.chars))
        for (const row of p.chars) if (typeof row === "string") for (const c of row) set.add(c);
      if (p?.advances && typeof p.advances === "object") for (const c of Object.keys(p.advances as Json)) set.add(c);
    }
  }
  return used;
}
