/** Cannon: a long barrel on a wheeled wooden carriage. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const cannon: ModelTemplate = {
  name: "cannon",
  words: ["cannon", "cannons", "artillery"],
  slots: { barrel: { kind: "metal", material: "dark iron" }, carriage: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const parts: Part[] = [box([3, 2, 2], [13, 5, 14], "carriage")];
    for (const x of [1, 13]) for (const z of [3, 10]) parts.push(box([x, 0, z], [x + 2, 5, z + 3], "carriage"));
    const len = c.int(12, 16);
    parts.push(box([5, 5, 16 - len], [11, 10, 16], "barrel"), box([4, 4.5, 16 - len], [12, 10.5, 17 - len], "barrel"));
    return parts;
  },
};
