/** Bed: a frame on short legs, a mattress under a blanket, a pillow and a headboard at the north end. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const bed: ModelTemplate = {
  name: "bed",
  words: ["bed", "beds", "cot", "bunk"],
  slots: {
    blanket: { kind: "cloth", material: "red wool" },
    frame: { kind: "wood", material: "oak planks" },
    pillow: { kind: "cloth", material: "white wool" },
  },
  build(c) {
    const legH = c.int(1, 3);
    const top = legH + c.int(4, 5);
    const parts: Part[] = [];
    for (const x of [0.5, 13.5]) for (const z of [0.5, 13.5]) parts.push(box([x, 0, z], [x + 2, legH, z + 2], "frame"));
    parts.push(box([0, legH, 0], [16, legH + 2, 16], "frame"));
    // Mattress and blanket: the blanket covers the south two thirds and drapes over the sides.
    parts.push(box([0.5, legH + 2, 0.5], [15.5, top - 1, 15.5], "pillow"));
    parts.push(box([0, legH + 1.5, 5], [16, top, 16], "blanket"));
    parts.push(box([2.5, top - 1, 1], [13.5, top + 0.5, 4.5], "pillow"));
    const head = top + c.int(3, 6);
    parts.push(box([0, 0, 0], [16, head, 1], "frame"));
    if (!c.said("simple") && c.chance(0.6)) parts.push(box([0, 0, 15], [16, top + 1, 16], "frame"));
    return parts;
  },
};
