/**
 * Plans the import of a resource-pack zip: where the pack is, which game version it is read as,
 * which overlays apply, and for every file either the asset it becomes or why it is left out.
 * Reads only small definition files (pack.mcmeta, sounds.json, font JSON); images and sounds are
 * read later, entry by entry, by whoever carries the plan out.
 *
 * Choices:
 * - A pack.mcmeta that cannot be read (e.g. a missing comma) does not refuse the import: the files are
 *   still good and export writes a fresh pack.mcmeta. The plan uses the default version and says so
 *   in `warnings`, including the problem and its line, so the caller can pass `minecraftVersion`.
 * - `minecraftVersion` from the request wins over pack.mcmeta; `versionSource` is then "default"
 *   (the spec names only "pack.mcmeta" and "default") and a warning records the override.
 * - A zip with no usable file, a shader pack or a non-zip is `not_a_pack`.
 */
import { DomainError, invalid } from "../domain-error.ts";
import { compareVersions, isRelease } from "./versions.ts";
import { DEFAULT_IMPORT_VERSION, parseMcmeta, versionFromMcmeta, overlaysFor, type ParsedMcmeta } from "./mcmeta.ts";
import { openZip, ZIP_SKIP_REASONS, ZipError, type ZipArchive, type ZipEntry, type ZipLimits } from "./zip-read.ts";
import {
  classifyPackPath,
  isSourceOrJunk,
  readFonts,
  readSoundEvents,
  SKIP,
  type AssetTarget,
  type GlyphInfo,
  type LogicalFile,
  type PathRole,
} from "./import-paths.ts";

export { SKIP } from "./import-paths.ts";

export interface ImportItem extends AssetTarget {
  /** Zip entry to read (full path, including any top folder or overlay folder). */
  path: string;
  /** Zip entry of the `.png.mcmeta` sidecar that travels with this texture. */
  mcmeta?: string;
  /** Overlay folder the file came from, when a version overlay replaced the base file. */
  overlay?: string;
  /** Set on font glyph sheets that a bitmap provider in the pack uses. */
  glyph?: GlyphInfo;
  /** Sound events (`namespace:event`) in the pack's sounds.json that play this file. */
  events?: string[];
}

export interface PlannedCounts {
  /** Block, item, model and armour textures. */
  textures: number;
  /** Models and item model definitions. */
  models: number;
  /** Font glyph sheets. */
  glyphs: number;
  /** GUI container sheets, GUI sprites and HUD sprites/sheets. */
  guis: number;
  sounds: number;
  /** Files kept as they are (pack files), written back on export. */
  files: number;
}

export interface SkipGroup {
  reason: string;
  count: number;
  /** Up to five zip entry paths. */
  examples: string[];
}

/** A file kept byte for byte as a pack file (not an asset), written back at `path` on export. */
export interface KeptFile {
  /** Zip entry to read. */
  entry: string;
  /** Path inside the pack, from its root (an overlay's files keep their overlay folder). */
  path: string;
  reason: string;
}

export interface ImportPlan {
  /** Folder prefix of the pack inside the zip: "" or "<folder>/". */
  root: string;
  minecraftVersion: string;
  versionSource: "pack.mcmeta" | "default";
  description: string;
  /** Zip entry of pack.png, the pack icon. */
  packIcon?: string;
  /** Overlay folders applied, in the order pack.mcmeta lists them (later ones win). */
  overlays: string[];
  planned: PlannedCounts;
  /** What stays out: source files and junk only (READMEs and licences outside assets/, editor files, dot-files). */
  skipped: SkipGroup[];
  /** What is kept as pack files, grouped by why it is not an asset. */
  kept: SkipGroup[];
  warnings: string[];
  items: ImportItem[];
  keptFiles: KeptFile[];
  /** Entries read for their content but not stored as assets: pack.mcmeta, pack.png, sounds.json, font JSON, sidecars. */
  definitions: string[];
}

export interface PlanOptions {
  /** Overrides the version pack.mcmeta declares. */
  minecraftVersion?: string;
  /** Version used when neither the request nor pack.mcmeta gives one. */
  defaultVersion?: string;
}

