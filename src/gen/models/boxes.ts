/** Fallback for prompts outside the vocabulary: a base, a body and a cap stacked and centred, with trim. */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const boxes: ModelTemplate = {
  name: "boxes",
  words: [],
  slots: { main: { kind: "stone", material: "smooth stone" }, trim: { kind: "wood", material: "oak planks" } },
  build(c) {
    const parts: Part[] = [];
    let y = 0;
    let w = c.int(10, 16);
    const n = c.int(2, 4);
    for (let i = 0; i < n; i++) {
      const h = c.int(2, 6);
      const d = c.chance(0.3) ? Math.max(4, w - c.int(2, 4)) : w;
      parts.push(column(8, 8, w, d, y, h, i % 2 ? "trim" : "main"));
      y += h;
      w = Math.max(4, w - c.int(0, 4));
    }
    return parts;
  },
};
