/**
 * An imported pack.mcmeta goes back as written when its format fields serve the release; otherwise only those
 * fields change (widened, never narrowed) and the rich-text description and every other field stay.
 */
import { describe, expect, test } from "bun:test";
import { fitMcmeta, mcmetaServes } from "../../src/pack/mcmeta-fit.ts";
import type { JsonValue } from "../../src/pack/mcmeta-json.ts";

const description: JsonValue = [
  { translate: "pack.shop.title", fallback: "Shop Pack", color: "gold", italic: true },
  { text: " v2", color: "#55ffff" },
];

describe("fitting an imported pack.mcmeta", () => {
  test("a range that covers the release is kept as written", () => {
    const kept = { pack: { pack_format: 15, supported_formats: [15, 46], description }, language: { x: {} } };
    expect(fitMcmeta(kept, "1.21.4")).toBeNull();
    expect(mcmetaServes(JSON.stringify(kept), "1.21.4")).toBe(true);
    // min_format/max_format covering 1.21.11 (75): kept.
    const modern = { pack: { pack_format: 75, min_format: 65, max_format: 80, description } };
    expect(fitMcmeta(modern, "1.21.11")).toBeNull();
  });

  test("outside the range only the format fields change, widened; the description is kept", () => {
    const kept = {
      pack: { pack_format: 15, supported_formats: { min_inclusive: 15, max_inclusive: 34 }, description, x: 1 },
      filter: { block: [] },
    };
    const fitted = fitMcmeta(kept, "1.21.4")!;
    expect(fitted.json.pack).toEqual({
      pack_format: 46,
      supported_formats: { min_inclusive: 15, max_inclusive: 46 },
      description,
      x: 1,
    });
    expect(fitted.json.filter).toEqual({ block: [] });
    expect(fitted.changes.join("; ")).toContain("pack_format 15 → 46");
    expect(mcmetaServes(JSON.stringify(fitted.json), "1.21.4")).toBe(true);
  });

  test("1.21.9+ gains min_format and max_format; a snapshot's format is replaced", () => {
    const fitted = fitMcmeta({ pack: { pack_format: 23, description: "§6Gold" } }, "1.21.11")!;
    expect(fitted.json.pack).toMatchObject({ pack_format: 75, max_format: 75, description: "§6Gold" });
    expect(Array.isArray((fitted.json.pack as any).min_format)).toBe(true);
    expect(mcmetaServes(JSON.stringify(fitted.json), "1.21.11")).toBe(true);
    const old = fitMcmeta({ pack: { pack_format: 23, description } }, "1.20.4")!;
    expect(old.json.pack).toEqual({ pack_format: 22, description });
  });
});
