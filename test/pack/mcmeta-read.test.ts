import { describe, expect, test } from "bun:test";
import { parseMcmeta } from "../../src/pack/mcmeta.ts";

const GOOD = '{\n  "pack": {\n    "pack_format": 15,\n    "description": "Hi"\n  }\n}\n';

describe("problems: files that say nothing usable", () => {
  const cases: [string, string][] = [
    ["", "pack.mcmeta is empty"],
    ["  \n\t", "pack.mcmeta is empty"],
    ["[1, 2]", "pack.mcmeta must hold a JSON object, but holds a list of 2"],
    ['"pack"', 'pack.mcmeta must hold a JSON object, but holds the text "pack"'],
    ['{"meta": {}}', 'pack.mcmeta has no "pack" object'],
    ['{"pack": [15]}', 'pack.mcmeta\'s "pack" must be an object, not a list of 1'],
    ['{"pack": null}', 'pack.mcmeta\'s "pack" must be an object, not null'],
    [
      '{"pack": {"description": "x"}}',
      'pack.mcmeta has no usable "pack_format" or "min_format", so it does not say which game version it is for',
    ],
  ];
  for (const [text, problem] of cases) {
    test(JSON.stringify(text), () => {
      const p = parseMcmeta(text);
      expect(p.problems).toEqual([problem]);
      expect(p.packFormat).toBeUndefined();
    });
  }
});

describe("problems: JSON syntax, with the line and column", () => {
  const cases: [string, string][] = [
    [
      '{\n  "pack": {\n    "pack_format": 15\n    "description": "x"\n  }\n}',
      'expected "," or "}" after the value of "pack_format" but found "description" at line 4, column 5 (is a comma missing?)',
    ],
    [
      '{"pack": {"pack_format": 15, "description": "x"}',
      'expected "," or "}" after the value of "pack" but found the end of the file at line 1, column 49',
    ],
    [
      '{"pack": {"pack_format": 15,, "description": "x"}}',
      'expected a property name in double quotes but found "," at line 1, column 29',
    ],
    ["{'pack': {}}", 'expected a property name in double quotes but found "\'" at line 1, column 2'],
    [
      '{"pack": {pack_format: 15}}',
      'expected a property name in double quotes but found "pack_format" at line 1, column 11',
    ],
    ['{"pack": {"pack_format" 15}}', 'expected ":" after "pack_format" but found "15" at line 1, column 25'],
    ['{"pack": {"description": \'x\'}}', "strings must use double quotes, not single quotes at line 1, column 26"],
    ['{"pack": {"description": "x}}', 'a string is never closed (missing ") at line 1, column 26'],
    ['{"pack": {"pack_format": 015}}', '"015" is not a JSON number at line 1, column 26'],
    ['{"pack": {"pack_format": NaN}}', 'expected a value but found "NaN" at line 1, column 26'],
    [
      '{"pack": {"description": "\\x"}}',
      '"\\x" is not a JSON escape (write "\\\\" for a backslash) at line 1, column 27',
    ],
    [
      '{"pack": {"pack_format": [1 2]}}',
      'expected "," or "]" in a list but found "2" at line 1, column 29 (is a comma missing?)',
    ],
    ['{"pack": /* open', "a /* comment is never closed at line 1, column 10"],
    ['{"pack": ', "the file ends where a value was expected at line 1, column 10"],
  ];
  for (const [text, error] of cases) {
    test(JSON.stringify(text), () => {
      expect(parseMcmeta(text).problems).toEqual([`pack.mcmeta is not valid JSON: ${error}`]);
    });
  }

  test("columns count from the start of the line after CRLF line ends", () => {
    const text = '{\r\n  "pack": {\r\n    "pack_format": 15\r\n    "description": "x"\r\n  }\r\n}';
    expect(parseMcmeta(text).problems[0]).toContain("at line 4, column 5");
  });

  test("a deeply nested file is refused, not a stack overflow", () => {
    const text = '{"pack": {"pack_format": 1, "description": ' + "[".repeat(5000) + "]".repeat(5000) + "}}";
    expect(parseMcmeta(text).problems[0]).toContain("nesting is deeper than 200 levels");
  });
});

