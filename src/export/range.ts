/**
 * One zip for a range of releases (issue 12 point 6), the pure part: which file goes into the base
 * pack and which into an overlay, and the pack.mcmeta that declares the range. The caller plans the
 * export once per release in the range and hands over, per release, each path with a key that is
 * equal exactly when the bytes are (blob hash, text, or asset + path for derived files).
 *
 * Layout (FORMAT-NOTES.md, "Overlays"): the base holds the oldest release's files, because clients
 * before 1.20.2 read no overlays at all. Consecutive releases whose file sets are identical form a
 * tier; every newer tier gets one overlay holding the files that differ from the base, selected by
 * the tier's format range. Overlays cannot delete a base file, so a file only older releases read
 * (models/item overrides after 1.21.4) stays in the base, where newer clients ignore it.
 */
import { ApiError } from "../core/errors.ts";
import {
  MIN_MAX_FORMAT,
  OVERLAYS,
  SUPPORTED_FORMATS_FIELD,
  atLeast,
  minorFormatFor,
  packFormatFor,
} from "../pack/versions.ts";

/** path -> key; equal keys mean byte-equal files. */
export type FileSet = ReadonlyMap<string, string>;

export interface RangeTier {
  /** Releases this tier covers, oldest first. */
  versions: string[];
  /** Overlay folder at the zip root ("" for the base). */
  directory: string;
  /** Paths this tier writes into its folder (for the base: every file of the oldest release). */
  paths: string[];
}

const sameSet = (a: FileSet, b: FileSet) => a.size === b.size && [...a].every(([p, k]) => b.get(p) === k);

/**
 * Groups `versions` (oldest first, each with its planned files) into a base and overlay tiers.
 * Refuses a range whose files change at a release that reads no overlays (before 1.20.2).
 */
export function rangeTiers(versions: string[], files: (version: string) => FileSet): RangeTier[] {
  if (!versions.length) throw new ApiError("invalid_request", "a version range needs at least one release");
  const sets = versions.map(files);
  const groups: { versions: string[]; set: FileSet }[] = [];
  versions.forEach((v, i) => {
    const last = groups.at(-1);
    if (last && sameSet(last.set, sets[i]!)) last.versions.push(v);
    else groups.push({ versions: [v], set: sets[i]! });
  });
  const base = groups[0]!;
  const tiers: RangeTier[] = [{ versions: base.versions, directory: "", paths: [...base.set.keys()].sort() }];
  for (const g of groups.slice(1)) {
    const first = g.versions[0]!;
    if (!atLeast(first, OVERLAYS))
      throw new ApiError(
        "invalid_request",
        `the pack's files change at Minecraft ${first}, which reads no overlays (they start at ${OVERLAYS}); choose minVersion ${OVERLAYS} or newer`,
      );
    const paths = [...g.set].filter(([p, k]) => base.set.get(p) !== k).map(([p]) => p);
    tiers.push({ versions: g.versions, directory: overlayDirectory(g.versions), paths: paths.sort() });
  }
  return tiers;
}

/** "ps_46_55": lower-case [a-z0-9_] as the game requires, named by the formats it covers. */
function overlayDirectory(versions: string[]): string {
  return `ps_${packFormatFor(versions[0]!)}_${packFormatFor(versions.at(-1)!)}`;
}

/**
 * pack.mcmeta for a pack read by every release from `min` to `max`, the way each era reads it:
 * `pack_format` of the oldest (all clients up to 1.21.8 need it), `supported_formats` [min, max]
 * when the range reaches 1.20.2, `min_format`/`max_format` when it reaches 1.21.9 (mcdoc forbids
 * supported_formats when min_format is itself a 1.21.9+ format), and one overlay entry per tier with
 * `formats` for pre-1.21.9 clients and min_format/max_format for 1.21.9+. Deterministic text.
 */
export function writeRangeMcmeta(min: string, max: string, description: string, tiers: RangeTier[]): string {
  const lo = packFormatFor(min);
  const hi = packFormatFor(max);
  const pack: [string, string][] = [["pack_format", String(lo)]];
  const oldStillRead = !atLeast(min, MIN_MAX_FORMAT);
  if (atLeast(max, SUPPORTED_FORMATS_FIELD) && oldStillRead && lo !== hi)
    pack.push(["supported_formats", `[${lo}, ${hi}]`]);
  if (atLeast(max, MIN_MAX_FORMAT)) {
    const [major, minor] = minorFormatFor(min);
    pack.push(["min_format", oldStillRead ? String(lo) : `[${major}, ${minor}]`], ["max_format", String(hi)]);
  }
  pack.push(["description", JSON.stringify(description).replace(/[^\x00-\x7f]/g, escapeChar)]);
  const body = pack.map(([k, v]) => `    "${k}": ${v}`).join(",\n");
  const entries = tiers.slice(1).map((t) => overlayEntry(t));
  const overlays = entries.length ? `,\n  "overlays": {\n    "entries": [\n${entries.join(",\n")}\n    ]\n  }` : "";
  return `{\n  "pack": {\n${body}\n  }${overlays}\n}\n`;
}

function overlayEntry(t: RangeTier): string {
  const first = t.versions[0]!;
  const last = t.versions.at(-1)!;
  const lo = packFormatFor(first);
  const hi = packFormatFor(last);
  const fields = [`"directory": "${t.directory}"`];
  if (!atLeast(first, MIN_MAX_FORMAT)) fields.push(`"formats": [${lo}, ${hi}]`);
  if (atLeast(last, MIN_MAX_FORMAT)) {
    const [major, minor] = minorFormatFor(first);
    fields.push(`"min_format": ${atLeast(first, MIN_MAX_FORMAT) ? `[${major}, ${minor}]` : lo}`, `"max_format": ${hi}`);
  }
  return `      { ${fields.join(", ")} }`;
}

// Descriptions are \u-escaped whole: the oldest client of a range may predate raw UTF-8 in pack.mcmeta.
export const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
