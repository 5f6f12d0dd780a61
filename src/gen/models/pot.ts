/** Pot or vase: stacked rings that taper (foot, belly, neck, lip), sometimes holding a plant. */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const pot: ModelTemplate = {
  name: "pot",
  words: ["pot", "pots", "vase", "vases", "urn", "jar", "planter", "amphora", "flowerpot", "teapot", "jug", "potted"],
  holds: "plant",
  slots: { clay: { kind: "stone", material: "terracotta" }, plant: { kind: "plant", material: "green leaves" } },
  build(c) {
    const belly = c.int(6, 10);
    const tall = c.said("vase") || c.said("urn") || c.said("amphora") || c.chance(0.4);
    const parts: Part[] = [];
    let y = 0;
    const ring = (w: number, h: number) => {
      parts.push(column(8, 8, w, w, y, h, "clay"));
      y += h;
    };
    ring(belly - 2, 1);
    if (tall) {
      ring(belly, c.int(3, 5));
      ring(belly - 2, c.int(1, 2));
      ring(Math.max(3, belly - 4), c.int(2, 4));
      ring(Math.max(4, belly - 2), 1);
    } else {
      ring(belly, c.int(4, 6));
      ring(belly + 1, 1);
    }
    // Said to hold something ("vase with sunflowers", "pot of herbs"): a plant grows in it.
    const holding = /\b(?:with|of|holding|full)\b/.test(c.words);
    const planted = holding || c.said("plant") || c.said("flower") || c.said("potted") || (!tall && c.chance(0.5));
    if (planted) {
      // Crossed planes like vanilla flowers: two thin sheets through the centre.
      const ph = c.int(5, 8);
      const r = Math.min(4, belly / 2);
      parts.push(
        box([8 - r, y - 1, 8], [8 + r, y - 1 + ph, 8], "plant", {
          faces: ["north", "south"],
          rot: { axis: "y", angle: 45, origin: [8, y, 8] },
        }),
      );
      parts.push(
        box([8, y - 1, 8 - r], [8, y - 1 + ph, 8 + r], "plant", {
          faces: ["east", "west"],
          rot: { axis: "y", angle: 45, origin: [8, y, 8] },
        }),
      );
    }
    return parts;
  },
};
