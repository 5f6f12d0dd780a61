/**
 * Java-edition releases and their resource-pack formats, from the vanilla data copy
 * (src/data/minecraft/versions.json, imported so the compiled binary carries it).
 */
import data from "../data/minecraft/versions.json";
import { invalid } from "../domain-error.ts";

/** A format as 1.21.9+ writes it: [major, minor]. Older releases are [pack_format, 0]. */
export type FormatVersion = [number, number];

interface Release {
  id: string;
  format: number;
  minor: FormatVersion;
}

/** Versions named by other code when a layout or rule changed. Each is the first release with it. */
export const FLATTENING = "1.13"; // textures/blocks -> textures/block, most names changed
export const ITEM_OVERRIDES_CMD = "1.14"; // custom_model_data predicate in item model overrides
export const ITEM_COMPONENTS = "1.20.5"; // item components (/give ...[custom_model_data=…]) replace NBT
export const FONT_BITMAP = "1.13"; // font/*.json providers (bitmap, ttf)
export const GUI_SPRITES = "1.20.2"; // gui/sprites/** replaces icons.png / widgets.png parts
export const SUPPORTED_FORMATS_FIELD = "1.20.2"; // pack.supported_formats
export const OVERLAYS = "1.20.2"; // pack.mcmeta overlays
export const EQUIPMENT_LAYOUT = "1.21.2"; // textures/entity/equipment/<layer>/ replaces models/armor
export const LIGHT_EMISSION = "1.21.2"; // model elements' light_emission
export const ITEM_DEFINITIONS = "1.21.4"; // assets/<ns>/items/*.json; overrides removed
export const FREE_ROTATION = "1.21.6"; // element rotation any angle in -45..45
export const MIN_MAX_FORMAT = "1.21.9"; // min_format/max_format with minor formats
export const ON_SHELF_DISPLAY = "1.21.9"; // the on_shelf display context (shelf blocks)
export const CHAT_SPRITES = "1.21.9"; // text components draw atlas sprites (object type), animated ones too
export const ANY_ROTATION = "1.21.11"; // any angle and multi-axis element rotation

const VERSION_SHAPE = /^\d+(\.\d+)*$/;

/**
 * Parsed versions, kept: an import plans thousands of files and compares each against the release tables, and
 * parsing the same few strings again was a quarter of its time. Bounded, since versions can come from callers.
 */
const PARSED = new Map<string, readonly number[]>();

function parts(version: string): readonly number[] {
  let p = PARSED.get(version);
  if (p) return p;
  if (!VERSION_SHAPE.test(version)) throw invalid(`"${version}" is not a game version like 1.21.4`);
  p = Object.freeze(version.split(".").map(Number));
  if (PARSED.size >= 1024) PARSED.clear();
  PARSED.set(version, p);
  return p;
}

/** Numeric comparison per dotted part, missing parts count as 0 ("1.21" == "1.21.0"; 26.1 > 1.21.11). */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

const RELEASE_LIST: readonly Release[] = data.releases
  .map((r) => {
    const min = "min_format" in r && Array.isArray(r.min_format) ? r.min_format : [r.pack_format, 0];
    return { id: r.id, format: r.pack_format, minor: [min[0], min[1]] as FormatVersion };
  })
  .sort((a, b) => compareVersions(a.id, b.id));

const BY_ID = new Map(RELEASE_LIST.map((r) => [r.id, r]));

/** Every release id the data covers, oldest first. */
export const RELEASES: readonly string[] = Object.freeze(RELEASE_LIST.map((r) => r.id));
export const oldestRelease: string = RELEASES[0];
export const newestRelease: string = RELEASES[RELEASES.length - 1];

export function isRelease(id: string): boolean {
  return BY_ID.has(id);
}

function release(version: string): Release {
  const r = BY_ID.get(version);
  if (!r) {
    throw invalid(
      `unknown Minecraft version "${version}": expected a release from ${oldestRelease} to ${newestRelease}`,
    );
  }
  return r;
}

/** The resource-pack format (major number) a release reads. */
export function packFormatFor(version: string): number {
  return release(version).format;
}

/** The release's format as [major, minor]; releases before 1.21.9 have no minor and report 0. */
export function minorFormatFor(version: string): FormatVersion {
  const [major, minor] = release(version).minor;
  return [major, minor];
}

/** Releases that read exactly this format, oldest first (empty for snapshot-only formats such as 23). */
export function releasesForFormat(format: number): string[] {
  return RELEASE_LIST.filter((r) => r.format === format).map((r) => r.id);
}

/**
 * The newest release with exactly this format, or null when no release has it.
 * Newest, because releases sharing a format read packs identically, and the newest of them is
 * the one a player on that line most likely runs (1.21.7 and 1.21.8 are both 64 -> 1.21.8).
 */
export function versionForFormat(format: number): string | null {
  const all = releasesForFormat(format);
  return all.length ? all[all.length - 1] : null;
}

/** True when `version` is `milestone` or newer, e.g. atLeast(v, ITEM_DEFINITIONS). */
export function atLeast(version: string, milestone: string): boolean {
  return compareVersions(version, milestone) >= 0;
}

/** Newest format any known release reads. */
export const NEWEST_FORMAT: number = release(newestRelease).format;
