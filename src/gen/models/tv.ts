/** Television: a thin screen on a small stand, or a boxy old set. */
import { box, type ModelTemplate } from "./kit.ts";

export const tv: ModelTemplate = {
  name: "tv",
  words: ["tv", "tvs", "television", "monitor", "screen", "computer"],
  slots: {
    frame: { kind: "metal", material: "black concrete" },
    screen: { kind: "glass", material: "light blue glass" },
  },
  build(c) {
    if (c.said("old") || c.said("retro"))
      return [box([2, 0, 3], [14, 11, 14], "frame"), box([3, 2, 2.5], [13, 10, 3], "screen")];
    const h = c.int(8, 10);
    return [
      box([5, 0, 6], [11, 1, 10], "frame"),
      box([7, 1, 7.5], [9, 4, 8.5], "frame"),
      box([0, 4, 7], [16, 4 + h, 9], "frame"),
      box([1, 5, 6.5], [15, 3 + h, 7], "screen"),
    ];
  },
};
