/** Sign: a board facing north on a post (or flat against a wall when the prompt says "wall"). */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const sign: ModelTemplate = {
  name: "sign",
  words: ["sign", "signs", "signpost", "noticeboard", "billboard", "placard", "plaque"],
  slots: { board: { kind: "wood", material: "birch planks" }, post: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const w = c.int(12, 16);
    const bh = c.int(6, 9);
    const wall = c.said("wall") || c.said("plaque");
    const x0 = 8 - w / 2,
      x1 = 8 + w / 2;
    if (wall) {
      const y0 = c.int(3, 6);
      return [
        box([x0, y0, 14], [x1, y0 + bh, 16], "board"),
        box([x0 + 1, y0 + 1, 13.5], [x1 - 1, y0 + bh - 1, 14], "post"),
      ];
    }
    const top = c.int(14, 16);
    const parts: Part[] = [box([x0, top - bh, 7], [x1, top, 9], "board"), box([7, 0, 7], [9, top - bh, 9], "post")];
    if (c.chance(0.5)) parts.push(box([x0 + 1, top - bh + 1, 6.5], [x1 - 1, top - 1, 7], "post"));
    return parts;
  },
};
