/** Tent: a ridge tent of stepped cloth with an open front and a pole. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const tent: ModelTemplate = {
  name: "tent",
  words: ["tent", "tents", "teepee", "tipi", "pavilion"],
  slots: { cloth: { kind: "cloth", material: "white wool" }, pole: { kind: "wood", material: "oak planks" } },
  build(c) {
    const h = c.int(10, 13);
    const parts: Part[] = [];
    const steps = 4;
    for (let i = 0; i < steps; i++) {
      const inset = (i * 7) / steps;
      const y0 = (i * h) / steps;
      parts.push(box([inset, y0, 2], [16 - inset, y0 + h / steps, 16], "cloth"));
    }
    parts.push(box([7.5, 0, 1], [8.5, h + 1, 2], "pole"));
    return parts;
  },
};
