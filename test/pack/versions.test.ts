import { describe, expect, test } from "bun:test";
import data from "../../src/data/minecraft/versions.json";
import { DomainError } from "../../src/domain-error.ts";
import {
  ANY_ROTATION,
  atLeast,
  compareVersions,
  EQUIPMENT_LAYOUT,
  FLATTENING,
  FONT_BITMAP,
  FREE_ROTATION,
  GUI_SPRITES,
  isRelease,
  ITEM_DEFINITIONS,
  ITEM_OVERRIDES_CMD,
  MIN_MAX_FORMAT,
  minorFormatFor,
  newestRelease,
  NEWEST_FORMAT,
  oldestRelease,
  OVERLAYS,
  packFormatFor,
  RELEASES,
  releasesForFormat,
  SUPPORTED_FORMATS_FIELD,
  versionForFormat,
} from "../../src/pack/versions.ts";

describe("release list", () => {
  test("holds every release of the data, oldest to newest", () => {
    expect(RELEASES.length).toBe(data.releases.length);
    expect(new Set(RELEASES).size).toBe(RELEASES.length);
    for (let i = 1; i < RELEASES.length; i++) expect(compareVersions(RELEASES[i - 1], RELEASES[i])).toBe(-1);
    expect(oldestRelease).toBe("1.6.1");
    expect(newestRelease).toBe(data.newest_release);
    expect(RELEASES[RELEASES.length - 1]).toBe("26.3");
  });

  test("formats never go down from one release to the next", () => {
    for (let i = 1; i < RELEASES.length; i++) {
      expect(packFormatFor(RELEASES[i])).toBeGreaterThanOrEqual(packFormatFor(RELEASES[i - 1]));
    }
    expect(NEWEST_FORMAT).toBe(packFormatFor(newestRelease));
  });

  test("every release's format matches the data, and maps back to a release with that format", () => {
    for (const r of data.releases) {
      expect(isRelease(r.id)).toBe(true);
      expect(packFormatFor(r.id)).toBe(r.pack_format);
      const minor = "min_format" in r && r.min_format ? r.min_format : [r.pack_format, 0];
      expect(minorFormatFor(r.id)).toEqual([minor[0], minor[1]]);
      const same = releasesForFormat(r.pack_format);
      expect(same).toContain(r.id);
      expect(versionForFormat(r.pack_format)).toBe(same[same.length - 1]);
      expect(packFormatFor(versionForFormat(r.pack_format)!)).toBe(r.pack_format);
    }
  });

  test("releasesForFormat agrees with the data's format -> release-range table", () => {
    for (const [format, range] of Object.entries(data.format_ranges)) {
      const [first, last = first] = range.replace(/ \(.*\)$/, "").split("-");
      const got = releasesForFormat(Number(format));
      expect([format, got[0], got[got.length - 1]]).toEqual([format, first, last]);
    }
  });

  test("formats that no release reads", () => {
    for (const f of [0, 10, 11, 14, 16, 23, 65, 96, 98, 1000]) {
      expect(releasesForFormat(f)).toEqual([]);
      expect(versionForFormat(f)).toBeNull();
    }
    expect(releasesForFormat(64)).toEqual(["1.21.7", "1.21.8"]);
    expect(versionForFormat(64)).toBe("1.21.8");
    expect(versionForFormat(1)).toBe("1.8.9");
    expect(versionForFormat(69)).toBe("1.21.10");
  });

  test("only known release ids are releases", () => {
    for (const id of ["1.21.12", "1.22", "25w31a", "26.3-rc-2", "1.21.4 ", "", "1.6"]) {
      expect(isRelease(id)).toBe(false);
    }
  });

  test("lookups of an unknown version fail with invalid_request", () => {
    for (const call of [() => packFormatFor("1.21.12"), () => minorFormatFor("27.1"), () => packFormatFor("banana")]) {
      expect(call).toThrow(DomainError);
      try {
        call();
      } catch (e) {
        expect((e as DomainError).errorCode).toBe("invalid_request");
      }
    }
  });

  test("minor formats exist from 1.21.9 on and are [N, 0] before", () => {
    expect(minorFormatFor("1.21.8")).toEqual([64, 0]);
    expect(minorFormatFor("1.21.9")).toEqual([69, 0]);
    expect(minorFormatFor("26.3")).toEqual([97, 0]);
    const copy = minorFormatFor("26.1");
    copy[0] = 1;
    expect(minorFormatFor("26.1")).toEqual([84, 0]); // callers get a copy
  });
});

