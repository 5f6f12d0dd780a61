/** Chair: seat on four legs with a back on the south side, so the sitter faces north (the front). */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const chair: ModelTemplate = {
  name: "chair",
  words: ["chair", "chairs", "armchair", "throne", "seat"],
  slots: { frame: { kind: "wood", material: "oak planks" }, cushion: { kind: "cloth", material: "red wool" } },
  build(c) {
    const w = c.int(10, 14);
    const seatY = c.int(6, 8);
    const leg = 2;
    const backH = c.int(8, 12) + (c.said("throne") ? 6 : 0);
    const x0 = 8 - w / 2,
      x1 = 8 + w / 2,
      z0 = 8 - w / 2,
      z1 = 8 + w / 2;
    const parts: Part[] = [];
    for (const x of [x0, x1 - leg])
      for (const z of [z0, z1 - leg]) parts.push(box([x, 0, z], [x + leg, seatY, z + leg], "frame"));
    parts.push(box([x0, seatY, z0], [x1, seatY + 2, z1], "frame"));
    const cushioned = c.said("cushion") || c.said("wool") || c.said("velvet") || c.chance(0.5);
    if (cushioned) parts.push(box([x0 + 1, seatY + 2, z0 + 1], [x1 - 1, seatY + 3, z1 - 1], "cushion"));
    const top = seatY + 2 + backH;
    // Back: two posts with slats or a panel between them.
    parts.push(
      box([x0, seatY + 2, z1 - 2], [x0 + 2, top, z1], "frame"),
      box([x1 - 2, seatY + 2, z1 - 2], [x1, top, z1], "frame"),
    );
    if (c.chance(0.5))
      parts.push(box([x0 + 2, seatY + 4, z1 - 1.5], [x1 - 2, top - 1, z1 - 0.5], cushioned ? "cushion" : "frame"));
    else
      for (let y = seatY + 5; y < top - 1; y += 3)
        parts.push(box([x0 + 2, y, z1 - 1.5], [x1 - 2, y + 1.5, z1 - 0.5], "frame"));
    parts.push(box([x0 + 2, top - 2, z1 - 2], [x1 - 2, top, z1], "frame"));
    if (c.said("arm") || c.said("throne") || c.chance(0.25))
      for (const x of [x0, x1 - 1.5])
        parts.push(
          box([x, seatY + 5, z0 + 1], [x + 1.5, seatY + 6, z1 - 2], "frame"),
          box([x, seatY + 2, z0 + 1], [x + 1.5, seatY + 5, z0 + 2.5], "frame"),
        );
    return parts;
  },
};
