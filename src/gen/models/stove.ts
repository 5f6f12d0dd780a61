/** Stove: a squat oven box with a door window and burners on top. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const stove: ModelTemplate = {
  name: "stove",
  words: [
    "stove",
    "stoves",
    "oven",
    "ovens",
    "cooker",
    "furnace",
    "furnaces",
    "kiln",
    "kilns",
    "grill",
    "barbecue",
    "range",
  ],
  slots: { body: { kind: "metal", material: "dark iron" }, window: { kind: "glass", material: "glass" } },
  build(c) {
    const h = c.int(12, 14);
    const parts: Part[] = [box([1, 0, 1], [15, h, 15], "body"), box([3, 3, 0.5], [13, h - 4, 1], "window")];
    for (const x of [3, 10]) for (const z of [3, 10]) parts.push(box([x, h, z], [x + 3, h + 0.5, z + 3], "body"));
    return parts;
  },
};
