/** Anvil: a wide foot, a narrow waist and a long face with a horn, like a smith's. */
import { box, type ModelTemplate } from "./kit.ts";

export const anvil: ModelTemplate = {
  name: "anvil",
  words: ["anvil", "anvils", "forge"],
  slots: { iron: { kind: "metal", material: "dark iron" } },
  build(c) {
    const face = c.int(5, 7);
    return [
      box([2, 0, 3], [14, 3, 13], "iron"),
      box([4, 3, 5], [12, 4, 11], "iron"),
      box([6, 4, 6], [10, 9, 10], "iron"),
      box([0, 9, 8 - face / 2], [16, 13, 8 + face / 2], "iron"),
    ];
  },
};
