/** Bell: a flared bell hung from a beam between two posts, its clapper showing under the rim. */
import { box, column, type ModelTemplate } from "./kit.ts";

export const bell: ModelTemplate = {
  name: "bell",
  words: ["bell", "bells", "gong", "gongs", "belfry", "chime", "chimes"],
  slots: { bell: { kind: "metal", material: "gold block" }, wood: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const top = c.int(14, 16);
    const rim = c.int(2, 4);
    // The bell hangs from the beam by a short rope: rim + 8 is the bell's crown, top - 2 the beam's underside.
    const rope = Math.max(0.5, top - 2 - (rim + 8));
    return [
      box([1, 0, 7], [3, top, 9], "wood"),
      box([13, 0, 7], [15, top, 9], "wood"),
      box([1, top - 2, 7], [15, top, 9], "wood"),
      column(8, 8, 8, 8, rim, 2, "bell"),
      column(8, 8, 6, 6, rim + 2, 4, "bell"),
      column(8, 8, 4, 4, rim + 6, 2, "bell"),
      column(8, 8, 1, 1, rim + 8, rope, "bell"),
      column(8, 8, 1.5, 1.5, rim - 1.5, 1.5, "bell"),
    ];
  },
};
