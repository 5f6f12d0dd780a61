import { describe, expect, test } from "bun:test";
import { DomainError } from "../../src/domain-error.ts";
import { DEFAULT_IMPORT_VERSION, overlaysFor, parseMcmeta, versionFromMcmeta } from "../../src/pack/mcmeta.ts";
import { newestRelease, packFormatFor, RELEASES } from "../../src/pack/versions.ts";

const pack = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  parseMcmeta(JSON.stringify({ pack: { description: "d", ...fields }, ...top }));

describe("versionFromMcmeta", () => {
  test("the default is the newest release", () => {
    expect(DEFAULT_IMPORT_VERSION).toBe(newestRelease);
  });

  const exact: [Record<string, unknown>, string][] = [
    [{ pack_format: 1 }, "1.8.9"],
    [{ pack_format: 15 }, "1.20.1"],
    [{ pack_format: 64 }, "1.21.8"],
    [{ pack_format: 97 }, "26.3"],
    [{ min_format: 69, max_format: 75 }, "1.21.10"],
    [{ min_format: [84, 0], max_format: 97 }, "26.1.2"],
    // pack_format is the base layout even when the declared range is wider
    [{ pack_format: 34, supported_formats: [34, 97] }, "1.21.1"],
    [{ pack_format: 88, min_format: 55, max_format: 88, supported_formats: [55, 88] }, "26.2"],
  ];
  for (const [fields, version] of exact) {
    test(`${JSON.stringify(fields)} -> ${version}`, () => {
      expect(versionFromMcmeta(pack(fields))).toEqual({ version, source: "pack.mcmeta" });
    });
  }

  const approximated: [Record<string, unknown>, string, string][] = [
    [
      { pack_format: 23 },
      "1.20.5",
      "format 23 belongs to no release (a development snapshot's); reading the pack as 1.20.5, the first release after it",
    ],
    [{ pack_format: 16 }, "1.20.2", "format 16 belongs to no release"],
    [{ pack_format: 65 }, "1.21.9", "format 65 belongs to no release"],
    [{ min_format: [84, 1], max_format: 88 }, "26.2", "format [84, 1] belongs to no release"],
    [{ min_format: [86, 2], max_format: 88 }, "26.2", "format [86, 2] belongs to no release"],
    [{ pack_format: 98 }, "26.3", "format 98 is newer than 26.3, the newest release known; reading the pack as 26.3"],
    [{ pack_format: 500 }, "26.3", "format 500 is newer than 26.3"],
  ];
  for (const [fields, version, note] of approximated) {
    test(`${JSON.stringify(fields)} -> ${version} with a note`, () => {
      const got = versionFromMcmeta(pack(fields));
      expect([got.version, got.source]).toEqual([version, "pack.mcmeta"]);
      expect(got.note).toStartWith(note);
    });
  }

  test("files with problems give the default, or the caller's fallback", () => {
    const broken = parseMcmeta('{"pack": {"pack_format": 15 "description": "x"}}');
    expect(versionFromMcmeta(broken)).toEqual({ version: DEFAULT_IMPORT_VERSION, source: "default" });
    expect(versionFromMcmeta(parseMcmeta("{}"), { fallback: "1.20.1" })).toEqual({
      version: "1.20.1",
      source: "default",
    });
    expect(() => versionFromMcmeta(broken, { fallback: "1.99" })).toThrow(DomainError);
  });

  test("every release's format reads back as a release of that format", () => {
    for (const v of RELEASES) {
      const got = versionFromMcmeta(pack({ pack_format: packFormatFor(v) }));
      expect(packFormatFor(got.version)).toBe(packFormatFor(v));
      expect(got.note).toBeUndefined();
    }
  });
});

describe("overlaysFor", () => {
  const parsed = pack(
    { pack_format: 34, supported_formats: [34, 97] },
    {
      overlays: {
        entries: [
          { directory: "items_46", formats: [46, 97], min_format: 46, max_format: 97 },
          { directory: "old_only", formats: { min_inclusive: 34, max_inclusive: 42 } },
          { directory: "exactly_64", formats: 64 },
          { directory: "new_69", min_format: [69, 0], max_format: 75 },
          { directory: "after_84_0", min_format: [84, 1], max_format: [97, 0] },
        ],
      },
    },
  );

  test("picks the entries whose range holds the version's format, in declared order", () => {
    expect(parsed.warnings).toEqual([]);
    expect(overlaysFor(parsed, "1.21.1")).toEqual(["old_only"]); // 34, the lower edge
    expect(overlaysFor(parsed, "1.21.3")).toEqual(["old_only"]); // 42, the upper edge
    expect(overlaysFor(parsed, "1.21.4")).toEqual(["items_46"]); // 46, one past old_only
    expect(overlaysFor(parsed, "1.21.6")).toEqual(["items_46"]); // 63, one below exactly_64
    expect(overlaysFor(parsed, "1.21.8")).toEqual(["items_46", "exactly_64"]);
    expect(overlaysFor(parsed, "1.21.9")).toEqual(["items_46", "new_69"]);
    expect(overlaysFor(parsed, "1.21.11")).toEqual(["items_46", "new_69"]); // 75, max given as a bare major
    expect(overlaysFor(parsed, "26.1")).toEqual(["items_46"]); // 84.0 is below [84, 1]
    expect(overlaysFor(parsed, "26.2")).toEqual(["items_46", "after_84_0"]);
    expect(overlaysFor(parsed, "26.3")).toEqual(["items_46", "after_84_0"]); // 97.0 is the upper edge
    expect(overlaysFor(parsed, "1.20.6")).toEqual([]);
  });

  test("a pack without overlays has none; an unknown version is refused", () => {
    expect(overlaysFor(pack({ pack_format: 15 }), "1.20.1")).toEqual([]);
    expect(() => overlaysFor(parsed, "1.21.12")).toThrow(DomainError);
  });
});
