/** The checker on the real public packs of the shared corpus: none crashes it, and each one's known problems are reported. */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "../../support/corpus.ts";
import { checkPackZip } from "../../../src/pack/check/index.ts";

const packs = join(CORPUS, "packs");
const present = existsSync(packs);
if (!present) console.log(`note: ${packs} is absent; the checker's corpus test is skipped`);
const check = (name: string) => checkPackZip(new Uint8Array(readFileSync(join(packs, name))));
const rules = (fs: { rule: string }[]) => new Set(fs.map((f) => f.rule));

test.skipIf(!present)(
  "every corpus pack is checked without crashing, each for the release its pack.mcmeta names",
  () => {
    for (const name of ["ak1089-example-resource-pack.zip", "faithful-32x-java-1.8.9.zip", "vanilla-plus-hud.zip"]) {
      const r = check(name);
      expect({ name, errors: r.errors }).toEqual({ name, errors: [] });
      expect(r.versionSource).toBe("pack.mcmeta");
    }
  },
);

test.skipIf(!present)(
  "known problems are reported: Blanktopia's missing texture and sounds, CloudieSMP's missing model",
  () => {
    const blank = check("blanktopia-1.17.zip");
    expect(rules(blank.errors)).toEqual(
      new Set(["model.texture-ref-unresolved", "model.texture-missing", "sounds.file-missing"]),
    );
    expect(blank.errors.some((e) => e.rule === "model.texture-missing" && /red_backpack/.test(e.path))).toBe(true);
    const cloudie = check("cloudiesmp-s10.zip");
    expect(cloudie.errors.find((e) => e.rule === "item.model-missing")?.path).toBe(
      "assets/cloudie/items/plushies/default.json",
    );
  },
);
