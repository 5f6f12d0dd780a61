/**
 * The pack checker: a resource pack zip checked against one Minecraft release's rules and game data. Used by
 * `packsmith check`, POST /v1/check (MCP check_pack) and the tests. Overlay folders are not checked yet; the
 * base pack is what every release reads.
 */
import { invalid } from "../../domain-error.ts";
import { findPackRoot, openPackZip } from "../import-plan.ts";
import { versionFromMcmeta } from "../mcmeta.ts";
import { isRelease, newestRelease, oldestRelease } from "../versions.ts";
import type { ZipArchive } from "../zip-read.ts";
import { checkFonts, checkSounds, checkTextureData, checkTextures } from "./assets.ts";
import { PackFiles } from "./files.ts";
import { checkMcmetaFormat, readMcmeta } from "./mcmeta.ts";
import { checkBlockstates, checkItemDefinitions, checkModels } from "./models.ts";
import { byPathAndRule, type CheckReport, type Finding, Findings } from "./report.ts";

export { byPathAndRule, type CheckReport, type Finding } from "./report.ts";

export interface CheckOptions {
  /** The release to check for; default: the one pack.mcmeta's format points at, else the newest. */
  version?: string;
  /**
   * Decode every PNG (default). An import turns this off: it has just checked each of its PNGs itself, and a
   * pack of large images would take as long again.
   */
  decodeTextures?: boolean;
  /** Entries the zip may hold (the server's check-max-files); past it, file_too_large before anything is read. */
  maxFiles?: number;
  /** With decodeTextures false: hears each readable PNG's path and declared pixels (a later slice decodes it). */
  onTexture?: (path: string, pixels: number) => void;
}

export function checkPackZip(bytes: Uint8Array, opts: CheckOptions = {}): CheckReport {
  return checkArchive(openPackZip(bytes, opts.maxFiles ? { maxEntries: opts.maxFiles } : {}), opts);
}

/** One slice of a check's texture decoding: the named PNGs (paths below the pack root) read through. */
export function checkPackTextureData(bytes: Uint8Array, paths: string[]): Finding[] {
  const archive = openPackZip(bytes);
  const out = new Findings();
  checkTextureData(new PackFiles(archive, findPackRoot(archive.entries.map((e) => e.name)), out), paths, out);
  return out.errors;
}

export function checkArchive(archive: ZipArchive, opts: CheckOptions = {}): CheckReport {
  if (opts.version !== undefined && !isRelease(opts.version))
    throw invalid(`version '${opts.version}' is not a Java release from ${oldestRelease} to ${newestRelease}`);
  const out = new Findings();
  const files = new PackFiles(archive, findPackRoot(archive.entries.map((e) => e.name)), out);
  const mcmeta = readMcmeta(files, out);
  const declared = mcmeta ? versionFromMcmeta(mcmeta, { fallback: newestRelease }) : null;
  const version = opts.version ?? declared?.version ?? newestRelease;
  const versionSource = opts.version ? "given" : declared?.source === "pack.mcmeta" ? "pack.mcmeta" : "default";
  if (mcmeta) checkMcmetaFormat(mcmeta, version, out);
  checkModels(files, version, out);
  checkBlockstates(files, out);
  checkItemDefinitions(files, version, out);
  checkTextures(files, version, out, opts.decodeTextures !== false, opts.onTexture);
  checkFonts(files, version, out);
  checkSounds(files, out);
  // Folder entries are how zip tools write folders: nothing is lost. Anything else refused is a file the game
  // would have read (or a path no safe reader follows).
  for (const s of archive.skipped) if (s.code !== "directory") out.warn("zip.entry-refused", s.name, s.detail);
  return {
    version,
    versionSource,
    files: files.paths.length,
    errors: out.errors.sort(byPathAndRule),
    warnings: out.warnings.sort(byPathAndRule),
  };
}
