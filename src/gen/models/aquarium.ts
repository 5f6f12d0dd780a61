/** Aquarium: a glass tank on a stand, water inside over sand, weed growing up and a fish or two swimming. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const aquarium: ModelTemplate = {
  name: "aquarium",
  words: ["aquarium", "aquariums", "fish tank", "fishbowl", "fish bowl", "terrarium", "vivarium"],
  holds: "fish",
  slots: {
    glass: { kind: "glass", material: "glass" },
    water: { kind: "light", material: "water" },
    frame: { kind: "wood", material: "dark oak planks" },
    sand: { kind: "stone", material: "sand" },
    weed: { kind: "plant", material: "seagrass" },
    fish: { kind: "cloth", material: "orange wool" },
  },
  build(c) {
    const h = c.int(8, 10);
    const d = c.int(7, 9);
    const z0 = 8 - d / 2;
    const z1 = 8 + d / 2;
    const parts: Part[] = [
      box([0, 0, z0], [16, 1, z1], "frame"),
      box([0.5, 1, z0 + 0.5], [15.5, 2, z1 - 0.5], "sand"),
      box([0.5, 2, z0 + 0.5], [15.5, h - 1, z1 - 0.5], "water"),
      box([0, h, z0], [16, h + 0.5, z1], "frame"),
      // Glass panes: front and back, and the two ends.
      box([0, 1, z0], [16, h, z0 + 0.5], "glass"),
      box([0, 1, z1 - 0.5], [16, h, z1], "glass"),
      box([0, 1, z0 + 0.5], [0.5, h, z1 - 0.5], "glass"),
      box([15.5, 1, z0 + 0.5], [16, h, z1 - 0.5], "glass"),
    ];
    for (const x of [2, 12]) parts.push(box([x, 2, 7.75], [x + 1.5, 2 + c.int(3, h - 4), 8.25], "weed"));
    const fish = c.int(1, 2);
    for (let i = 0; i < fish; i++) {
      const x = 4 + i * 5;
      const y = 4 + c.int(0, h - 7);
      parts.push(
        box([x, y, 7.25], [x + 2.5, y + 1.5, 8.75], "fish"),
        box([x + 2.5, y + 0.25, 7.75], [x + 3.5, y + 1.25, 8.25], "fish"),
      );
    }
    return parts;
  },
};
