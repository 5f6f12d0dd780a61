/** Podium: a speaker's stand, a panelled box narrowing upward with a sloped reading top. */
import { box, type ModelTemplate } from "./kit.ts";

export const podium: ModelTemplate = {
  name: "podium",
  words: ["podium", "podiums", "pulpit", "rostrum", "dais", "lectern"],
  slots: { wood: { kind: "wood", material: "dark oak planks" }, trim: { kind: "metal", material: "gold block" } },
  build(c) {
    const top = c.int(12, 14);
    return [
      box([3, 0, 4], [13, 1, 13], "wood"),
      box([4, 1, 5], [12, top - 2, 12], "wood"),
      box([3.5, top - 2, 4], [12.5, top - 1, 12.5], "wood"),
      box([3.5, top - 1, 4], [12.5, top, 8], "wood"),
      box([5, 3, 4.75], [11, top - 4, 5], "trim"),
    ];
  },
};
