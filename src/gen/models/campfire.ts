/** Campfire: crossed logs on a bed of ash with a glowing fire in the middle. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const campfire: ModelTemplate = {
  name: "campfire",
  words: ["campfire", "campfires", "bonfire", "firepit", "fireplace"],
  slots: { log: { kind: "wood", material: "oak log" }, fire: { kind: "light", material: "glowing orange" } },
  build(c) {
    const parts: Part[] = [box([0, 0, 0], [16, 1, 16], "log")];
    parts.push(box([1, 1, 4], [15, 4, 7], "log"), box([1, 1, 9], [15, 4, 12], "log"));
    parts.push(box([4, 4, 1], [7, 7, 15], "log"), box([9, 4, 1], [12, 7, 15], "log"));
    const flame = c.int(9, 13);
    parts.push({ ...box([6, 1, 6], [10, flame, 10], "fire"), glow: true });
    return parts;
  },
};
