import { describe, expect, test } from "bun:test";
import { DomainError } from "../../src/domain-error.ts";
import { formatRange, MAX_MINOR, parseMcmeta, versionFromMcmeta, writeMcmeta } from "../../src/pack/mcmeta.ts";
import { packFormatFor, RELEASES } from "../../src/pack/versions.ts";

const DESCRIPTION = "Ruby tools §5v2 — für Freunde";

describe("writeMcmeta", () => {
  const cases: [string, object][] = [
    ["1.8.9", { pack_format: 1 }],
    ["1.12.2", { pack_format: 3 }],
    ["1.20.1", { pack_format: 15 }],
    ["1.20.2", { pack_format: 18 }],
    ["1.21.4", { pack_format: 46 }],
    ["1.21.8", { pack_format: 64 }],
    ["1.21.9", { pack_format: 69, min_format: [69, 0], max_format: 69 }],
    ["26.3", { pack_format: 97, min_format: [97, 0], max_format: 97 }],
  ];
  for (const [version, fields] of cases) {
    test(`${version}: exactly the fields that version reads, and it parses back`, () => {
      const text = writeMcmeta(version, DESCRIPTION);
      expect(JSON.parse(text)).toEqual({ pack: { ...fields, description: DESCRIPTION } });
      const parsed = parseMcmeta(text);
      expect(parsed.problems).toEqual([]);
      expect(parsed.warnings).toEqual([]);
      expect(parsed.description).toBe("Ruby tools v2 — für Freunde"); // § code stripped when read back
      expect(parsed.packFormat).toBe(packFormatFor(version));
      const got = versionFromMcmeta(parsed);
      expect(got.source).toBe("pack.mcmeta");
      expect(packFormatFor(got.version)).toBe(packFormatFor(version));
      if ("min_format" in fields) {
        expect(parsed.minFormat).toEqual([packFormatFor(version), 0]);
        expect(parsed.maxFormat).toEqual([packFormatFor(version), MAX_MINOR]);
      } else {
        expect(parsed.minFormat).toBeUndefined();
        expect(parsed.supported).toBeUndefined();
      }
      expect(formatRange(parsed)).toEqual({ min: packFormatFor(version), max: packFormatFor(version) });
    });
  }

  test("is 2-space indented, ends with one newline, and is deterministic", () => {
    const text = writeMcmeta("1.21.9", "A");
    expect(text).toBe(
      '{\n  "pack": {\n    "pack_format": 69,\n    "min_format": [69, 0],\n    "max_format": 69,\n    "description": "A"\n  }\n}\n',
    );
    expect(writeMcmeta("1.21.9", "A")).toBe(text);
    expect(writeMcmeta("1.20.1", "A")).toBe('{\n  "pack": {\n    "pack_format": 15,\n    "description": "A"\n  }\n}\n');
  });

  test("escapes non-ASCII before 1.19.3 and writes UTF-8 from 1.19.3", () => {
    const old = writeMcmeta("1.19.2", DESCRIPTION);
    expect(/[^\x00-\x7f]/.test(old)).toBe(false);
    expect(old).toContain("\\u00a7");
    expect(JSON.parse(old).pack.description).toBe(DESCRIPTION);
    const modern = writeMcmeta("1.19.3", DESCRIPTION);
    expect(modern).toContain(DESCRIPTION);
  });

  test("quotes and backslashes in a description stay one string", () => {
    const tricky = 'say "hi"\\n\nline2 [1, 2] {"pack":1}';
    const text = writeMcmeta("1.20.4", tricky);
    expect(JSON.parse(text).pack.description).toBe(tricky);
    expect(Object.keys(JSON.parse(text).pack)).toEqual(["pack_format", "description"]);
  });

  test("every release round-trips to a release of the same format with no warnings", () => {
    for (const version of RELEASES) {
      const parsed = parseMcmeta(writeMcmeta(version, "x"));
      expect([version, parsed.problems, parsed.warnings]).toEqual([version, [], []]);
      expect(packFormatFor(versionFromMcmeta(parsed).version)).toBe(packFormatFor(version));
    }
  });

  test("refuses an unknown version", () => {
    expect(() => writeMcmeta("1.21.12", "x")).toThrow(DomainError);
    expect(() => writeMcmeta("latest", "x")).toThrow(DomainError);
  });
});
