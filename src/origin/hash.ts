import { invalid } from "../domain-error.ts";
import { clearTransparent } from "../media/image.ts";
import type { Rgba } from "../media/png.ts";
import { decodePng, PngError } from "../media/png-decode.ts";
import { canonicalJson } from "./canonical-json.ts";

/**
 * The origin hash (spec, "Origin check" → "Hash definition"), frozen under v1. SHA-256 in lowercase
 * hex over a domain-separated text whose first line names the form:
 *   png   → "packsmith/v1/png\n" + "<w>x<h>\n" + RGBA8 row-major, alpha-0 pixels as four zero bytes
 *   json  → "packsmith/v1/json\n" + canonicalJson(JSON.parse(utf8 text))
 *   bytes → "packsmith/v1/bytes\n" + the file's bytes unchanged
 * Hashing what a file shows rather than its bytes makes a re-encoded PNG or re-indented model still
 * match. test/vectors/ holds published examples for other implementations.
 */
export type OriginForm = "png" | "json" | "bytes";

export const ORIGIN_DOMAIN = "packsmith";
export const ORIGIN_VERSION = "v1";

export function originPrefix(form: OriginForm): string {
  return `${ORIGIN_DOMAIN}/${ORIGIN_VERSION}/${form}\n`;
}

/** The form is chosen by the file name's extension alone, case-insensitively. */
export function originForm(fileName: string): OriginForm {
  const dot = fileName.lastIndexOf(".");
  const ext = dot >= 0 && dot > fileName.lastIndexOf("/") ? fileName.slice(dot + 1).toLowerCase() : "";
  return ext === "png" ? "png" : ext === "json" ? "json" : "bytes";
}

const sha256 = () => new Bun.CryptoHasher("sha256");

/** Hash of already-decoded pixels (the export path has them in hand and need not decode twice). */
export function hashPixels(img: Rgba): string {
  const clean = clearTransparent(img);
  return sha256()
    .update(`${originPrefix("png")}${img.width}x${img.height}\n`)
    .update(clean.data)
    .digest("hex");
}

/** Hash of an already-parsed JSON value. */
export function hashJsonValue(value: unknown): string {
  return sha256()
    .update(originPrefix("json") + canonicalJson(value))
    .digest("hex");
}

export function hashBytes(bytes: Uint8Array): string {
  return sha256().update(originPrefix("bytes")).update(bytes).digest("hex");
}

// fatal: malformed UTF-8 is refused rather than replaced; a leading BOM is dropped (TextDecoder default).
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Parses a `.json` file the way the hash does; throws invalid_request if it is not JSON. */
export function parseJsonFile(fileName: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch (e) {
    throw invalid(`${fileName} is not valid UTF-8 JSON: ${(e as Error).message}`, e);
  }
}

/** Decodes a `.png` file the way the hash does; throws invalid_request if it is not a PNG. */
export function decodePngFile(fileName: string, bytes: Uint8Array): Rgba {
  try {
    return decodePng(bytes);
  } catch (e) {
    if (e instanceof PngError) throw invalid(`${fileName}: ${e.message}`, e);
    throw e;
  }
}

export function originHash(fileName: string, bytes: Uint8Array): { hash: string; form: OriginForm } {
  const form = originForm(fileName);
  if (form === "png") return { hash: hashPixels(decodePngFile(fileName, bytes)), form };
  if (form === "json") {
    const value = parseJsonFile(fileName, bytes);
    try {
      return { hash: hashJsonValue(value), form };
    } catch (e) {
      if (e instanceof RangeError) throw invalid(`${fileName} nests too deeply to hash`, e);
      throw e;
    }
  }
  return { hash: hashBytes(bytes), form };
}
