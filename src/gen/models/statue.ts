/** Statue-like stack: a plinth with stacked blocks (body, head, sometimes arms) and eyes on the front. */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const statue: ModelTemplate = {
  name: "statue",
  words: [
    "statue",
    "statues",
    "totem",
    "idol",
    "figure",
    "figurine",
    "snowman",
    "golem",
    "bust",
    "stack",
    "gargoyle",
    "gargoyles",
    "sculpture",
    "scarecrow",
  ],
  slots: {
    body: { kind: "stone", material: "polished andesite" },
    base: { kind: "stone", material: "stone bricks" },
    detail: { kind: "crystal", material: "emerald" },
  },
  build(c) {
    const pw = c.int(10, 14);
    const parts: Part[] = [column(8, 8, pw, pw, 0, 2, "base"), column(8, 8, pw - 2, pw - 2, 2, 1, "base")];
    let y = 3;
    const layers = c.int(2, 3);
    let w = c.int(7, 9);
    for (let i = 0; i < layers; i++) {
      const h = i === layers - 1 ? w : c.int(3, 5);
      parts.push(column(8, 8, w, w, y, h, "body"));
      if (i === 0 && c.chance(0.5))
        for (const s of [-1, 1]) parts.push(column(8 + s * (w / 2 + 1), 8, 2, 2, y + 1, h - 1, "body"));
      y += h;
      if (i < layers - 1) w = Math.max(4, w - c.int(1, 2));
    }
    // Eyes on the north face of the head, so the front of the statue is its face.
    const headW = w;
    const eyeY = y - headW / 2;
    for (const s of [-1, 1])
      parts.push(
        box([8 + s * 1.5 - 0.5, eyeY, 8 - headW / 2 - 0.5], [8 + s * 1.5 + 0.5, eyeY + 1, 8 - headW / 2], "detail"),
      );
    return parts;
  },
};
