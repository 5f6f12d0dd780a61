/**
 * Maps one path inside a resource pack (relative to the pack root) to what an import does with it:
 * an asset, a definition file the planner reads, or a skip with a reason (`classifyPackPath`, which
 * looks at the path only). The two definition files that change what other paths mean, font
 * providers and sounds.json, are read at the end of this file. The planner (import-plan.ts) handles
 * roots, overlays, sidecars and name clashes.
 *
 * Naming rule (one rule for every type): the asset name is the file's path below its folder, without
 * extension, behind the type's prefix (`item:`, `gui:`, `hud:`, `armor:`, none for blocks, model
 * textures, models, glyphs and sounds). A namespace other than `minecraft` is written before that path
 * as `<namespace>.`: `blanktopia:fish/salmon` → `blanktopia.fish/salmon`, `cloudie:item/halo` (item
 * sprite) → `item:cloudie.halo`. Names keep to [a-z0-9_.:/-]; files whose names would not are skipped
 * (the game itself rejects upper-case names since 1.11).
 */

import { scopedName } from "./resource-id.ts";
import { EQUIPMENT_LAYOUT, FLATTENING, GUI_SPRITES, ITEM_DEFINITIONS } from "./versions.ts";
import { isContainerScreen, isVanillaBlockTexture, isVanillaItemTexture } from "./vanilla.ts";
import { readJson, type JsonValue } from "./mcmeta-json.ts";
import { ZipError, type ZipArchive, type ZipEntry } from "./zip-read.ts";
import type { Kind } from "./asset-kind.ts";

/** An imported file's asset kind: the same kinds as every asset. */
export type ImportKind = Kind;
export type ImportType =
  | "block"
  | "block_face"
  | "item"
  | "model"
  | "item_model"
  | "model_texture"
  | "gui"
  | "hud"
  | "icon"
  | "sound"
  | "armor";

/** Skip reasons, one line each; the import response groups skipped files by these. */
export const SKIP = {
  entityArt: "entity art (its layout follows the game's built-in entity models)",
  environmentArt: "environment, misc, map, painting and particle art",
  shaders: "shaders and post effects (tied to one renderer version)",
  optifine: "OptiFine/MCPatcher features (optifine/, mcpatcher/, .properties files)",
  dataPack: "data-pack content (data/)",
  editorSource: "editor source files (.psd, .xcf, .bbmodel, .ase, .kra, .blend, …)",
  lang: "language files and texts",
  fontBinary: "TrueType, unihex and other non-bitmap fonts",
  vanillaFontSheet: "the game's own font sheets (its built-in font definitions read them where they are)",
  definitions: "blockstates, atlases and equipment definitions",
  otherGui: "other GUI art (title screen, backgrounds, mod and realms screens)",
  notOgg: "sound files that are not Ogg Vorbis",
  badName: "file names the game cannot load (upper case, spaces or other characters)",
  outsideAssets: "not pack content (readme, licence, files outside assets/)",
  outsideRoot: "files outside the pack folder",
  unknown: "files of a kind a pack here does not hold",
  otherOverlay: "version overlays for other game versions",
  replaced: "replaced by a version overlay",
  orphanMeta: "texture metadata without its image",
  nameClash: "two files map to the same asset name (first kept)",
  unreadable: "definition files that could not be read",
  exportReport: "Packsmith's export report (packsmith-export.json; every export writes it anew)",
  sourceOrJunk: "not pack content (READMEs and licences outside assets/, editor sources, dot-files, OS and VCS junk)",
} as const;

export type SkipReason = (typeof SKIP)[keyof typeof SKIP];

export interface AssetTarget {
  kind: ImportKind;
  type: ImportType;
  name: string;
  namespace: string;
  /**
   * The vanilla thing the file replaces, only when it is one the game data knows: a flattened (1.13+)
   * block or item texture name, a container screen, a HUD sprite or armour layer path. Files in the
   * pre-1.13 `blocks/`/`items/` folders use old names and get none.
   */
  target?: string;
  /** First release whose layout reads this file where it is (e.g. gui/sprites: 1.20.2). */
  since?: string;
  /** First release that no longer reads it there (exclusive): the plural `blocks/` folder stops at 1.13. */
  until?: string;
}

/** What a path is: an asset, a file the planner reads for metadata, or a skip. */
export type PathRole =
  | { role: "asset"; asset: AssetTarget }
  | { role: "pack_mcmeta" | "pack_icon" }
  | { role: "sounds_json" | "font_definition"; namespace: string; id: string }
  | { role: "sidecar"; image: string }
  | { role: "skip"; reason: SkipReason };

