/** Small tree or bush: a trunk under a blocky crown of leaves (no trunk for a bush). */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const tree: ModelTemplate = {
  name: "tree",
  words: ["tree", "trees", "sapling", "bonsai", "bush", "bushes", "shrub", "hedge"],
  slots: {
    leaves: { kind: "plant", material: "green leaves" },
    trunk: { kind: "wood", material: "oak log" },
    pot: { kind: "stone", material: "terracotta" },
  },
  build(c) {
    const bush = /\b(bush|bushes|shrub|hedge)\b/.test(c.words);
    // A bonsai is a small tree in a pot.
    const bonsai = c.said("bonsai");
    const trunkH = bush ? 0 : bonsai ? c.int(3, 4) : c.int(5, 8);
    const parts: Part[] = [];
    // A tree in a pot (a bonsai, a potted sapling) stands in a low pot, its crown the smaller for it.
    const potted = bonsai || c.said("pot") || c.said("planter");
    const y0 = potted ? 4 : 0;
    if (potted) parts.push(column(8, 8, 8, 8, 0, 3, "pot"), column(8, 8, 9, 9, 3, 1, "pot"));
    if (trunkH) parts.push(column(8, 8, 3, 3, y0, trunkH + 2, "trunk"));
    const w = bonsai ? c.int(8, 10) : c.int(10, 14);
    const crown = bush ? c.int(7, 10) : c.int(6, 8);
    parts.push(column(8, 8, w, w, y0 + trunkH, crown, "leaves"));
    parts.push(column(8, 8, w - 4, w - 4, y0 + trunkH + crown, c.int(2, 3), "leaves"));
    return parts;
  },
};
