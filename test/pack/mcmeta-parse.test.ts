import { describe, expect, test } from "bun:test";
import { formatRange, MAX_MINOR, parseMcmeta } from "../../src/pack/mcmeta.ts";

/** pack.mcmeta text with these "pack" fields (description added) and top-level extras. */
function meta(pack: Record<string, unknown>, top: Record<string, unknown> = {}): string {
  return JSON.stringify({ pack: { description: "d", ...pack }, ...top }, null, 2);
}

/** Parses and asserts the file is readable; returns it for field checks. */
function readable(text: string | Uint8Array) {
  const parsed = parseMcmeta(text);
  expect(parsed.problems).toEqual([]);
  return parsed;
}

describe("pack_format", () => {
  test("a whole number from 1 up", () => {
    expect(readable(meta({ pack_format: 1 })).packFormat).toBe(1);
    expect(readable(meta({ pack_format: 97 })).packFormat).toBe(97);
    expect(readable(meta({ pack_format: 15 })).warnings).toEqual([]);
  });

  test("a number written as text is read with a warning", () => {
    const p = readable(meta({ pack_format: "15" }));
    expect(p.packFormat).toBe(15);
    expect(p.warnings).toEqual([
      'pack.mcmeta\'s "pack_format" is written as text "15" instead of a number (read as 15)',
    ]);
  });

  for (const bad of [0, -3, 1.5, "fifteen", null, true, [15], { v: 15 }]) {
    test(`${JSON.stringify(bad)} is dropped, and with nothing else the file is a problem`, () => {
      const p = parseMcmeta(meta({ pack_format: bad }));
      expect(p.packFormat).toBeUndefined();
      expect(p.warnings.some((w) => w.startsWith('pack.mcmeta\'s "pack_format" must be'))).toBe(true);
      expect(p.problems).toEqual([
        'pack.mcmeta has no usable "pack_format" or "min_format", so it does not say which game version it is for',
      ]);
    });
  }
});

describe("supported_formats", () => {
  const forms: [unknown, { min: number; max: number }][] = [
    [18, { min: 18, max: 18 }],
    [[18, 22], { min: 18, max: 22 }],
    [[18, 18], { min: 18, max: 18 }],
    [
      { min_inclusive: 18, max_inclusive: 34 },
      { min: 18, max: 34 },
    ],
  ];
  for (const [value, range] of forms) {
    test(`${JSON.stringify(value)}`, () => {
      const p = readable(meta({ pack_format: 18, supported_formats: value }));
      expect(p.supported).toEqual(range);
      expect(p.warnings).toEqual([]);
      expect(formatRange(p)).toEqual(range);
    });
  }

  const broken: [unknown, string][] = [
    [[22, 18], "runs from 22 down to 18"],
    [[18], "must be [min, max] with two numbers"],
    [[18, 22, 34], "must be [min, max] with two numbers"],
    [{ min_inclusive: 18 }, 'needs both "min_inclusive" and "max_inclusive"'],
    [{ min_inclusive: 30, max_inclusive: 20 }, "runs from 30 down to 20"],
    [[0, 5], "must be a whole number from 1 up"],
    [true, "must be a number, [min, max] or"],
  ];
  for (const [value, message] of broken) {
    test(`${JSON.stringify(value)} is dropped with a warning; pack_format still counts`, () => {
      const p = readable(meta({ pack_format: 18, supported_formats: value }));
      expect(p.supported).toBeUndefined();
      expect(p.warnings.join("\n")).toContain(message);
      expect(formatRange(p)).toEqual({ min: 18, max: 18 });
    });
  }

  test("pack_format outside the range is a warning", () => {
    const p = readable(meta({ pack_format: 15, supported_formats: [18, 22] }));
    expect(p.warnings).toEqual(['pack.mcmeta\'s "pack_format" 15 is outside its "supported_formats" 18–22']);
  });
});

