/** Bathtub: a long walled tub on four feet, water a little below the rim. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const bathtub: ModelTemplate = {
  name: "bathtub",
  words: ["bathtub", "bathtubs", "bath"],
  slots: { tub: { kind: "stone", material: "white concrete" }, water: { kind: "light", material: "water" } },
  build(c) {
    const h = c.int(7, 9);
    const parts: Part[] = [];
    for (const x of [1, 13]) for (const z of [2, 12]) parts.push(box([x, 0, z], [x + 2, 2, z + 2], "tub"));
    parts.push(box([0, 2, 1], [16, 3, 15], "tub"));
    parts.push(box([0, 3, 1], [16, h, 2], "tub"), box([0, 3, 14], [16, h, 15], "tub"));
    parts.push(box([0, 3, 2], [1, h, 14], "tub"), box([15, 3, 2], [16, h, 14], "tub"));
    parts.push(box([1, 3, 2], [15, h - 1, 14], "water"));
    return parts;
  },
};
