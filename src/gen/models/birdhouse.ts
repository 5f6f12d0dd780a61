/** Birdhouse: a small house with a pitched roof and a round hole, on a post. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const birdhouse: ModelTemplate = {
  name: "birdhouse",
  words: ["birdhouse", "birdhouses", "nest box", "doghouse", "kennel", "beehive", "hive"],
  slots: { walls: { kind: "wood", material: "oak planks" }, roof: { kind: "wood", material: "spruce planks" } },
  build(c) {
    const dog = c.said("dog") || c.said("kennel");
    const y = dog ? 0 : c.int(5, 7);
    const parts: Part[] = dog ? [] : [box([7, 0, 7], [9, y, 9], "walls")];
    const w = dog ? 14 : 8;
    const lo = 8 - w / 2;
    const hi = 8 + w / 2;
    const wallH = dog ? 8 : 5;
    parts.push(box([lo, y, lo], [hi, y + wallH, hi], "walls"));
    parts.push(box([lo - 1, y + wallH, lo - 1], [hi + 1, y + wallH + 1, hi + 1], "roof"));
    parts.push(box([lo, y + wallH + 1, lo], [hi, y + wallH + 2, hi], "roof"));
    parts.push(box([lo + 2, y + wallH + 2, lo + 1], [hi - 2, y + wallH + 3, hi - 1], "roof"));
    return parts;
  },
};