const EDITOR_EXTENSIONS = new Set([
  "psd",
  "xcf",
  "bbmodel",
  "ajmodel",
  "ase",
  "aseprite",
  "kra",
  "blend",
  "pyxel",
  "pdn",
  "piskel",
]);
const JUNK = /(^|\/)(__MACOSX|\.git|\.github|\.idea|\.vscode)(\/|$)|(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/;
const NAMESPACE = /^[a-z0-9_.-]+$/;
/** Characters an asset name may use. */
export const SAFE_NAME = /^[a-z0-9_.:/-]+$/;
const ENVIRONMENT_FOLDERS = new Set([
  "environment",
  "misc",
  "map",
  "painting",
  "particle",
  "colormap",
  "mob_effect",
  "effect",
  "trims",
]);
const LEGACY_HUD_SHEETS = new Set(["icons", "widgets"]);
/** The game's own glyph sheets under textures/font/ (all releases since 1.6; unicode pages until 1.20). */
const VANILLA_FONT_SHEET = /^(ascii|ascii_sga|accented|nonlatin_european|unicode_page_[0-9a-f]{2}|glyph_sizes)$/;

const skip = (reason: SkipReason): PathRole => ({ role: "skip", reason });

const READ_ME = /(^|\/)(readme|licen[cs]e|copying|changelog|authors|contributing)(\.[a-z0-9]+)?$/i;

/**
 * Files that are not pack content: OS and VCS junk, dot-files, editor sources, and READMEs and licences
 * outside assets/. Everything else in the pack's folder is kept, as an asset or as a pack file.
 */
export function isSourceOrJunk(path: string): boolean {
  if (JUNK.test(path) || path.split("/").some((segment) => segment.startsWith("."))) return true;
  if (EDITOR_EXTENSIONS.has(extension(path))) return true;
  return !path.startsWith("assets/") && READ_ME.test(path);
}

function extension(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1);
  const dot = file.lastIndexOf(".");
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : "";
}

const stripExt = (path: string) => path.slice(0, path.lastIndexOf("."));

export { scopedName } from "./resource-id.ts";

type Extra = Pick<AssetTarget, "target" | "since" | "until">;

function asset(
  kind: ImportKind,
  type: ImportType,
  namespace: string,
  prefix: string,
  rel: string,
  extra: Extra = {},
): PathRole {
  const name = prefix + scopedName(namespace, rel);
  if (!SAFE_NAME.test(name)) return skip(SKIP.badName);
  const out: AssetTarget = { kind, type, name, namespace };
  if (extra.target !== undefined && namespace === "minecraft") out.target = extra.target;
  if (extra.since !== undefined) out.since = extra.since;
  if (extra.until !== undefined) out.until = extra.until;
  return { role: "asset", asset: out };
}

const when = (known: boolean, name: string) => (known ? name : undefined);

/** Classifies a path relative to the pack root (already moved out of any applied overlay folder). */
export function classifyPackPath(path: string): PathRole {
  if (path === "pack.mcmeta") return { role: "pack_mcmeta" };
  if (path === "pack.png") return { role: "pack_icon" };
  if (JUNK.test(path)) return skip(SKIP.outsideAssets);
  if (EDITOR_EXTENSIONS.has(extension(path))) return skip(SKIP.editorSource);
  if (path.startsWith("data/")) return skip(SKIP.dataPack);
  if (!path.startsWith("assets/")) return skip(SKIP.outsideAssets);
  const slash = path.indexOf("/", 7);
  if (slash < 0) return skip(SKIP.outsideAssets);
  const namespace = path.slice(7, slash);
  const rest = path.slice(slash + 1);
  if (!NAMESPACE.test(namespace)) return skip(SKIP.badName);
  return classifyAsset(namespace, rest);
}

