/**
 * JSON minified for `optimize=true` exports, keeping every parsed value exactly: only the whitespace between
 * tokens goes. Written by hand rather than parse-and-stringify because a round trip through JavaScript numbers
 * changes what the game's parser would read (a custom_model_data of 2^53 + 1, `1.10` vs `1.1` in a float field
 * is harmless but 12345678901234567890 is not), and it would reorder nothing but could re-escape strings.
 * A file that is not strict JSON (comments, a byte-order mark: the game's lenient reader may still take it) is
 * left exactly as it came.
 */

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The file without insignificant whitespace, or the bytes as they came when it is not strict JSON. */
export function minifyJson(bytes: Uint8Array): Uint8Array {
  let text: string;
  try {
    text = utf8.decode(bytes);
    if (text.charCodeAt(0) === 0xfeff) return bytes;
    JSON.parse(text);
  } catch {
    return bytes;
  }
  let out = "";
  let start = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      out += text.slice(start, i);
      start = i + 1;
    }
  }
  out += text.slice(start);
  return out.length === text.length ? bytes : encoder.encode(out);
}
