/** Fridge: a tall white box with two doors and handles. */
import { box, type ModelTemplate } from "./kit.ts";

export const fridge: ModelTemplate = {
  name: "fridge",
  words: ["fridge", "fridges", "refrigerator", "freezer", "icebox"],
  slots: { body: { kind: "metal", material: "white concrete" }, handle: { kind: "metal", material: "iron" } },
  build(c) {
    const top = c.int(14, 16);
    const split = Math.round(top * 0.62);
    return [
      box([1, 0, 2], [15, top, 14], "body"),
      box([1.5, split, 1.5], [14.5, split + 0.5, 2], "handle"),
      box([12, split - 4, 1], [13, split - 1, 2], "handle"),
      box([12, split + 1, 1], [13, top - 2, 2], "handle"),
    ];
  },
};
