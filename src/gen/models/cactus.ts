/** Cactus: a ribbed green column with one or two raised arms, on sand or in a pot. */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const cactus: ModelTemplate = {
  name: "cactus",
  words: ["cactus", "cacti", "cactuses", "saguaro", "succulent"],
  slots: {
    plant: { kind: "plant", material: "cactus" },
    ground: { kind: "stone", material: "sand" },
    pot: { kind: "stone", material: "terracotta" },
  },
  build(c) {
    const top = c.int(12, 16);
    // A potted cactus stands in a pot of sand instead of on a patch of it.
    const potted = c.said("pot") || c.said("planter");
    const parts: Part[] = potted
      ? [column(8, 8, 7, 7, 0, 4, "pot"), column(8, 8, 8, 8, 4, 1, "pot"), column(8, 8, 6, 6, 4, 0.5, "ground")]
      : [column(8, 8, 8, 8, 0, 1, "ground")];
    parts.push(column(8, 8, 4, 4, 1, top - 1, "plant"));
    const leftAt = c.int(5, 8);
    parts.push(box([3, leftAt, 7], [6, leftAt + 1.5, 9], "plant"), box([3, leftAt, 7], [4.5, leftAt + 5, 9], "plant"));
    if (c.chance(0.6)) {
      const rightAt = c.int(7, 10);
      parts.push(
        box([10, rightAt, 7], [13, rightAt + 1.5, 9], "plant"),
        box([11.5, rightAt, 7], [13, Math.min(top - 1, rightAt + 4), 9], "plant"),
      );
    }
    return parts;
  },
};
