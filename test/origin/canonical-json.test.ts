import { describe, expect, test } from "bun:test";
import { canonicalJson, canonicalNumber } from "../../src/origin/canonical-json.ts";

describe("canonicalJson", () => {
  test("keys sorted by UTF-16 code units, at every depth, arrays kept in order", () => {
    const value = { b: 1, a: [3, 1, { z: 0, y: [] }], A: true, "": "empty" };
    expect(canonicalJson(value)).toBe('{"":"empty","A":true,"a":[3,1,{"y":[],"z":0}],"b":1}');
  });

  test("non-ASCII keys: code-unit order, not locale or code-point order", () => {
    // "é" (U+00E9) sorts after "z"; "😀" (surrogates D83D DE00) sorts before "ｆ" (U+FF46) by code unit.
    const value = { z: 1, é: 2, ｆ: 3, "😀": 4, Z: 5 };
    expect(canonicalJson(value)).toBe('{"Z":5,"z":1,"é":2,"😀":4,"ｆ":3}');
  });

  test("the spec's numbers: rounding to six decimals, -0, non-finite, big values", () => {
    expect(canonicalJson([0.1 + 0.2, -0, 1e21, 1e-7, 5e-7, -5e-7, 2.5, 1.0000004, 1.0000005, 123456.7654321])).toBe(
      "[0.3,0,1e+21,0,0.000001,-0.000001,2.5,1,1.000001,123456.765432]",
    );
    expect(canonicalJson([NaN, Infinity, -Infinity, null, undefined])).toBe("[null,null,null,null,null]");
    // biome-ignore lint/correctness/noPrecisionLoss: the test checks what a number past 2^53 serialises as
    expect(canonicalJson([1e300, -1e21, 9007199254740993, 4.35, 0.000001])).toBe(
      "[1e+300,-1e+21,9007199254740992,4.35,0.000001]",
    );
  });

  test("numbers round half away from zero", () => {
    expect(canonicalNumber(0.0000025)).toBe("0.000003");
    expect(canonicalNumber(-0.0000025)).toBe("-0.000003");
    expect(canonicalNumber(-1e-9)).toBe("0");
  });

  test("undefined (and function) object entries are dropped; nested arrays keep shape", () => {
    expect(canonicalJson({ a: undefined, b: [undefined, [[], [1, [2]]]], c: () => 1 })).toBe(
      '{"b":[null,[[],[1,[2]]]]}',
    );
  });

  test("strings exactly as JSON.stringify writes them, no whitespace anywhere", () => {
    const s = 'quote " backslash \\ newline \n tab \t nul \u0000 slash / é 😀 lone \ud800';
    expect(canonicalJson({ s })).toBe(`{"s":${JSON.stringify(s)}}`);
    expect(canonicalJson(JSON.parse('{ "a" : [ 1 , 2 ] ,\n "b" : { } }'))).toBe('{"a":[1,2],"b":{}}');
  });

  test("re-indented and reordered versions of the same document are the same string", () => {
    const a = JSON.parse(
      '{"textures":{"0":"x:block/a","particle":"x:block/a"},"elements":[{"from":[0,0,0],"to":[16,8.0,16]}]}',
    );
    const b = JSON.parse(
      '{\n  "elements": [ { "to": [16, 8, 16], "from": [0, 0, 0] } ],\n  "textures": { "particle": "x:block/a", "0": "x:block/a" }\n}',
    );
    expect(canonicalJson(a)).toBe(canonicalJson(b));
  });

  test("top-level scalars and the values outside JSON", () => {
    expect(canonicalJson(null)).toBe("null");
    expect(canonicalJson(undefined)).toBe("null");
    expect(canonicalJson("x")).toBe('"x"');
    expect(canonicalJson(false)).toBe("false");
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
    expect(() => canonicalJson([Symbol("s")])).toThrow(TypeError);
  });

  test("a __proto__ key from parsed JSON is an ordinary key", () => {
    expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1},"b":1}');
  });
});
