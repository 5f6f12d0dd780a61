/**
 * Textures, GUI sprites, fonts and sounds: files that decode, animation strips that split into frames, glyph
 * grids that fit their image, sounds.json entries whose files exist, sprites the release reads.
 */
import { checkPng, pngInfo } from "../../media/png-decode.ts";
import { atLeast, FONT_BITMAP, GUI_SPRITES } from "../versions.ts";
import { isObject, type PackFiles, soundFile, splitId } from "./files.ts";
import type { Findings } from "./report.ts";
import { vanillaGuiFile } from "./vanilla.ts";
import { checkAnimation } from "./animation.ts";

const TEXTURE = /^assets\/([^/]+)\/textures\/(.+)\.png$/;
/** Strips longer than the 4096 edge are fine when animated (each frame is within it). */
const STRIP_EDGE = 1 << 18;

/** A PNG's signature (8 bytes) and its IHDR chunk (25): all pngInfo reads. */
const PNG_HEADER_BYTES = 33;

/**
 * Every PNG's image data read through (inflated, every row's filter checked) in one go: the slow part of a check
 * (a flat 4096² PNG is ~0.6 s), so the server runs it in slices of a few files (files/off-thread.ts).
 */
export function checkTextureData(files: PackFiles, paths: string[], out: Findings): void {
  for (const path of paths) {
    const bytes = files.bytes(path);
    if (bytes) pngSize(bytes, path, true, out);
  }
}

/** A PNG's size, decoded through or from its header alone; null (and texture.invalid-png) when unreadable. */
function pngSize(bytes: Uint8Array, path: string, decode: boolean, out: Findings) {
  try {
    // The game ignores chunk CRCs; so does this check.
    return decode ? checkPng(bytes, { checkCrc: false, maxEdge: STRIP_EDGE }) : pngInfo(bytes);
  } catch (e) {
    out.error("texture.invalid-png", path, `not a PNG the game can read: ${(e as Error).message}`);
    return null;
  }
}

/**
 * `decode` false reads headers only; `onHeader` then hears each readable PNG's declared pixels, so the
 * caller can bound the work and decode the data later (checkTextureData).
 */
export function checkTextures(
  files: PackFiles,
  version: string,
  out: Findings,
  decode = true,
  onHeader?: (path: string, pixels: number) => void,
): void {
  let oldSprites = 0;
  for (const path of files.paths) {
    const m = TEXTURE.exec(path);
    if (!m) continue;
    // Without decoding, only the header is read out of the zip (a PNG's signature and IHDR: 33 bytes).
    const bytes = decode ? files.bytes(path) : files.head(path, PNG_HEADER_BYTES);
    if (!bytes) continue;
    const size = pngSize(bytes, path, decode, out);
    if (!size) continue;
    onHeader?.(path, size.width * size.height);
    const meta = files.has(`${path}.mcmeta`) ? files.json(`${path}.mcmeta`) : undefined;
    const animation = isObject(meta) && isObject(meta.animation) ? meta.animation : null;
    if (animation) checkAnimation(path, size, animation, out);
    if (m[1] === "minecraft" && m[2].startsWith("gui/sprites/")) {
      const sprite = m[2].slice("gui/".length);
      if (!atLeast(version, GUI_SPRITES)) oldSprites++;
      else if (!vanillaGuiFile(sprite, version))
        out.warn(
          "gui.sprite-unknown",
          path,
          `${version} has no GUI sprite ${sprite.slice("sprites/".length)}, so it never shows this file`,
        );
    }
  }
  if (oldSprites)
    out.warn(
      "era.sprites-ignored",
      "assets/minecraft/textures/gui/sprites/",
      `${version} does not read GUI sprites (${oldSprites} files); they arrived in ${GUI_SPRITES}`,
    );
}

const FONT = /^assets\/[^/]+\/font\/.+\.json$/;

export function checkFonts(files: PackFiles, version: string, out: Findings): void {
  const fonts = files.paths.filter((p) => FONT.test(p));
  if (fonts.length && !atLeast(version, FONT_BITMAP)) {
    out.warn("era.font-ignored", fonts[0], `${version} does not read font/*.json; they arrived in ${FONT_BITMAP}`);
    return;
  }
  for (const path of fonts) {
    const font = files.json(path);
    if (font === undefined) continue;
    if (!isObject(font) || !Array.isArray(font.providers)) {
      out.error("font.invalid", path, "a font needs a `providers` list");
      continue;
    }
    font.providers.forEach((p, i) => {
      if (!isObject(p) || p.type !== "bitmap" || typeof p.file !== "string") return;
      const [ns, rel] = splitId(p.file);
      const file = `assets/${ns}/textures/${rel}`;
      const bytes = files.has(file) ? files.bytes(file) : null;
      if (!bytes) {
        if (ns !== "minecraft")
          out.error("font.bitmap-missing", path, `provider ${i} draws from ${p.file}, but ${file} is not in the pack`);
        return;
      }
      const rows = Array.isArray(p.chars) ? p.chars.filter((r): r is string => typeof r === "string") : [];
      const cols = Math.max(0, ...rows.map((r) => [...r].length));
      if (!rows.length || !cols) return out.error("font.grid", path, `provider ${i} has no chars`);
      try {
        const { width, height } = pngInfo(bytes);
        if (width % cols !== 0 || height % rows.length !== 0)
          out.error(
            "font.grid",
            path,
            `provider ${i}: a ${width}x${height} image does not split into ${cols} columns and ${rows.length} rows`,
          );
      } catch {
        // texture.invalid-png reports the image itself.
      }
    });
  }
}

const SOUNDS = /^assets\/([^/]+)\/sounds\.json$/;

export function checkSounds(files: PackFiles, out: Findings): void {
  for (const path of files.paths.filter((p) => SOUNDS.test(p))) {
    const sounds = files.json(path);
    if (sounds === undefined) continue;
    if (!isObject(sounds)) {
      out.error("sounds.invalid", path, "sounds.json must hold an object of events");
      continue;
    }
    const ns = SOUNDS.exec(path)![1];
    for (const [event, entry] of Object.entries(sounds)) {
      if (!isObject(entry) || !Array.isArray(entry.sounds)) continue;
      for (const s of entry.sounds) {
        const name =
          typeof s === "string" ? s : isObject(s) && typeof s.name === "string" && s.type !== "event" ? s.name : null;
        if (!name) continue;
        const id = name.includes(":") ? name : `${ns}:${name}`;
        // The game's own sound files are not listed anywhere the checker can read: minecraft: is taken as present.
        if (!files.has(soundFile(id)) && splitId(id)[0] !== "minecraft")
          out.error("sounds.file-missing", path, `event ${event} plays ${id}, but ${soundFile(id)} is not in the pack`);
      }
    }
  }
}
