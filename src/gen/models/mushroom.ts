/** Mushroom: a pale stem under a wide cap, with spots; sometimes a smaller one beside it. */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const mushroom: ModelTemplate = {
  name: "mushroom",
  words: ["mushroom", "mushrooms", "toadstool", "toadstools", "fungus", "fungi", "shroom"],
  slots: {
    cap: { kind: "fungus", material: "red mushroom cap" },
    stem: { kind: "wood", material: "pale birch wood" },
    spots: { kind: "cloth", material: "white wool" },
  },
  build(c) {
    const parts: Part[] = [];
    const one = (cx: number, cz: number, s: number) => {
      const stemW = Math.max(1, Math.round(3 * s));
      const stemH = Math.max(2, Math.round(c.int(5, 8) * s));
      const capW = Math.max(3, Math.round(c.int(9, 12) * s));
      const capH = Math.max(1, Math.round(c.int(2, 3) * s));
      parts.push(column(cx, cz, stemW, stemW, 0, stemH, "stem"));
      parts.push(
        column(cx, cz, capW, capW, stemH, capH, "cap"),
        column(cx, cz, capW - 2, capW - 2, stemH + capH, Math.max(1, capH - 1), "cap"),
      );
      if (s > 0.7)
        for (let i = 0; i < 3; i++) {
          const dx = c.int(-capW / 2 + 2, capW / 2 - 2),
            dz = c.int(-capW / 2 + 2, capW / 2 - 2);
          parts.push(column(cx + dx, cz + dz, 1, 1, stemH + capH + Math.max(1, capH - 1), 0.5, "spots"));
        }
    };
    one(8, 8, 1);
    if (c.chance(0.5)) one(c.chance(0.5) ? 3 : 13, c.chance(0.5) ? 3.5 : 12.5, 0.5);
    return parts;
  },
};
