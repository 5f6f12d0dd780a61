/** Sofa: a deep upholstered seat with cushions, a high back and two arms, on a low wooden base. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const sofa: ModelTemplate = {
  name: "sofa",
  words: ["sofa", "sofas", "couch", "couches", "settee", "loveseat"],
  slots: { cushion: { kind: "cloth", material: "red wool" }, base: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const seat = c.int(5, 7);
    const parts: Part[] = [box([0, 0, 1], [16, 2, 15], "base")];
    // Two or three seat cushions over the base.
    const n = c.int(2, 3);
    const w = 12 / n;
    for (let i = 0; i < n; i++) parts.push(box([2 + i * w, 2, 2], [2 + (i + 1) * w - 0.25, seat, 11], "cushion"));
    parts.push(box([0, 2, 11], [16, seat + c.int(6, 8), 15], "cushion"));
    const arm = seat + c.int(2, 3);
    for (const x of [0, 14]) parts.push(box([x, 2, 1], [x + 2, arm, 15], "cushion"));
    return parts;
  },
};
