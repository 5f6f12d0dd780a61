/**
 * pack.mcmeta: writing it for one target release, and reading what an imported pack declares.
 * Field forms follow FORMAT-NOTES.md (pack_format; supported_formats 1.20.2+; min_format/max_format
 * 1.21.9+; overlays). Reading is strict about what cannot be understood (`problems`) and kind about
 * the rest: a malformed optional field is dropped with a `warnings` entry instead of failing.
 */
import {
  atLeast,
  minorFormatFor,
  MIN_MAX_FORMAT,
  newestRelease,
  packFormatFor,
  RELEASES,
  type FormatVersion,
} from "./versions.ts";
import { readJson, type JsonValue } from "./mcmeta-json.ts";
import {
  describeJson,
  flattenText,
  isObject,
  MAX_MINOR,
  readFormat,
  readRange,
  type FormatRange,
} from "./mcmeta-fields.ts";
import { invalid } from "../domain-error.ts";

export { MAX_MINOR, type FormatRange } from "./mcmeta-fields.ts";

/**
 * Version an import gets when pack.mcmeta says nothing usable: the newest release, because a pack
 * without a readable version is most often a current one, and the newest layout reads the most files.
 */
export const DEFAULT_IMPORT_VERSION: string = newestRelease;

/** 1.19.3 started reading pack.mcmeta as UTF-8 everywhere; older clients need \u escapes. */
const RAW_UTF8_SINCE = "1.19.3";

/** The first resource format with minor versions (25w31a); clients below it read only pack_format. */
const FIRST_MINOR_FORMAT = 65;

const OVERLAY_DIRECTORY = /^[a-z0-9_-]+$/;

export interface McmetaOverlay {
  directory: string;
  /** Major formats the entry covers (from `formats`, or the majors of `min_format`/`max_format`). */
  min: number;
  max: number;
  /** Present when the entry used min_format/max_format, for exact comparison with minor formats. */
  minFormat?: FormatVersion;
  maxFormat?: FormatVersion;
}

export interface ParsedMcmeta {
  packFormat?: number;
  minFormat?: FormatVersion;
  /** A bare `max_format: N` means any minor of N, stored as [N, MAX_MINOR]. */
  maxFormat?: FormatVersion;
  supported?: FormatRange;
  /** The text component flattened to plain text, § formatting codes removed. */
  description: string;
  overlays: McmetaOverlay[];
  /** Fatal: the file cannot say what version the pack is for. */
  problems: string[];
  /** Non-fatal oddities; the field involved was read leniently or ignored. */
  warnings: string[];
}

/**
 * pack.mcmeta text for a pack that targets exactly one release. Deterministic: 2-space indent,
 * fixed key order, trailing newline.
 * - up to 1.21.8: `pack_format` only. `supported_formats` is not written: for a single version it
 *   would repeat pack_format and add nothing for any client.
 * - 1.21.9+: `min_format` [major, minor] of the release and `max_format` as the bare major (any
 *   minor of it, which minor bumps' backwards compatibility allows), plus `pack_format` = that
 *   major so launchers from before 1.21.9 show "made for a newer version" instead of "broken".
 * - before 1.19.3 non-ASCII characters in the description are written as \u escapes.
 */
export function writeMcmeta(version: string, description: string): string {
  const format = packFormatFor(version);
  const fields: [string, string][] = [["pack_format", String(format)]];
  if (atLeast(version, MIN_MAX_FORMAT)) {
    const [major, minor] = minorFormatFor(version);
    fields.push(["min_format", `[${major}, ${minor}]`], ["max_format", String(major)]);
  }
  let text = JSON.stringify(description);
  if (!atLeast(version, RAW_UTF8_SINCE)) {
    text = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  fields.push(["description", text]);
  const body = fields.map(([k, v]) => `    "${k}": ${v}`).join(",\n");
  return `{\n  "pack": {\n${body}\n  }\n}\n`;
}

function decode(input: string | Uint8Array, warnings: string[]): string {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(input);
    } catch {
      // Old Windows editors saved "§" as one Windows-1252 byte; reading it that way keeps the text.
      text = new TextDecoder("windows-1252").decode(input);
      warnings.push("pack.mcmeta is not valid UTF-8; read it as Windows-1252");
    }
  }
  if (text.charCodeAt(0) === 0xfeff) {
    warnings.push("pack.mcmeta starts with a byte-order mark (ignored)");
    text = text.slice(1);
  }
  return text;
}

