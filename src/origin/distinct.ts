import { DomainError } from "../domain-error.ts";
import { countColours } from "../media/image.ts";
import type { Rgba } from "../media/png.ts";
import {
  decodePngFile,
  hashBytes,
  hashJsonValue,
  hashPixels,
  originForm,
  parseJsonFile,
  type OriginForm,
} from "./hash.ts";

/**
 * The distinctness floor (spec, "Origin check", verdict rule 3): generic content is never registered,
 * because a `generated` verdict must never be a false positive and a blank tile or a plain cube is
 * something anybody can produce independently. Where in doubt, nothing is registered.
 *
 * Thresholds:
 * - Images: at least MIN_VISIBLE_COLOURS distinct RGBA values among visible (alpha > 0) pixels. This
 *   refuses blank and fully transparent images, single-colour squares and two-tone masks (a white
 *   glyph on transparency, a checkerboard).
 * - Models (`.json`): at least MIN_MODEL_ELEMENTS well-formed `elements` (a `from` and a `to` of three
 *   finite numbers, with extent on at least two axes, so a flat quad counts and a line does not).
 *   No `elements` at all means the geometry comes from a parent (`{"parent": ...}` plus textures),
 *   and a single cuboid is a full block, slab or pillar that anyone writes by hand.
 * - Other files (bytes form): at least MIN_BYTES long and not a single repeated byte. Sounds are never
 *   registered (the spec does not support them), whatever their size.
 */
export const MIN_VISIBLE_COLOURS = 3;
export const MIN_MODEL_ELEMENTS = 2;
export const MIN_BYTES = 64;
export const UNREGISTERED_EXTENSIONS = new Set(["ogg", "oga", "wav", "mp3", "flac"]);

export function isDistinctImage(img: Rgba): boolean {
  // countColours folds every alpha-0 pixel into one entry; count it out.
  const all = countColours(img, MIN_VISIBLE_COLOURS + 1);
  const hasInvisible = hasTransparentPixel(img);
  return all - (hasInvisible ? 1 : 0) >= MIN_VISIBLE_COLOURS;
}

function hasTransparentPixel(img: Rgba): boolean {
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 0) return true;
  return false;
}

function isTriple(v: unknown): v is [number, number, number] {
  return Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === "number" && Number.isFinite(n));
}

function isGeometry(element: unknown): boolean {
  if (!element || typeof element !== "object") return false;
  const { from, to } = element as { from?: unknown; to?: unknown };
  if (!isTriple(from) || !isTriple(to)) return false;
  const extents = from.filter((f, i) => f !== to[i]).length;
  return extents >= 2;
}

export function isDistinctModel(model: unknown): boolean {
  if (!model || typeof model !== "object" || Array.isArray(model)) return false;
  const elements = (model as { elements?: unknown }).elements;
  if (!Array.isArray(elements)) return false;
  return elements.filter(isGeometry).length >= MIN_MODEL_ELEMENTS;
}

export function isDistinctBytes(bytes: Uint8Array): boolean {
  if (bytes.length < MIN_BYTES) return false;
  return bytes.some((b) => b !== bytes[0]);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > fileName.lastIndexOf("/") ? fileName.slice(dot + 1).toLowerCase() : "";
}

/**
 * The fingerprint to register for an exported file, or null when the file is below the floor, is a
 * sound, or cannot be read in its form. Decodes once; an unreadable file gives null rather than an
 * error, because an export must not fail over a registry decision.
 */
export function originFingerprint(fileName: string, bytes: Uint8Array): { hash: string; form: OriginForm } | null {
  if (UNREGISTERED_EXTENSIONS.has(extensionOf(fileName))) return null;
  const form = originForm(fileName);
  try {
    if (form === "png") {
      const img = decodePngFile(fileName, bytes);
      return isDistinctImage(img) ? { hash: hashPixels(img), form } : null;
    }
    if (form === "json") {
      const model = parseJsonFile(fileName, bytes);
      return isDistinctModel(model) ? { hash: hashJsonValue(model), form } : null;
    }
    return isDistinctBytes(bytes) ? { hash: hashBytes(bytes), form } : null;
  } catch (e) {
    // Unreadable in its form (DomainError) or nested past the stack (RangeError): not registered.
    if (e instanceof DomainError || e instanceof RangeError) return null;
    throw e;
  }
}

/** Whether a file clears the floor (and so would be registered on export). */
export function isDistinct(fileName: string, bytes: Uint8Array): boolean {
  return originFingerprint(fileName, bytes) !== null;
}
