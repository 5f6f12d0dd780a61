/**
 * A JSON reader for hand-written pack files that reports where a mistake is (line and column)
 * and what probably went wrong, which JSON.parse does not.
 *
 * Leniency, chosen for people importing packs they edited by hand:
 * - comments (`//`, `/* *\/`) and trailing commas are read and reported as warnings, because
 *   their meaning is unambiguous and Packsmith rewrites the file on export anyway;
 * - a missing comma, a missing quote or a stray bracket is an error: guessing the intended
 *   structure could silently read the wrong numbers.
 * Objects are built without a prototype so a key like "__proto__" is just a key.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonReadResult =
  | { ok: true; value: JsonValue; warnings: string[] }
  | { ok: false; error: string; warnings: string[] };

class JsonSyntaxError extends Error {}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Reads `text` as JSON with comments and trailing commas allowed; `file` names it in messages. */
export function readJson(text: string, file: string): JsonReadResult {
  const warnings: string[] = [];
  let at = 0;

  const where = (pos: number): string => {
    let line = 1;
    let col = 1;
    for (let i = 0; i < pos && i < text.length; i++) {
      if (text[i] === "\n") {
        line++;
        col = 1;
      } else col++;
    }
    return `line ${line}, column ${col}`;
  };
  const describe = (pos: number): string => {
    if (pos >= text.length) return "the end of the file";
    const ch = text[pos];
    if (ch === '"') {
      const end = text.indexOf('"', pos + 1);
      return end > 0 && end - pos < 40 ? text.slice(pos, end + 1) : "a string";
    }
    const word = /^[A-Za-z0-9_.+-]+/.exec(text.slice(pos, pos + 40));
    return word ? `"${word[0]}"` : `"${ch}"`;
  };
  const fail = (message: string, pos = at, hint = ""): never => {
    throw new JsonSyntaxError(`${message} at ${where(pos)}${hint}`);
  };
  /** `message` reads after the file name and before the position; `tail` after it. */
  const warn = (message: string, pos: number, tail = "") => warnings.push(`${file} ${message} at ${where(pos)}${tail}`);

  let commentWarned = false;
  const skipSpace = () => {
    for (;;) {
      const ch = text[at];
      if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") at++;
      else if (ch === "/" && text[at + 1] === "/") {
        if (!commentWarned) warn("has a comment", at, ", which JSON does not allow (read anyway)");
        commentWarned = true;
        while (at < text.length && text[at] !== "\n") at++;
      } else if (ch === "/" && text[at + 1] === "*") {
        if (!commentWarned) warn("has a comment", at, ", which JSON does not allow (read anyway)");
        commentWarned = true;
        const end = text.indexOf("*/", at + 2);
        if (end < 0) fail("a /* comment is never closed", at);
        at = end + 2;
      } else return;
    }
  };

  const readString = (): string => {
    const start = at;
    at++; // opening quote
    let out = "";
    let controlWarned = false;
    for (;;) {
      if (at >= text.length) fail('a string is never closed (missing ")', start);
      const ch = text[at];
      if (ch === '"') {
        at++;
        return out;
      }
      if (ch === "\\") {
        const e = text[at + 1];
        if (e === "u") {
          const hex = text.slice(at + 2, at + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail("a \\u escape needs four hex digits", at);
          out += String.fromCharCode(parseInt(hex, 16));
          at += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          at += 2;
        } else fail(`"\\${e ?? ""}" is not a JSON escape (write "\\\\" for a backslash)`, at);
        continue;
      }
      if (ch < " " && !controlWarned) {
        warn("has a raw control character (such as a line break) inside a string", at, " (read anyway)");
        controlWarned = true;
      }
      out += ch;
      at++;
    }
  };

  const readNumber = (): number => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!m) fail(`expected a value but found ${describe(at)}`);
    const next = text[at + m![0].length];
    if (next !== undefined && /[0-9A-Za-z.]/.test(next)) fail(`${describe(at)} is not a JSON number`);
    at += m![0].length;
    return Number(m![0]);
  };

  const readValue = (depth: number): JsonValue => {
    if (depth > 200) fail("nesting is deeper than 200 levels");
    skipSpace();
    const ch = text[at];
    if (ch === "{") return readObject(depth);
    if (ch === "[") return readArray(depth);
    if (ch === '"') return readString();
    if (ch === "'") fail("strings must use double quotes, not single quotes");
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return value;
      }
    }
    if (ch === "-" || (ch >= "0" && ch <= "9")) return readNumber();
    if (ch === undefined) return fail("the file ends where a value was expected");
    return fail(`expected a value but found ${describe(at)}`);
  };

  const readObject = (depth: number): JsonValue => {
    const obj = Object.create(null) as { [key: string]: JsonValue };
    at++; // {
    skipSpace();
    if (text[at] === "}") {
      at++;
      return obj;
    }
    for (;;) {
      skipSpace();
      if (text[at] !== '"') fail(`expected a property name in double quotes but found ${describe(at)}`);
      const keyAt = at;
      const key = readString();
      skipSpace();
      if (text[at] !== ":") fail(`expected ":" after "${key}" but found ${describe(at)}`);
      at++;
      const value = readValue(depth + 1);
      if (Object.hasOwn(obj, key)) warn(`repeats the key "${key}"`, keyAt, " (the last one wins)");
      obj[key] = value;
      skipSpace();
      if (text[at] === "}") {
        at++;
        return obj;
      }
      if (text[at] === ",") {
        const commaAt = at;
        at++;
        skipSpace();
        if (text[at] === "}") {
          warn("has a trailing comma", commaAt, " before }, which JSON does not allow (read anyway)");
          at++;
          return obj;
        }
        continue;
      }
      const hint = text[at] === '"' ? " (is a comma missing?)" : "";
      fail(`expected "," or "}" after the value of "${key}" but found ${describe(at)}`, at, hint);
    }
  };

  const readArray = (depth: number): JsonValue => {
    const arr: JsonValue[] = [];
    at++; // [
    skipSpace();
    if (text[at] === "]") {
      at++;
      return arr;
    }
    for (;;) {
      arr.push(readValue(depth + 1));
      skipSpace();
      if (text[at] === "]") {
        at++;
        return arr;
      }
      if (text[at] === ",") {
        const commaAt = at;
        at++;
        skipSpace();
        if (text[at] === "]") {
          warn("has a trailing comma", commaAt, " before ], which JSON does not allow (read anyway)");
          at++;
          return arr;
        }
        continue;
      }
      const hint = text[at] !== undefined && /["{[0-9-]/.test(text[at]) ? " (is a comma missing?)" : "";
      fail(`expected "," or "]" in a list but found ${describe(at)}`, at, hint);
    }
  };

  try {
    const value = readValue(0);
    skipSpace();
    if (at < text.length) warn(`has extra text (${describe(at)}) after the JSON value`, at, " (ignored)");
    return { ok: true, value, warnings };
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, error: e.message, warnings };
    throw e;
  }
}
