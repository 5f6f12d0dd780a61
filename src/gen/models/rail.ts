/** Fence-like rail: end posts with caps and two rails running east-west across the block. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const rail: ModelTemplate = {
  name: "rail",
  words: ["fence", "fences", "rail", "railing", "railings", "balustrade", "banister", "gate"],
  slots: { post: { kind: "wood", material: "oak planks" }, bar: { kind: "wood", material: "spruce planks" } },
  build(c) {
    const h = c.int(12, 16);
    const p = c.int(2, 4);
    const parts: Part[] = [];
    const posts = c.chance(0.4) ? [0, 8 - p / 2, 16 - p] : [0, 16 - p];
    for (const x of posts)
      parts.push(
        box([x, 0, 8 - p / 2], [x + p, h - 1, 8 + p / 2], "post"),
        box([Math.max(x - 0.5, 0), h - 1, 8 - p / 2 - 0.5], [Math.min(16, x + p + 0.5), h, 8 + p / 2 + 0.5], "post"),
      );
    const ys = c.chance(0.5) ? [h * 0.35, h * 0.75] : [h * 0.3, h * 0.55, h * 0.8];
    for (const y of ys) parts.push(box([0, Math.round(y), 7], [16, Math.round(y) + 1.5, 9], "bar"));
    if (c.said("baluster") || c.said("balustrade") || c.chance(0.3))
      for (let x = p + 1; x < 16 - p - 1; x += 3)
        parts.push(box([x, Math.round(ys[0]), 7.5], [x + 1, Math.round(ys[ys.length - 1]), 8.5], "bar"));
    return parts;
  },
};
