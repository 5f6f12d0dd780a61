/** Well: a square stone ring with water inside, two posts and a little roof over it. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const well: ModelTemplate = {
  name: "well",
  words: ["well", "wells", "wishing well", "fountain", "fountains", "birdbath", "bird bath"],
  slots: {
    stone: { kind: "stone", material: "cobblestone" },
    roof: { kind: "wood", material: "spruce planks" },
    water: { kind: "light", material: "water" },
  },
  build(c) {
    const ring = c.int(5, 7);
    const parts: Part[] = [
      box([1, 0, 1], [15, ring, 3], "stone"),
      box([1, 0, 13], [15, ring, 15], "stone"),
      box([1, 0, 3], [3, ring, 13], "stone"),
      box([13, 0, 3], [15, ring, 13], "stone"),
      box([3, 0, 3], [13, ring - 2, 13], "water"),
    ];
    // A fountain, or a birdbath (a basin on a pillar), has a spout or stem in the middle instead of a roof.
    if (c.said("fountain") || c.said("bird")) {
      parts.push(box([7, ring - 2, 7], [9, ring + 5, 9], "stone"), box([5, ring + 5, 5], [11, ring + 6, 11], "stone"));
      return parts;
    }
    const top = ring + c.int(8, 10);
    parts.push(box([1, ring, 7], [3, top, 9], "roof"), box([13, ring, 7], [15, top, 9], "roof"));
    parts.push(box([0, top, 4], [16, top + 1, 12], "roof"), box([2, top + 1, 6], [14, top + 2, 10], "roof"));
    return parts;
  },
};