function classifyAsset(ns: string, rest: string): PathRole {
  const ext = extension(rest);
  const [top] = rest.split("/", 1);
  const below = (folder: string) => rest.slice(folder.length + 1);
  if (ext === "properties" || top === "optifine" || top === "mcpatcher") return skip(SKIP.optifine);
  if (top === "shaders" || top === "post_effect") return skip(SKIP.shaders);
  if (top === "lang" || top === "texts") return skip(SKIP.lang);
  if (top === "particles") return skip(SKIP.environmentArt);
  if (top === "blockstates" || top === "atlases" || top === "equipment" || rest.startsWith("models/equipment/"))
    return skip(SKIP.definitions);
  if (rest === "sounds.json") return { role: "sounds_json", namespace: ns, id: "sounds" };
  if (top === "sounds" && rest.includes("/")) {
    return ext === "ogg" ? asset("sound", "sound", ns, "", stripExt(below("sounds"))) : skip(SKIP.notOgg);
  }
  if (top === "font" && rest.includes("/")) {
    return ext === "json"
      ? { role: "font_definition", namespace: ns, id: stripExt(below("font")) }
      : skip(SKIP.fontBinary);
  }
  if (top === "models" && ext === "json") return asset("model", "model", ns, "", stripExt(below("models")));
  if (top === "items" && ext === "json")
    return asset("model", "item_model", ns, "item:", stripExt(below("items")), { since: ITEM_DEFINITIONS });
  if (top === "textures" && rest.endsWith(".png.mcmeta"))
    return { role: "sidecar", image: rest.slice(0, -".mcmeta".length) };
  if (top === "textures" && ext === "png") return classifyTexture(ns, below("textures"));
  return skip(SKIP.unknown);
}

/** `tex` is the path below textures/, with its .png. */
function classifyTexture(ns: string, tex: string): PathRole {
  const parts = tex.split("/");
  const folder = parts[0];
  const after = (n: number) => stripExt(parts.slice(n).join("/"));
  if (parts.length < 2) return asset("texture", "model_texture", ns, "", stripExt(tex));
  const name = after(1);
  // Only vanilla reads these folders by name; a custom namespace's textures are found through its models.
  const vanilla = (v: string) => (ns === "minecraft" ? v : undefined);
  if (folder === "block")
    return asset("texture", "block", ns, "", name, {
      target: when(isVanillaBlockTexture(name), name),
      since: vanilla(FLATTENING),
    });
  if (folder === "item")
    return asset("texture", "item", ns, "item:", name, {
      target: when(isVanillaItemTexture(name), name),
      since: vanilla(FLATTENING),
    });
  if (folder === "blocks") return asset("texture", "block", ns, "", name, { until: vanilla(FLATTENING) });
  if (folder === "items") return asset("texture", "item", ns, "item:", name, { until: vanilla(FLATTENING) });
  // A replacement for one of the game's font sheets (ascii.png, accented.png, unicode pages…) is read by the
  // game's own font definitions: kept where it is, not made a glyph (one glyph per whole sheet draws nothing).
  if (folder === "font" && ns === "minecraft" && VANILLA_FONT_SHEET.test(name)) return skip(SKIP.vanillaFontSheet);
  if (folder === "font") return asset("font", "icon", ns, "", name);
  if (folder === "models" && parts[1] === "armor" && parts.length > 2) {
    return asset("texture", "armor", ns, "armor:", after(2), { target: after(2), until: EQUIPMENT_LAYOUT });
  }
  if (folder === "entity" && parts[1] === "equipment" && parts.length > 3) {
    return asset("texture", "armor", ns, "armor:", after(2), { target: after(2), since: EQUIPMENT_LAYOUT });
  }
  if (folder === "entity") return skip(SKIP.entityArt);
  if (ENVIRONMENT_FOLDERS.has(folder)) return skip(SKIP.environmentArt);
  if (folder === "gui") return classifyGui(ns, parts);
  return asset("texture", "model_texture", ns, "", stripExt(tex));
}

function classifyGui(ns: string, parts: string[]): PathRole {
  const after = (n: number) => stripExt(parts.slice(n).join("/"));
  if (parts[1] === "container" && parts.length > 2) {
    return asset("texture", "gui", ns, "gui:", after(2), { target: when(isContainerScreen(after(2)), after(2)) });
  }
  if (parts[1] === "sprites" && parts[2] === "hud" && parts.length > 3) {
    return asset("texture", "hud", ns, "hud:", after(3), { target: after(3), since: GUI_SPRITES });
  }
  if (parts[1] === "sprites" && parts.length > 2)
    return asset("texture", "gui", ns, "gui:", `sprites/${after(2)}`, { since: GUI_SPRITES });
  // Before 1.20.2 the HUD lived in two vanilla sheets; a mod's own gui/icons.png is something else.
  if (ns === "minecraft" && parts.length === 2 && LEGACY_HUD_SHEETS.has(after(1))) {
    return asset("texture", "hud", ns, "hud:", after(1), { target: after(1), until: GUI_SPRITES });
  }
  return skip(SKIP.otherGui);
}

// ---- Definition files that say more about other paths: font providers and sounds.json ----

/** What a bitmap font provider says about a glyph sheet. */
export interface GlyphInfo {
  font: string;
  height: number;
  ascent: number;
  chars: string[];
}

/** A file of the layered pack (base or applied overlay) under its path relative to the pack root. */
export interface LogicalFile {
  entry: ZipEntry;
  overlay?: string;
}