/** Packsmith's own export report: every export writes it anew. */
const EXPORT_REPORT = "packsmith-export.json";
const SHADER_SOURCE = /\.(fsh|vsh|gsh|csh|glsl)$/i;
const OS_JUNK = /^(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/;
const notAPack = (message: string, cause?: unknown) => new DomainError("not_a_pack", message, cause);

/**
 * Opens an uploaded file as a pack zip, turning zip refusals into API errors: a file past a size or
 * count bound is `file_too_large`; anything else (not a zip, a .rar, a damaged archive) is `not_a_pack`.
 */
export function openPackZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): ZipArchive {
  try {
    return openZip(bytes, limits);
  } catch (e) {
    if (!(e instanceof ZipError)) throw e;
    throw e.overLimit
      ? new DomainError("file_too_large", e.message, e)
      : notAPack(`${e.message}; a resource pack must be a .zip file`, e);
  }
}

/** The pack root: `pack.mcmeta` at the top, or one top folder (a repository download) holding it or assets/. */
export function findPackRoot(names: readonly string[]): string {
  const has = new Set(names);
  if (has.has("pack.mcmeta")) return "";
  const tops = new Set(
    names.filter((n) => !OS_JUNK.test(n)).map((n) => n.split("/", 1)[0] + (n.includes("/") ? "/" : "")),
  );
  const only = tops.size === 1 ? [...tops][0] : "";
  const root =
    only.endsWith("/") && (has.has(`${only}pack.mcmeta`) || names.some((n) => n.startsWith(`${only}assets/`)))
      ? only
      : "";
  if (root || names.some((n) => n.startsWith("assets/"))) return root;
  const shaderDirs = ["shaders/", `${only}shaders/`];
  if (names.some((n) => shaderDirs.some((d) => n.startsWith(d)) && SHADER_SOURCE.test(n)))
    throw notAPack(
      "this is a shader pack (a shaders/ folder of GLSL programs for OptiFine or Iris), not a resource pack",
    );
  throw notAPack(
    "no pack.mcmeta or assets/ folder at the top of the zip or inside its single top folder; this is not a resource pack",
  );
}