describe("min_format / max_format", () => {
  const forms: [unknown, unknown, [number, number], [number, number]][] = [
    [69, 75, [69, 0], [75, MAX_MINOR]],
    [[69], [75], [69, 0], [75, MAX_MINOR]],
    [
      [69, 1],
      [75, 2],
      [69, 1],
      [75, 2],
    ],
    [[69, 0], 69, [69, 0], [69, MAX_MINOR]],
    [
      [84, 3],
      [84, 3],
      [84, 3],
      [84, 3],
    ],
  ];
  for (const [min, max, wantMin, wantMax] of forms) {
    test(`${JSON.stringify(min)} .. ${JSON.stringify(max)}`, () => {
      const p = readable(meta({ min_format: min, max_format: max }));
      expect([p.minFormat, p.maxFormat]).toEqual([wantMin, wantMax]);
      expect(p.warnings).toEqual([]);
      expect(formatRange(p)).toEqual({ min: wantMin[0], max: wantMax[0] });
    });
  }

  for (const bad of [[], [69, 1, 2], [69, -1], ["x"], [[69]], { major: 69 }, 0, 69.5]) {
    test(`min_format ${JSON.stringify(bad)} is dropped; max_format alone is read with a warning`, () => {
      const p = readable(meta({ min_format: bad, max_format: 75 }));
      expect(p.warnings[0]).toStartWith("pack.mcmeta's \"min_format");
      expect(p.warnings).toContain(
        'pack.mcmeta has "max_format" without "min_format" (assuming the same major version)',
      );
      expect([p.minFormat, p.maxFormat]).toEqual([
        [75, 0],
        [75, MAX_MINOR],
      ]);
    });
  }

  test("min_format alone covers its own major", () => {
    const p = readable(meta({ min_format: [84, 1] }));
    expect([p.minFormat, p.maxFormat]).toEqual([
      [84, 1],
      [84, MAX_MINOR],
    ]);
    expect(p.warnings).toEqual(['pack.mcmeta has "min_format" without "max_format" (assuming the same major version)']);
  });

  test("min above max drops both: with pack_format the file is still readable", () => {
    const p = readable(meta({ pack_format: 75, min_format: [75, 2], max_format: [75, 1] }));
    expect(p.minFormat).toBeUndefined();
    expect(p.warnings).toEqual(['pack.mcmeta\'s "min_format" [75, 2] is above "max_format" [75, 1] (both ignored)']);
    expect(formatRange(p)).toEqual({ min: 75, max: 75 });
    expect(parseMcmeta(meta({ min_format: 80, max_format: 70 })).problems).toHaveLength(1);
  });

  test("min/max win over supported_formats and pack_format in formatRange", () => {
    const p = readable(meta({ pack_format: 55, supported_formats: [55, 64], min_format: 55, max_format: 88 }));
    expect(formatRange(p)).toEqual({ min: 55, max: 88 });
    expect(p.warnings).toEqual([]);
  });

  test("a range reaching before 1.21.9 without pack_format is flagged for old clients", () => {
    const p = readable(meta({ min_format: 46, max_format: 75 }));
    expect(p.warnings).toEqual([
      'pack.mcmeta\'s "min_format" reaches format 46 (before 1.21.9) but has no "pack_format", which those versions need',
    ]);
  });
});

describe("description", () => {
  const forms: [unknown, string][] = [
    ["§6Gold §lbold§r plain", "Gold bold plain"],
    ["ends with §", "ends with "],
    [{ text: "A", extra: ["B", { text: "C", color: "red" }] }, "ABC"],
    [["", { text: "x" }, { translate: "pack.name", fallback: "Fallback" }], "xFallback"],
    [{ translate: "pack.description" }, "pack.description"],
    [{ keybind: "key.jump" }, "key.jump"],
    [{ selector: "@p" }, ""],
    [42, "42"],
    ["line1\nline2", "line1\nline2"],
  ];
  for (const [value, plain] of forms) {
    test(`${JSON.stringify(value)} -> ${JSON.stringify(plain)}`, () => {
      expect(readable(meta({ pack_format: 15, description: value })).description).toBe(plain);
    });
  }

  test("missing is a warning and reads as empty", () => {
    const p = readable('{"pack":{"pack_format":15}}');
    expect(p.description).toBe("");
    expect(p.warnings).toEqual(['pack.mcmeta has no "description" (using an empty one)']);
  });
});

