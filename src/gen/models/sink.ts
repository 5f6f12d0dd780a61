/** Sink: a cabinet with a basin sunk in its top and a tap at the back. */
import { box, type ModelTemplate } from "./kit.ts";

export const sink: ModelTemplate = {
  name: "sink",
  words: ["sink", "sinks", "washbasin"],
  slots: { cabinet: { kind: "wood", material: "oak planks" }, basin: { kind: "metal", material: "iron" } },
  build(c) {
    const h = c.int(12, 14);
    return [
      box([0, 0, 2], [16, h - 2, 16], "cabinet"),
      box([0, h - 2, 2], [16, h, 4], "cabinet"),
      box([0, h - 2, 13], [16, h, 16], "cabinet"),
      box([0, h - 2, 4], [3, h, 13], "cabinet"),
      box([13, h - 2, 4], [16, h, 13], "cabinet"),
      box([3, h - 4, 4], [13, h - 3, 13], "basin"),
      box([7, h, 13.5], [9, h + 4, 15], "basin"),
      box([7, h + 3, 11], [9, h + 4, 13.5], "basin"),
    ];
  },
};
