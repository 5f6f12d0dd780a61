/**
 * Patterns on models (model.ts patternSlot, art/item-patterns.ts): "a striped armchair", "a checkered table", "a
 * striped sofa" paint the pattern edge to edge on the texture of the slot with the most surface; the
 * slots and the other textures stay, and the word is read, not left unmatched.
 */
import { describe, expect, test } from "bun:test";
import { generatedModel } from "../support/generated-model.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { visibleColourCount } from "../support/texture-checks.ts";

const model = (prompt: string) => generatedModel(prompt, 7, { minecraftVersion: "1.20.1" });

describe("patterns on models", () => {
  test("the pattern lands on one texture; the shape and the rest stay", () => {
    for (const [said, plain, word] of [
      ["striped armchair", "armchair", "striped"],
      ["checkered table", "table", "checkered"],
      ["striped sofa", "sofa", "striped"],
    ]) {
      expect(interpret("model", said).unmatched, said).not.toContain(word);
      const a = model(said);
      const b = model(plain);
      // The same texture slots (the parts' proportions follow the prompt's seed, so they may differ).
      expect(Object.keys(a.textures).sort(), said).toEqual(Object.keys(b.textures).sort());
      const slots = Object.keys(a.textures);
      const changed = slots.filter((s) => !Buffer.from(a.textures[s]).equals(Buffer.from(b.textures[s] ?? [])));
      expect(changed.length, said).toBe(1);
      for (const s of changed) expect(visibleColourCount(decodePng(a.textures[s]))).toBeLessThanOrEqual(12);
    }
  });
});