describe("compareVersions", () => {
  test("compares numerically part by part", () => {
    expect(compareVersions("1.9", "1.10")).toBe(-1);
    expect(compareVersions("1.21.9", "1.21.11")).toBe(-1);
    expect(compareVersions("1.21.11", "26.1")).toBe(-1);
    expect(compareVersions("26.1", "26.1.2")).toBe(-1);
    expect(compareVersions("26.3", "26.1.2")).toBe(1);
    expect(compareVersions("1.21", "1.21.0")).toBe(0);
    expect(compareVersions("1.20.2", "1.20.2")).toBe(0);
  });

  test("is antisymmetric over every pair of releases", () => {
    for (const a of RELEASES) {
      for (const b of RELEASES) expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
    }
  });

  test("refuses text that is not a dotted version", () => {
    for (const bad of ["", "1.", ".1", "1..2", "25w31a", "1.21-pre1", "v1.21"]) {
      expect(() => compareVersions(bad, "1.21")).toThrow(DomainError);
    }
  });

  test("atLeast is true at the milestone and after, false just before", () => {
    expect(atLeast("1.21.3", ITEM_DEFINITIONS)).toBe(false);
    expect(atLeast("1.21.4", ITEM_DEFINITIONS)).toBe(true);
    expect(atLeast("26.1", ITEM_DEFINITIONS)).toBe(true);
    expect(atLeast("1.21.8", MIN_MAX_FORMAT)).toBe(false);
    expect(atLeast("1.21.10", MIN_MAX_FORMAT)).toBe(true);
    expect(atLeast("1.12.2", FLATTENING)).toBe(false);
    expect(atLeast("1.13", FLATTENING)).toBe(true);
  });
});

describe("milestones", () => {
  const expected: [string, string, number][] = [
    [FLATTENING, "1.13", 4],
    [ITEM_OVERRIDES_CMD, "1.14", 4],
    [FONT_BITMAP, "1.13", 4],
    [GUI_SPRITES, "1.20.2", 18],
    [SUPPORTED_FORMATS_FIELD, "1.20.2", 18],
    [OVERLAYS, "1.20.2", 18],
    [EQUIPMENT_LAYOUT, "1.21.2", 42],
    [ITEM_DEFINITIONS, "1.21.4", 46],
    [FREE_ROTATION, "1.21.6", 63],
    [MIN_MAX_FORMAT, "1.21.9", 69],
    [ANY_ROTATION, "1.21.11", 75],
  ];
  test("are releases with the formats FORMAT-NOTES gives", () => {
    for (const [milestone, version, format] of expected) {
      expect(milestone).toBe(version);
      expect(isRelease(milestone)).toBe(true);
      expect(packFormatFor(milestone)).toBe(format);
    }
  });

  test("each starts its format or shares it with the releases just before, as the notes say", () => {
    // Layout changes arrive with a format bump, except the 1.14 custom_model_data predicate (format 4 since 1.13).
    for (const m of [
      FLATTENING,
      GUI_SPRITES,
      EQUIPMENT_LAYOUT,
      ITEM_DEFINITIONS,
      FREE_ROTATION,
      MIN_MAX_FORMAT,
      ANY_ROTATION,
    ]) {
      expect(releasesForFormat(packFormatFor(m))[0]).toBe(m);
    }
    expect(releasesForFormat(packFormatFor(ITEM_OVERRIDES_CMD))[0]).toBe("1.13");
  });
});