/** Reads a small JSON definition file leniently; null (with a warning) when it cannot be read. */
function readDefinition(archive: ZipArchive, file: LogicalFile, warnings: string[]): JsonValue | null {
  try {
    const result = readJson(archive.readText(file.entry), file.entry.name);
    if (result.ok) return result.value;
    warnings.push(`${file.entry.name} could not be read: ${result.error}`);
  } catch (e) {
    if (!(e instanceof ZipError)) throw e;
    warnings.push(`${file.entry.name} could not be read: ${e.message}`);
  }
  return null;
}

const isObj = (v: JsonValue | undefined): v is { [k: string]: JsonValue } =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** `ns:path` (or bare `path`, meaning minecraft) → [ns, path]. */
function resourceLocation(id: string): [string, string] {
  const colon = id.indexOf(":");
  return colon < 0 ? ["minecraft", id] : [id.slice(0, colon) || "minecraft", id.slice(colon + 1)];
}

/**
 * Reads font/*.json. Bitmap providers name their glyph sheets; those sheets become font glyphs
 * (even outside textures/font/) carrying the provider's height, ascent and chars. A font file with
 * no sheet in the pack (TrueType, unihex, space, or sheets the game ships) brings nothing in.
 */
export function readFonts(
  archive: ZipArchive,
  files: Map<string, LogicalFile>,
  roles: Map<string, PathRole>,
  warnings: string[],
) {
  const glyphs = new Map<string, GlyphInfo>();
  for (const [logical, file] of files) {
    const role = roles.get(logical)!;
    if (role.role !== "font_definition") continue;
    const json = readDefinition(archive, file, warnings);
    if (json === null) {
      roles.set(logical, { role: "skip", reason: SKIP.unreadable });
      continue;
    }
    const providers = isObj(json) && Array.isArray(json.providers) ? json.providers : [];
    let used = 0;
    for (const p of providers) {
      if (!isObj(p) || p.type !== "bitmap" || typeof p.file !== "string" || !Array.isArray(p.chars)) continue;
      const [ns, path] = resourceLocation(p.file);
      const sheet = `assets/${ns}/textures/${path}`;
      if (!files.has(sheet)) continue;
      used++;
      if (!glyphs.has(sheet)) {
        const height = typeof p.height === "number" ? p.height : 8;
        const chars = p.chars.filter((c): c is string => typeof c === "string");
        glyphs.set(sheet, {
          font: `${role.namespace}:${role.id}`,
          height,
          ascent: typeof p.ascent === "number" ? p.ascent : 0,
          chars,
        });
      }
      // A sheet outside textures/font/ (say gui/coin.png) is still a glyph sheet once a provider uses it.
      const sheetRole = roles.get(sheet);
      const name = scopedName(ns, path.replace(/\.png$/, ""));
      if (sheetRole?.role !== "asset" || sheetRole.asset.kind !== "font") {
        if (SAFE_NAME.test(name))
          roles.set(sheet, { role: "asset", asset: { kind: "font", type: "icon", name, namespace: ns } });
      }
    }
    if (used === 0) roles.set(logical, { role: "skip", reason: SKIP.fontBinary });
  }
  return glyphs;
}

/** Reads every sounds.json and returns, per .ogg file, the events that play it. */
export function readSoundEvents(
  archive: ZipArchive,
  files: Map<string, LogicalFile>,
  roles: Map<string, PathRole>,
  warnings: string[],
) {
  const events = new Map<string, string[]>();
  for (const [logical, file] of files) {
    const role = roles.get(logical)!;
    if (role.role !== "sounds_json") continue;
    const json = readDefinition(archive, file, warnings);
    if (!isObj(json)) {
      if (json !== null) warnings.push(`${file.entry.name} must hold a JSON object`);
      roles.set(logical, { role: "skip", reason: SKIP.unreadable });
      continue;
    }
    for (const [event, def] of Object.entries(json)) {
      const sounds = isObj(def) && Array.isArray(def.sounds) ? def.sounds : [];
      for (const s of sounds) {
        const name =
          typeof s === "string" ? s : isObj(s) && s.type !== "event" && typeof s.name === "string" ? s.name : null;
        if (name === null) continue;
        const [ns, path] = resourceLocation(name);
        const ogg = `assets/${ns}/sounds/${path}.ogg`;
        const list = events.get(ogg) ?? [];
        const id = `${role.namespace}:${event}`;
        if (!list.includes(id)) list.push(id);
        events.set(ogg, list);
      }
    }
  }
  return events;
}
