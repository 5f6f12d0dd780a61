/** Flag: a pole with a cloth banner at the top. */
import { box, type ModelTemplate } from "./kit.ts";

export const flag: ModelTemplate = {
  name: "flag",
  words: ["flag", "flags", "flagpole", "pennant", "banner"],
  slots: { cloth: { kind: "cloth", material: "red wool" }, pole: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const h = 16;
    const w = c.int(8, 12);
    return [
      box([1, 0, 1], [4, 1, 4], "pole"),
      box([2, 0, 2], [3, h, 3], "pole"),
      box([3, h - c.int(6, 8), 2.25], [3 + w, h - 1, 2.75], "cloth"),
    ];
  },
};
