/**
 * Canonical JSON for the origin hash (spec, "Origin check" → "Hash definition", `.json` form).
 * The output is frozen under the v1 prefix: change nothing here without a v2.
 *
 * Rules, in the spec's words and where the spec is silent, ours:
 * - Object keys sorted ascending by plain string comparison = UTF-16 code units (JS default sort,
 *   the same order as RFC 8785 JCS). Entries whose value is undefined are dropped.
 * - Arrays keep their order; an undefined (or function) array entry is written `null`, as
 *   JSON.stringify does.
 * - null, NaN, Infinity and -Infinity are written `null`.
 * - Numbers: integers are kept as they are; any other finite number is rounded to six decimal places
 *   by r = round_half_away_from_zero(x * 1e6) / 1e6 in IEEE-754 double arithmetic, then -0 becomes 0.
 *   The double is then written the way ECMAScript's Number::toString (and JSON.stringify, and RFC 8785)
 *   writes it: shortest round-trip digits, plain notation from 1e-6 up to below 1e21, exponent form
 *   `1e+21` beyond. After rounding no non-zero value is below 1e-6, so small exponents never occur.
 *   Examples: 0.1+0.2 → 0.3, 1e-7 → 0, 5e-7 → 0.000001, -0 → 0, 1e21 → 1e+21, 2.5 → 2.5.
 * - Strings exactly as JSON.stringify writes them (escapes only `"`, `\`, control characters and
 *   lone surrogates; everything else is literal UTF-8 in the hashed bytes).
 * - Booleans `true`/`false`; no whitespace anywhere.
 * A function is treated like undefined (dropped from objects, `null` elsewhere), as JSON.stringify
 * does; bigint and symbol throw. Parsed JSON never holds any of these.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value ?? null, out);
  return out.join("");
}

/** The spec's six-decimal rounding; exported so tests and docs can show single numbers. */
export function canonicalNumber(x: number): string {
  if (!Number.isFinite(x)) return "null";
  if (Number.isInteger(x)) return x === 0 ? "0" : String(x);
  // Math.round ties towards +infinity; on the magnitude that is half away from zero (C's round()).
  const rounded = (Math.sign(x) * Math.round(Math.abs(x) * 1e6)) / 1e6;
  return rounded === 0 ? "0" : String(rounded);
}

function write(value: unknown, out: string[]): void {
  switch (typeof value) {
    case "string":
      out.push(JSON.stringify(value));
      return;
    case "number":
      out.push(canonicalNumber(value));
      return;
    case "boolean":
      out.push(value ? "true" : "false");
      return;
    case "undefined":
    case "function":
      out.push("null");
      return;
    case "object":
      if (value === null) out.push("null");
      else if (Array.isArray(value)) writeArray(value, out);
      else writeObject(value as Record<string, unknown>, out);
      return;
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

function writeArray(items: unknown[], out: string[]) {
  out.push("[");
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.push(",");
    write(items[i], out);
  }
  out.push("]");
}

function writeObject(obj: Record<string, unknown>, out: string[]) {
  out.push("{");
  let first = true;
  for (const key of Object.keys(obj).sort()) {
    const v = obj[key];
    if (v === undefined || typeof v === "function") continue;
    if (!first) out.push(",");
    first = false;
    out.push(JSON.stringify(key), ":");
    write(v, out);
  }
  out.push("}");
}
