/**
 * A GUI panel carries the marks of its surface in their own colours (gui/marks.ts): moss, petals, runes, vines,
 * lava cracks, read by the texture readers. A plain prompt has none, frame-like overlays stay the frame's, the
 * labels keep a quiet ground, and the words are read.
 */
import { describe, expect, test } from "bun:test";
import { hasColour } from "../../bench/fidelity-colour.ts";
import { guiRgba, layoutFor } from "../../src/gen/gui.ts";
import { markWords, panelMarks } from "../../src/gen/gui/marks.ts";
import { interpret } from "../../src/gen/interpret/read.ts";

const gui = (prompt: string, target = "generic_54", seed = 1234) => guiRgba({ prompt, seed, target });

describe("GUI panel marks", () => {
  test("a plain surface has no marks; frame overlays are not marks", () => {
    expect(panelMarks("cobblestone", 176, 166, 1)).toBeNull();
    expect(panelMarks("dark oak panel with a gold border", 176, 166, 1)).toBeNull();
    expect([...markWords("dark oak panel with a gold border")]).toEqual([]);
    expect([...markWords("cherry wood with pink petals")].sort()).toEqual(["petals", "pink"]);
  });

  test("each mark's colour lands on the panel, and not without the word", () => {
    for (const [prompt, plain, colour, target] of [
      ["mossy cobblestone", "cobblestone", "green", "generic_54"],
      ["polished granite chest with vines", "polished granite chest", "green", "generic_54"],
      ["obsidian beacon screen with cyan runes", "obsidian beacon screen", "cyan", "beacon"],
      ["blackstone with lava cracks", "blackstone", "orange", "generic_54"],
    ]) {
      expect(hasColour(gui(prompt, target), colour)).toBe(true);
      expect(hasColour(gui(plain, target), colour)).toBe(false);
    }
  });

  test("marks stay off the label areas and are the same for a seed", () => {
    const prompt = "mossy cobblestone furnace";
    const a = gui(prompt, "furnace");
    const b = gui(prompt, "furnace");
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    const { w, h } = layoutFor("furnace").panel;
    const marks = panelMarks(prompt, w, h, 1234);
    expect(marks?.some(Boolean)).toBe(true);
    const plain = gui("cobblestone furnace", "furnace");
    for (const r of layoutFor("furnace").labels)
      for (let y = r.y; y < r.y + r.h; y++)
        for (let x = r.x; x < r.x + r.w; x++) {
          const i = (y * a.width + x) * 4;
          const c = a.data.subarray(i, i + 3);
          // No mark colour (moss green) in a label area: green dominates neither in the marked panel there.
          expect(c[1] > c[0] + 30 && c[1] > c[2] + 30).toBe(false);
          expect(plain.data[i + 3]).toBe(a.data[i + 3]);
        }
  });

  test("the mark words are read, not unmatched", () => {
    for (const prompt of ["mossy cobblestone", "cherry wood with pink petals", "granite with vines"])
      expect(interpret("gui", prompt, {}, { target: "generic_54" }).unmatched).toEqual([]);
  });
});
