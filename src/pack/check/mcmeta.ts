/**
 * pack.mcmeta: present, readable, and saying what the release needs (pack_format up to 1.21.8; min_format and
 * max_format, or pack_format, from 1.21.9), with a range that takes the release in.
 */
import { formatRange, type ParsedMcmeta, parseMcmeta } from "../mcmeta.ts";
import { atLeast, MIN_MAX_FORMAT, packFormatFor } from "../versions.ts";
import type { PackFiles } from "./files.ts";
import type { Findings } from "./report.ts";

export function readMcmeta(files: PackFiles, out: Findings): ParsedMcmeta | null {
  const bytes = files.bytes("pack.mcmeta");
  if (!bytes) {
    out.error(
      "mcmeta.missing",
      "pack.mcmeta",
      "there is no pack.mcmeta at the pack's root: the game does not list the pack",
    );
    return null;
  }
  const parsed = parseMcmeta(bytes);
  for (const p of parsed.problems) out.error("mcmeta.invalid", "pack.mcmeta", p);
  for (const w of parsed.warnings) out.warn("mcmeta.lenient", "pack.mcmeta", w);
  return parsed;
}

export function checkMcmetaFormat(parsed: ParsedMcmeta, version: string, out: Findings): void {
  if (parsed.problems.length) return;
  const newLayout = atLeast(version, MIN_MAX_FORMAT);
  if (!newLayout && parsed.packFormat === undefined)
    out.error("mcmeta.format", "pack.mcmeta", `${version} needs pack.pack_format (an integer)`);
  if (newLayout && parsed.packFormat === undefined && !(parsed.minFormat && parsed.maxFormat))
    out.error("mcmeta.format", "pack.mcmeta", `${version} needs min_format and max_format (or pack_format)`);
  const range = formatRange(parsed);
  const wanted = packFormatFor(version);
  if (range && (wanted < range.min || wanted > range.max))
    out.warn(
      "mcmeta.format-range",
      "pack.mcmeta",
      `the pack declares format ${range.min === range.max ? range.min : `${range.min}-${range.max}`}, ${version} reads ${wanted}: the game marks the pack incompatible (it still loads on request)`,
    );
}
