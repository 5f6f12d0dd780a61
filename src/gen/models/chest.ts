/** Chest-like box: a body, an overhanging lid and a metal latch on the front (north). */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const chest: ModelTemplate = {
  name: "chest",
  words: [
    "chest",
    "chests",
    "trunk",
    "coffer",
    "treasure",
    "strongbox",
    "lockbox",
    "jewelry box",
    "jewellery box",
    "music box",
    "trinket box",
    "jewel box",
  ],
  slots: { body: { kind: "wood", material: "oak planks" }, trim: { kind: "metal", material: "gold" } },
  build(c) {
    const w = c.int(12, 14);
    const d = c.int(10, 14);
    const bodyH = c.int(8, 10);
    const lidH = c.int(3, 5);
    const z0 = 8 - d / 2;
    const parts: Part[] = [column(8, 8, w, d, 0, bodyH, "body"), column(8, 8, w + 0.5, d + 0.5, bodyH, lidH, "body")];
    // Corner bands make it a chest rather than a crate.
    const x0 = 8 - w / 2 - 0.25,
      x1 = 8 + w / 2 + 0.25;
    if (c.chance(0.7))
      for (const x of [x0, x1 - 1]) parts.push(box([x, 0, z0 - 0.25], [x + 1, bodyH + lidH, z0 + d + 0.25], "trim"));
    parts.push(box([7, bodyH - 2, z0 - 1], [9, bodyH + 1.5, z0], "trim"));
    if (c.said("round") || c.chance(0.3)) parts.push(column(8, 8, w + 0.5, d - 3, bodyH + lidH, 1.5, "body"));
    return parts;
  },
};