export function planImport(archive: ZipArchive, opts: PlanOptions = {}): ImportPlan {
  if (archive.entries.length === 0) {
    const refused = archive.skipped.filter((s) => s.code !== "directory");
    throw notAPack(refused.length ? `the zip holds no readable files (${refused[0].detail})` : "the zip is empty");
  }
  const root = findPackRoot(archive.entries.map((e) => e.name));
  const warnings: string[] = [];
  const skips = new SkipTally();
  const keeps = new SkipTally();
  const keptFiles: KeptFile[] = [];
  const keep = (entry: ZipEntry, path: string, reason: string) => {
    keeps.add(reason, entry.name);
    keptFiles.push({ entry: entry.name, path, reason });
  };
  const definitions: string[] = [];

  const mcmetaEntry = archive.get(`${root}pack.mcmeta`);
  const parsed = mcmetaEntry ? readMcmeta(archive, mcmetaEntry, warnings) : null;
  if (!mcmetaEntry) warnings.push("the pack has no pack.mcmeta; its game version is not declared");
  const { version, source } = chooseVersion(parsed, opts, warnings);
  // An overlay named like a pack folder would swallow the base pack; such entries are ignored.
  const declared = new Set(
    parsed?.overlays.map((o) => o.directory).filter((d) => d !== "assets" && d !== "data") ?? [],
  );
  const applied = parsed
    ? overlaysFor(parsed, version).filter(
        (d) => declared.has(d) && archive.entries.some((e) => e.name.startsWith(`${root}${d}/`)),
      )
    : [];

  // Layer the pack: base files, then applied overlays in declared order (later ones win).
  const files = new Map<string, LogicalFile>();
  const overlayFiles: [string, LogicalFile][] = [];
  for (const entry of archive.entries) {
    if (!entry.name.startsWith(root)) {
      skips.add(OS_JUNK.test(entry.name) ? SKIP.outsideAssets : SKIP.outsideRoot, entry.name);
      continue;
    }
    const rel = entry.name.slice(root.length);
    if (isSourceOrJunk(rel)) {
      skips.add(SKIP.sourceOrJunk, entry.name);
      continue;
    }
    if (rel === EXPORT_REPORT) {
      skips.add(SKIP.exportReport, entry.name);
      continue;
    }
    const top = rel.split("/", 1)[0];
    if (rel.includes("/") && declared.has(top)) {
      const inner = rel.slice(top.length + 1);
      if (!applied.includes(top)) keep(entry, rel, SKIP.otherOverlay);
      else if (!inner.startsWith("assets/")) keep(entry, rel, SKIP.outsideAssets);
      else overlayFiles.push([inner, { entry, overlay: top }]);
    } else files.set(rel, { entry });
  }
  overlayFiles.sort((a, b) => applied.indexOf(a[1].overlay!) - applied.indexOf(b[1].overlay!));
  for (const [inner, file] of overlayFiles) {
    const replaced = files.get(inner);
    // The base file stays in the pack at its own path; the overlay's copy is what this version reads.
    if (replaced) keep(replaced.entry, logicalPath(replaced, inner), SKIP.replaced);
    files.set(inner, file);
  }

  const roles = new Map<string, PathRole>();
  for (const logical of files.keys()) roles.set(logical, classifyPackPath(logical));
  const glyphs = readFonts(archive, files, roles, warnings);
  const events = readSoundEvents(archive, files, roles, warnings);

  const items: ImportItem[] = [];
  const byLogical = new Map<string, ImportItem>();
  const taken = new Set<string>();
  const sidecars: [string, LogicalFile, string][] = [];
  for (const [logical, file] of files) {
    const role = roles.get(logical)!;
    const path = file.entry.name;
    const at = logicalPath(file, logical);
    if (role.role === "skip") keep(file.entry, at, role.reason);
    else if (role.role === "sidecar") sidecars.push([logical, file, logical.slice(0, -".mcmeta".length)]);
    else if (role.role !== "asset") {
      // Definitions are read for their metadata and kept as they are: export merges what it generates
      // into them (sounds.json, fonts) or writes its own fields around them (pack.mcmeta).
      keep(file.entry, at, DEFINITION_REASON[role.role]);
      if (role.role === "pack_mcmeta" && !parsed) continue; // counted by readMcmeta's outcome below
      definitions.push(path);
    } else {
      const key = `${role.asset.kind}\u0000${role.asset.name}`;
      if (taken.has(key)) {
        keep(file.entry, at, SKIP.nameClash);
        continue;
      }
      taken.add(key);
      const item: ImportItem = { path, ...role.asset, ...(file.overlay ? { overlay: file.overlay } : {}) };
      const glyph = glyphs.get(logical);
      if (glyph) item.glyph = glyph;
      const played = events.get(logical);
      if (played && item.kind === "sound") item.events = played;
      items.push(item);
      byLogical.set(logical, item);
    }
  }
  for (const [logical, file, image] of sidecars) {
    const owner = byLogical.get(image);
    const imageRole = roles.get(image);
    if (owner) {
      owner.mcmeta = file.entry.name;
      definitions.push(file.entry.name);
    } else
      keep(file.entry, logicalPath(file, logical), imageRole?.role === "skip" ? imageRole.reason : SKIP.orphanMeta);
  }
  for (const s of archive.skipped)
    if (s.code !== "directory") skips.add(`zip entry refused: ${ZIP_SKIP_REASONS[s.code]}`, s.name);

  const skipped = skips.groups();
  // Usable: any asset, or any kept file of pack content (a language pack, a font sheet replacement).
  if (items.length === 0 && !keptFiles.some((f) => f.path.startsWith("assets/") || /^[^/]+\/assets\//.test(f.path))) {
    const why = skipped
      .slice(0, 3)
      .map((g) => `${g.count} × ${g.reason}`)
      .join("; ");
    throw notAPack(`the zip holds nothing a pack here can use${why ? ` (${why})` : ""}`);
  }
  const packIcon = files.get("pack.png")?.entry.name;
  return {
    root,
    minecraftVersion: version,
    versionSource: source,
    description: parsed?.description ?? "",
    ...(packIcon ? { packIcon } : {}),
    overlays: applied,
    planned: { ...countPlanned(items), files: keptFiles.length },
    skipped,
    kept: keeps.groups(),
    warnings: [...warnings, ...layoutWarnings(items, version)],
    items,
    keptFiles,
    definitions,
  };
}

/** Why a definition file is kept as a pack file. */
const DEFINITION_REASON: Record<"pack_mcmeta" | "pack_icon" | "sounds_json" | "font_definition", string> = {
  pack_mcmeta: "pack.mcmeta: its sections other than `pack` (overlays, language, filter…) are written back",
  pack_icon: "the pack's icon",
  sounds_json: "sounds.json: kept as written, with generated sounds merged in on export",
  font_definition: "font definitions: kept as written, with generated icons merged in on export",
};

/** A file's path inside the pack: its overlay folder, if it came from one, before its logical path. */
const logicalPath = (file: LogicalFile, logical: string) => (file.overlay ? `${file.overlay}/${logical}` : logical);

function readMcmeta(archive: ZipArchive, entry: ZipEntry, warnings: string[]): ParsedMcmeta | null {
  let parsed: ParsedMcmeta;
  try {
    parsed = parseMcmeta(archive.read(entry));
  } catch (e) {
    if (!(e instanceof ZipError)) throw e;
    warnings.push(`pack.mcmeta could not be read (${e.message}); its version and overlays were ignored`);
    return null;
  }
  warnings.push(...parsed.warnings);
  if (parsed.problems.length === 0) return parsed;
  warnings.push(`${parsed.problems.join("; ")}; its version and overlays were ignored`);
  return null;
}

function chooseVersion(parsed: ParsedMcmeta | null, opts: PlanOptions, warnings: string[]) {
  if (opts.minecraftVersion !== undefined) {
    if (!isRelease(opts.minecraftVersion)) throw invalid(`unknown Minecraft version "${opts.minecraftVersion}"`);
    if (parsed) {
      const declared = versionFromMcmeta(parsed, { fallback: opts.defaultVersion });
      if (declared.version !== opts.minecraftVersion)
        warnings.push(
          `minecraftVersion ${opts.minecraftVersion} from the request overrides ${declared.version}, which pack.mcmeta declares`,
        );
    }
    return { version: opts.minecraftVersion, source: "default" as const };
  }
  const fallback = opts.defaultVersion ?? DEFAULT_IMPORT_VERSION;
  if (!isRelease(fallback)) throw invalid(`unknown default Minecraft version "${fallback}"`);
  const chosen = parsed
    ? versionFromMcmeta(parsed, { fallback })
    : { version: fallback, source: "default" as const, note: undefined };
  if (chosen.note) warnings.push(chosen.note);
  if (chosen.source === "default")
    warnings.push(`imported as ${chosen.version} (the default); pass minecraftVersion to choose another`);
  return chosen;
}

/** Files in folders the chosen version does not read: usually a sign that the declared version is off. */
function layoutWarnings(items: ImportItem[], version: string): string[] {
  const tooNew = new Map<string, number>();
  const tooOld = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const item of items) {
    if (item.since && compareVersions(version, item.since) < 0) bump(tooNew, item.since);
    if (item.until && compareVersions(version, item.until) >= 0) bump(tooOld, item.until);
  }
  const fix = "pass minecraftVersion to read it as another version";
  const files = (n: number) => (n === 1 ? "1 file uses" : `${n} files use`);
  return [
    ...[...tooNew].map(
      ([since, n]) =>
        `${files(n)} the folder layout of ${since} and newer, but the pack is read as ${version}, where ${n === 1 ? "it does" : "they do"} not load; ${fix}`,
    ),
    ...[...tooOld].map(
      ([until, n]) =>
        `${files(n)} a folder layout the game stopped reading in ${until}, but the pack is read as ${version}; ${fix}`,
    ),
  ];
}

function countPlanned(items: ImportItem[]): Omit<PlannedCounts, "files"> {
  const planned = { textures: 0, models: 0, glyphs: 0, guis: 0, sounds: 0 };
  for (const item of items) {
    if (item.kind === "model") planned.models++;
    else if (item.kind === "font") planned.glyphs++;
    else if (item.kind === "sound") planned.sounds++;
    else if (item.type === "gui" || item.type === "hud") planned.guis++;
    else planned.textures++;
  }
  return planned;
}

class SkipTally {
  private readonly byReason = new Map<string, SkipGroup>();
  add(reason: string, path: string) {
    let group = this.byReason.get(reason);
    if (!group) this.byReason.set(reason, (group = { reason, count: 0, examples: [] }));
    group.count++;
    if (group.examples.length < 5) group.examples.push(path);
  }
  groups(): SkipGroup[] {
    return [...this.byReason.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}
