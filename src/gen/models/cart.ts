/** Cart: an open box of boards on an axle with two wheels, and handles or a shaft in front. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const cart: ModelTemplate = {
  name: "cart",
  words: [
    "cart",
    "carts",
    "wheelbarrow",
    "wheelbarrows",
    "barrow",
    "wagon",
    "wagons",
    "handcart",
    "pushcart",
    "trolley",
  ],
  slots: { wood: { kind: "wood", material: "spruce planks" }, wheels: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const floor = c.int(4, 5);
    const wall = c.int(3, 5);
    const parts: Part[] = [
      // The bed and its four sides.
      box([3, floor, 2], [13, floor + 1, 13], "wood"),
      box([3, floor + 1, 2], [13, floor + 1 + wall, 3], "wood"),
      box([3, floor + 1, 12], [13, floor + 1 + wall, 13], "wood"),
      box([3, floor + 1, 3], [4, floor + 1 + wall, 12], "wood"),
      box([12, floor + 1, 3], [13, floor + 1 + wall, 12], "wood"),
      // Two wheels on the axle's ends, and the axle.
      box([1.5, 0, 5], [3, floor, 10], "wheels"),
      box([13, 0, 5], [14.5, floor, 10], "wheels"),
      box([3, floor / 2 - 0.5, 7], [13, floor / 2 + 0.5, 8], "wheels"),
      // Two shafts or handles out to the south.
      box([4, floor, 13], [5, floor + 1, 16], "wood"),
      box([11, floor, 13], [12, floor + 1, 16], "wood"),
    ];
    return parts;
  },
};
