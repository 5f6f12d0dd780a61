/**
 * Rack: things hang or stand on it. A coat or hat stand is a pole on a cross foot with pegs at the top; an armour
 * stand a post with shoulders and hips on a plate; any other rack (weapons, tools, towels) two posts with bars
 * and what it holds leaning on them.
 */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const rack: ModelTemplate = {
  name: "rack",
  words: [
    "rack",
    "racks",
    "coat rack",
    "coatrack",
    "hatrack",
    "hat rack",
    "hat stand",
    "hatstand",
    "coat stand",
    "coat tree",
    "armor stand",
    "armour stand",
    "weapon rack",
    "clothes rack",
    "clothes horse",
    "coat hanger",
    "hanger",
  ],
  holds: "held",
  slots: {
    wood: { kind: "wood", material: "oak planks" },
    hooks: { kind: "metal", material: "iron" },
    held: { kind: "metal", material: "iron" },
    base: { kind: "stone", material: "smooth stone" },
  },
  build(c) {
    if (c.said("armor") || c.said("armour")) return armourStand(c.int(14, 16));
    if (c.said("coat") || c.said("hat") || c.said("stand") || c.said("tree"))
      return standing(c.int(14, 16), c.int(3, 4));
    const parts: Part[] = [];
    const h = c.int(10, 13);
    // Two posts on feet, a bar low and one high; the held things stand between them, leaning on the high bar.
    for (const x of [1, 14])
      parts.push(box([x, 0, 6], [x + 1, h, 8], "wood"), box([x - 0.5, 0, 4], [x + 1.5, 1, 10], "wood"));
    parts.push(box([2, 2, 6.5], [14, 3, 7.5], "wood"), box([2, h - 2, 6.5], [14, h - 1, 7.5], "wood"));
    const n = c.int(3, 5);
    for (let i = 0; i < n; i++) {
      const x = 3 + (i * 10) / Math.max(1, n - 1) - 0.5;
      parts.push(box([x, 3, 5.5], [x + 1, h + c.int(0, 2), 6.5], "held"));
      // A cross-guard or head where the hand would be.
      parts.push(box([x - 1, h - 4, 5.25], [x + 2, h - 3.5, 6.75], "hooks"));
    }
    return parts;
  },
};

/** A pole on a cross foot with pegs round the top (`pegs` to a side). */
function standing(h: number, pegs: number): Part[] {
  const parts: Part[] = [
    box([3, 0, 7.25], [13, 1, 8.75], "wood"),
    box([7.25, 0, 3], [8.75, 1, 13], "wood"),
    column(8, 8, 1.5, 1.5, 1, h - 1, "wood"),
    column(8, 8, 2.5, 2.5, h - 1, 1, "wood"),
  ];
  for (let i = 0; i < pegs; i++) {
    const y = h - 3 - (i % 2);
    if (i % 2 === 0) parts.push(box([4.5, y, 7.5], [11.5, y + 0.75, 8.5], "hooks"));
    else parts.push(box([7.5, y, 4.5], [8.5, y + 0.75, 11.5], "hooks"));
  }
  return parts;
}

/** The game's armour stand: a plate, a post, hips and shoulders, a neck. */
function armourStand(h: number): Part[] {
  return [
    box([2, 0, 2], [14, 1, 14], "base"),
    box([7, 1, 7], [9, h - 3, 9], "wood"),
    box([4, h * 0.45, 7.25], [12, h * 0.45 + 1, 8.75], "wood"),
    box([3, h - 4, 7], [13, h - 3, 9], "wood"),
    box([7.25, h - 3, 7.25], [8.75, h, 8.75], "wood"),
    // Legs down from the hips.
    box([5, 1, 7.5], [6, h * 0.45, 8.5], "wood"),
    box([10, 1, 7.5], [11, h * 0.45, 8.5], "wood"),
  ];
}
