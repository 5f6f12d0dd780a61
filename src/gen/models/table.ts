/** Table: a plank top on four legs, sometimes with an apron under the top. */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const table: ModelTemplate = {
  name: "table",
  words: ["table", "tables", "desk", "counter", "workbench", "nightstand"],
  slots: { top: { kind: "wood", material: "oak planks" }, leg: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const w = c.int(12, 16);
    const d = c.int(10, 16);
    const h = c.int(11, 15);
    const thick = c.int(1, 3);
    const leg = c.int(2, 3);
    const inset = c.half(0, 1.5);
    const x0 = 8 - w / 2,
      x1 = 8 + w / 2,
      z0 = 8 - d / 2,
      z1 = 8 + d / 2;
    const parts: Part[] = [box([x0, h - thick, z0], [x1, h, z1], "top")];
    for (const x of [x0 + inset, x1 - inset - leg])
      for (const z of [z0 + inset, z1 - inset - leg]) parts.push(box([x, 0, z], [x + leg, h - thick, z + leg], "leg"));
    if (c.chance(0.5)) {
      // The apron ties the legs together just under the top; it is what makes it read as furniture.
      const ay = h - thick - 2;
      parts.push(box([x0 + inset + leg, ay, z0 + inset + 0.5], [x1 - inset - leg, h - thick, z0 + inset + 1.5], "leg"));
      parts.push(box([x0 + inset + leg, ay, z1 - inset - 1.5], [x1 - inset - leg, h - thick, z1 - inset - 0.5], "leg"));
    }
    if (c.said("drawer") || c.chance(0.2)) parts.push(column(8, z0 + inset + 0.5, w / 2, 1, h - thick - 3, 3, "top"));
    return parts;
  },
};
