/** Tombstone: an upright slab with a rounded top on a low base, sometimes with a cross. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const tombstone: ModelTemplate = {
  name: "tombstone",
  words: ["tombstone", "tombstones", "gravestone", "gravestones", "headstone", "grave", "memorial"],
  slots: { stone: { kind: "stone", material: "stone" } },
  build(c) {
    const h = c.int(11, 14);
    const parts: Part[] = [box([2, 0, 5], [14, 2, 11], "stone"), box([3, 2, 7], [13, h, 9], "stone")];
    parts.push(box([4, h, 7], [12, h + 1, 9], "stone"), box([6, h + 1, 7], [10, h + 2, 9], "stone"));
    if (c.said("cross") || c.chance(0.3)) parts.push(box([7, 2, 10], [9, 6, 11], "stone"));
    return parts;
  },
};
