/** JSON minified keeping every value: whitespace between tokens only; non-strict JSON left as it came. */
import { describe, expect, test } from "bun:test";
import { minifyJson } from "../../src/pack/json-minify.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe("minifyJson", () => {
  test("whitespace goes, strings and number literals stay exactly", () => {
    const text = '{\n  "a b": [ 1, 2.50, 12345678901234567890 ],\r\n\t"c": "x \\" y  z",\n  "é": "\\u00e9 ok" }\n';
    const out = dec(minifyJson(enc(text)));
    expect(out).toBe('{"a b":[1,2.50,12345678901234567890],"c":"x \\" y  z","é":"\\u00e9 ok"}');
    expect(JSON.parse(out)).toEqual(JSON.parse(text));
  });

  test("already minified JSON comes back as the same bytes; comments, BOMs and broken JSON are untouched", () => {
    const tight = enc('{"a":1}');
    expect(minifyJson(tight)).toBe(tight);
    for (const s of ["// note\n{ }", "\uFEFF{ }", "{ 'a': 1 }", '{ "a": 1,, }']) {
      const b = enc(s);
      expect(minifyJson(b)).toBe(b);
    }
  });
});
