/** Clock: a grandfather clock (tall case, face, pendulum) or a round wall clock. */
import { box, column, type ModelTemplate } from "./kit.ts";

export const clock: ModelTemplate = {
  name: "clock",
  words: ["clock", "clocks", "grandfather clock", "wall clock"],
  slots: { case: { kind: "wood", material: "dark oak planks" }, face: { kind: "metal", material: "gold" } },
  build(c) {
    if (c.said("wall")) return [column(8, 15, 12, 2, 2, 12, "case"), column(8, 14, 10, 1, 3, 10, "face")];
    const h = 16;
    return [
      box([3, 0, 4], [13, 2, 12], "case"),
      box([4, 2, 5], [12, h - 6, 11], "case"),
      box([6, 4, 4.5], [10, 8, 5], "face"),
      box([3, h - 6, 4], [13, h, 12], "case"),
      box([5, h - 5, 3.5], [11, h - 1, 4], "face"),
    ];
  },
};
