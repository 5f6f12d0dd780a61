/** Lantern: a glowing core in a metal frame with a cap and a ring, optionally hanging from a chain. */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const lantern: ModelTemplate = {
  name: "lantern",
  words: [
    "lantern",
    "lanterns",
    "lightbox",
    "candle",
    "candles",
    "candlestick",
    "candlesticks",
    "candleholder",
    "candle holder",
  ],
  slots: {
    frame: { kind: "metal", material: "dark iron" },
    light: { kind: "light", material: "warm glowing fire" },
  },
  build(c) {
    const w = c.int(5, 7);
    const h = c.int(6, 9);
    const hanging = c.said("hang") || c.chance(0.3);
    const y0 = hanging ? 16 - h - 5 : 0;
    const a = 8 - w / 2,
      b = 8 + w / 2;
    const parts: Part[] = [
      column(8, 8, w, w, y0, 1, "frame"),
      { ...column(8, 8, w - 1, w - 1, y0 + 1, h - 2, "light"), glow: true },
    ];
    for (const x of [a, b - 1])
      for (const z of [a, b - 1]) parts.push(box([x, y0 + 1, z], [x + 1, y0 + h - 1, z + 1], "frame"));
    parts.push(column(8, 8, w, w, y0 + h - 1, 1, "frame"), column(8, 8, w - 2, w - 2, y0 + h, 1, "frame"));
    // The ring (or the chain to the ceiling) on top.
    if (hanging) parts.push(column(8, 8, 1, 1, y0 + h + 1, 16 - (y0 + h + 1), "frame"));
    else
      parts.push(
        box([7, y0 + h + 1, 8 - 0.5], [9, y0 + h + 3, 8 + 0.5], "frame", {
          faces: ["north", "south", "up", "east", "west"],
        }),
      );
    return parts;
  },
};