/** Reads pack.mcmeta text or bytes. Never throws for bad input: see `problems` and `warnings`. */
export function parseMcmeta(input: string | Uint8Array): ParsedMcmeta {
  const out: ParsedMcmeta = { description: "", overlays: [], problems: [], warnings: [] };
  const text = decode(input, out.warnings);
  if (text.trim() === "") {
    out.problems.push("pack.mcmeta is empty");
    return out;
  }
  const json = readJson(text, "pack.mcmeta");
  out.warnings.push(...json.warnings);
  if (!json.ok) {
    out.problems.push(`pack.mcmeta is not valid JSON: ${json.error}`);
    return out;
  }
  const root = json.value;
  if (!isObject(root)) {
    out.problems.push(`pack.mcmeta must hold a JSON object, but holds ${describeJson(root)}`);
    return out;
  }
  const pack = root.pack;
  if (!isObject(pack)) {
    out.problems.push(
      pack === undefined
        ? 'pack.mcmeta has no "pack" object'
        : `pack.mcmeta's "pack" must be an object, not ${describeJson(pack)}`,
    );
    return out;
  }
  readPackSection(pack, out);
  if (pack.overlays !== undefined) {
    out.warnings.push(
      'pack.mcmeta has "overlays" inside "pack"; it belongs beside "pack", where the game looks (ignored)',
    );
  }
  if (root.overlays !== undefined) readOverlays(root.overlays, out);
  if (out.packFormat === undefined && out.minFormat === undefined && out.supported === undefined) {
    out.problems.push(
      'pack.mcmeta has no usable "pack_format" or "min_format", so it does not say which game version it is for',
    );
  }
  return out;
}

function readPackSection(pack: { [key: string]: JsonValue }, out: ParsedMcmeta): void {
  const warn = (m: string) => out.warnings.push(m);
  if (pack.description === undefined) warn('pack.mcmeta has no "description" (using an empty one)');
  else out.description = flattenText(pack.description);

  if (pack.pack_format !== undefined) {
    const r = readRange(pack.pack_format, '"pack_format"', warn, false);
    if (r) out.packFormat = r.min;
  }
  if (pack.supported_formats !== undefined) {
    out.supported = readRange(pack.supported_formats, '"supported_formats"', warn, true) ?? undefined;
  }
  const min = pack.min_format === undefined ? null : readFormat(pack.min_format, '"min_format"', false, warn);
  const max = pack.max_format === undefined ? null : readFormat(pack.max_format, '"max_format"', true, warn);
  if (min && max && compareFormat(min, max) > 0) {
    warn(`pack.mcmeta's "min_format" ${showFormat(min)} is above "max_format" ${showFormat(max)} (both ignored)`);
  } else if (min || max) {
    // The game requires both; one alone still says which versions the author meant.
    if (!max) warn('pack.mcmeta has "min_format" without "max_format" (assuming the same major version)');
    if (!min) warn('pack.mcmeta has "max_format" without "min_format" (assuming the same major version)');
    out.minFormat = min ?? [max![0], 0];
    out.maxFormat = max ?? [min![0], MAX_MINOR];
  }

  const pf = out.packFormat;
  if (pf !== undefined && out.supported && (pf < out.supported.min || pf > out.supported.max)) {
    warn(
      `pack.mcmeta's "pack_format" ${pf} is outside its "supported_formats" ${out.supported.min}–${out.supported.max}`,
    );
  }
  if (pf !== undefined && out.minFormat && out.maxFormat && (pf < out.minFormat[0] || pf > out.maxFormat[0])) {
    warn(`pack.mcmeta's "pack_format" ${pf} is outside its "min_format"/"max_format" range`);
  }
  if (out.minFormat && out.minFormat[0] < FIRST_MINOR_FORMAT && pf === undefined) {
    warn(
      `pack.mcmeta's "min_format" reaches format ${out.minFormat[0]} (before 1.21.9) but has no "pack_format", which those versions need`,
    );
  }
}

function readOverlays(value: JsonValue, out: ParsedMcmeta): void {
  const warn = (m: string) => out.warnings.push(m);
  const entries = isObject(value) ? value.entries : undefined;
  if (!Array.isArray(entries)) {
    warn('pack.mcmeta\'s "overlays" must be an object with an "entries" list (ignored)');
    return;
  }
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const label = `overlay entry ${i + 1}`;
    if (!isObject(entry)) return warn(`pack.mcmeta's ${label} is ${describeJson(entry)}, not an object (ignored)`);
    const dir = entry.directory;
    if (typeof dir !== "string" || !OVERLAY_DIRECTORY.test(dir)) {
      const shown = typeof dir === "string" ? `"${dir}"` : describeJson(dir ?? null);
      return warn(`pack.mcmeta's ${label} has directory ${shown}; it must be lower-case a-z, 0-9, _ or - (ignored)`);
    }
    if (seen.has(dir)) return warn(`pack.mcmeta lists overlay "${dir}" twice (the second is ignored)`);
    const where = `overlay "${dir}"`;
    const formats = entry.formats === undefined ? null : readRange(entry.formats, `${where} "formats"`, warn, true);
    const minF =
      entry.min_format === undefined ? null : readFormat(entry.min_format, `${where} "min_format"`, false, warn);
    const maxF =
      entry.max_format === undefined ? null : readFormat(entry.max_format, `${where} "max_format"`, true, warn);
    const overlay: McmetaOverlay = { directory: dir, min: 0, max: 0 };
    if (minF || maxF) {
      overlay.minFormat = minF ?? [maxF![0], 0];
      overlay.maxFormat = maxF ?? [minF![0], MAX_MINOR];
      if (compareFormat(overlay.minFormat, overlay.maxFormat) > 0) {
        return warn(`pack.mcmeta's ${where} has "min_format" above "max_format" (ignored)`);
      }
      overlay.min = overlay.minFormat[0];
      overlay.max = overlay.maxFormat[0];
    }
    if (formats) {
      if (overlay.minFormat && (formats.min !== overlay.min || formats.max !== overlay.max)) {
        // Old clients read "formats", new ones min/max: together they cover the union.
        warn(
          `pack.mcmeta's ${where} "formats" ${formats.min}–${formats.max} and "min_format"/"max_format" ${overlay.min}–${overlay.max} disagree (using both)`,
        );
        overlay.min = Math.min(overlay.min, formats.min);
        overlay.max = Math.max(overlay.max, formats.max);
        delete overlay.minFormat;
        delete overlay.maxFormat;
      } else if (!overlay.minFormat) {
        overlay.min = formats.min;
        overlay.max = formats.max;
      }
    } else if (!overlay.minFormat) {
      const gaveRange = entry.formats !== undefined || entry.min_format !== undefined || entry.max_format !== undefined;
      if (!gaveRange) warn(`pack.mcmeta's ${where} gives no "formats" or "min_format"/"max_format" (ignored)`);
      return;
    }
    seen.add(dir);
    out.overlays.push(overlay);
  });
}

