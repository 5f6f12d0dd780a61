/** Piano: a tall case on legs with a row of white keys and black keys over them, a lid and a music stand. */
import { box, type ModelTemplate } from "./kit.ts";

export const piano: ModelTemplate = {
  name: "piano",
  words: ["piano", "pianos", "organ", "harpsichord", "pianoforte"],
  slots: {
    case: { kind: "wood", material: "dark oak planks" },
    keys: { kind: "stone", material: "white concrete" },
    sharps: { kind: "stone", material: "black concrete" },
  },
  build(c) {
    const top = c.int(12, 15);
    return [
      box([1, 0, 9], [2, 6, 10], "case"),
      box([14, 0, 9], [15, 6, 10], "case"),
      box([1, 6, 6], [15, 7, 12], "case"),
      box([1, 7, 10], [15, top, 15], "case"),
      box([1.5, 7, 6.5], [14.5, 7.5, 10], "keys"),
      box([2, 7.5, 8], [14, 8, 10], "sharps"),
      box([3, 9, 9.5], [13, 11, 10], "case"),
    ];
  },
};
