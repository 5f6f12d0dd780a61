/** Stool: a small square seat on splayed-looking legs with a rung. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const stool: ModelTemplate = {
  name: "stool",
  words: ["stool", "stools", "footstool", "ottoman"],
  slots: { seat: { kind: "wood", material: "spruce planks" }, leg: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const w = c.int(8, 12);
    const h = c.int(7, 11);
    const leg = c.half(1.5, 2);
    const x0 = 8 - w / 2,
      x1 = 8 + w / 2;
    const parts: Part[] = [box([x0, h - 2, x0], [x1, h, x1], "seat")];
    if (c.chance(0.4)) parts.push(box([x0 + 1, h, x0 + 1], [x1 - 1, h + 1, x1 - 1], "seat"));
    const a = x0 + 0.5,
      b = x1 - 0.5 - leg;
    for (const x of [a, b]) for (const z of [a, b]) parts.push(box([x, 0, z], [x + leg, h - 2, z + leg], "leg"));
    const ry = c.int(2, Math.max(2, h - 5));
    parts.push(
      box([a + leg, ry, a + 0.25], [b, ry + 1, a + leg - 0.25], "leg"),
      box([a + leg, ry, b + 0.25], [b, ry + 1, b + leg - 0.25], "leg"),
    );
    return parts;
  },
};
