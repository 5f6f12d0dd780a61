/** Cage: bars between a base and a roof, sometimes hanging. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const cage: ModelTemplate = {
  name: "cage",
  words: ["cage", "cages", "birdcage", "jail", "cell"],
  slots: { bars: { kind: "metal", material: "iron" } },
  build(c) {
    const h = c.int(11, 14);
    const parts: Part[] = [box([1, 0, 1], [15, 1, 15], "bars"), box([1, h, 1], [15, h + 1, 15], "bars")];
    for (let i = 1; i <= 13; i += 3) {
      parts.push(box([i, 1, 1], [i + 1, h, 2], "bars"), box([i, 1, 14], [i + 1, h, 15], "bars"));
      parts.push(box([1, 1, i], [2, h, i + 1], "bars"), box([14, 1, i], [15, h, i + 1], "bars"));
    }
    if (c.said("hang") || c.said("bird")) parts.push(box([7, h + 1, 7], [9, h + 3, 9], "bars"));
    return parts;
  },
};
