/** Small tree or bush: a trunk under a blocky crown of leaves (no trunk for a bush). */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const tree: ModelTemplate = {
  name: "tree",
  words: ["tree", "trees", "sapling", "bonsai", "bush", "bushes", "shrub", "hedge"],
  slots: { leaves: { kind: "plant", material: "green leaves" }, trunk: { kind: "wood", material: "oak log" } },
  build(c) {
    const bush = /\b(bush|bushes|shrub|hedge)\b/.test(c.words);
    const trunkH = bush ? 0 : c.int(5, 8);
    const parts: Part[] = [];
    if (trunkH) parts.push(column(8, 8, 3, 3, 0, trunkH + 2, "trunk"));
    const w = c.int(10, 14);
    const crown = bush ? c.int(7, 10) : c.int(6, 8);
    parts.push(column(8, 8, w, w, trunkH, crown, "leaves"));
    parts.push(column(8, 8, w - 4, w - 4, trunkH + crown, c.int(2, 3), "leaves"));
    return parts;
  },
};
