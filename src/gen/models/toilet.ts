/** Toilet: a bowl on a pedestal with a tank behind it. */
import { box, type ModelTemplate } from "./kit.ts";

export const toilet: ModelTemplate = {
  name: "toilet",
  words: ["toilet", "toilets", "loo", "lavatory"],
  slots: { porcelain: { kind: "stone", material: "white concrete" }, seat: { kind: "wood", material: "oak planks" } },
  build(c) {
    const tank = c.int(12, 15);
    return [
      box([5, 0, 3], [11, 5, 11], "porcelain"),
      box([3, 5, 1], [13, 8, 11], "porcelain"),
      box([3, 8, 1], [13, 8.5, 11], "seat"),
      box([2, 5, 11], [14, tank, 15], "porcelain"),
      box([2, tank, 10.5], [14, tank + 1, 15.5], "porcelain"),
    ];
  },
};
