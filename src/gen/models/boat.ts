/** Boat: a hull of planks narrowing to a bow, thwarts (seats) across it, and on some a mast with a sail. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const boat: ModelTemplate = {
  name: "boat",
  words: [
    "boat",
    "boats",
    "rowboat",
    "canoe",
    "canoes",
    "kayak",
    "dinghy",
    "skiff",
    "raft",
    "ship",
    "ships",
    "sailboat",
    "gondola",
    "barge",
  ],
  slots: { hull: { kind: "wood", material: "oak planks" }, sail: { kind: "cloth", material: "white wool" } },
  build(c) {
    const wall = c.int(3, 4);
    const parts: Part[] = [
      // The bottom, the two sides, the stern and a stepped bow.
      box([5, 0, 1], [11, 1, 15], "hull"),
      box([4, 1, 2], [5, 1 + wall, 14], "hull"),
      box([11, 1, 2], [12, 1 + wall, 14], "hull"),
      box([5, 1, 14], [11, 1 + wall, 15], "hull"),
      box([5, 1, 1], [11, 1 + wall, 2], "hull"),
      box([6.5, 1, 0], [9.5, 1 + wall, 1], "hull"),
      box([5, wall - 0.5, 5], [11, wall, 6], "hull"),
      box([5, wall - 0.5, 10], [11, wall, 11], "hull"),
    ];
    // A ship or a sailboat has a mast and sail; a plain boat sometimes; a rowboat, canoe, kayak or raft never.
    const rowed = /\b(rowboat|canoe|canoes|kayak|raft|dinghy|skiff|gondola)\b/.test(c.words);
    if (/\b(ship|ships|sailboat|sail|sailing)\b/.test(c.words) || (!rowed && c.chance(0.35))) {
      const top = c.int(13, 16);
      parts.push(box([7.5, 1, 7.5], [8.5, top, 8.5], "hull"), box([8.5, 5, 8], [8.75, top - 1, 13], "sail"));
    }
    return parts;
  },
};
