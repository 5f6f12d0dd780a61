/** Frame: an upright pane in a frame on a stand: a mirror, an easel with its canvas, a painting on feet. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const frame: ModelTemplate = {
  name: "frame",
  words: ["mirror", "mirrors", "easel", "easels", "canvas", "painting", "portrait", "picture frame", "frame"],
  slots: {
    frame: { kind: "wood", material: "spruce planks" },
    pane: { kind: "glass", material: "light blue stained glass" },
    canvas: { kind: "cloth", material: "white wool" },
  },
  build(c) {
    const easel = /\b(easel|easels|canvas|painting)\b/.test(c.words);
    const top = c.int(14, 16);
    const bottom = easel ? 5 : 2;
    const parts: Part[] = [
      // The pane, its four edges, and two feet (an easel's legs splay front and back).
      box([3, bottom, 7.75], [13, top - 1, 8.25], easel ? "canvas" : "pane"),
      box([2, bottom - 1, 7.5], [14, bottom, 8.5], "frame"),
      box([2, top - 1, 7.5], [14, top, 8.5], "frame"),
      box([2, bottom, 7.5], [3, top - 1, 8.5], "frame"),
      box([13, bottom, 7.5], [14, top - 1, 8.5], "frame"),
    ];
    if (easel)
      parts.push(
        box([3, 0, 6], [4, bottom - 1, 7], "frame"),
        box([12, 0, 6], [13, bottom - 1, 7], "frame"),
        box([7.5, 0, 10], [8.5, top - 2, 11], "frame"),
      );
    else parts.push(box([3, 0, 6], [5, 1, 10], "frame"), box([11, 0, 6], [13, 1, 10], "frame"));
    return parts;
  },
};