describe("warnings: sloppiness read anyway", () => {
  test("comments, once per file", () => {
    const p = parseMcmeta(
      '{\n  // made by hand\n  "pack": {\n    "pack_format": 15, /* 1.20.1 */\n    "description": "x"\n  }\n}',
    );
    expect(p.problems).toEqual([]);
    expect(p.packFormat).toBe(15);
    expect(p.warnings).toEqual([
      "pack.mcmeta has a comment at line 2, column 3, which JSON does not allow (read anyway)",
    ]);
  });

  test("trailing commas in objects and lists", () => {
    const p = parseMcmeta(
      '{\n  "pack": {\n    "pack_format": 18,\n    "supported_formats": [18, 22,],\n    "description": "x",\n  },\n}',
    );
    expect(p.problems).toEqual([]);
    expect(p.supported).toEqual({ min: 18, max: 22 });
    expect(p.warnings).toEqual([
      "pack.mcmeta has a trailing comma at line 4, column 33 before ], which JSON does not allow (read anyway)",
      "pack.mcmeta has a trailing comma at line 5, column 23 before }, which JSON does not allow (read anyway)",
      "pack.mcmeta has a trailing comma at line 6, column 4 before }, which JSON does not allow (read anyway)",
    ]);
  });

  test("a repeated key: the last one wins, as in the game's reader", () => {
    const p = parseMcmeta('{"pack": {"pack_format": 15, "pack_format": 18, "description": "x"}}');
    expect(p.packFormat).toBe(18);
    expect(p.warnings).toEqual(['pack.mcmeta repeats the key "pack_format" at line 1, column 30 (the last one wins)']);
  });

  test("text after the closing brace", () => {
    const p = parseMcmeta(GOOD + "}");
    expect(p.problems).toEqual([]);
    expect(p.warnings).toEqual(['pack.mcmeta has extra text ("}") after the JSON value at line 7, column 1 (ignored)']);
  });

  test("a raw line break inside a string", () => {
    const p = parseMcmeta('{"pack": {"pack_format": 15, "description": "a\nb"}}');
    expect(p.description).toBe("a\nb");
    expect(p.warnings[0]).toContain("raw control character");
  });

  test("a byte-order mark, in text or bytes", () => {
    const fromText = parseMcmeta("\uFEFF" + GOOD);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(GOOD)]);
    for (const p of [fromText, parseMcmeta(bytes)]) {
      expect(p.problems).toEqual([]);
      expect(p.packFormat).toBe(15);
      expect(p.warnings).toEqual(["pack.mcmeta starts with a byte-order mark (ignored)"]);
    }
  });

  test("Windows-1252 bytes (a one-byte §) are read as Windows-1252", () => {
    const ascii = new TextEncoder().encode('{"pack":{"pack_format":1,"description":"XcGold Pack"}}');
    ascii[ascii.indexOf(0x58)] = 0xa7; // "X" -> 0xA7, which is "§" in Windows-1252 and invalid alone in UTF-8
    const p = parseMcmeta(ascii);
    expect(p.problems).toEqual([]);
    expect(p.description).toBe("Gold Pack");
    expect(p.warnings).toEqual(["pack.mcmeta is not valid UTF-8; read it as Windows-1252"]);
  });

  test("UTF-8 bytes read cleanly", () => {
    const p = parseMcmeta(new TextEncoder().encode('{"pack":{"pack_format":15,"description":"Für \\u00e9 ✓"}}'));
    expect(p.warnings).toEqual([]);
    expect(p.description).toBe("Für é ✓");
  });

  test('a "__proto__" key is data, not a prototype', () => {
    const p = parseMcmeta(
      '{"__proto__": {"pack": 1}, "pack": {"pack_format": 15, "description": "x", "__proto__": 5}}',
    );
    expect(p.problems).toEqual([]);
    expect(p.packFormat).toBe(15);
  });

  test("unknown fields are read quietly", () => {
    const p = parseMcmeta(
      '{"pack": {"pack_format": 6, "description": "x"}, "meta": {"game_version": "1.17"}, "filter": {"block": []}}',
    );
    expect(p.warnings).toEqual([]);
  });
});
