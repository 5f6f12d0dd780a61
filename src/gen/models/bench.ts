/** Bench: a long seat on two slab ends, sometimes with a back on the south side. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const bench: ModelTemplate = {
  name: "bench",
  words: ["bench", "benches", "pew"],
  slots: { seat: { kind: "wood", material: "oak planks" }, frame: { kind: "metal", material: "dark iron" } },
  build(c) {
    const d = c.int(5, 8);
    const y = c.int(5, 8);
    const z0 = 8 - d / 2,
      z1 = 8 + d / 2;
    const parts: Part[] = [];
    // Seat from separate boards so it reads as a bench, not a slab.
    const boards = c.int(2, 3);
    const bw = d / boards;
    for (let i = 0; i < boards; i++)
      parts.push(box([0, y, z0 + i * bw], [16, y + 1.5, z0 + (i + 1) * bw - 0.25], "seat"));
    for (const x of [1.5, 12.5]) parts.push(box([x, 0, z0 + 0.5], [x + 2, y, z1 - 0.5], "frame"));
    parts.push(box([3.5, 1.5, 8 - 0.5], [12.5, 2.5, 8 + 0.5], "frame"));
    if (c.said("back") || c.chance(0.5)) {
      const top = y + c.int(6, 9);
      parts.push(
        box([1.5, y + 1.5, z1 - 1], [3.5, top, z1], "frame"),
        box([12.5, y + 1.5, z1 - 1], [14.5, top, z1], "frame"),
      );
      parts.push(
        box([0, top - 4, z1 - 1.5], [16, top - 2, z1 - 0.5], "seat"),
        box([0, top - 1.5, z1 - 1.5], [16, top, z1 - 0.5], "seat"),
      );
    }
    return parts;
  },
};