function compareFormat(a: FormatVersion, b: FormatVersion): number {
  return a[0] - b[0] || a[1] - b[1];
}

function showFormat(f: FormatVersion): string {
  return f[1] === MAX_MINOR || f[1] === 0 ? String(f[0]) : `[${f[0]}, ${f[1]}]`;
}

/**
 * The major formats the pack declares it supports. min_format/max_format win when present (that is
 * what 1.21.9+ reads), then supported_formats, then pack_format alone.
 */
export function formatRange(parsed: ParsedMcmeta): FormatRange | null {
  if (parsed.minFormat && parsed.maxFormat) return { min: parsed.minFormat[0], max: parsed.maxFormat[0] };
  if (parsed.supported) return { ...parsed.supported };
  if (parsed.packFormat !== undefined) return { min: parsed.packFormat, max: parsed.packFormat };
  return null;
}

/** The first release whose [major, minor] format is at least `wanted`, or null past the newest. */
function firstReleaseFrom(wanted: FormatVersion): string | null {
  return RELEASES.find((id) => compareFormat(minorFormatFor(id), wanted) >= 0) ?? null;
}

/**
 * The release an imported pack is read as. The base format is `pack_format` when given (the layout
 * the pack's base files are written for; overlays carry newer layouts), else `min_format`.
 * - a release format: the newest release with it (see versionForFormat);
 * - a snapshot-only format (e.g. 23): the first release after it, because snapshot features ship in
 *   the next release, so that release reads the files the author tested;
 * - past the newest known release: the newest release.
 * `note` says when the answer was approximated. Broken or missing data gives the default.
 */
export function versionFromMcmeta(
  parsed: ParsedMcmeta,
  opts: { fallback?: string } = {},
): { version: string; source: "pack.mcmeta" | "default"; note?: string } {
  const fallback = opts.fallback ?? DEFAULT_IMPORT_VERSION;
  if (!RELEASES.includes(fallback)) throw invalid(`unknown Minecraft version "${fallback}"`);
  if (parsed.problems.length) return { version: fallback, source: "default" };
  const base: FormatVersion | undefined =
    parsed.packFormat !== undefined
      ? [parsed.packFormat, 0]
      : (parsed.minFormat ?? (parsed.supported && [parsed.supported.min, 0]));
  if (!base) return { version: fallback, source: "default" };
  const first = firstReleaseFrom(base);
  if (!first) {
    return {
      version: newestRelease,
      source: "pack.mcmeta",
      note: `format ${base[0]} is newer than ${newestRelease}, the newest release known; reading the pack as ${newestRelease}`,
    };
  }
  const [major, minor] = minorFormatFor(first);
  if (major === base[0] && minor === base[1]) {
    const same = RELEASES.filter((id) => compareFormat(minorFormatFor(id), base) === 0);
    return { version: same[same.length - 1], source: "pack.mcmeta" };
  }
  return {
    version: first,
    source: "pack.mcmeta",
    note: `format ${showFormat(base)} belongs to no release (a development snapshot's); reading the pack as ${first}, the first release after it`,
  };
}

/** Overlay directories that apply on `version`, in the order pack.mcmeta declares them. */
export function overlaysFor(parsed: ParsedMcmeta, version: string): string[] {
  const format = minorFormatFor(version);
  return parsed.overlays
    .filter((o) =>
      o.minFormat && o.maxFormat
        ? compareFormat(o.minFormat, format) <= 0 && compareFormat(format, o.maxFormat) <= 0
        : o.min <= format[0] && format[0] <= o.max,
    )
    .map((o) => o.directory);
}
