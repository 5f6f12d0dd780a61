/**
 * An imported pack.mcmeta fitted to the release a pack is exported for, changing as little as possible: it is the
 * author's file. When the pack checker finds nothing to say about its format fields for that release (the declared
 * range takes the release in and the fields the release reads are there), it goes back byte for byte. Otherwise
 * only the format fields change: `pack_format` becomes the release's, and `supported_formats` and
 * `min_format`/`max_format` are widened to take the release in (the author's range is kept, never narrowed).
 * The description (a rich-text component with translate keys, fallbacks, colours…) and every other field of the
 * `pack` section and of the file stay as they were.
 */
import { checkMcmetaFormat } from "./check/mcmeta.ts";
import { Findings } from "./check/report.ts";
import { parseMcmeta } from "./mcmeta.ts";
import { isObject, type JsonObject } from "./mcmeta-fields.ts";
import type { JsonValue } from "./mcmeta-json.ts";
import { atLeast, MIN_MAX_FORMAT, minorFormatFor, packFormatFor, type FormatVersion } from "./versions.ts";

export interface FittedMcmeta {
  json: JsonObject;
  /** The fields that changed, each with its old and new value, for the export's report. */
  changes: string[];
}

/** True when the pack checker has no finding about pack.mcmeta's format fields for `version`. */
export function mcmetaServes(bytes: Uint8Array | string, version: string): boolean {
  const parsed = parseMcmeta(bytes);
  if (parsed.problems.length) return false;
  const out = new Findings();
  checkMcmetaFormat(parsed, version, out);
  return out.errors.length === 0 && out.warnings.length === 0;
}

const compareFormat = (a: FormatVersion, b: FormatVersion) => a[0] - b[0] || a[1] - b[1];

/** `supported_formats` in its own shape (N, [a, b] or {min_inclusive, max_inclusive}) widened to take `f` in. */
function widenRange(v: JsonValue, f: number): JsonValue | null {
  if (typeof v === "number") return v === f ? null : [Math.min(v, f), Math.max(v, f)];
  if (Array.isArray(v) && v.length === 2 && typeof v[0] === "number" && typeof v[1] === "number") {
    if (v[0] <= f && f <= v[1]) return null;
    return [Math.min(v[0], f), Math.max(v[1], f)];
  }
  if (isObject(v) && typeof v.min_inclusive === "number" && typeof v.max_inclusive === "number") {
    if (v.min_inclusive <= f && f <= v.max_inclusive) return null;
    return { ...v, min_inclusive: Math.min(v.min_inclusive, f), max_inclusive: Math.max(v.max_inclusive, f) };
  }
  return [f, f]; // unreadable: the checker already said so; the release's own range replaces it
}

/**
 * The imported pack.mcmeta for `version`, or null when it serves that release as written (then it goes back
 * byte for byte). Never null for a file whose format fields the release cannot use.
 */
export function fitMcmeta(kept: JsonObject, version: string): FittedMcmeta | null {
  const text = JSON.stringify(kept);
  if (mcmetaServes(text, version)) return null;
  const pack: JsonObject = isObject(kept.pack) ? { ...kept.pack } : {};
  const parsed = parseMcmeta(text);
  const changes: string[] = [];
  const set = (field: string, value: JsonValue) => {
    changes.push(
      `${field} ${pack[field] === undefined ? "(absent)" : JSON.stringify(pack[field])} → ${JSON.stringify(value)}`,
    );
    pack[field] = value;
  };
  const format = packFormatFor(version);
  if (pack.pack_format !== format) set("pack_format", format);
  if (pack.supported_formats !== undefined) {
    const wider = widenRange(pack.supported_formats, format);
    if (wider !== null) set("supported_formats", wider);
  }
  const hasMinMax = pack.min_format !== undefined || pack.max_format !== undefined;
  if (hasMinMax || atLeast(version, MIN_MAX_FORMAT)) {
    const [major, minor] = minorFormatFor(version);
    if (!parsed.minFormat || compareFormat(parsed.minFormat, [major, minor]) > 0) set("min_format", [major, minor]);
    if (!parsed.maxFormat || compareFormat(parsed.maxFormat, [major, minor]) < 0) set("max_format", major);
  }
  if (pack.description === undefined) set("description", "");
  // Key order: the file's own, with any field it lacked after it.
  return { json: { ...kept, pack }, changes };
}
