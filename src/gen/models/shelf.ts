/** Shelf: two sides, a back on the south, boards between them, often with books on the boards. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const shelf: ModelTemplate = {
  name: "shelf",
  words: ["shelf", "shelves", "bookshelf", "bookcase", "shelving", "etagere", "display case"],
  holds: "books",
  slots: { wood: { kind: "wood", material: "oak planks" }, books: { kind: "cloth", material: "red leather" } },
  build(c) {
    const w = 16;
    const h = c.int(12, 16);
    const d = c.int(6, 10);
    const z0 = 16 - d;
    const parts: Part[] = [
      box([0, 0, z0], [1.5, h, 16], "wood"),
      box([w - 1.5, 0, z0], [w, h, 16], "wood"),
      box([1.5, 0, 15], [w - 1.5, h, 16], "wood"),
    ];
    const levels = c.int(2, 3);
    const step = (h - 1) / levels;
    for (let i = 0; i <= levels; i++) {
      const y = Math.round(i * step * 2) / 2;
      parts.push(box([1.5, y, z0], [w - 1.5, y + 1, 15], "wood"));
      if (i === levels) continue;
      // Books of uneven heights along each board, leaving gaps.
      let x = 2;
      while (x < w - 3 && c.chance(0.85)) {
        const bw = c.int(1, 2);
        const bh = Math.min(step - 1.5, c.int(3, 5));
        if (c.chance(0.8)) parts.push(box([x, y + 1, z0 + 1], [x + bw, y + 1 + bh, 15], "books"));
        x += bw + (c.chance(0.3) ? 1 : 0);
      }
    }
    return parts;
  },
};
