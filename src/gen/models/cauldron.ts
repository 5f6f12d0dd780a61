/** Cauldron: a walled basin on four stubby feet, holding a liquid a little below the rim. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const cauldron: ModelTemplate = {
  name: "cauldron",
  words: ["cauldron", "cauldrons", "kettle", "basin"],
  slots: { pot: { kind: "metal", material: "dark iron" }, liquid: { kind: "light", material: "water" } },
  build(c) {
    const h = c.int(12, 15);
    const wall = 2;
    const parts: Part[] = [];
    for (const x of [0, 12]) for (const z of [0, 12]) parts.push(box([x, 0, z], [x + 4, 3, z + 4], "pot"));
    parts.push(box([0, 3, 0], [16, 4, 16], "pot"));
    parts.push(box([0, 4, 0], [wall, h, 16], "pot"), box([16 - wall, 4, 0], [16, h, 16], "pot"));
    parts.push(box([wall, 4, 0], [16 - wall, h, wall], "pot"), box([wall, 4, 16 - wall], [16 - wall, h, 16], "pot"));
    parts.push(box([wall, 4, wall], [16 - wall, h - c.int(2, 4), 16 - wall], "liquid"));
    return parts;
  },
};
