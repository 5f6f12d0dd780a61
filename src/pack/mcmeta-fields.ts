/**
 * Readers for the value shapes pack.mcmeta fields take. Each returns null and adds a warning when a
 * value cannot be read, so the caller can drop that field and keep the rest of the file.
 */
import type { JsonValue } from "./mcmeta-json.ts";
import type { FormatVersion } from "./versions.ts";

export type JsonObject = { [key: string]: JsonValue };
export interface FormatRange {
  min: number;
  max: number;
}

/** What the game means by a bare `max_format: N`: any minor version of N. */
export const MAX_MINOR = 0x7fffffff;

export function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A short description of a value for messages: "a list", "the text \"15\"", "the number 1.5". */
export function describeJson(v: JsonValue): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return v.length ? `a list of ${v.length}` : "an empty list";
  if (typeof v === "object") return "an object";
  if (typeof v === "string") return `the text ${JSON.stringify(v.length > 30 ? v.slice(0, 30) + "…" : v)}`;
  return `${typeof v === "number" ? "the number" : "the value"} ${v}`;
}

type Warn = (message: string) => void;

/**
 * A whole number >= `least`. A number written as text ("15") is read with a warning: old
 * hand-written packs do this and the intent is plain.
 */
function readWhole(v: JsonValue, least: number, what: string, warn: Warn): number | null {
  let n: number | null = null;
  if (typeof v === "number") n = v;
  else if (typeof v === "string" && /^\s*\d+\s*$/.test(v)) {
    n = Number(v);
    warn(`pack.mcmeta's ${what} is written as text "${v}" instead of a number (read as ${n})`);
  }
  if (n === null || !Number.isInteger(n) || n < least || n > MAX_MINOR) {
    warn(`pack.mcmeta's ${what} must be a whole number from ${least} up, but is ${describeJson(v)} (ignored)`);
    return null;
  }
  return n;
}

/**
 * A format or an inclusive range of formats: `N`, and when `allowRange`, `[min, max]` or
 * `{"min_inclusive": min, "max_inclusive": max}` (the forms of supported_formats and overlay formats).
 */
export function readRange(v: JsonValue, what: string, warn: Warn, allowRange: boolean): FormatRange | null {
  let lo: JsonValue | undefined;
  let hi: JsonValue | undefined;
  if (allowRange && Array.isArray(v)) {
    if (v.length !== 2) {
      warn(`pack.mcmeta's ${what} must be [min, max] with two numbers, but is ${describeJson(v)} (ignored)`);
      return null;
    }
    [lo, hi] = v;
  } else if (allowRange && isObject(v)) {
    lo = v.min_inclusive;
    hi = v.max_inclusive;
    if (lo === undefined || hi === undefined) {
      warn(`pack.mcmeta's ${what} needs both "min_inclusive" and "max_inclusive" (ignored)`);
      return null;
    }
  } else if (typeof v === "number" || typeof v === "string") {
    lo = hi = v;
  } else {
    const shape = allowRange ? 'a number, [min, max] or {"min_inclusive", "max_inclusive"}' : "a number";
    warn(`pack.mcmeta's ${what} must be ${shape}, but is ${describeJson(v)} (ignored)`);
    return null;
  }
  const min = readWhole(lo, 1, what, warn);
  const max = lo === hi ? min : readWhole(hi, 1, what, warn);
  if (min === null || max === null) return null;
  if (min > max) {
    warn(`pack.mcmeta's ${what} runs from ${min} down to ${max}; the first number must not be larger (ignored)`);
    return null;
  }
  return { min, max };
}

/**
 * A 1.21.9+ format: `N`, `[N]` or `[N, minor]`. A bare or one-element `max_format` means any minor
 * of N, stored as [N, MAX_MINOR]; the same in `min_format` means [N, 0].
 */
export function readFormat(v: JsonValue, what: string, isMax: boolean, warn: Warn): FormatVersion | null {
  const parts = Array.isArray(v) ? v : [v];
  if (parts.length < 1 || parts.length > 2 || parts.some((p) => typeof p === "object" && p !== null)) {
    warn(`pack.mcmeta's ${what} must be N, [N] or [N, minor], but is ${describeJson(v)} (ignored)`);
    return null;
  }
  const major = readWhole(parts[0], 1, what, warn);
  if (major === null) return null;
  if (parts.length === 1) return [major, isMax ? MAX_MINOR : 0];
  const minor = readWhole(parts[1], 0, `${what} minor`, warn);
  return minor === null ? null : [major, minor];
}

/**
 * Plain text of a text component (string, list, or object with text/translate/keybind and extra),
 * best effort, with legacy § formatting codes removed the way the game skips them (§ plus one char).
 */
export function flattenText(v: JsonValue): string {
  return collectText(v, 0).replace(/§[\s\S]?/gu, "");
}

function collectText(v: JsonValue, depth: number): string {
  if (depth > 32 || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map((x) => collectText(x, depth + 1)).join("");
  let own = "";
  if (v.text !== undefined) own = collectText(v.text, depth + 1);
  else if (typeof v.translate === "string") own = typeof v.fallback === "string" ? v.fallback : v.translate;
  else if (typeof v.keybind === "string") own = v.keybind;
  const extra = Array.isArray(v.extra) ? v.extra.map((x) => collectText(x, depth + 1)).join("") : "";
  return own + extra;
}
