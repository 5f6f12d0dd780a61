/** Lamp: a weighted base, a pole, a glowing bulb and a stepped shade. */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const lamp: ModelTemplate = {
  name: "lamp",
  // "desk lamp" and "table lamp" are lamps: the longer word wins where the table's word starts.
  words: [
    "lamp",
    "lamps",
    "lampshade",
    "streetlight",
    "lamppost",
    "candelabra",
    "desk lamp",
    "table lamp",
    "floor lamp",
    "lava lamp",
    "chandelier",
    "chandeliers",
    "sconce",
    "light fixture",
  ],
  slots: {
    shade: { kind: "cloth", material: "white wool" },
    metal: { kind: "metal", material: "iron" },
    light: { kind: "light", material: "glowstone" },
  },
  build(c) {
    const h = c.int(13, 16);
    const bw = c.int(5, 7);
    const sw = c.int(6, 9);
    const sh = c.int(5, 7);
    const parts: Part[] = [
      column(8, 8, bw, bw, 0, 1, "metal"),
      column(8, 8, bw - 2, bw - 2, 1, 1, "metal"),
      column(8, 8, 1, 1, 2, h - sh - 1, "metal"),
    ];
    parts.push({ ...column(8, 8, 3, 3, h - sh - 1, 3, "light"), glow: true });
    // Stepped shade: wide at the bottom, narrower on top, open underneath so the bulb shows.
    parts.push(column(8, 8, sw, sw, h - sh, sh - 2, "shade"), column(8, 8, sw - 2, sw - 2, h - 2, 2, "shade"));
    if (c.chance(0.4))
      parts.push(box([8 + sw / 2 - 1.5, h - sh - 3, 8 - 0.25], [8 + sw / 2 - 1, h - sh, 8 + 0.25], "metal"));
    return parts;
  },
};
