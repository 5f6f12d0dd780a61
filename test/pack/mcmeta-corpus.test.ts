import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { formatRange, MAX_MINOR, parseMcmeta, versionFromMcmeta, type ParsedMcmeta } from "../../src/pack/mcmeta.ts";

import { CORPUS } from "../support/corpus.ts";
const present = existsSync(CORPUS);
if (!present) console.warn(`skipping pack.mcmeta corpus tests: ${CORPUS} is absent`);

/** The raw pack.mcmeta bytes of a corpus zip. */
function mcmetaOf(file: string): Uint8Array {
  const files = unzipSync(readFileSync(join(CORPUS, file)), { filter: (f) => f.name === "pack.mcmeta" });
  const bytes = files["pack.mcmeta"];
  if (!bytes) throw new Error(`${file} has no pack.mcmeta`);
  return bytes;
}

interface Expected {
  file: string;
  fields: Partial<ParsedMcmeta>;
  range: { min: number; max: number };
  version: string;
  note?: boolean;
}

const packs: Expected[] = [
  {
    file: "packs/ak1089-example-resource-pack.zip",
    fields: { packFormat: 23, description: "Your resource pack description goes here" },
    range: { min: 23, max: 23 },
    version: "1.20.5", // 23 is a 1.20.5 snapshot format
    note: true,
  },
  {
    file: "packs/blanktopia-1.17.zip",
    fields: { packFormat: 6, description: "Blanktopia's custom resource pack v1.17.0" },
    range: { min: 6, max: 6 },
    version: "1.16.5",
  },
  {
    file: "packs/cloudiesmp-s10.zip",
    fields: {
      packFormat: 88,
      minFormat: [55, 0],
      maxFormat: [88, MAX_MINOR],
      supported: { min: 55, max: 88 },
      description: "Cloudie's Server - Main Resource Pack",
    },
    range: { min: 55, max: 88 },
    version: "26.2",
  },
  {
    file: "packs/faithful-32x-java-1.8.9.zip",
    fields: { packFormat: 1, description: "The go-to 32x resource pack.\nJuly 2024 Pre-release" },
    range: { min: 1, max: 1 },
    version: "1.8.9",
  },
  {
    file: "packs/vanilla-plus-hud.zip",
    fields: {
      packFormat: 15,
      description: "Vanilla+ HUD is a better alternative to the Vanilla HUD, keeping the Vanilla style.",
    },
    range: { min: 15, max: 15 },
    version: "1.20.1",
  },
];

describe.skipIf(!present)("pack.mcmeta of the corpus packs", () => {
  for (const p of packs) {
    test(p.file, () => {
      const parsed = parseMcmeta(mcmetaOf(p.file));
      expect(parsed.problems).toEqual([]);
      expect(parsed.warnings).toEqual([]);
      expect(parsed).toMatchObject(p.fields);
      expect(parsed.overlays).toEqual([]);
      expect(formatRange(parsed)).toEqual(p.range);
      const got = versionFromMcmeta(parsed);
      expect([got.version, got.source, got.note !== undefined]).toEqual([p.version, "pack.mcmeta", p.note ?? false]);
    });
  }

  test("malformed/cloudiesmp-s10-broken-mcmeta.zip: the missing comma is pointed at", () => {
    const parsed = parseMcmeta(mcmetaOf("malformed/cloudiesmp-s10-broken-mcmeta.zip"));
    expect(parsed.problems).toEqual([
      'pack.mcmeta is not valid JSON: expected "," or "}" after the value of "max_format" but found "description" at line 6, column 5 (is a comma missing?)',
    ]);
    expect(parsed.packFormat).toBeUndefined();
    expect(versionFromMcmeta(parsed)).toEqual({ version: "26.3", source: "default" });
  });
});
