/**
 * Globe: a ball on a stand. A world globe is blue and green on a tilted ring over a wooden foot; a crystal ball or
 * orb a glowing ball on a short cushion of metal; a snow globe a glass ball over a little house on a round base.
 * The ball is stacked slabs, narrow at the poles, as the game's own round things are.
 */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const globe: ModelTemplate = {
  name: "globe",
  words: ["globe", "globes", "orb", "orbs", "sphere", "crystal ball", "snow globe", "snowglobe", "scrying orb"],
  slots: {
    stand: { kind: "wood", material: "dark oak planks" },
    ball: { kind: "crystal", material: "light blue glass" },
    world: { kind: "stone", material: "lapis" },
    land: { kind: "plant", material: "grass" },
    inside: { kind: "wood", material: "spruce planks" },
  },
  build(c) {
    const r = c.int(4, 5);
    const world = c.said("globe") && !c.said("snow") && !c.said("crystal") && !c.said("glass");
    const snow = c.said("snow");
    const parts: Part[] = [];
    let y0: number;
    if (world) {
      // A round foot, a post, and the ring the ball turns in.
      parts.push(column(8, 8, 6, 6, 0, 1, "stand"), column(8, 8, 1.5, 1.5, 1, 3, "stand"));
      y0 = 4;
      parts.push(
        box([8 - r - 1, y0, 7.5], [8 - r, y0 + 2 * r + 1, 8.5], "stand"),
        box([8 - r, y0 + 2 * r + 0.5, 7.5], [8, y0 + 2 * r + 1.5, 8.5], "stand"),
      );
    } else {
      parts.push(column(8, 8, 2 * r + 1, 2 * r + 1, 0, snow ? 3 : 1.5, "stand"));
      if (!snow) parts.push(column(8, 8, 2 * r - 1, 2 * r - 1, 1.5, 1, "stand"));
      y0 = snow ? 3 : 2;
    }
    const slot = world ? "world" : "ball";
    // Slabs from the bottom pole to the top one: widths r, 2r-ish, 2r, 2r-ish, r.
    const rows = [0.6, 0.9, 1, 1, 0.9, 0.6];
    const hh = (2 * r) / rows.length;
    rows.forEach((k, i) => {
      const w = Math.round(2 * r * k * 2) / 2;
      const y = y0 + i * hh;
      parts.push({ ...column(8, 8, w, w, y, hh, slot), glow: !world && !snow && c.said("glow") });
    });
    if (world) {
      // Land: a patch standing proud of the sea on two sides.
      parts.push(box([8 - r - 0.25, y0 + hh * 2, 6], [8 - r + 1, y0 + hh * 4, 9], "land"));
      parts.push(box([9, y0 + hh * 3, 8 - r - 0.25], [11, y0 + hh * 5, 8 - r + 1], "land"));
    }
    if (snow) {
      // A little house inside, seen through the glass.
      parts.push(
        box([6.5, y0, 6.5], [9.5, y0 + 2.5, 9.5], "inside"),
        box([6, y0 + 2.5, 6], [10, y0 + 3.5, 10], "inside"),
      );
    }
    return parts;
  },
};
