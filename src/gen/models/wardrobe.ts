/** Wardrobe: a tall cabinet on short feet with two doors, a split between them, knobs and a cornice on top. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const wardrobe: ModelTemplate = {
  name: "wardrobe",
  words: [
    "wardrobe",
    "wardrobes",
    "armoire",
    "closet",
    "locker",
    "lockers",
    "cupboard",
    "cupboards",
    "cabinet",
    "cabinets",
    "dresser",
    "bureau",
    "chest of drawers",
    "filing cabinet",
    "china cabinet",
    "sideboard",
    "commode",
  ],
  slots: {
    wood: { kind: "wood", material: "dark oak planks" },
    knobs: { kind: "metal", material: "gold block" },
    // The doors' or drawers' fronts: the body's wood unless said otherwise ("with glass doors").
    doors: { kind: "wood", material: "dark oak planks", like: "wood" },
  },
  build(c) {
    const top = c.int(14, 16);
    const depth = c.int(7, 10);
    const z0 = 16 - depth;
    const parts: Part[] = [
      // Feet at the corners, then the body, the cornice a little proud of it.
      box([1, 0, z0], [2, 1, z0 + 1], "wood"),
      box([14, 0, z0], [15, 1, z0 + 1], "wood"),
      box([1, 0, 15], [2, 1, 16], "wood"),
      box([14, 0, 15], [15, 1, 16], "wood"),
      box([1, 1, z0], [15, top - 1, 16], "wood"),
      box([0.5, top - 1, z0 - 0.5], [15.5, top, 16], "wood"),
      // Two door panels on the front (north) face, their meeting line and their knobs.
      box([1.5, 1.5, z0 - 0.25], [7.75, top - 1.5, z0], "doors"),
      box([8.25, 1.5, z0 - 0.25], [14.5, top - 1.5, z0], "doors"),
      box([7.75, 1.5, z0 - 0.25], [8.25, top - 1.5, z0], "knobs"),
      box([6.5, top / 2, z0 - 0.5], [7.25, top / 2 + 1, z0], "knobs"),
      box([8.75, top / 2, z0 - 0.5], [9.5, top / 2 + 1, z0], "knobs"),
    ];
    // A chest of drawers (or a dresser, a filing cabinet) is drawers all the way up, each with its pull.
    if (c.said("drawer") || c.said("dresser") || c.said("filing") || c.said("bureau") || c.said("commode")) {
      parts.splice(6);
      const rows = c.int(3, 4);
      const step = (top - 2.5) / rows;
      // Each drawer's front, a gap of the body between them, and its pull.
      for (let i = 0; i < rows; i++)
        parts.push(box([1.5, 1.5 + i * step + 0.25, z0 - 0.25], [14.5, 1.5 + (i + 1) * step - 0.25, z0], "doors"));
      for (let i = 0; i < rows; i++)
        parts.push(box([7, 1.5 + (i + 0.5) * step, z0 - 0.5], [9, 2.25 + (i + 0.5) * step, z0], "knobs"));
      return parts;
    }
    // A drawer under the doors on some.
    if (c.chance(0.5)) parts.push(box([2, 2.5, z0 - 0.5], [14, 3, z0 - 0.25], "knobs"));
    return parts;
  },
};
