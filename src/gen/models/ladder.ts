/** Ladder: two rails and rungs; a stepladder stands as two frames leaning together, joined by a top step. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const ladder: ModelTemplate = {
  name: "ladder",
  words: ["ladder", "ladders", "stepladder", "step ladder", "rope ladder"],
  slots: { wood: { kind: "wood", material: "spruce planks" }, rungs: { kind: "wood", material: "oak planks" } },
  build(c) {
    const h = c.int(14, 16);
    const w = c.int(6, 8);
    const x0 = 8 - w / 2;
    const parts: Part[] = [];
    const frame = (z: number, rot?: Part["rot"]) => {
      parts.push(
        box([x0, 0, z], [x0 + 1, h, z + 1], "wood", { rot }),
        box([x0 + w - 1, 0, z], [x0 + w, h, z + 1], "wood", { rot }),
      );
      for (let y = 2; y < h - 1; y += 3)
        parts.push(box([x0 + 1, y, z + 0.25], [x0 + w - 1, y + 1, z + 0.75], "rungs", { rot }));
    };
    if (c.said("step")) {
      // Two frames leaning in from either side of the middle, a small platform where they meet.
      frame(4, { axis: "x", angle: 22.5, origin: [8, 0, 4.5] });
      frame(11, { axis: "x", angle: -22.5, origin: [8, 0, 11.5] });
      parts.push(box([x0, h - 1.5, 6], [x0 + w, h - 0.5, 10], "rungs"));
    } else frame(7.5);
    return parts;
  },
};
