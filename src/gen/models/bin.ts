/** Bin: a tapered can with a lid and a handle. */
import { box, column, type ModelTemplate } from "./kit.ts";

export const bin: ModelTemplate = {
  name: "bin",
  words: ["bin", "bins", "trash", "trashcan", "dustbin", "garbage"],
  slots: { can: { kind: "metal", material: "iron" } },
  build(c) {
    const h = c.int(11, 14);
    return [
      column(8, 8, 10, 10, 0, h, "can"),
      column(8, 8, 12, 12, h, 1, "can"),
      box([6, h + 1, 7.5], [10, h + 2, 8.5], "can"),
    ];
  },
};
