/** Campfire: crossed logs on a bed of ash with a glowing fire in the middle. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const campfire: ModelTemplate = {
  name: "campfire",
  words: ["campfire", "campfires", "bonfire", "firepit", "fireplace", "brazier", "braziers", "fire bowl", "firebowl"],
  slots: {
    log: { kind: "wood", material: "oak log" },
    fire: { kind: "light", material: "glowing orange" },
    bowl: { kind: "metal", material: "iron" },
  },
  build(c) {
    // A brazier or fire bowl: coals burning in a metal bowl on three legs.
    if (c.said("brazier") || c.said("bowl")) {
      const top = c.int(6, 8);
      return [
        box([3, 0, 3], [4, top, 4], "bowl"),
        box([12, 0, 3], [13, top, 4], "bowl"),
        box([7.5, 0, 12], [8.5, top, 13], "bowl"),
        box([3, top, 3], [13, top + 1, 13], "bowl"),
        box([2, top + 1, 2], [14, top + 3, 3], "bowl"),
        box([2, top + 1, 13], [14, top + 3, 14], "bowl"),
        box([2, top + 1, 3], [3, top + 3, 13], "bowl"),
        box([13, top + 1, 3], [14, top + 3, 13], "bowl"),
        { ...box([3, top + 1, 3], [13, top + 2.5, 13], "fire"), glow: true },
        { ...box([5, top + 2.5, 5], [11, top + c.int(5, 7), 11], "fire"), glow: true },
      ];
    }
    const parts: Part[] = [box([0, 0, 0], [16, 1, 16], "log")];
    parts.push(box([1, 1, 4], [15, 4, 7], "log"), box([1, 1, 9], [15, 4, 12], "log"));
    parts.push(box([4, 4, 1], [7, 7, 15], "log"), box([9, 4, 1], [12, 7, 15], "log"));
    const flame = c.int(9, 13);
    parts.push({ ...box([6, 1, 6], [10, flame, 10], "fire"), glow: true });
    return parts;
  },
};