describe("overlays", () => {
  const withOverlays = (entries: unknown) =>
    meta({ pack_format: 34, supported_formats: [34, 97] }, { overlays: { entries } });

  test("formats in all three forms and min/max in all three forms", () => {
    const p = readable(
      withOverlays([
        { directory: "v42", formats: 42 },
        { directory: "v46_up", formats: [46, 64] },
        { directory: "v55-obj", formats: { min_inclusive: 55, max_inclusive: 63 } },
        { directory: "v69", min_format: 69, max_format: [75] },
        { directory: "v84_1", min_format: [84, 1], max_format: [97, 0] },
      ]),
    );
    expect(p.warnings).toEqual([]);
    expect(p.overlays).toEqual([
      { directory: "v42", min: 42, max: 42 },
      { directory: "v46_up", min: 46, max: 64 },
      { directory: "v55-obj", min: 55, max: 63 },
      { directory: "v69", min: 69, max: 75, minFormat: [69, 0], maxFormat: [75, MAX_MINOR] },
      { directory: "v84_1", min: 84, max: 97, minFormat: [84, 1], maxFormat: [97, 0] },
    ]);
  });

  test("formats and min/max that agree are one range; that disagree are joined with a warning", () => {
    const p = readable(
      withOverlays([
        { directory: "same", formats: [46, 88], min_format: 46, max_format: 88 },
        { directory: "differ", formats: [46, 64], min_format: 69, max_format: 88 },
      ]),
    );
    expect(p.overlays[0]).toEqual({
      directory: "same",
      min: 46,
      max: 88,
      minFormat: [46, 0],
      maxFormat: [88, MAX_MINOR],
    });
    expect(p.overlays[1]).toEqual({ directory: "differ", min: 46, max: 88 });
    expect(p.warnings).toEqual([
      'pack.mcmeta\'s overlay "differ" "formats" 46–64 and "min_format"/"max_format" 69–88 disagree (using both)',
    ]);
  });

  const badDirectories: unknown[] = ["V1_21", "a/b", "", "dir.x", "über", " v1", 7, null];
  for (const directory of badDirectories) {
    test(`directory ${JSON.stringify(directory)} is dropped with a warning`, () => {
      const p = readable(
        withOverlays([
          { directory, formats: 46 },
          { directory: "ok", formats: 46 },
        ]),
      );
      expect(p.overlays.map((o) => o.directory)).toEqual(["ok"]);
      expect(p.warnings).toHaveLength(1);
      expect(p.warnings[0]).toContain("overlay entry 1 has directory");
      expect(p.warnings[0]).toContain("must be lower-case a-z, 0-9, _ or - (ignored)");
    });
  }

  test("entries without a range, with a bad range, twice, or not objects are dropped", () => {
    const p = readable(
      withOverlays([
        { directory: "none" },
        { directory: "bad", formats: [64, 46] },
        { directory: "twice", formats: 46 },
        { directory: "twice", formats: 55 },
        "v1",
        { directory: "upside", min_format: 80, max_format: 70 },
      ]),
    );
    expect(p.overlays.map((o) => [o.directory, o.min])).toEqual([["twice", 46]]);
    expect(p.warnings).toEqual([
      'pack.mcmeta\'s overlay "none" gives no "formats" or "min_format"/"max_format" (ignored)',
      'pack.mcmeta\'s overlay "bad" "formats" runs from 64 down to 46; the first number must not be larger (ignored)',
      'pack.mcmeta lists overlay "twice" twice (the second is ignored)',
      'pack.mcmeta\'s overlay entry 5 is the text "v1", not an object (ignored)',
      'pack.mcmeta\'s overlay "upside" has "min_format" above "max_format" (ignored)',
    ]);
  });

  test('"overlays" must be an object with an entries list, beside "pack"', () => {
    expect(readable(meta({ pack_format: 18 }, { overlays: [] })).warnings).toEqual([
      'pack.mcmeta\'s "overlays" must be an object with an "entries" list (ignored)',
    ]);
    const inside = readable(meta({ pack_format: 18, overlays: { entries: [{ directory: "a", formats: 18 }] } }));
    expect(inside.overlays).toEqual([]);
    expect(inside.warnings[0]).toContain('has "overlays" inside "pack"');
  });
});
