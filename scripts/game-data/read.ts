/**
 * Readers over the two community data packages (dev dependencies only; the service never loads them):
 *  - minecraft-assets: the game's texture files per sampled release (textures/block(s), item(s), gui);
 *  - minecraft-data: blocks with states and shapes, items and sound events per release.
 * Each reader returns plain names so game-data.ts can fold them into per-version tables.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { compareVersions } from "../../src/pack/versions.ts";

const pkgDir = (name: string) => dirname(Bun.resolveSync(`${name}/package.json`, import.meta.dir));
export const ASSETS_DIR = join(pkgDir("minecraft-assets"), "minecraft-assets", "data");
export const DATA_DIR = join(pkgDir("minecraft-data"), "minecraft-data", "data");

export const packageVersion = (name: string): string =>
  JSON.parse(readFileSync(join(pkgDir(name), "package.json"), "utf8")).version;

const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const byVersion = (a: string, b: string) => compareVersions(a, b);

/** The releases minecraft-assets ships files for, oldest first ("common" is not a release). */
export function assetSamples(): string[] {
  return readdirSync(ASSETS_DIR)
    .filter((d) => /^\d+(\.\d+)+$/.test(d))
    .sort(byVersion);
}

/** PNG names (without .png) directly in one of a sample's texture folders. */
export function pngNames(sample: string, folder: string): string[] {
  const dir = join(ASSETS_DIR, sample, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".png"))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** Width and height from a PNG's IHDR chunk (bytes 16-23); the files are the game's own. */
function pngSize(path: string): [number, number] {
  const b = readFileSync(path);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

export interface SheetFile {
  size: [number, number];
  /** The `gui.scaling` section of the sprite's .png.mcmeta (nine_slice, tile, stretch), when it has one. */
  scaling?: unknown;
}

/** Every PNG under a sample's folder, recursively, keyed by its path below that folder (no .png). */
export function sheetFiles(sample: string, folder: string): Record<string, SheetFile> {
  const root = join(ASSETS_DIR, sample, folder);
  const out: Record<string, SheetFile> = {};
  if (!existsSync(root)) return out;
  const walk = (dir: string, prefix: string) => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p, `${prefix}${f}/`);
      else if (f.endsWith(".png")) {
        const entry: SheetFile = { size: pngSize(p) };
        const meta = `${p}.mcmeta`;
        if (existsSync(meta)) {
          const scaling = json(meta)?.gui?.scaling;
          if (scaling) entry.scaling = scaling;
        }
        out[prefix + f.slice(0, -4)] = entry;
      }
    }
  };
  walk(root, "");
  return out;
}

type ModelTable = Record<string, { textures?: Record<string, string> }>;
type NamedTexture = { name: string; texture: string | null };

export const blockModels = (sample: string): ModelTable => json(join(ASSETS_DIR, sample, "blocks_models.json"));
export const blockTextures = (sample: string): NamedTexture[] => json(join(ASSETS_DIR, sample, "blocks_textures.json"));
export const itemTextures = (sample: string): NamedTexture[] => json(join(ASSETS_DIR, sample, "items_textures.json"));

/** minecraft-data's per-release data folders: release -> folder of each data kind. */
export function dataPaths(): Record<string, Record<string, string>> {
  return json(join(DATA_DIR, "dataPaths.json")).pc;
}

export const dataFile = (folder: string, kind: string) => json(join(DATA_DIR, folder, `${kind}.json`));
