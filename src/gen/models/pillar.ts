/** Pillar: a base, a shaft (sometimes fluted) and a capital. */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const pillar: ModelTemplate = {
  name: "pillar",
  words: ["pillar", "pillars", "column", "columns", "pedestal", "plinth", "post", "obelisk"],
  slots: {
    stone: { kind: "stone", material: "smooth quartz" },
    trim: { kind: "stone", material: "chiseled stone bricks" },
  },
  build(c) {
    const h = 16;
    const bw = c.int(10, 12);
    const sw = c.int(6, 8);
    const bh = c.int(2, 3);
    const parts: Part[] = [column(8, 8, bw, bw, 0, bh, "trim"), column(8, 8, bw - 2, bw - 2, bh, 1, "trim")];
    const top = c.said("pedestal") ? c.int(10, 12) : h;
    parts.push(column(8, 8, sw, sw, bh + 1, top - 2 * bh - 2, "stone"));
    if (c.chance(0.5)) {
      // Fluting: slim ribs on each side of the shaft.
      for (const dx of [-1, 1]) {
        parts.push(column(8 + dx * (sw / 2 + 0.25), 8, 0.5, sw - 3, bh + 1, top - 2 * bh - 2, "stone"));
        parts.push(column(8, 8 + dx * (sw / 2 + 0.25), sw - 3, 0.5, bh + 1, top - 2 * bh - 2, "stone"));
      }
    }
    parts.push(column(8, 8, bw - 2, bw - 2, top - bh - 1, 1, "trim"), column(8, 8, bw, bw, top - bh, bh, "trim"));
    return parts;
  },
};
