/** Umbrella (patio parasol): a pole under a wide stepped canopy. */
import { column, type ModelTemplate } from "./kit.ts";

export const umbrella: ModelTemplate = {
  name: "umbrella",
  words: ["umbrella", "umbrellas", "parasol", "sunshade"],
  slots: { canopy: { kind: "cloth", material: "white wool" }, pole: { kind: "metal", material: "iron" } },
  build(c) {
    const h = c.int(12, 14);
    return [
      column(8, 8, 4, 4, 0, 1, "pole"),
      column(8, 8, 1, 1, 1, h, "pole"),
      column(8, 8, 16, 16, h - 1, 1, "canopy"),
      column(8, 8, 10, 10, h, 1, "canopy"),
      column(8, 8, 4, 4, h + 1, 1, "canopy"),
    ];
  },
};
