/** Barrel: a rounded body from three crossed slabs, bulging in the middle, with metal hoops. */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const barrel: ModelTemplate = {
  name: "barrel",
  words: ["barrel", "barrels", "keg", "cask", "tub", "bucket", "drum"],
  slots: {
    staves: { kind: "wood", material: "oak planks" },
    hoop: { kind: "metal", material: "iron" },
    lid: { kind: "wood", material: "spruce planks" },
  },
  build(c) {
    const w = c.int(10, 14);
    const h = c.int(11, 16);
    const cut = c.int(2, 3);
    const parts: Part[] = [];
    // A cross of two slabs plus a square core rounds the corners off; the middle band bulges by a pixel.
    const body = (y0: number, hh: number, ww: number) => {
      parts.push(column(8, 8, ww, ww - 2 * cut, y0, hh, "staves"), column(8, 8, ww - 2 * cut, ww, y0, hh, "staves"));
      parts.push(column(8, 8, ww - cut, ww - cut, y0, hh, "staves"));
    };
    const band = Math.floor(h / 3);
    body(0, band, w - 1);
    body(band, h - 2 * band, w);
    body(h - band, band, w - 1);
    for (const y of [band - 1.5, h - band + 0.5]) {
      const ww = w + 0.5;
      parts.push(
        column(8, 8, ww, ww - 2 * cut, y, 1, "hoop"),
        column(8, 8, ww - 2 * cut, ww, y, 1, "hoop"),
        column(8, 8, ww - cut, ww - cut, y, 1, "hoop"),
      );
    }
    parts.push(column(8, 8, w - 2 * cut, w - 2 * cut, h, 0.5, "lid"));
    return parts;
  },
};
