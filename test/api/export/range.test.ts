import { describe, expect, test } from "bun:test";
import { rangeTiers, writeRangeMcmeta, type FileSet } from "../../../src/export/range.ts";
import { parseMcmeta } from "../../../src/pack/mcmeta.ts";
import { RELEASES, compareVersions } from "../../../src/pack/versions.ts";

const between = (lo: string, hi: string) =>
  RELEASES.filter((v) => compareVersions(v, lo) >= 0 && compareVersions(v, hi) <= 0);

/** What the exporter writes per era for one custom item and a HUD sheet (the real era splits). */
function eraFiles(v: string): FileSet {
  const m = new Map<string, string>();
  m.set("pack.png", "icon");
  m.set("assets/minecraft/models/item/paper.json", "overrides");
  if (compareVersions(v, "1.20.2") >= 0) m.set("assets/minecraft/textures/gui/sprites/hud/heart/full.png", "sprite");
  else m.set("assets/minecraft/textures/gui/icons.png", "sheet");
  if (compareVersions(v, "1.21.4") >= 0) {
    m.set("assets/minecraft/items/paper.json", "dispatch");
    m.set("assets/packsmith/items/ruby.json", "ruby");
  }
  return m;
}

describe("range export layout", () => {
  test("each file sits in the overlay its versions read", () => {
    const tiers = rangeTiers(between("1.20.1", "1.21.11"), eraFiles);
    expect(tiers.map((t) => [t.directory, t.versions[0], t.versions.at(-1)])).toEqual([
      ["", "1.20.1", "1.20.1"],
      ["ps_18_42", "1.20.2", "1.21.3"],
      ["ps_46_75", "1.21.4", "1.21.11"],
    ]);
    expect(tiers[0]!.paths).toEqual([
      "assets/minecraft/models/item/paper.json",
      "assets/minecraft/textures/gui/icons.png",
      "pack.png",
    ]);
    expect(tiers[1]!.paths).toEqual(["assets/minecraft/textures/gui/sprites/hud/heart/full.png"]);
    expect(tiers[2]!.paths).toEqual([
      "assets/minecraft/items/paper.json",
      "assets/minecraft/textures/gui/sprites/hud/heart/full.png",
      "assets/packsmith/items/ruby.json",
    ]);
  });

  test("one release, or releases that write the same files, need no overlay", () => {
    expect(rangeTiers(["1.21.4"], eraFiles)).toHaveLength(1);
    expect(rangeTiers(between("1.21.4", "1.21.11"), eraFiles)).toHaveLength(1);
  });

  test("a change at a release that reads no overlays is refused with the reason", () => {
    expect(() => rangeTiers(between("1.19.4", "1.20.2").slice(0, 2), (v) => new Map([["f", v]]))).toThrow(
      /reads no overlays/,
    );
    expect(() => rangeTiers([], eraFiles)).toThrow(/at least one release/);
  });
});

describe("range pack.mcmeta per format era", () => {
  const read = (min: string, max: string) => {
    const tiers = rangeTiers(between(min, max), eraFiles);
    const text = writeRangeMcmeta(min, max, "Ruby ✦", tiers);
    const parsed = parseMcmeta(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    return { json: JSON.parse(text), parsed, text };
  };

  test("1.20.1 to 1.21.3: pack_format of the oldest, supported_formats, overlays by formats", () => {
    const { json } = read("1.20.1", "1.21.3");
    expect(json.pack).toEqual({ pack_format: 15, supported_formats: [15, 42], description: "Ruby ✦" });
    expect(json.overlays.entries).toEqual([{ directory: "ps_18_42", formats: [18, 42] }]);
  });

  test("1.20.1 to 1.21.11: old fields kept for old clients, min_format/max_format added", () => {
    const { json } = read("1.20.1", "1.21.11");
    expect(json.pack).toEqual({
      pack_format: 15,
      supported_formats: [15, 75],
      min_format: 15,
      max_format: 75,
      description: "Ruby ✦",
    });
    expect(json.overlays.entries).toEqual([
      { directory: "ps_18_42", formats: [18, 42] },
      { directory: "ps_46_75", formats: [46, 75], min_format: 46, max_format: 75 },
    ]);
  });

  test("1.21.9 to 1.21.11: only the new fields, minor format of the oldest", () => {
    const { json } = read("1.21.9", "1.21.11");
    expect(json.pack).toEqual({ pack_format: 69, min_format: [69, 0], max_format: 75, description: "Ruby ✦" });
    expect(json.overlays).toBeUndefined();
  });

  test("the text is deterministic and ASCII", () => {
    const a = read("1.20.1", "1.21.11").text;
    expect(read("1.20.1", "1.21.11").text).toBe(a);
    expect(/^[\x00-\x7f]*$/.test(a)).toBe(true);
  });
});
